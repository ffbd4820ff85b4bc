import EventLoopKit
import Glibc
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// Connecting to a gpsd that does not answer (its connect hangs: here a loopback listener whose backlog is full, so
/// the kernel drops the SYNs, as a host that black-holes them would) never blocks the loop: its timers fire on time,
/// and after the connect timeout the client says gpsd is unreachable while the connect goes on.
final class GPSClientConnectDoesNotBlockTheLoopTests: XCTestCase {
    private var listener: Int32 = -1
    private var fillers: [Int32] = []
    private var client: GPSClientRecorder?

    override func tearDown() {
        client?.stop()
        for fd in fillers { close(fd) }
        if listener >= 0 { close(listener) }
        super.tearDown()
    }

    func test_aConnectThatHangs_leavesTheLoopsTimersOnTime() throws {
        let (listener, port) = try LoopbackSocket.listen(backlog: 0)
        self.listener = listener
        // A backlog of 0 queues one connection; fill it, and every further SYN is dropped: connect hangs.
        for _ in 0..<3 { fillers.append(try LoopbackSocket.startConnecting(port: port)) }
        usleep(100_000)
        let probe = try LoopbackSocket.startConnecting(port: port)
        fillers.append(probe)
        var entry = pollfd(fd: probe, events: Int16(POLLOUT), revents: 0)
        XCTAssertEqual(poll(&entry, 1, 200), 0, "a connect to the full listener hangs (the premise of this test)")

        let client = try GPSClientRecorder(port: port, connectTimeout: 0.5)
        self.client = client

        let lateness = Lateness()
        let start = MonotonicClock.nanoseconds()
        for i in 1...15 {
            let due = start + UInt64(i) * 100_000_000
            try RouteCueLoop.loop.schedule(atNanoseconds: due) { lateness.record(MonotonicClock.nanoseconds() - due) }
        }
        XCTAssertTrue(PollingWait.until(timeout: 3) { lateness.count == 15 })
        let worst = Double(lateness.worst) / 1e6
        print(String(format: "connect hanging: 15 loop timers over 1.5 s, worst lateness %.2f ms; client %@",
                     worst, client.state.description))
        XCTAssertLessThan(worst, 50, "the loop's timers fire on time while gpsd's connect hangs")
        XCTAssertEqual(client.states.map(\.state).first, .connecting)
        XCTAssertEqual(client.state, .unreachable("no answer from 127.0.0.1:\(port) within 0.5 s"), client.transcript)
        let unreachable = try XCTUnwrap(client.firstState { $0.isUnreachable })
        XCTAssertEqual(seconds(from: start, to: unreachable), 0.5, accuracy: 0.1, client.transcript)
        XCTAssertEqual(client.stateNames, ["connecting", "unreachable"], "one attempt, still under way\n" + client.transcript)
        XCTAssertTrue(client.fixes.isEmpty)
    }
}

/// Timer lateness measured on the loop, read by the test.
private final class Lateness: Sendable {
    private let values = LockedValue<[UInt64]>([])
    func record(_ value: UInt64) { values.withLock { $0.append(value) } }
    var count: Int { values.withLock { $0.count } }
    var worst: UInt64 { values.withLock { $0.max() ?? 0 } }
}
