import EventLoopKit
import Glibc
import Synchronization
import XCTest

/// A value the loop's code appends to, read by the test once the loop is done.
@RouteCueLoop private var loopLog: [String] = []

/// The event loop: actor jobs and closures in one FIFO, timers on a min-heap whose cancel also stops a timer already
/// collected, descriptors polled between job batches with stale readiness dropped, signals through a signalfd, and
/// what happens to work handed to a loop that stopped.
final class EventLoopTests: XCTestCase {
    /// Records strings from the loop thread for the test thread.
    private final class Trail: Sendable {
        let entries = LockedValue<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    /// Waits (polling) until `condition` holds or `timeout` seconds pass.
    private func eventually(_ timeout: Double = 5, _ condition: () -> Bool) -> Bool {
        let end = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while !condition() {
            if MonotonicClock.nanoseconds() > end { return false }
            usleep(1_000)
        }
        return true
    }

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

    func test_executedClosures_runFIFO_andMayAssumeTheLoopsIsolation() throws {
        let trail = Trail()
        for i in 0..<50 {
            try RouteCueLoop.loop.execute {
                let onLoop = RouteCueLoop.assumeIsolated { RouteCueLoop.loop.isCurrent }
                trail.add("\(i)\(onLoop ? "" : " off the loop")")
            }
        }
        XCTAssertTrue(eventually { trail.all.count == 50 })
        XCTAssertEqual(trail.all, (0..<50).map(String.init))
    }

    func test_timers_fireInDueOrder_neverEarly_andCancelledOnesNever() async throws {
        let loop = EventLoop(name: "timer-test")
        defer { loop.stop() }
        let fired = LockedValue<[(label: String, at: UInt64)]>([])
        let start = MonotonicClock.nanoseconds()
        let done = expectation(description: "last timer")
        for (label, ms) in [("c", 60), ("a", 20), ("b", 40)] {
            try loop.schedule(atNanoseconds: start + UInt64(ms) * 1_000_000) {
                XCTAssertTrue(loop.isCurrent)
                fired.withLock { $0.append((label, MonotonicClock.nanoseconds())) }
                if label == "c" { done.fulfill() }
            }
        }
        let cancelled = try loop.schedule(atNanoseconds: start + 30_000_000) { fired.withLock { $0.append(("x", 0)) } }
        loop.cancel(timer: cancelled)
        await fulfillment(of: [done], timeout: 5)
        let log = fired.withLock { $0 }
        XCTAssertEqual(log.map(\.label), ["a", "b", "c"])
        for (entry, ms) in zip(log, [20, 40, 60]) {
            XCTAssertGreaterThanOrEqual(entry.at, start + UInt64(ms) * 1_000_000, "\(entry.label) fired early")
        }
    }

    func test_cancel_stopsATimerAlreadyCollectedInTheSameBatch() throws {
        let loop = EventLoop(name: "batch-test")
        defer { loop.stop() }
        let trail = Trail()
        let second = LockedValue<LoopTimerID?>(nil)
        let due = MonotonicClock.nanoseconds() + 20_000_000
        // Both are due at the same instant, so the loop collects them in one batch; the first cancels the second.
        try loop.execute {
            let first = try? loop.schedule(atNanoseconds: due) {
                trail.add("first")
                if let id = second.withLock({ $0 }) { loop.cancel(timer: id) }
            }
            XCTAssertNotNil(first)
            second.withLock { $0 = try? loop.schedule(atNanoseconds: due) { trail.add("second") } }
            _ = try? loop.schedule(atNanoseconds: due + 30_000_000) { trail.add("later") }
        }
        XCTAssertTrue(eventually { trail.all.contains("later") })
        XCTAssertEqual(trail.all, ["first", "later"])
    }

