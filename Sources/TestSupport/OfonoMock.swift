import Foundation

/// Drives dbusmock's `ofono` template (modem `/ril_0`) on a private bus through `gdbus call`, for the tests that
/// follow phone calls. The template never changes a call's State by itself, `Hangup` sends no CallRemoved (it
/// emits it from the object it has just removed, so nothing goes out) and `Answer` is NotImplemented: a test
/// plays oFono's signals itself with `org.freedesktop.DBus.Mock.EmitSignal`, whose arguments are `av` (each one a
/// GVariant in `<…>`).
public struct OfonoMock: Sendable {
    /// The bus the mock is on.
    public let bus: DBusDaemonProcess
    /// The name it owns.
    public let service: String
    /// The modem the template creates.
    public static let modem = "/ril_0"

    /// The mock owning `service` (`org.ofono`) on `bus`.
    public init(bus: DBusDaemonProcess, service: String = "org.ofono") {
        self.bus = bus
        self.service = service
    }

    /// `VoiceCallManager.Dial`: a new call `/ril_0/voicecallNN` in state `dialing`, announced with CallAdded; its
    /// path. (NN is the number of calls the modem has plus one: dialing after a hang-up of one of two calls
    /// collides.)
    @discardableResult
    public func dial(_ number: String = "+15550100", modem: String = OfonoMock.modem) throws -> String {
        let output = try call(modem, "org.ofono.VoiceCallManager.Dial", ["'\(number)'", "''"])
        guard let path = output.split(separator: "'").dropFirst().first else {
            throw DBusDaemonError(message: "Dial answered \(output)")
        }
        return String(path)
    }

    /// An incoming call at `path` of `modem`: `Mock.AddObject` of an `org.ofono.VoiceCall` in state `incoming`, then
    /// CallAdded from the modem (GetCalls does not list it: the template lists only the calls it dialed).
    public func addIncomingCall(_ path: String, from number: String = "+15550199", modem: String = OfonoMock.modem) throws {
        let properties = "{'State': <'incoming'>, 'LineIdentification': <'\(number)'>, 'Name': <''>, 'Multiparty': <false>}"
        _ = try call(modem, "org.freedesktop.DBus.Mock.AddObject", [path, "org.ofono.VoiceCall", properties, "@a(ssss) []"])
        try emit(from: modem, "org.ofono.VoiceCallManager", "CallAdded", signature: "oa{sv}",
                 "[<objectpath '\(path)'>, <\(properties)>]")
    }

    /// oFono telling that `path` is now in `state`: `org.ofono.VoiceCall PropertyChanged ('State', <state>)` from the
    /// call.
    public func setState(_ state: String, of path: String) throws {
        try emit(from: path, "org.ofono.VoiceCall", "PropertyChanged", signature: "sv", "[<'State'>, <'\(state)'>]")
    }

    /// oFono telling that `path` ended: `org.ofono.VoiceCallManager CallRemoved` from `modem`.
    public func removeCall(_ path: String, modem: String = OfonoMock.modem) throws {
        try emit(from: modem, "org.ofono.VoiceCallManager", "CallRemoved", signature: "o", "[<objectpath '\(path)'>]")
    }

    /// `Modem.SetProperty('Interfaces', …)`: the template stores it and emits `org.ofono.Modem PropertyChanged`.
    public func setInterfaces(_ interfaces: [String], modem: String = OfonoMock.modem) throws {
        let list = interfaces.isEmpty ? "@as []" : "[" + interfaces.map { "'\($0)'" }.joined(separator: ", ") + "]"
        _ = try call(modem, "org.ofono.Modem.SetProperty", ["'Interfaces'", "<\(list)>"])
    }

    /// `Mock.EmitSignal`: `member` of `interface` from `path` with `signature` and `arguments` (GVariant text of an
    /// `av`, `"[<'State'>, <'active'>]"`) — any signature, so a test can send what oFono never would.
    public func emit(from path: String, _ interface: String, _ member: String, signature: String, _ arguments: String) throws {
        _ = try call(path, "org.freedesktop.DBus.Mock.EmitSignal", [interface, member, signature, arguments])
    }

