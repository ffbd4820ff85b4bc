import TestSupport

/// The car's audio world the daemon tests run against, on a private permissive bus: BlueZ (with the adapter `hci0`),
/// bluez-alsa and oFono as dbusmock services. Each can be stopped and started again; `stop` ends them all, by PID.
final class CarAudioServices {
    /// A headset's address.
    static let helmet = "00:1B:66:AA:01:02"
    /// The hands-free profile's UUID.
    static let handsFreeProfile = "0000111e-0000-1000-8000-00805f9b34fb"

    let bus: DBusDaemonProcess
    private(set) var bluez: DBusMockProcess?
    private(set) var bluealsa: BlueALSAMock?
    private(set) var ofono: DBusMockProcess?

    /// Starts the bus and the three services (skips the test when dbus-daemon or python-dbusmock is missing).
    init() throws {
        try DBusDaemonProcess.require()
        try DBusMockProcess.require()
        bus = try DBusDaemonProcess(.permissive)
        do {
            try startBlueZ()
            bluealsa = try BlueALSAMock(on: bus)
            try startOfono()
        } catch {
            stop()
            throw error
        }
    }

    /// Starts (again) BlueZ with its adapter.
    func startBlueZ() throws {
        bluez = try DBusMockProcess(template: "bluez5", owning: "org.bluez", on: bus)
        try bluezCall("AddAdapter", ["'hci0'", "'head unit'"])
    }

    /// Starts (again) oFono.
    func startOfono() throws {
        ofono = try DBusMockProcess(template: "ofono", owning: "org.ofono", on: bus)
    }

    /// Calls a method of the BlueZ mock (its log in the error when it fails).
    func bluezCall(_ method: String, _ arguments: [String]) throws {
        let bluez = bluez
        try BlueZMock(bus: bus, log: { bluez?.log ?? "" }).call(method, arguments)
    }

    /// A connected headset at `address` with the hands-free profile, and its bluez-alsa SCO sink PCM (`delay` in
    /// 1/10 ms); the PCM's object path.
    @discardableResult
    func connectHeadset(_ address: String = helmet, delay: UInt16 = 250) throws -> String {
        let device = try BlueZMock(bus: bus).addDevice(address, alias: "Helmet", uuids: [Self.handsFreeProfile], connected: true)
        return try bluealsa!.addPCM(device: device, delay: delay)
    }

    /// Stops every service, then the bus.
    func stop() {
        ofono?.stop()
        bluealsa?.stop()
        bluez?.stop()
        bus.stop()
    }
}
