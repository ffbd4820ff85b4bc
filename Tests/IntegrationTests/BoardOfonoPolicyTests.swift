import Foundation
import Glibc
import TestSupport
import XCTest

/// `board/dbus/routecue-ofono.conf` on a system-like bus beside Debian 12's own oFono policy (a copy in
/// Tests/fixtures/dbus), with dbusmock's oFono owning `org.ofono`: the head-unit user (here nobody, who is not at the
/// console) may make the two calls RouteCue makes to follow phone calls and nothing else; without the board file
/// Debian's policy refuses both, which is why the board ships it.
final class BoardOfonoPolicyTests: XCTestCase {
    private var directory: URL!
    private var bus: DBusDaemonProcess?
    private var mock: DBusMockProcess?

    override func setUpWithError() throws {
        guard getuid() == 0 else {
            let message = "SKIPPED: the policy test switches users with setpriv, which needs root"
            print(message)
            throw XCTSkip(message)
        }
        try DBusDaemonProcess.require()
        directory = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        mock?.stop()
        bus?.stop()
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    private struct Answers {
        var modems: CommandRunner.Result
        var calls: CommandRunner.Result
        var dial: CommandRunner.Result
        var dialByRoot: CommandRunner.Result
    }

    /// oFono's mock on a system-like bus with `policies`, and what nobody (and root) get from it.
    private func askOfono(policies: [String]) throws -> Answers {
        mock?.stop()
        bus?.stop()
        let bus = try DBusDaemonProcess(.systemLike(policyFiles: policies))
        self.bus = bus
        mock = try DBusMockProcess(template: "ofono", owning: "org.ofono", on: bus)
        let modems = try bus.gdbusCall(destination: "org.ofono", path: "/", method: "org.ofono.Manager.GetModems", asUser: .nobody)
        let calls = try bus.gdbusCall(destination: "org.ofono", path: "/ril_0", method: "org.ofono.VoiceCallManager.GetCalls", asUser: .nobody)
        let dial = try bus.gdbusCall(destination: "org.ofono", path: "/ril_0", method: "org.ofono.VoiceCallManager.Dial",
                                     ["'12345'", "'default'"], asUser: .nobody)
        let dialByRoot = try bus.gdbusCall(destination: "org.ofono", path: "/ril_0", method: "org.ofono.VoiceCallManager.Dial",
                                           ["'12345'", "'default'"])
        return Answers(modems: modems, calls: calls, dial: dial, dialByRoot: dialByRoot)
    }

    func test_theHeadUnitUser_readsModemsAndCalls_butCannotDial_andDebiansPolicyAloneRefusesBoth() throws {
        let debian = SharedData.repositoryRoot.appendingPathComponent("Tests/fixtures/dbus/debian-ofono.conf").path
        let shipped = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("board/dbus/routecue-ofono.conf"), encoding: .utf8)
        let board = directory.appendingPathComponent("routecue-ofono.conf")
        try shipped.replacingOccurrences(of: "@HEADUNIT_USER@", with: "nobody").write(to: board, atomically: true, encoding: .utf8)
        let denied = "org.freedesktop.DBus.Error.AccessDenied"

        let with = try askOfono(policies: [debian, board.path])
        XCTAssertEqual(with.modems.status, 0, with.modems.stderr)
        XCTAssertTrue(with.modems.stdout.contains("/ril_0"), "the mock's modem: \(with.modems.stdout)")
        XCTAssertEqual(with.calls.status, 0, with.calls.stderr)
        XCTAssertTrue(with.dial.stderr.contains(denied), "RouteCue's user never dials: \(with.dial.stderr)")
        XCTAssertEqual(with.dialByRoot.status, 0, "root may (Debian's policy), so the refusal above is the policy's: \(with.dialByRoot.stderr)")

        let without = try askOfono(policies: [debian])
        XCTAssertTrue(without.modems.stderr.contains(denied), "not at the console: \(without.modems.stderr)")
        XCTAssertTrue(without.calls.stderr.contains(denied), without.calls.stderr)
    }
}
