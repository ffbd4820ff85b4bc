import ALSAOutput
import RouteCueService
import Synchronization
import XCTest

/// A value the loop's code appends to, read by the test once the loop is done.
@RouteCueLoop private var loopLog: [String] = []

final class EventLoopTests: XCTestCase {
    func test_actorJobs_runInOrder_onTheLoopThread() async {
        await Task { @RouteCueLoop in loopLog = [] }.value
        for i in 0..<100 {
            Task { @RouteCueLoop in
                XCTAssertTrue(RouteCueLoop.loop.isCurrent)
                loopLog.append("\(i)")
            }
        }
        // A job enqueued after the hundred runs after them.
        let log = await Task { @RouteCueLoop in loopLog }.value
        XCTAssertEqual(log.count, 100)
        XCTAssertFalse(RouteCueLoop.loop.isCurrent)
    }

    func test_timers_fireInDueOrder_neverEarly_andCancelledOnesNever() async throws {
        let loop = EventLoop(name: "timer-test")
        defer { loop.stop() }
        let fired = Mutex<[(label: String, at: UInt64)]>([])
        let start = MonotonicClock.nanoseconds()
        let done = expectation(description: "last timer")
        for (label, ms) in [("c", 60), ("a", 20), ("b", 40)] {
            loop.schedule(atNanoseconds: start + UInt64(ms) * 1_000_000) {
                XCTAssertTrue(loop.isCurrent)
                fired.withLock { $0.append((label, MonotonicClock.nanoseconds())) }
                if label == "c" { done.fulfill() }
            }
        }
        let cancelled = loop.schedule(atNanoseconds: start + 30_000_000) { fired.withLock { $0.append(("x", 0)) } }
        loop.cancel(timer: cancelled)
        await fulfillment(of: [done], timeout: 5)
        let log = fired.withLock { $0 }
        XCTAssertEqual(log.map(\.label), ["a", "b", "c"])
        for (entry, ms) in zip(log, [20, 40, 60]) {
            XCTAssertGreaterThanOrEqual(entry.at, start + UInt64(ms) * 1_000_000, "\(entry.label) fired early")
        }
    }
}