    func test_descriptor_readiness_runsTheHandlerOnTheLoop_untilDeregistered() throws {
        let loop = EventLoop(name: "fd-test")
        defer { loop.stop() }
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        try FileDescriptor.setNonBlocking(ends[0])
        let trail = Trail()
        let registration = LockedValue<DescriptorRegistration?>(nil)
        let reader = ends[0]
        try loop.execute {
            registration.withLock { $0 = loop.register(fd: reader, interest: .read) { readiness in
                XCTAssertTrue(loop.isCurrent)
                var buffer = [UInt8](repeating: 0, count: 16)
                let n = buffer.withUnsafeMutableBytes { (try? FileDescriptor.read(reader, into: $0)) ?? nil } ?? 0
                trail.add("\(readiness) \(String(decoding: buffer[0..<n], as: UTF8.self))")
            } }
        }
        XCTAssertTrue(eventually { registration.withLock { $0 } != nil })
        XCTAssertEqual(write(ends[1], "ab", 2), 2)
        XCTAssertTrue(eventually { trail.all.count == 1 })
        XCTAssertEqual(trail.all, ["[readable] ab"])

        // No interest: not polled; interest again: the waiting byte is read.
        try loop.execute { loop.setInterest(registration.withLock { $0! }, []) }
        usleep(20_000)
        XCTAssertEqual(write(ends[1], "c", 1), 1)
        usleep(50_000)
        XCTAssertEqual(trail.all.count, 1, "a registration without interest is not polled")
        try loop.execute { loop.setInterest(registration.withLock { $0! }, .read) }
        XCTAssertTrue(eventually { trail.all.count == 2 })
        XCTAssertEqual(trail.all.last, "[readable] c")

        try loop.execute { XCTAssertTrue(loop.deregister(registration.withLock { $0! })) }
        usleep(20_000)
        XCTAssertEqual(write(ends[1], "d", 1), 1)
        usleep(50_000)
        XCTAssertEqual(trail.all.count, 2, "a deregistered descriptor's handler never runs again")
    }

