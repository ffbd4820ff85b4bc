import RouteCueCore
import XCTest

/// A cue log line read back is the entry that wrote it (with its instants from the `m_…` fields).
final class CueLogReadingTests: XCTestCase {
    func test_aWrittenLine_readsBackAsTheSameEntry() throws {
        var entry = CueLogEntry(seq: 7, event: .spoken, kind: .maneuver, stage: .distance, maneuver: 3, leg: 1,
                                text: "In 200 meters, turn \"left\"", lang: "en-US", distance: 199.5, target: 200,
                                speed: 13.25, route: 2, reason: "short form: the full one would not fit")
        entry.trigger = MonotonicInstant(seconds: 100.25)
        entry.audioStart = MonotonicInstant(seconds: 100.3)
        entry.audioEnd = MonotonicInstant(seconds: 102.125)
        let line = entry.jsonLine(fixTime: { $0.seconds + 1_700_000_000 }, monotonic: true)
        let read = try CueLogEntry(jsonLine: line)
        XCTAssertEqual(read, entry)

        let skipped = CueLogEntry(seq: 8, event: .skipped, kind: .reroute, stage: nil, maneuver: nil, leg: 0, text: "x",
                                  lang: "de-DE", distance: nil, target: nil, speed: 0, route: 0, reason: "too late")
        XCTAssertEqual(try CueLogEntry(jsonLine: skipped.jsonLine(fixTime: { _ in nil })), skipped)
        XCTAssertThrowsError(try CueLogEntry(jsonLine: #"{"seq": 1, "event": "shouted"}"#))
    }
}
