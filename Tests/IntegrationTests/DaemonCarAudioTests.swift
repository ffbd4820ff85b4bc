import DBusKit
import EventLoopKit
import Foundation
import Glibc
import RouteCueCore
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// `routecue run` in the car's audio world on a private system-like bus: dbusmock's BlueZ and oFono, the tests' own
/// bluez-alsa mock, the `hfp` route's PCM template pointed at an ALSA file PCM per device. The hands-free device
/// coming and going moves the active route (and how fast), a phone call switches the prompts to a chime or to
/// silence on the hands-free link, and each service vanishing degrades RouteCue without stopping it.
final class DaemonCarAudioTests: XCTestCase {
    private var tmp: URL!
    private var services: CarAudioServices?
    private var bus: DBusDaemonProcess? { services?.bus }
    private var daemon: DaemonProcess?
    private var client: BusConnection?
    private let routeChanges = Collected<(route: String, reason: String, at: UInt64)>()
    private let didPlay = Collected<(id: UInt32, outcome: String, reason: String)>()
    private let audioChanges = Collected<[String: DBusValue]>()
    private let willPlay = Collected<(id: UInt32, at: UInt64)>()
    private var jack: JackDummyServer?

    private static let name: BusName = "org.routecue"
    private static let path: ObjectPath = "/org/routecue/Guidance"
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
        daemon?.kill()
        jack?.stop()
        services?.stop()
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    // MARK: - Helpers

    private var defaultWAV: URL { tmp.appendingPathComponent("default.wav") }
    private func handsFreeWAV(_ address: String) -> URL { tmp.appendingPathComponent("hfp-\(address).wav") }

    /// `routecue run` with the `hfp` route requested, its PCM template a file PCM per device (or `template`).
    private func startDaemon(calls: String = "{}", template: String? = nil, environment: [String: String] = [:]) throws {
        let config = tmp.appendingPathComponent("routecue.json")
        let template = template ?? "file:FILE=\(tmp.path)/hfp-{address}.wav,FORMAT=wav"
        try #"{"audio": {"route": "hfp"}, "bluetooth": {"pcm_template": "\#(template)"}, "calls": \#(calls)}"#
            .write(to: config, atomically: true, encoding: .utf8)
        daemon = try DaemonProcess(["--bus", bus!.address, "--session-bus", "none", "--config", config.path,
                                    "--device", ALSATestEnvironment.fileDevice(defaultWAV.path), "--gpsd", "127.0.0.1:9",
                                    "--log-level", "debug"], environment: environment)
        XCTAssertTrue(bus!.waitForOwner(of: Self.name.rawValue, within: 10), daemon!.stderrText)
        let client = client!
        let routeChanges = routeChanges, didPlay = didPlay, audioChanges = audioChanges, willPlay = willPlay
        let added = Awaited<Bool>()
        try onLoop {
            client.subscribe(MatchRule(sender: Self.name, path: Self.path, interface: Self.audio, member: "RouteChanged")) { message in
                guard let values = try? message.arguments(), values.count == 2 else { return }
                routeChanges.append((values[0].string ?? "", values[1].string ?? "", MonotonicClock.nanoseconds()))
            }
            client.subscribePropertiesChanged(sender: Self.name, path: Self.path, interface: Self.audio) { change in audioChanges.append(change.changed) }
            client.subscribe(MatchRule(sender: Self.name, path: Self.path, interface: Self.audio, member: "WillPlay")) { message in
                guard let values = try? message.arguments(), let id = values.first?.integer else { return }
                willPlay.append((UInt32(id), MonotonicClock.nanoseconds()))
            }
            // Match rules are added in order: once the last is in, so are the others.
            client.subscribe(MatchRule(sender: Self.name, path: Self.path, interface: Self.audio, member: "DidPlay"),
                             added: { added.set($0 == nil) }) { message in
                guard let values = try? message.arguments(), values.count == 3 else { return }
                didPlay.append((UInt32(values[0].integer ?? -1), values[1].string ?? "", values[2].string ?? ""))
            }
        }
        XCTAssertTrue(try added.wait())
    }

    private func audioProperty(_ name: String) throws -> DBusValue? {
        let outcome = Awaited<Result<DBusValue, BusError>>()
        let client = client!
        try onLoop { client.getProperty(destination: Self.name, path: Self.path, interface: Self.audio, name: name) { outcome.set($0) } }
        return try? outcome.wait().get()
    }

    private func waitForProperty(_ name: String, _ value: DBusValue, within seconds: Double = 5) -> Bool {
        PollingWait.until(timeout: seconds) { (try? self.audioProperty(name)) == value }
    }

    @discardableResult
    private func speak(_ text: String) throws -> UInt32 {
        let reply = try callAndWait(client!, Self.name, Self.path, Self.audio, "Speak", [.string(text), .string("guidance")]).get()
        return UInt32(reply.first?.integer ?? -1)
    }

    private func outcome(of id: UInt32, within seconds: Double = 10) -> (outcome: String, reason: String)? {
        guard PollingWait.until(timeout: seconds, { self.didPlay.all.contains { $0.id == id } }) else { return nil }
        return didPlay.all.first { $0.id == id }.map { ($0.outcome, $0.reason) }
    }

