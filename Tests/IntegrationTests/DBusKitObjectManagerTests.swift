import DBusKit
import EventLoopKit
import RouteCueService
import TestSupport
import XCTest

/// The ObjectManager client against python-dbusmock's BlueZ (the reference mock the Bluetooth client is tested
/// with next): adapters and devices appear, change and vanish as the mock is told, and BlueZ restarting is seen
/// as everything removed, then listed again.
final class DBusKitObjectManagerTests: XCTestCase {
    private var bus: DBusDaemonProcess?
    private var mock: DBusMockProcess?
    private var connection: BusConnection?
    private var client: ObjectManagerClient?

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        try DBusMockProcess.require()
        let bus = try DBusDaemonProcess(.permissive)
        self.bus = bus
        mock = try DBusMockProcess(template: "bluez5", owning: "org.bluez", on: bus)
        connection = try connectToBus(bus.address)
    }

    override func tearDown() {
        let (connection, client) = (connection, client)
        _ = try? onLoop {
            client?.stop()
            connection?.close()
        }
        self.client = nil
        mock?.stop()
        bus?.stop()
        super.tearDown()
    }

    private func mockCall(_ method: String, _ arguments: [String]) throws {
        let result = try bus!.gdbusCall(destination: "org.bluez", path: "/", method: "org.bluez.Mock.\(method)", arguments)
        XCTAssertEqual(result.status, 0, "\(method): \(result.stderr)\n\(mock?.log ?? "")")
    }

    private static func deviceConnected(_ objects: [ObjectPath: ObjectManagerClient.Interfaces]) -> Bool? {
        objects["/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF"]?["org.bluez.Device1"]?["Connected"]?.bool
    }

    func test_objectsAppearChangeAndVanish_andARestartedServiceIsListedAgain() throws {
        try mockCall("AddAdapter", ["'hci0'", "'head unit'"])
        let events = Collected<String>()
        let connection = connection!
        let client = try onLoop {
            let client = ObjectManagerClient(connection: connection, service: "org.bluez", managerPath: .root) { event in
                switch event {
                case .added(let path, let interfaces): events.append("added \(path) \(interfaces.keys.sorted().joined(separator: ","))")
                case .removed(let path, let names): events.append("removed \(path) \(names.joined(separator: ","))")
                case .changed(let path, let interface, let changed, _): events.append("changed \(path) \(interface) \(changed.keys.sorted())")
                case .failed(let error): events.append("failed \(error)")
                }
            }
            client.start()
            return client
        }
        self.client = client
        XCTAssertTrue(PollingWait.until(timeout: 5) { (try? onLoop { client.objects["/org/bluez/hci0"] != nil }) == true }, events.all.description)
        let adapter = try onLoop { client.objects["/org/bluez/hci0"]?["org.bluez.Adapter1"] }
        XCTAssertEqual(adapter?["Address"]?.string?.isEmpty, false, "\(String(describing: adapter))")

        try mockCall("AddDevice", ["'hci0'", "'AA:BB:CC:DD:EE:FF'", "'Helmet'"])
        XCTAssertTrue(PollingWait.until(timeout: 5) { (try? onLoop { Self.deviceConnected(client.objects) }) == false }, events.all.description)
        XCTAssertEqual(try onLoop { client.objects["/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF"]?["org.bluez.Device1"]?["Alias"]?.string }, "Helmet")

        try mockCall("ConnectDevice", ["'hci0'", "'AA:BB:CC:DD:EE:FF'"])
        XCTAssertTrue(PollingWait.until(timeout: 5) { (try? onLoop { Self.deviceConnected(client.objects) }) == true }, events.all.description)

        let removed = try bus!.gdbusCall(destination: "org.bluez", path: "/org/bluez/hci0", method: "org.bluez.Adapter1.RemoveDevice",
                                         ["'/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF'"])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertTrue(PollingWait.until(timeout: 5) { (try? onLoop { client.objects["/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF"] == nil }) == true }, events.all.description)

        // BlueZ restarting: its objects go with it, and the new instance's are listed.
        mock?.stop()
        XCTAssertTrue(PollingWait.until(timeout: 5) { (try? onLoop { client.objects.isEmpty }) == true }, events.all.description)
        mock = try DBusMockProcess(template: "bluez5", owning: "org.bluez", on: bus!)
        try mockCall("AddAdapter", ["'hci1'", "'head unit'"])
        XCTAssertTrue(PollingWait.until(timeout: 5) { (try? onLoop { client.objects["/org/bluez/hci1"] != nil }) == true }, events.all.description)

        let log = events.all
        XCTAssertTrue(log.contains("added /org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF org.bluez.Device1"), "\(log)")
        XCTAssertTrue(log.contains { $0.hasPrefix("changed /org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF org.bluez.Device1") && $0.contains("Connected") }, "\(log)")
        XCTAssertTrue(log.contains { $0.hasPrefix("removed /org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF") }, "\(log)")
        XCTAssertTrue(log.contains { $0.hasPrefix("removed /org/bluez/hci0 ") }, "the adapter went with the service: \(log)")
        XCTAssertFalse(log.contains { $0.hasPrefix("failed") }, "\(log)")
    }
}
