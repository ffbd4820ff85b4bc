import DBusKit
import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

/// The car's audio world against the daemon in the test's process (`InProcessDaemon`: its audio on a virtual sink, on
/// virtual time), with BlueZ, bluez-alsa and oFono as dbusmock services on a private bus: the `hfp` route follows the
/// headset and falls back to `default` when it goes; a Speak cut off on the lost headset is said again whole on
/// `default`; a phone call turns prompts into a chime, and into silence once the call is on the hands-free link.
/// (`DaemonCarAudioTests` runs the same world against the `routecue run` process, with real PCMs.)
final class DaemonInProcessCarAudioTests: XCTestCase {
    private var tmp: URL!
    private var services: CarAudioServices?
    private var bus: DBusDaemonProcess? { services?.bus }
    private var daemon: InProcessDaemon?
    private var client: BusConnection?
    private let routeChanges = Collected<(route: String, reason: String)>()
    private let willPlay = Collected<UInt32>()
    private let didPlay = Collected<(id: UInt32, outcome: String, reason: String)>()

    private static let audio: InterfaceName = "org.routecue.Audio1"
    private static let helmet = CarAudioServices.helmet

    override func setUpWithError() throws {
        tmp = try CommandRunner.temporaryDirectory()
        let services = try CarAudioServices()
        self.services = services
        client = try connectToBus(services.bus.address)
    }

