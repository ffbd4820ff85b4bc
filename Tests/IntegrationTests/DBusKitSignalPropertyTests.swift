import DBusKit
import EventLoopKit
import Foundation
import RouteCueService
import TestSupport
import XCTest

/// Signals, properties and introspection between DBusKit connections, and what the standard tools (`gdbus`,
/// `busctl`) see of an exported object.
final class DBusKitSignalPropertyTests: XCTestCase {
    private var bus: DBusDaemonProcess?
    private var connections: [BusConnection] = []
    private var object: TestBusObject?

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        bus = try DBusDaemonProcess(.session)
    }

    override func tearDown() {
        let connections = connections
        _ = try? onLoop { for connection in connections { connection.close() } }
        object = nil
        bus?.stop()
        super.tearDown()
    }

    private func connect() throws -> BusConnection {
        let connection = try connectToBus(bus!.address)
        connections.append(connection)
        return connection
    }

    /// A connection owning `TestBusObject.name` with the test object exported.
    private func startService() throws -> BusConnection {
        let service = try connect()
        object = try onLoop { try TestBusObject(on: service) }
        let reply = Awaited<Result<NameRequestReply, BusError>>()
        try onLoop { service.requestName(TestBusObject.name) { reply.set($0) } }
        XCTAssertEqual(try reply.wait().get(), .primaryOwner)
        return service
    }

    func test_aSubscription_getsTheNamedSendersSignals_notAnotherConnectionsWithTheSameShape() throws {
        let service = try startService()
        let impostor = try connect()
        let client = try connect()
        let received = Collected<String>()
        let added = Awaited<Bool>()
        try onLoop {
            client.subscribe(MatchRule(sender: TestBusObject.name, path: TestBusObject.path, interface: TestBusObject.interface,
                                       member: "Ping"), added: { added.set($0 == nil) }) { message in
                received.append((try? message.arguments())?.first?.string ?? "?")
            }
        }
        XCTAssertTrue(try added.wait())
        // Let the owner lookup finish before the impostor speaks.
        XCTAssertTrue(PollingWait.until(timeout: 5) { (try? onLoop { client.currentOwner(of: TestBusObject.name) }) != nil })
        try onLoop {
            try impostor.emit(path: TestBusObject.path, interface: TestBusObject.interface, member: "Ping", arguments: [.string("impostor")])
            try service.emit(path: TestBusObject.path, interface: TestBusObject.interface, member: "Ping", arguments: [.string("one")])
            try service.emit(path: TestBusObject.path, interface: TestBusObject.interface, member: "Ping", arguments: [.string("two")])
        }
        XCTAssertTrue(PollingWait.until(timeout: 5) { received.count >= 2 })
        usleep(100_000)
        XCTAssertEqual(received.all, ["one", "two"])
    }

    func test_unsubscribing_stopsDelivery() throws {
        let service = try startService()
        let client = try connect()
        let received = Collected<String>()
        let added = Awaited<Bool>()
        let subscription = try onLoop {
            client.subscribe(MatchRule(interface: TestBusObject.interface, member: "Ping"), added: { added.set($0 == nil) }) { message in
                received.append((try? message.arguments())?.first?.string ?? "?")
            }
        }
        XCTAssertTrue(try added.wait())
        try onLoop { try service.emit(path: TestBusObject.path, interface: TestBusObject.interface, member: "Ping", arguments: [.string("before")]) }
        XCTAssertTrue(PollingWait.until(timeout: 5) { received.count == 1 })
        try onLoop {
            client.unsubscribe(subscription)
            try service.emit(path: TestBusObject.path, interface: TestBusObject.interface, member: "Ping", arguments: [.string("after")])
        }
        usleep(200_000)
        XCTAssertEqual(received.all, ["before"])
    }

    func test_nameOwnerWatch_followsTheServiceComingAndGoing() throws {
        let client = try connect()
        let owners = Collected<String>()
        try onLoop { client.watchNameOwner(TestBusObject.name) { owners.append($0 ?? "none") } }
        XCTAssertTrue(PollingWait.until(timeout: 5) { owners.count == 1 })
        let service = try startService()
        let unique = try onLoop { service.uniqueName }
        XCTAssertTrue(PollingWait.until(timeout: 5) { owners.count == 2 })
        try onLoop { service.close() }
        XCTAssertTrue(PollingWait.until(timeout: 5) { owners.count == 3 })
        XCTAssertEqual(owners.all, ["none", unique, "none"])
    }

    func test_properties_getSetGetAll_withErrors_andPropertiesChanged() throws {
        _ = try startService()
        let client = try connect()
        let changes = Collected<PropertiesChange>()
        try onLoop {
            client.subscribePropertiesChanged(sender: TestBusObject.name, path: TestBusObject.path, interface: TestBusObject.interface) {
                changes.append($0)
            }
        }
        func get(_ name: String) throws -> Result<DBusValue, BusError> {
            let outcome = Awaited<Result<DBusValue, BusError>>()
            try onLoop { client.getProperty(destination: TestBusObject.name, path: TestBusObject.path, interface: TestBusObject.interface, name: name) { outcome.set($0) } }
            return try outcome.wait()
        }
        func set(_ name: String, _ value: DBusValue) throws -> Result<Void, BusError> {
            let outcome = Awaited<Result<Void, BusError>>()
            try onLoop { client.setProperty(destination: TestBusObject.name, path: TestBusObject.path, interface: TestBusObject.interface, name: name, value: value) { outcome.set($0) } }
            return try outcome.wait()
        }
        XCTAssertEqual(try get("Label").get(), .string("test object"))
        XCTAssertEqual(try get("Count").get(), .uint32(0))
        // Let the subscription's AddMatch reach the bus before the change.
        usleep(100_000)
        XCTAssertNoThrow(try set("Count", .uint32(12)).get())
        XCTAssertEqual(try get("Count").get(), .uint32(12))
        XCTAssertTrue(PollingWait.until(timeout: 5) { changes.count == 1 })
        XCTAssertEqual(changes.all.first?.changed, ["Count": .uint32(12)])
        XCTAssertEqual(changes.all.first?.path, TestBusObject.path)

        XCTAssertEqual(failure(try set("Label", .string("x")))?.name, BusError.Standard.propertyReadOnly.rawValue)
        XCTAssertEqual(failure(try set("Count", .string("12"))), BusError(.invalidArgs, "Count is of type u, not s"))
        XCTAssertEqual(failure(try set("Count", .uint32(5000))), BusError(.invalidArgs, "Count must be 0…1000"))
        XCTAssertEqual(failure(try get("Nothing"))?.name, BusError.Standard.unknownProperty.rawValue)
        XCTAssertEqual(try get("Count").get(), .uint32(12), "a refused Set changes nothing")

        let all = Awaited<Result<[String: DBusValue], BusError>>()
        try onLoop { client.getAllProperties(destination: TestBusObject.name, path: TestBusObject.path, interface: TestBusObject.interface) { all.set($0) } }
        XCTAssertEqual(try all.wait().get(), ["Count": .uint32(12), "Label": .string("test object")])
    }

    func test_gdbusAndBusctl_seeTheExportedObject() throws {
        _ = try startService()
        let bus = bus!
        let introspection = try CommandRunner.run("gdbus", ["introspect", "--address", bus.address, "--dest", TestBusObject.name.rawValue,
                                                            "--object-path", TestBusObject.path.rawValue, "--xml"])
        XCTAssertEqual(introspection.status, 0, introspection.stderr)
        XCTAssertTrue(introspection.stdout.contains(#"<interface name="org.routecue.Test1">"#), introspection.stdout)
        XCTAssertTrue(introspection.stdout.contains(#"<property name="Count" type="u" access="readwrite">"#), introspection.stdout)
        XCTAssertTrue(introspection.stdout.contains(#"<arg name="fd" type="h" direction="in"/>"#), introspection.stdout)

        let tree = try bus.busctl(["tree", TestBusObject.name.rawValue])
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertTrue(tree.stdout.contains("/org/routecue/Test"), "parents list their children: \(tree.stdout)")

        let echo = try bus.gdbusCall(destination: TestBusObject.name.rawValue, path: TestBusObject.path.rawValue,
                                     method: "org.routecue.Test1.Echo", ["<('Ringstraße', uint32 3)>"])
        XCTAssertEqual(echo.status, 0, echo.stderr)
        XCTAssertEqual(echo.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "(<('Ringstraße', uint32 3)>,)")

        let property = try bus.busctl(["get-property", TestBusObject.name.rawValue, TestBusObject.path.rawValue,
                                       TestBusObject.interface.rawValue, "Label"])
        XCTAssertEqual(property.stdout.trimmingCharacters(in: .whitespacesAndNewlines), #"s "test object""#, property.stderr)

        let ping = try bus.busctl(["call", TestBusObject.name.rawValue, TestBusObject.path.rawValue, "org.freedesktop.DBus.Peer", "Ping"])
        XCTAssertEqual(ping.status, 0, "Peer is libdbus's own: \(ping.stderr)")

        let wrong = try bus.gdbusCall(destination: TestBusObject.name.rawValue, path: TestBusObject.path.rawValue,
                                      method: "org.routecue.Test1.Fail", ["'org.routecue.Error.BadRoute'", "'line 3, column 7: expected a number'"])
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue(wrong.stderr.contains("org.routecue.Error.BadRoute") && wrong.stderr.contains("line 3, column 7: expected a number"), wrong.stderr)
    }

    func test_nameTaken_isExists_withDoNotQueue() throws {
        _ = try startService()
        let second = try connect()
        let reply = Awaited<Result<NameRequestReply, BusError>>()
        try onLoop { second.requestName(TestBusObject.name) { reply.set($0) } }
        XCTAssertEqual(try reply.wait().get(), .exists)
    }
}
