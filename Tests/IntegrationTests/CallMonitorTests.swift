import DBusKit
import EventLoopKit
import RouteCueService
import TestSupport
import XCTest

/// `CallMonitor` against python-dbusmock's `ofono` template (modem `/ril_0`) on a private bus, and against a template
/// laid out as PipeWire's telephony service (Tests/fixtures/dbusmock/pipewire_telephony.py): calls present at start,
/// dialed, incoming, going active, held, disconnected and removed; the modem losing VoiceCallManager; oFono killed
/// mid-call and started again; malformed signals. The mock never changes a call's State itself: the tests emit
/// oFono's signals through `org.freedesktop.DBus.Mock.EmitSignal` (OfonoMock).
final class CallMonitorTests: XCTestCase {
    private var bus: DBusDaemonProcess?
    private var mock: DBusMockProcess?
    private var connection: BusConnection?
    private var monitors: [CallMonitor] = []

    private static let firstCall = "/ril_0/voicecall01"

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        try DBusMockProcess.require()
        let bus = try DBusDaemonProcess(.permissive)
        self.bus = bus
        connection = try connectToBus(bus.address)
    }

    override func tearDown() {
        let (connection, monitors) = (connection, monitors)
        _ = try? onLoop {
            for monitor in monitors { monitor.stop() }
            connection?.close()
        }
        self.monitors = []
        mock?.stop()
        bus?.stop()
        super.tearDown()
    }

    // MARK: - Helpers

    @discardableResult
    private func startOfono() throws -> OfonoMock {
        mock = try DBusMockProcess(template: "ofono", owning: "org.ofono", on: bus!)
        return OfonoMock(bus: bus!)
    }

    /// A started monitor of `service`; `changes` gets a summary of the monitor at each onChange.
    private func startMonitor(_ service: BusName = "org.ofono", changes: Collected<String> = Collected()) throws -> CallMonitor {
        let connection = connection!
        let monitor = try onLoop {
            let monitor = CallMonitor(connection: connection, service: service) { changes.append(Self.summary($0)) }
            monitor.start()
            return monitor
        }
        monitors.append(monitor)
        return monitor
    }

    /// `present [/ril_0/voicecall01=active] inCall`.
    @RouteCueLoop
    private static func summary(_ monitor: CallMonitor) -> String {
        let calls = monitor.calls.values.sorted { $0.path < $1.path }.map { "\($0.path)=\($0.state)" }
        return (monitor.isServicePresent ? "present" : "absent") + " [" + calls.joined(separator: ",") + "]"
            + (monitor.inCall ? " inCall" : "")
    }

    private func summary(_ monitor: CallMonitor) -> String { (try? onLoop { Self.summary(monitor) }) ?? "?" }

    /// Waits until `condition` holds for `monitor`; fails the test (and throws) otherwise.
    private func waitUntil(_ monitor: CallMonitor, _ what: String, timeout: Double = 5,
                           file: StaticString = #filePath, line: UInt = #line,
                           _ condition: @escaping @RouteCueLoop @Sendable (CallMonitor) -> Bool) throws {
        guard PollingWait.until(timeout: timeout, { (try? onLoop { condition(monitor) }) == true }) else {
            XCTFail("\(what): not within \(timeout) s; now \(summary(monitor))\n\(mock?.log.suffix(2000) ?? "")",
                    file: file, line: line)
            throw DBusDaemonError(message: "timed out waiting for \(what)")
        }
    }

    private func state(_ monitor: CallMonitor, _ path: String) throws -> String? {
        try onLoop { monitor.calls[path]?.state }
    }

    // MARK: - oFono

    func test_aCallPresentAtStart_isListedByGetCalls() throws {
        let ofono = try startOfono()
        let path = try ofono.dial("+15550123")
        XCTAssertEqual(path, Self.firstCall)
        let changes = Collected<String>()
        let monitor = try startMonitor(changes: changes)

        try waitUntil(monitor, "the dialed call listed") { $0.calls[Self.firstCall] != nil }
        let call = try onLoop { monitor.calls[Self.firstCall] }
        XCTAssertEqual(call, PhoneCall(path: Self.firstCall, modem: "/ril_0", state: "dialing"))
        XCTAssertTrue(try onLoop { monitor.inCall && monitor.isServicePresent })
        XCTAssertEqual(try onLoop { monitor.lastError }, nil)
        XCTAssertEqual(changes.all.last, "present [/ril_0/voicecall01=dialing] inCall", "\(changes.all)")
    }

    func test_dialing_putsRouteCueInACall_inStateDialing() throws {
        let ofono = try startOfono()
        let changes = Collected<String>()
        let monitor = try startMonitor(changes: changes)
        try waitUntil(monitor, "oFono present") { $0.isServicePresent }
        XCTAssertFalse(try onLoop { monitor.inCall })
        XCTAssertEqual(changes.all.first, "present []", "presence alone is a change: \(changes.all)")

        try ofono.dial()
        try waitUntil(monitor, "in a call") { $0.inCall }
        XCTAssertEqual(try onLoop { monitor.calls }, [Self.firstCall: PhoneCall(path: Self.firstCall, modem: "/ril_0", state: "dialing")])
    }

    func test_aCallGoingActive_thenRemoved_endsTheCall_andRepeatedStatesAreNoChange() throws {
        let ofono = try startOfono()
        let changes = Collected<String>()
        let monitor = try startMonitor(changes: changes)
        try ofono.dial()
        try waitUntil(monitor, "dialing") { $0.calls[Self.firstCall]?.state == "dialing" }

        try ofono.setState("alerting", of: Self.firstCall)
        try waitUntil(monitor, "alerting") { $0.calls[Self.firstCall]?.state == "alerting" }
        try ofono.setState("active", of: Self.firstCall)
        try waitUntil(monitor, "active") { $0.calls[Self.firstCall]?.state == "active" }
        XCTAssertTrue(try onLoop { monitor.inCall })
        let before = changes.count

        // The same state again is no change; CallRemoved after it (signals arrive in order) is one.
        try ofono.setState("active", of: Self.firstCall)
        try ofono.removeCall(Self.firstCall)
        try waitUntil(monitor, "the call removed") { $0.calls.isEmpty }
        XCTAssertFalse(try onLoop { monitor.inCall })
        XCTAssertEqual(Array(changes.all.dropFirst(before)), ["present []"], "\(changes.all)")
    }

    func test_anIncomingCall_isInACall_untilItEnds() throws {
        let ofono = try startOfono()
        let monitor = try startMonitor()
        try waitUntil(monitor, "oFono present") { $0.isServicePresent }

        let incoming = "/ril_0/voicecall07"
        try ofono.addIncomingCall(incoming, from: "+15550199")
        try waitUntil(monitor, "the incoming call") { $0.calls[incoming]?.state == "incoming" }
        XCTAssertTrue(try onLoop { monitor.inCall })
        XCTAssertEqual(try onLoop { monitor.calls[incoming]?.modem }, "/ril_0")

        try ofono.setState("active", of: incoming)
        try waitUntil(monitor, "answered") { $0.calls[incoming]?.state == "active" }
        try ofono.removeCall(incoming)
        try waitUntil(monitor, "hung up") { !$0.inCall && $0.calls.isEmpty }
    }

    func test_aHeldCall_staysInACall_besideAWaitingOne() throws {
        let ofono = try startOfono()
        let monitor = try startMonitor()
        try ofono.dial()
        try ofono.setState("active", of: Self.firstCall)
        try waitUntil(monitor, "active") { $0.calls[Self.firstCall]?.state == "active" }

        try ofono.setState("held", of: Self.firstCall)
        try waitUntil(monitor, "held") { $0.calls[Self.firstCall]?.state == "held" }
        XCTAssertTrue(try onLoop { monitor.inCall }, "a held call is still a call")

        let waiting = "/ril_0/voicecall02"
        try ofono.addIncomingCall(waiting)
        try ofono.setState("waiting", of: waiting)
        try waitUntil(monitor, "waiting") { $0.calls[waiting]?.state == "waiting" }
        try ofono.removeCall(waiting)
        try waitUntil(monitor, "the waiting call gone") { $0.calls[waiting] == nil }
        XCTAssertTrue(try onLoop { monitor.inCall }, "the held call remains: \(summary(monitor))")
        try ofono.removeCall(Self.firstCall)
        try waitUntil(monitor, "no call") { !$0.inCall }
    }

    func test_theModemDroppingVoiceCallManager_endsItsCalls_withoutCallRemoved() throws {
        let ofono = try startOfono()
        let monitor = try startMonitor()
        try ofono.dial()
        try ofono.setState("active", of: Self.firstCall)
        try waitUntil(monitor, "active") { $0.calls[Self.firstCall]?.state == "active" }

        // The phone goes away: oFono takes VoiceCallManager off the modem and never says CallRemoved.
        try ofono.setInterfaces(["org.ofono.SimManager", "org.ofono.NetworkRegistration"])
        try waitUntil(monitor, "the modem's calls gone") { $0.calls.isEmpty }
        XCTAssertFalse(try onLoop { monitor.inCall })
        XCTAssertTrue(try onLoop { monitor.isServicePresent })

        // VoiceCallManager back: its calls are listed again (the mock still has the one it dialed, as dialing).
        try ofono.setInterfaces(["org.ofono.SimManager", "org.ofono.VoiceCallManager"])
        try waitUntil(monitor, "the call listed again") { $0.calls[Self.firstCall]?.state == "dialing" }
        XCTAssertTrue(try onLoop { monitor.inCall })
    }

    func test_stateDisconnected_endsTheCall() throws {
        let ofono = try startOfono()
        let monitor = try startMonitor()
        try ofono.dial()
        try ofono.setState("active", of: Self.firstCall)
        try waitUntil(monitor, "active") { $0.calls[Self.firstCall]?.state == "active" }

        try ofono.setState("disconnected", of: Self.firstCall)
        try waitUntil(monitor, "the call ended") { $0.calls.isEmpty }
        XCTAssertFalse(try onLoop { monitor.inCall })
    }

    func test_oFonoKilledMidCall_forgetsItsCalls_andIsFollowedAgainWhenBack() throws {
        let ofono = try startOfono()
        let changes = Collected<String>()
        let monitor = try startMonitor(changes: changes)
        try ofono.dial()
        try ofono.setState("active", of: Self.firstCall)
        try waitUntil(monitor, "active") { $0.calls[Self.firstCall]?.state == "active" }

        mock?.stop()
        try waitUntil(monitor, "oFono gone") { !$0.isServicePresent }
        XCTAssertEqual(try onLoop { monitor.calls }, [:])
        XCTAssertFalse(try onLoop { monitor.inCall })
        XCTAssertEqual(changes.all.last, "absent []", "one change says it: \(changes.all)")

        // oFono started again, with a call already under way before it is listed.
        try startOfono()
        let again = OfonoMock(bus: bus!)
        try again.dial("+15550177")
        try waitUntil(monitor, "the new instance's call") { $0.isServicePresent && $0.calls[Self.firstCall]?.state == "dialing" }
        try again.setState("active", of: Self.firstCall)
        try waitUntil(monitor, "followed again") { $0.calls[Self.firstCall]?.state == "active" }
        XCTAssertTrue(try onLoop { monitor.inCall })
    }

    func test_malformedSignals_changeNothing_andDoNotCrash() throws {
        let ofono = try startOfono()
        let changes = Collected<String>()
        let monitor = try startMonitor(changes: changes)
        try ofono.dial()
        try waitUntil(monitor, "dialing") { $0.calls[Self.firstCall]?.state == "dialing" }
        let before = changes.count

        let call = Self.firstCall, modem = OfonoMock.modem
        // State without a variant, of the wrong type, missing; a State for a call nobody announced.
        try ofono.emit(from: call, "org.ofono.VoiceCall", "PropertyChanged", signature: "ss", "[<'State'>, <'active'>]")
        try ofono.emit(from: call, "org.ofono.VoiceCall", "PropertyChanged", signature: "sv", "[<'State'>, <<uint32 3>>]")
        try ofono.emit(from: call, "org.ofono.VoiceCall", "PropertyChanged", signature: "s", "[<'State'>]")
        try ofono.emit(from: call, "org.ofono.VoiceCall", "PropertyChanged", signature: "", "@av []")
        try ofono.emit(from: modem, "org.ofono.VoiceCall", "PropertyChanged", signature: "sv", "[<'State'>, <'active'>]")
        // CallAdded and CallRemoved of the wrong shape, or from a path that is no modem.
        try ofono.emit(from: modem, "org.ofono.VoiceCallManager", "CallAdded", signature: "os", "[<objectpath '/ril_0/voicecall09'>, <'active'>]")
        try ofono.emit(from: modem, "org.ofono.VoiceCallManager", "CallAdded", signature: "oa{ss}", "[<objectpath '/ril_0/voicecall09'>, <{'State': 'active'}>]")
        try ofono.emit(from: "/", "org.ofono.VoiceCallManager", "CallAdded", signature: "oa{sv}", "[<objectpath '/ril_0/voicecall09'>, <{'State': <'active'>}>]")
        try ofono.emit(from: modem, "org.ofono.VoiceCallManager", "CallRemoved", signature: "s", "[<'\(call)'>]")
        try ofono.emit(from: modem, "org.ofono.VoiceCallManager", "CallRemoved", signature: "", "@av []")
        // Interfaces that are no string list; ModemRemoved and ModemAdded of the wrong shape.
        try ofono.emit(from: modem, "org.ofono.Modem", "PropertyChanged", signature: "sv", "[<'Interfaces'>, <<'org.ofono.SimManager'>>]")
        try ofono.emit(from: modem, "org.ofono.Modem", "PropertyChanged", signature: "sv", "[<'Interfaces'>, <<[int32 1, 2]>>]")
        try ofono.emit(from: modem, "org.ofono.Modem", "PropertyChanged", signature: "sas", "[<'Interfaces'>, <['org.ofono.SimManager']>]")
        try ofono.emit(from: "/", "org.ofono.Manager", "ModemRemoved", signature: "s", "[<'/ril_0'>]")
        try ofono.emit(from: "/", "org.ofono.Manager", "ModemAdded", signature: "o", "[<objectpath '/ril_1'>]")

        // Signals arrive in order: once this one is seen, every one above has been handled.
        try ofono.setState("alerting", of: call)
        try waitUntil(monitor, "the well-formed State after them") { $0.calls[call]?.state == "alerting" }
        XCTAssertEqual(try onLoop { monitor.calls.count }, 1, summary(monitor))
        XCTAssertEqual(Array(changes.all.dropFirst(before)), ["present [/ril_0/voicecall01=alerting] inCall"],
                       "only the well-formed signal changed anything: \(changes.all)")

        // The modem is still followed (a malformed ModemRemoved did not drop it).
        try ofono.removeCall(call)
        try waitUntil(monitor, "removed") { $0.calls.isEmpty }
    }

    func test_stop_endsFollowing_whileAnotherMonitorStillSeesTheCall() throws {
        let ofono = try startOfono()
        let stoppedChanges = Collected<String>()
        let stopped = try startMonitor(changes: stoppedChanges)
        let running = try startMonitor()
        try waitUntil(stopped, "oFono present") { $0.isServicePresent }
        try waitUntil(running, "oFono present") { $0.isServicePresent }
        try onLoop { stopped.stop() }
        let before = stoppedChanges.count

        try ofono.dial()
        // Both monitors' subscriptions are on one connection: once one has the call, the other would have too.
        try waitUntil(running, "the running monitor's call") { $0.inCall }
        XCTAssertEqual(try onLoop { stopped.calls }, [:])
        XCTAssertEqual(stoppedChanges.count, before, "\(stoppedChanges.all)")
    }

    // MARK: - PipeWire

    func test_pipeWireTelephony_isFollowedTheSameWay() throws {
        mock = try PipeWireTelephonyMock.start(on: bus!)
        let pipewire = PipeWireTelephonyMock(bus: bus!)
        let phone = try pipewire.addAudioGateway(0)
        let first = try pipewire.addCall(0, on: phone, state: "active")
        XCTAssertEqual(first, "/org/pipewire/Telephony/ag0/call0")

        // Listed at start from GetModems and GetCalls answering a{oa{sv}} at /org/pipewire/Telephony.
        let monitor = try startMonitor("org.pipewire.Telephony")
        XCTAssertEqual(try onLoop { monitor.managerPath }, "/org/pipewire/Telephony")
        try waitUntil(monitor, "the call present at start") { $0.calls[first]?.state == "active" }
        XCTAssertEqual(try onLoop { monitor.calls[first]?.modem }, phone)
        XCTAssertTrue(try onLoop { monitor.inCall })

        // A second phone connecting (ModemAdded without properties) with an incoming call.
        let secondPhone = try pipewire.addAudioGateway(1)
        let incoming = try pipewire.addCall(0, on: secondPhone, state: "incoming")
        try waitUntil(monitor, "the second phone's call") { $0.calls[incoming]?.state == "incoming" }

        try pipewire.setState("held", of: first)
        try waitUntil(monitor, "held") { $0.calls[first]?.state == "held" }
        try pipewire.removeCall(first)
        try waitUntil(monitor, "the first call gone") { $0.calls[first] == nil }
        XCTAssertTrue(try onLoop { monitor.inCall }, summary(monitor))

        try pipewire.removeAudioGateway(secondPhone)
        try waitUntil(monitor, "no call left") { $0.calls.isEmpty && !$0.inCall }

        mock?.stop()
        try waitUntil(monitor, "the service gone") { !$0.isServicePresent }
        XCTAssertEqual(try onLoop { monitor.lastError }, nil)
    }
}
