import RouteCueCore
import XCTest

/// A flapping peer's lines: once per kind in an episode of trouble, repeats counted, the episode over after the peer
/// has been well long enough; outside trouble every line is written.
final class RepeatedTroubleFilterTests: XCTestCase {
    func test_inAnEpisode_eachKindIsWrittenOnce_evenWithOtherDigitsOrQuotedText() {
        var filter = RepeatedTroubleFilter(settleSeconds: 30)
        XCTAssertEqual(filter.admit("gps: fix", trouble: false, at: 0), .write)
        XCTAssertEqual(filter.admit("gps: fix", trouble: false, at: 1), .write, "no trouble: every line")
        XCTAssertEqual(filter.admit(#"gps: unreadable line, reconnecting: "garbage""#, trouble: true, at: 2), .write)
        XCTAssertEqual(filter.admit("gps: gpsd 3.22 at 127.0.0.1:2947", trouble: false, at: 2.5), .write)
        for k in 0..<10 {
            let t = 3 + Double(k)
            XCTAssertEqual(filter.admit(#"gps: unreadable line, reconnecting: "other \#(k)""#, trouble: true, at: t), .repeated)
            XCTAssertEqual(filter.admit("gps: gpsd 3.23 at 127.0.0.1:\(2948 + k)", trouble: false, at: t), .repeated)
        }
        XCTAssertEqual(filter.admit("gps: lost (no fix for 10 s)", trouble: true, at: 14), .write, "another kind")
    }

    func test_theEpisodeEnds_afterTheSettlingTimeOfHealth_sayingHowManyWereLeftOut() {
        var filter = RepeatedTroubleFilter(settleSeconds: 30)
        _ = filter.admit("gps: gpsd unreachable", trouble: true, at: 0)
        _ = filter.admit("gps: gpsd unreachable", trouble: true, at: 1)
        _ = filter.admit("gps: gpsd unreachable", trouble: true, at: 2)
        XCTAssertNil(filter.well(at: 3))
        XCTAssertNil(filter.well(at: 20))
        _ = filter.admit("gps: gpsd unreachable", trouble: true, at: 21)
        XCTAssertNil(filter.well(at: 22), "trouble again: the time of health starts over")
        XCTAssertNil(filter.well(at: 51))
        XCTAssertEqual(filter.well(at: 52), 3, "three repeats were left out")
        XCTAssertEqual(filter.admit("gps: gpsd unreachable", trouble: true, at: 60), .write, "a new episode writes it again")
        XCTAssertNil(filter.well(at: 61))
        XCTAssertNil(filter.well(at: 100), "an episode without repeats ends without a note")
    }
}
