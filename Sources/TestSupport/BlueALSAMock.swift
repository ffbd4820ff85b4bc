import Foundation

/// bluez-alsa 4.0's `org.bluealsa` service as our python-dbusmock template (`Tests/fixtures/dbusmock/bluealsa.py`) on
/// a private bus: PCM objects added, changed and removed as a test says, through `gdbus` calls of the template's
/// `org.bluealsa.Mock` interface and dbusmock's `org.freedesktop.DBus.Mock.UpdateProperties`. Stopped by its PID when
/// the test ends (`stop`, or `deinit`), and can be started again (bluez-alsa restarting).
public final class BlueALSAMock: @unchecked Sendable {
    /// The template file.
    public static let templatePath = SharedData.repositoryRoot.appendingPathComponent("Tests/fixtures/dbusmock/bluealsa.py").path
    /// The name it owns.
    public static let name = "org.bluealsa"
    /// Its ObjectManager (and `org.bluealsa.Manager1`) object.
    public static let managerPath = "/org/bluealsa"

    public let bus: DBusDaemonProcess
    private var process: DBusMockProcess?

    /// Starts the mock on `bus` and waits until it owns `org.bluealsa` (no PCMs yet).
    public init(on bus: DBusDaemonProcess) throws {
        self.bus = bus
        try start()
    }

    /// Starts it (again); its PCMs start empty, as after a restart of bluez-alsa.
    public func start() throws {
        guard process == nil else { return }
        process = try DBusMockProcess(template: Self.templatePath, owning: Self.name, on: bus)
    }

    /// Stops it by its PID: `org.bluealsa` loses its owner.
    public func stop() {
        process?.stop()
        process = nil
    }

    /// What the mock logged (its calls and signals), for failure messages.
    public var log: String { process?.log ?? "" }

    /// Adds the PCM bluez-alsa publishes for BlueZ device `device` (`/org/bluez/hci0/dev_…`) and `transport`
    /// (`HFP-AG`, `HSP-AG`, `A2DP-source`, …) in `mode` (`sink`, `source`), with `codec` and `delay` (1/10 ms);
    /// returns its object path (`/org/bluealsa/hci0/dev_…/hfpag/sink`).
    @discardableResult
    public func addPCM(device: String, transport: String = "HFP-AG", mode: String = "sink", codec: String = "CVSD",
                       delay: UInt16 = 0) throws -> String {
        let reply = try call(Self.managerPath, "org.bluealsa.Mock.AddPCM",
                             [quoted(device), quoted(transport), quoted(mode), quoted(codec), "uint16 \(delay)"])
        // gdbus prints `(objectpath '/org/bluealsa/…',)`.
        guard let start = reply.firstIndex(of: "'"), let end = reply.lastIndex(of: "'"), start < end else {
            throw DBusDaemonError(message: "AddPCM answered \(reply)")
        }
        return String(reply[reply.index(after: start)..<end])
    }

    /// Adds a PCM object at `path` whose `org.bluealsa.PCM1` properties are exactly `properties`, in GVariant text
    /// (`"{'Device': <'not a path'>, 'Delay': <'soon'>}"`): for malformed-property tests.
    public func addPCM(at path: String, properties: String) throws {
        _ = try call(Self.managerPath, "org.bluealsa.Mock.AddPCMWithProperties", [quoted(path), properties])
    }

    /// Removes the PCM at `path` (InterfacesRemoved).
    public func removePCM(_ path: String) throws {
        _ = try call(Self.managerPath, "org.bluealsa.Mock.RemovePCM", [quoted(path)])
    }

    /// Changes properties of the PCM at `path`, in GVariant text (`"{'Delay': <uint16 450>}"`): PropertiesChanged.
    public func updatePCM(_ path: String, _ properties: String) throws {
        _ = try call(path, "org.freedesktop.DBus.Mock.UpdateProperties", ["'org.bluealsa.PCM1'", properties])
    }

    private func call(_ path: String, _ method: String, _ arguments: [String]) throws -> String {
        let result = try bus.gdbusCall(destination: Self.name, path: path, method: method, arguments)
        guard result.status == 0 else {
            throw DBusDaemonError(message: "\(method) on \(path) failed: \(result.stderr)\n\(log)")
        }
        return result.stdout
    }

    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'" }

    deinit { stop() }
}