    private func bluezCall(_ method: String, _ arguments: [String]) throws {
        try services!.bluezCall(method, arguments)
    }

    /// A connected headset with the hands-free profile and its bluez-alsa SCO sink PCM.
    @discardableResult
    private func connectHeadset(_ address: String, delay: UInt16 = 250) throws -> String {
        try services!.connectHeadset(address, delay: delay)
    }

    private func size(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
    }

    // MARK: - Tests

    func test_theHandsFreeRoute_followsTheDevice_fallingBackToDefaultFast_andComingBack() throws {
        try startDaemon()
        XCTAssertEqual(try audioProperty("RequestedRoute"), .string("hfp"))
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("default")), "no device yet: default\n\(daemon!.stderrText)")
        try connectHeadset(Self.helmet)
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("hfp")), daemon!.stderrText)
        XCTAssertTrue(routeChanges.all.contains { $0.route == "hfp" && $0.reason.contains("connected") }, "\(routeChanges.all)")
        let first = try speak("On the helmet")
        XCTAssertEqual(outcome(of: first)?.outcome, "spoken", daemon!.stderrText)
        XCTAssertTrue(PollingWait.until(timeout: 5) { self.size(self.handsFreeWAV(Self.helmet)) > 10_000 }, "speech went to the hands-free PCM")

        // The headset disconnects: default within 200 ms of BlueZ saying so.
        var fallbacks: [Double] = []
        for round in 0..<3 {
            let before = routeChanges.count
            let called = MonotonicClock.nanoseconds()
            try bluezCall("DisconnectDevice", ["'hci0'", "'\(Self.helmet)'"])
            let returned = MonotonicClock.nanoseconds()
            XCTAssertTrue(PollingWait.until(timeout: 5) { self.routeChanges.all.dropFirst(before).contains { $0.route == "default" } },
                          "round \(round)\n\(daemon!.stderrText)")
            guard let change = routeChanges.all.dropFirst(before).first(where: { $0.route == "default" }) else { return }
            // gdbus takes some 20-60 ms to start; the mock emits the signal as its call returns.
            fallbacks.append(Double(change.at - called) / 1e6)
            XCTAssertFalse(change.reason.isEmpty)
            _ = returned
            try bluezCall("ConnectDevice", ["'hci0'", "'\(Self.helmet)'"])
            XCTAssertTrue(waitForProperty("ActiveRoute", .string("hfp")), "the device back: the requested route returns\n\(daemon!.stderrText)")
        }
        print("hfp -> default after DisconnectDevice (gdbus start included): " + fallbacks.map { String(format: "%.0f ms", $0) }.joined(separator: ", "))
        XCTAssertLessThan(fallbacks.max() ?? 1000, 200, "fallback within 200 ms: \(fallbacks)")

        // Gone for good: speech goes to default.
        try bluezCall("DisconnectDevice", ["'hci0'", "'\(Self.helmet)'"])
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("default")))
        let defaultBefore = size(defaultWAV)
        let second = try speak("On the speakers")
        XCTAssertEqual(outcome(of: second)?.outcome, "spoken")
        XCTAssertTrue(PollingWait.until(timeout: 5) { self.size(self.defaultWAV) > defaultBefore + 10_000 }, "speech on the default PCM")
    }

    func test_theDeviceGoingMidUtterance_onAPacedLink_fallsBackAtOnce_andSaysItAgainWholeOnDefault() throws {
        jack = try JackDummyServer()
        ALSATestEnvironment.prepare()
        var environment: [String: String] = [:]
        for key in ["ALSA_CONFIG_PATH", "JACK_DEFAULT_SERVER", "JACK_NO_START_SERVER"] {
            if let value = ProcessInfo.processInfo.environment[key] { environment[key] = value }
        }
        try startDaemon(template: ALSATestEnvironment.pacedTap("\(tmp.path)/hfp-{address}.wav"), environment: environment)
        try connectHeadset(Self.helmet)
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("hfp")), daemon!.stderrText)
        var fallbacks: [Double] = []
        var resays: [Double] = []
        for round in 0..<3 {
            let id = try speak("Round \(round): in eight hundred meters, at the roundabout, take the third exit onto the long road to the harbour")
            XCTAssertTrue(PollingWait.until(timeout: 5) { self.willPlay.all.contains { $0.id == id } }, daemon!.stderrText)
            usleep(1_200_000)
            let before = routeChanges.count
            let called = MonotonicClock.nanoseconds()
            try bluezCall("DisconnectDevice", ["'hci0'", "'\(Self.helmet)'"])
            XCTAssertTrue(PollingWait.until(timeout: 5) { self.routeChanges.all.dropFirst(before).contains { $0.route == "default" } }, daemon!.stderrText)
            // Interrupted on the headset, then said again whole on default under the same id.
            XCTAssertTrue(PollingWait.until(timeout: 10) { self.didPlay.all.filter { $0.id == id }.count >= 2 }, "\(didPlay.all)\n\(daemon!.stderrText)")
            let ends = didPlay.all.filter { $0.id == id }
            XCTAssertEqual(ends.first?.outcome, "interrupted", "\(ends)")
            XCTAssertEqual(ends.last?.outcome, "spoken", "\(ends)")
            if let change = routeChanges.all.dropFirst(before).first(where: { $0.route == "default" }) {
                fallbacks.append(Double(change.at - called) / 1e6)
            }
            if let again = willPlay.all.filter({ $0.id == id }).dropFirst().first { resays.append(Double(again.at - called) / 1e6) }
            try bluezCall("ConnectDevice", ["'hci0'", "'\(Self.helmet)'"])
            XCTAssertTrue(waitForProperty("ActiveRoute", .string("hfp")), daemon!.stderrText)
        }
        print("mid-utterance: DisconnectDevice -> RouteChanged default " + fallbacks.map { String(format: "%.0f ms", $0) }.joined(separator: ", ")
              + "; -> said again on default (WillPlay) " + resays.map { String(format: "%.0f ms", $0) }.joined(separator: ", "))
        XCTAssertLessThan(fallbacks.max() ?? 1000, 200, "\(fallbacks)")
        XCTAssertLessThan(resays.max() ?? 1000, 300, "said again at once: \(resays)")
        XCTAssertGreaterThan(size(defaultWAV), 100_000, "the whole utterance on default")
    }

    func test_aPhoneCall_turnsPromptsIntoAChime_silenceOnTheHandsFreeLink_andBackWhenItEnds() throws {
        try startDaemon()
        XCTAssertEqual(try audioProperty("InCall"), .boolean(false))
        let callPath = try OfonoMock(bus: bus!).dial()
        XCTAssertTrue(waitForProperty("InCall", .boolean(true)), daemon!.stderrText)
        XCTAssertEqual(try audioProperty("PromptStyle"), .string("tone"), "the in-call style")
        // On the speakers (no hands-free device): a chime in place of the words.
        let chimed = try speak("During the call")
        XCTAssertEqual(outcome(of: chimed)?.outcome, "spoken")
        XCTAssertEqual(outcome(of: chimed)?.reason, "a chime in place of speech during a phone call")

        // With the hands-free device connected, nothing plays into the link.
        try connectHeadset(Self.helmet)
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("hfp")), daemon!.stderrText)
        let silent = try speak("Not into the call")
        XCTAssertEqual(outcome(of: silent)?.outcome, "cancelled")
        XCTAssertEqual(outcome(of: silent)?.reason, OutputReason.callOnOutputLink)

        // The call ends: prompts are normal again.
        try OfonoMock(bus: bus!).removeCall(callPath)
        XCTAssertTrue(waitForProperty("InCall", .boolean(false)), daemon!.stderrText)
        XCTAssertEqual(try audioProperty("PromptStyle"), .string("normal"))
        let after = try speak("After the call")
        XCTAssertEqual(outcome(of: after)?.outcome, "spoken")
        XCTAssertEqual(outcome(of: after)?.reason, "")
    }

    func test_theInCallStyleNone_suppressesPrompts_andSaysWhy() throws {
        try startDaemon(calls: #"{"prompt_style": "none"}"#)
        try OfonoMock(bus: bus!).dial()
        XCTAssertTrue(waitForProperty("InCall", .boolean(true)), daemon!.stderrText)
        let id = try speak("Suppressed")
        XCTAssertEqual(outcome(of: id)?.outcome, "cancelled")
        XCTAssertEqual(outcome(of: id)?.reason, OutputReason.duringCall)
    }

    func test_servicesVanishing_degradeRouteCue_andItRecoversWhenTheyReturn() throws {
        try startDaemon()
        try connectHeadset(Self.helmet)
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("hfp")), daemon!.stderrText)
        try OfonoMock(bus: bus!).dial()
        XCTAssertTrue(waitForProperty("InCall", .boolean(true)), daemon!.stderrText)

        // oFono dies mid-call: prompts back to normal.
        services!.ofono?.stop()
        XCTAssertTrue(waitForProperty("InCall", .boolean(false)), daemon!.stderrText)
        // bluez-alsa dies: no SCO PCM, so default.
        services!.bluealsa?.stop()
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("default")), daemon!.stderrText)
        XCTAssertTrue(routeChanges.all.last?.reason.contains("bluez-alsa") == true, "\(routeChanges.all)")
        // BlueZ dies too; then everything comes back.
        services!.bluez?.stop()
        usleep(200_000)
        XCTAssertTrue(daemon!.isRunning, daemon!.stderrText)
        try services!.startBlueZ()
        try services!.bluealsa?.start()
        try connectHeadset(Self.helmet)
        XCTAssertTrue(waitForProperty("ActiveRoute", .string("hfp")), daemon!.stderrText)
        try services!.startOfono()
        try OfonoMock(bus: bus!).dial()
        XCTAssertTrue(waitForProperty("InCall", .boolean(true)), "oFono followed again\n\(daemon!.stderrText)")
        XCTAssertTrue(daemon!.isRunning)
    }
}
