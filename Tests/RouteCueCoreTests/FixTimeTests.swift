import RouteCueCore
import XCTest

/// The time values recorded fixes are built on: the virtual receive clock, ISO 8601, calendar dates.
final class FixTimeTests: XCTestCase {
    func test_virtualReceiveClock_followsFixTime_andNeverGoesBackwards() {
        var clock = VirtualReceiveClock()
        let times: [Double?] = [100, 101, 102, 102, 90, 91, nil, 95, 400, 400.5, 401]
        let received = times.map { clock.next(time: $0).seconds }
        XCTAssertEqual(received, [
            0, 1, 2,
            3,        // stalled: one nominal epoch
            4,        // back 12 s: one nominal epoch, and 90 is the new anchor
            5,        // 91 = anchor + 1
            6,        // no time: one nominal epoch
            9,        // 95 = anchor (90 at 4) + 5, after 6
            314,      // a 305 s gap is followed (it is not taken as the epoch)
            314.5, 315,
        ])
        XCTAssertEqual(clock.nominalEpoch, 0.5, "the last forward step ≤ 10 s")
    }

    func test_virtualReceiveClock_afterARestart_stepsOneNominalEpoch() {
        var clock = VirtualReceiveClock()
        _ = clock.next(time: 10)
        _ = clock.next(time: 12)
        clock.noteRestart()
        XCTAssertEqual(clock.next(time: 30).seconds, 4, "2 s nominal epoch, not the 18 s gap")
        XCTAssertEqual(clock.next(time: 32).seconds, 6, "anchored at the restart")
    }

    func test_virtualReceiveClock_isStrictlyIncreasing_evenForTinySteps() {
        var clock = VirtualReceiveClock()
        let a = clock.next(time: 1)
        let b = clock.next(time: 1 + 1e-12)
        XCTAssertLessThan(a, b)
    }

    func test_iso8601_parsesGPSDAndGPXTimes() {
        XCTAssertEqual(ISO8601.unixSeconds("1970-01-01T00:00:00Z"), 0)
        XCTAssertEqual(ISO8601.unixSeconds("2015-10-10T09:12:32.000Z"), 1_444_468_352)
        XCTAssertEqual(ISO8601.unixSeconds("2006-09-16T19:41:01.5Z"), 1_158_435_661.5)
        XCTAssertEqual(ISO8601.unixSeconds("2024-02-29T12:00:00+02:00"), ISO8601.unixSeconds("2024-02-29T10:00:00Z"))
        XCTAssertEqual(ISO8601.unixSeconds("2024-02-29T12:00:00-0130"), ISO8601.unixSeconds("2024-02-29T13:30:00Z"))
        XCTAssertEqual(ISO8601.unixSeconds("2008-05-04T12:52:47"), ISO8601.unixSeconds("2008-05-04T12:52:47Z"), "no zone: UTC")
        XCTAssertEqual(ISO8601.unixSeconds(" 1999-12-31T23:59:59Z\n"), 946_684_799)
        for bad in ["", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T25:00:00Z", "2024-01-01", "2024-01-01T00:00:00.Z",
                    "2024-01-01T00:00:00Q", "yesterday", "2024-01-01T00:00:00Zjunk"] {
            XCTAssertNil(ISO8601.unixSeconds(bad), bad)
        }
    }

    func test_civilDate_roundTripsThroughDaysSinceEpoch() {
        XCTAssertEqual(CivilDate(year: 1970, month: 1, day: 1)!.daysSinceEpoch, 0)
        XCTAssertEqual(CivilDate(year: 2000, month: 3, day: 1)!.daysSinceEpoch, 11_017)
        XCTAssertEqual(CivilDate(year: 1969, month: 12, day: 31)!.daysSinceEpoch, -1)
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            XCTAssertEqual(CivilDate(daysSinceEpoch: days).daysSinceEpoch, days)
        }
        XCTAssertNil(CivilDate(year: 2100, month: 2, day: 29))
        XCTAssertNotNil(CivilDate(year: 2000, month: 2, day: 29))
        XCTAssertEqual(CivilDate(year: 2010, month: 4, day: 3)!.description, "2010-04-03")
    }

    func test_monotonicInstant_arithmetic() {
        let a = MonotonicInstant(seconds: 1.5)
        XCTAssertEqual(a.nanoseconds, 1_500_000_000)
        XCTAssertEqual(a.advanced(bySeconds: 0.25).seconds, 1.75)
        XCTAssertEqual(a.advanced(bySeconds: -3), a, "never backwards")
        XCTAssertEqual(a.advanced(bySeconds: .nan), a)
        XCTAssertEqual(MonotonicInstant.zero.seconds(since: a), -1.5)
        XCTAssertEqual(MonotonicInstant(seconds: -2), .zero)
    }

    func test_fix_turnsNonFiniteValuesIntoNil() {
        let fix = Fix(time: .nan, received: .zero, position: Coordinate(latitude: .nan, longitude: 1), altitudeMSL: .infinity,
                      speed: .nan, course: -90, mode: .twoD, status: .gps,
                      errors: FixErrorEstimates(horizontal: .nan, vertical: 3))
        XCTAssertNil(fix.time)
        XCTAssertNil(fix.position)
        XCTAssertNil(fix.altitudeMSL)
        XCTAssertNil(fix.speed)
        XCTAssertEqual(fix.course, 270, "courses are normalized into [0, 360)")
        XCTAssertNil(fix.errors.horizontal)
        XCTAssertNil(fix.errors.horizontalOrigin)
        XCTAssertEqual(fix.errors.vertical, 3)
        XCTAssertEqual(FixErrorEstimates.fromHDOP(.nan), FixErrorEstimates())
        XCTAssertEqual(FixErrorEstimates.fromHDOP(0), FixErrorEstimates())
    }
}