    /// `gdbus call` of `method` on `path`; its output, or an error with gdbus's complaint.
    public func call(_ path: String, _ method: String, _ arguments: [String]) throws -> String {
        let result = try bus.gdbusCall(destination: service, path: path, method: method, arguments)
        guard result.status == 0 else {
            throw DBusDaemonError(message: "\(method) on \(path): \(result.stderr)")
        }
        return result.stdout
    }
}

/// Drives the dbusmock template of PipeWire's Bluetooth telephony service (`Tests/fixtures/dbusmock/
/// pipewire_telephony.py`: `org.pipewire.Telephony`, manager `/org/pipewire/Telephony`, audio gateways `…/agN`, calls
/// `…/agN/callM`, GetModems and GetCalls answering `a{oa{sv}}`, as spa/plugins/bluez5/telephony.c does).
public struct PipeWireTelephonyMock: Sendable {
    /// The folder holding the template file `pipewire_telephony.py`.
    public static let templateFolder = SharedData.repositoryRoot.appendingPathComponent("Tests/fixtures/dbusmock")
    /// The name it owns.
    public static let service = "org.pipewire.Telephony"
    /// The manager object.
    public static let manager = "/org/pipewire/Telephony"
    /// The bus the mock is on.
    public let bus: DBusDaemonProcess

    /// The mock on `bus`.
    public init(bus: DBusDaemonProcess) { self.bus = bus }

    /// Starts the template on `bus` and waits until it owns `org.pipewire.Telephony`. It is passed by its bare file
    /// name from the template's folder (dbusmock loads a `NAME.py` found in its working directory; the test process's
    /// directory is put back at once), which works whether or not `DBusMockProcess` accepts a path with a `/` (it
    /// named its log after the template verbatim, so a path made the log's folder missing).
    public static func start(on bus: DBusDaemonProcess) throws -> DBusMockProcess {
        let files = FileManager.default
        let previous = files.currentDirectoryPath
        guard files.changeCurrentDirectoryPath(templateFolder.path) else {
            throw DBusDaemonError(message: "cannot enter \(templateFolder.path)")
        }
        defer { _ = files.changeCurrentDirectoryPath(previous) }
        return try DBusMockProcess(template: "pipewire_telephony.py", owning: service, on: bus)
    }

    /// A phone connecting: gateway `agN` appears with ModemAdded (no properties); its path.
    @discardableResult
    public func addAudioGateway(_ number: Int) throws -> String {
        _ = try mock("AddAudioGateway", ["\(number)"])
        return "\(Self.manager)/ag\(number)"
    }

    /// The phone disconnecting: CallRemoved for each of its calls, then ModemRemoved.
    public func removeAudioGateway(_ path: String) throws { _ = try mock("RemoveAudioGateway", ["'\(path)'"]) }

    /// A call `callN` of `gateway` in `state`, with CallAdded from the gateway; its path.
    @discardableResult
    public func addCall(_ number: Int, on gateway: String, state: String) throws -> String {
        _ = try mock("AddTelephonyCall", ["'\(gateway)'", "\(number)", "'\(state)'"])
        return "\(gateway)/call\(number)"
    }

    /// The call's State changing, with `org.ofono.VoiceCall PropertyChanged` from the call.
    public func setState(_ state: String, of path: String) throws { _ = try mock("SetTelephonyCallState", ["'\(path)'", "'\(state)'"]) }

    /// The call ending: CallRemoved from its gateway.
    public func removeCall(_ path: String) throws { _ = try mock("RemoveTelephonyCall", ["'\(path)'"]) }

    private func mock(_ method: String, _ arguments: [String]) throws -> String {
        let result = try bus.gdbusCall(destination: Self.service, path: Self.manager,
                                       method: "org.freedesktop.DBus.Mock.\(method)", arguments)
        guard result.status == 0 else { throw DBusDaemonError(message: "\(method): \(result.stderr)") }
        return result.stdout
    }
}