    override func tearDown() {
        let client = client
        _ = try? onLoop { client?.close() }
        try? daemon?.stop()
        services?.stop()
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    // MARK: - Helpers

    /// The daemon with the `hfp` route requested, following the signals the UI follows.
    private func startDaemon() throws -> InProcessDaemon {
        let config = #"{"audio": {"route": "hfp"}, "bluetooth": {"pcm_template": "virtual-hfp-{address}"}}"#
        let daemon = try InProcessDaemon.start(try InProcessDaemon.options(config: config, in: tmp, bus: bus!.address))
        self.daemon = daemon
        XCTAssertTrue(bus!.waitForOwner(of: ControlBus.name.rawValue, within: 10), daemon.log.lines.joined())
        let client = client!
        let routeChanges = routeChanges, willPlay = willPlay, didPlay = didPlay
        let added = Awaited<Bool>()
        try onLoop {
            client.subscribe(MatchRule(sender: ControlBus.name, path: ControlBus.path, interface: Self.audio, member: "RouteChanged")) { message in
                guard let values = try? message.arguments(), values.count == 2 else { return }
                routeChanges.append((values[0].string ?? "", values[1].string ?? ""))
            }
            client.subscribe(MatchRule(sender: ControlBus.name, path: ControlBus.path, interface: Self.audio, member: "WillPlay")) { message in
                guard let values = try? message.arguments(), let id = values.first?.integer else { return }
                willPlay.append(UInt32(id))
            }
            client.subscribe(MatchRule(sender: ControlBus.name, path: ControlBus.path, interface: Self.audio, member: "DidPlay"),
                             added: { added.set($0 == nil) }) { message in
                guard let values = try? message.arguments(), values.count == 3 else { return }
                didPlay.append((UInt32(values[0].integer ?? -1), values[1].string ?? "", values[2].string ?? ""))
            }
        }
        XCTAssertTrue(try added.wait())
        return daemon
    }

    private func audioProperty(_ name: String) throws -> DBusValue? {
        try propertyAndWait(client!, ControlBus.name, ControlBus.path, Self.audio, name)
    }

    /// Waits (real time: the mocks' signals travel over the bus) until `name` reads `value`.
    private func waitForProperty(_ name: String, _ value: DBusValue) -> Bool {
        PollingWait.until(timeout: 5) { (try? self.audioProperty(name)) == value }
    }

    private func speak(_ text: String) throws -> UInt32 {
        let reply = try callAndWait(client!, ControlBus.name, ControlBus.path, Self.audio, "Speak", [.string(text), .string("guidance")]).get()
        return UInt32(reply.first?.integer ?? -1)
    }

    /// How output `id` ended, once the daemon's clock has moved on far enough to play it (the DidPlay signal then
    /// crosses the bus in real time).
    private func outcome(of id: UInt32, playing seconds: Double = 8) throws -> (outcome: String, reason: String)? {
        try daemon!.advance(bySeconds: seconds)
        guard PollingWait.until(timeout: 5, { self.didPlay.all.contains { $0.id == id } }) else { return nil }
        return didPlay.all.first { $0.id == id }.map { ($0.outcome, $0.reason) }
    }

    private func connectHeadset() throws {
        try services!.connectHeadset()
    }

    // MARK: - Tests

    func test_theHandsFreeRoute_fallsBackWhenTheHeadsetGoes_andACutOffSpeakIsSaidAgainWholeOnDefault() throws {
        let daemon = try startDaemon()
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("default")), "no headset yet: default\n\(daemon.log.lines.joined())")
        try connectHeadset()
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("hfp")), daemon.log.lines.joined())

        let id = try speak("In three hundred meters, at the roundabout, take the second exit onto the ring road")
        try daemon.advance(bySeconds: 1)
        XCTAssertEqual(willPlay.all.filter { $0 == id }.count, 1, "playing on the headset")
        try BlueZMock(bus: bus!).call("DisconnectDevice", ["'hci0'", "'\(Self.helmet)'"])
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("default")), daemon.log.lines.joined())
        XCTAssertTrue(routeChanges.all.contains { $0.route == "default" && !$0.reason.isEmpty }, "\(routeChanges.all)")

        try daemon.advance(bySeconds: 15)
        XCTAssertTrue(PollingWait.until(timeout: 5) { self.didPlay.all.filter { $0.id == id }.count == 2 }, "\(didPlay.all)")
        let ends = didPlay.all.filter { $0.id == id }
        XCTAssertEqual(ends.map(\.outcome), ["interrupted", "spoken"], "cut off on the headset, then said again whole on default")
        XCTAssertEqual(ends.first?.reason, "no hands-free device connected")
        XCTAssertEqual(willPlay.all.filter { $0 == id }.count, 2, "a second WillPlay for the same id")
        XCTAssertTrue(daemon.log.lines.contains { $0.contains("is cut off; saying it again") }, daemon.log.lines.joined())

        try BlueZMock(bus: bus!).call("ConnectDevice", ["'hci0'", "'\(Self.helmet)'"])
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("hfp")), "the headset back: the requested route returns")
    }

    func test_aPhoneCall_turnsPromptsIntoAChime_silenceOnTheHandsFreeLink_andBackWhenItEnds() throws {
        let daemon = try startDaemon()
        XCTAssertEqual(try audioProperty("InCall"), .boolean(false))
        let call = try OfonoMock(bus: bus!).dial()
        XCTAssertTrue(waitForProperty("InCall", .boolean(true)), daemon.log.lines.joined())
        XCTAssertEqual(try audioProperty("PromptStyle"), .string("tone"), "the in-call style")
        let chimed = try speak("During the call")
        let chime = try outcome(of: chimed)
        XCTAssertEqual(chime?.outcome, "spoken")
        XCTAssertEqual(chime?.reason, "a chime in place of speech during a phone call")

        try connectHeadset()
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("hfp")), daemon.log.lines.joined())
        let silent = try outcome(of: try speak("Not into the call"))
        XCTAssertEqual(silent?.outcome, "cancelled")
        XCTAssertEqual(silent?.reason, OutputReason.callOnOutputLink)

        try OfonoMock(bus: bus!).removeCall(call)
        XCTAssertTrue(waitForProperty("InCall", .boolean(false)), daemon.log.lines.joined())
        XCTAssertEqual(try audioProperty("PromptStyle"), .string("normal"))
        let after = try outcome(of: try speak("After the call"))
        XCTAssertEqual(after?.outcome, "spoken")
        XCTAssertEqual(after?.reason, "")
    }
}
