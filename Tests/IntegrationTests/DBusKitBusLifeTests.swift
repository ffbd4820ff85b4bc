import DBusKit
import EventLoopKit
import RouteCueService
import TestSupport
import XCTest

/// The bus daemon going away: connections hear it, pending calls fail with Disconnected (not a trap, not an
/// `exit(1)` from libdbus), and once the bus is back a new connection works.
final class DBusKitBusLifeTests: XCTestCase {
    private var bus: DBusDaemonProcess?
    private var connections: [BusConnection] = []

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        bus = try DBusDaemonProcess(.session)
    }

    override func tearDown() {
        let connections = connections
        _ = try? onLoop { for connection in connections { connection.close() } }
        bus?.stop()
        super.tearDown()
    }

    func test_theBusKilled_failsPendingCalls_tellsTheConnection_andAReconnectWorksOnceItIsBack() throws {
        let bus = bus!
        let service = try connectToBus(bus.address)
        let client = try connectToBus(bus.address)
        connections = [service, client]
        let object = try onLoop { try TestBusObject(on: service) }
        let reply = Awaited<Result<NameRequestReply, BusError>>()
        try onLoop { service.requestName(TestBusObject.name) { reply.set($0) } }
        XCTAssertEqual(try reply.wait().get(), .primaryOwner)

        let pending = Awaited<Result<[DBusValue], BusError>>()
        let disconnected = Collected<BusError>()
        try onLoop {
            client.onDisconnect { disconnected.append($0) }
            service.onDisconnect { disconnected.append($0) }
            client.call(destination: TestBusObject.name, path: TestBusObject.path, interface: TestBusObject.interface,
                        member: "Never", timeout: 20) { pending.set($0) }
        }
        XCTAssertTrue(PollingWait.until(timeout: 5) { (try? onLoop { object.held.count }) == 1 }, "the call reached the service")
        let killed = MonotonicClock.nanoseconds()
        bus.kill()
        let error = failure(try pending.wait(5))
        let waited = Double(MonotonicClock.nanoseconds() - killed) / 1e9
        print(String(format: "bus killed: the pending call failed %.1f ms later: %@", waited * 1000, error?.description ?? "-"))
        XCTAssertEqual(error?.name, BusError.Standard.disconnected.rawValue)
        XCTAssertLessThan(waited, 1)
        XCTAssertTrue(PollingWait.until(timeout: 5) { disconnected.count == 2 })
        XCTAssertFalse(try onLoop { client.isConnected || service.isConnected })
        let late = Awaited<Result<[DBusValue], BusError>>()
        try onLoop { client.call(destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ListNames") { late.set($0) } }
        XCTAssertEqual(failure(try late.wait())?.name, BusError.Standard.disconnected.rawValue, "a call on a dead connection fails at once")

        // A connection attempt while the bus is down fails with a reason, on the loop.
        let refused = Awaited<Result<BusConnection, BusError>>()
        try onLoop { BusConnection.connect(.address(bus.listenAddress)) { refused.set($0) } }
        XCTAssertNotNil(failure(try refused.wait(10)))

        try bus.restart()
        let again = try connectToBus(bus.listenAddress)
        connections.append(again)
        let names = try callAndWait(again, .bus, "/org/freedesktop/DBus", .bus, "ListNames").get()
        XCTAssertTrue(names.first?.elements?.contains(.string("org.freedesktop.DBus")) == true)
        try onLoop { object.held.removeAll() }
    }

    func test_closingAConnection_releasesItsName() throws {
        let bus = bus!
        let owner = try connectToBus(bus.address)
        let watcher = try connectToBus(bus.address)
        connections = [owner, watcher]
        let reply = Awaited<Result<NameRequestReply, BusError>>()
        try onLoop { owner.requestName("org.routecue") { reply.set($0) } }
        XCTAssertEqual(try reply.wait().get(), .primaryOwner)
        let owners = Collected<String>()
        try onLoop { watcher.watchNameOwner("org.routecue") { owners.append($0 ?? "none") } }
        XCTAssertTrue(PollingWait.until(timeout: 5) { owners.count == 1 })
        try onLoop { owner.close() }
        XCTAssertTrue(PollingWait.until(timeout: 5) { owners.count == 2 })
        XCTAssertEqual(owners.all.last, "none")
    }
}