    func test_readinessPolledForARegistrationRemovedMeanwhile_isDropped() throws {
        let loop = EventLoop(name: "stale-test")
        defer { loop.stop() }
        var a: [Int32] = [-1, -1], b: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&a), 0)
        XCTAssertEqual(pipe(&b), 0)
        defer { for fd in a + b { close(fd) } }
        let trail = Trail()
        let (first, second) = (a[0], b[0])
        // Both pipes readable before the loop polls: the first handler deregisters the second registration, whose
        // readiness is already in the poll's result.
        XCTAssertEqual(write(a[1], "x", 1), 1)
        XCTAssertEqual(write(b[1], "y", 1), 1)
        try loop.execute {
            let holder = LockedValue<DescriptorRegistration?>(nil)
            _ = loop.register(fd: first, interest: .read) { _ in
                var byte: UInt8 = 0
                _ = read(first, &byte, 1)
                trail.add("first")
                if let other = holder.withLock({ $0 }) { loop.deregister(other) }
            }
            holder.withLock { $0 = loop.register(fd: second, interest: .read) { _ in trail.add("second") } }
        }
        XCTAssertTrue(eventually { trail.all.contains("first") })
        usleep(50_000)
        XCTAssertEqual(trail.all, ["first"])
    }

    func test_aDescriptorClosedWithoutDeregistering_isReportedInvalidOnce_andDropped() throws {
        let loop = EventLoop(name: "nval-test")
        defer { loop.stop() }
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[1]) }
        let trail = Trail()
        let reader = ends[0]
        try loop.execute {
            _ = loop.register(fd: reader, interest: .read) { readiness in trail.add("\(readiness)") }
            close(reader)
        }
        XCTAssertTrue(eventually { !trail.all.isEmpty })
        usleep(50_000)
        XCTAssertEqual(trail.all, ["[invalid]"])
        XCTAssertEqual(loop.registeredDescriptorCount, 0)
    }

    func test_aStreamOfJobs_neverStarvesIO() throws {
        let loop = EventLoop(name: "starve-test")
        defer { loop.stop() }
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        let jobsRun = Atomic<Int>(0)
        let jobsWhenRead = Atomic<Int>(-1)
        let reader = ends[0]
        try loop.execute {
            _ = loop.register(fd: reader, interest: .read) { _ in
                var byte: UInt8 = 0
                _ = read(reader, &byte, 1)
                jobsWhenRead.store(jobsRun.load(ordering: .relaxed), ordering: .relaxed)
            }
        }
        // A job that queues itself again, 200,000 times: without a poll between batches the byte would wait for all.
        @Sendable func again() {
            if jobsRun.add(1, ordering: .relaxed).newValue < 200_000 { try? loop.execute(again) }
        }
        XCTAssertEqual(write(ends[1], "x", 1), 1)
        try loop.execute(again)
        XCTAssertTrue(eventually { jobsWhenRead.load(ordering: .relaxed) >= 0 })
        XCTAssertLessThan(jobsWhenRead.load(ordering: .relaxed), 1_000, "the descriptor was served between job batches")
    }

    func test_signals_areReadFromASignalfd_onTheLoop() throws {
        // The loop thread inherits the mask of the thread that starts it: block SIGUSR1 here first, then start it.
        try ProcessSignals.block([SIGUSR1])
        defer { try? ProcessSignals.unblock([SIGUSR1]) }
        let loop = EventLoop(name: "signal-test")
        defer { loop.stop() }
        let trail = Trail()
        try loop.execute {
            do {
                let watch = try loop.watchSignals([SIGUSR1]) { signal in
                    XCTAssertTrue(loop.isCurrent)
                    trail.add("signal \(signal)")
                }
                // raise() sends the signal to the calling thread: the loop's, where it is blocked and pending.
                raise(SIGUSR1)
                _ = watch
            } catch {
                trail.add("\(error)")
            }
        }
        XCTAssertTrue(eventually { !trail.all.isEmpty })
        XCTAssertEqual(trail.all, ["signal \(SIGUSR1)"])
    }

    func test_stop_runsTheJobsAlreadyQueued_thenRefusesWork() throws {
        let loop = EventLoop(name: "stop-test")
        let trail = Trail()
        try loop.execute {
            usleep(20_000)
            trail.add("queued before stop")
        }
        try loop.execute { trail.add("also queued before stop") }
        loop.stop()
        XCTAssertTrue(eventually { loop.hasStopped })
        XCTAssertEqual(trail.all, ["queued before stop", "also queued before stop"])
        XCTAssertThrowsError(try loop.execute { trail.add("after") }) { error in
            XCTAssertEqual(error as? EventLoopError, .stopped(loop: "stop-test"))
        }
        XCTAssertThrowsError(try loop.schedule(atNanoseconds: 0) { trail.add("timer after") })
        usleep(20_000)
        XCTAssertEqual(trail.all.count, 2, "nothing handed to a stopped loop runs")
    }

    func test_manualLoop_runsTimersInOrder_onVirtualTime_withTheJobsTheyQueue() throws {
        let loop = ManualLoop(startingAt: 1_000)
        let trail = Trail()
        try loop.schedule(atNanoseconds: 3_000) { trail.add("c@\(loop.nowNanoseconds)") }
        try loop.schedule(atNanoseconds: 2_000) {
            trail.add("a@\(loop.nowNanoseconds)")
            try? loop.execute { trail.add("job@\(loop.nowNanoseconds)") }
            _ = try? loop.schedule(atNanoseconds: 2_500) { trail.add("b@\(loop.nowNanoseconds)") }
        }
        let cancelled = try loop.schedule(atNanoseconds: 2_200) { trail.add("x") }
        loop.cancel(timer: cancelled)
        XCTAssertEqual(loop.nextDue, 2_000)
        loop.advance(to: 2_700)
        XCTAssertEqual(trail.all, ["a@2000", "job@2000", "b@2500"])
        XCTAssertEqual(loop.nowNanoseconds, 2_700)
        XCTAssertTrue(loop.runNextTimer())
        XCTAssertEqual(trail.all.last, "c@3000")
        XCTAssertFalse(loop.runNextTimer())
        loop.advance(to: 100)
        XCTAssertEqual(loop.nowNanoseconds, 3_000, "the clock never goes back")
    }
}
