import Foundation
import TestSupport
import XCTest

/// The private dbus-daemon tests start: it serves clients, stops and dies by its PID, comes back on the same listen
/// address, and applies system-bus policy (including RouteCue's own, config/dbus/org.routecue.conf) to other users.
final class DBusDaemonProcessTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        directory = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    func test_sessionBus_answersListNames_throughBusctlDbusSendAndGdbus() throws {
        let bus = try DBusDaemonProcess(.session)
        XCTAssertTrue(bus.address.hasPrefix(bus.listenAddress + ",guid="), bus.address)

        let list = try bus.busctl(["list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("org.freedesktop.DBus"), list.stdout)

        let names = try bus.dbusSend(destination: "org.freedesktop.DBus", path: "/", method: "org.freedesktop.DBus.ListNames")
        XCTAssertEqual(names.status, 0, names.stderr)
        XCTAssertTrue(names.stdout.contains("string \"org.freedesktop.DBus\""), names.stdout)

        let id = try bus.gdbusCall(destination: "org.freedesktop.DBus", path: "/", method: "org.freedesktop.DBus.GetId")
        XCTAssertEqual(id.status, 0, id.stderr)
        XCTAssertEqual(id.stdout.filter(\.isHexDigit).count, 32, "the bus ID: \(id.stdout)")
    }

    func test_stop_endsItsPID_andClientsAreRefused() throws {
        let bus = try DBusDaemonProcess(.session)
        XCTAssertTrue(isAlive(bus.pid))
        bus.stop()
        XCTAssertFalse(bus.isRunning)
        XCTAssertFalse(isAlive(bus.pid), "stop() must end PID \(bus.pid)")
        XCTAssertNotEqual(try bus.busctl(["list"]).status, 0)
    }

    func test_deinit_stopsTheDaemon() throws {
        var bus: DBusDaemonProcess? = try DBusDaemonProcess(.session)
        let pid = try XCTUnwrap(bus?.pid)
        bus = nil
        XCTAssertFalse(isAlive(pid), "a bus dropped by a failing test must not outlive it")
    }

    func test_killThenRestart_servesAgainOnTheSameListenAddress() throws {
        let bus = try DBusDaemonProcess(.session)
        let first = (pid: bus.pid, address: bus.address)
        bus.kill()
        XCTAssertFalse(isAlive(first.pid))
        XCTAssertNotEqual(try bus.busctl(["list"]).status, 0, "nothing listens while it is down")

        try bus.restart()
        XCTAssertNotEqual(bus.pid, first.pid)
        XCTAssertTrue(bus.address.hasPrefix(bus.listenAddress + ",guid="), bus.address)
        XCTAssertNotEqual(bus.address, first.address, "a new run has a new GUID")
        let reply = try CommandRunner.run("dbus-send", ["--bus=\(bus.listenAddress)", "--print-reply", "--reply-timeout=5000",
                                                        "--dest=org.freedesktop.DBus", "/", "org.freedesktop.DBus.ListNames"])
        XCTAssertEqual(reply.status, 0, "the listen address reaches the restarted bus: \(reply.stderr)")

        // libdbus checks the GUID of a printed address: a client keeping the old one cannot reconnect.
        let stale = try CommandRunner.run("dbus-send", ["--bus=\(first.address)", "--print-reply", "--reply-timeout=2000",
                                                        "--dest=org.freedesktop.DBus", "/", "org.freedesktop.DBus.ListNames"])
        XCTAssertNotEqual(stale.status, 0, "old GUID accepted: \(stale.stdout)")
    }

    func test_systemLikeBus_onlyRootMayOwnTheName_nobodyGetsAccessDenied() throws {
        try requireRoot()
        let policy = try write("own.conf", """
            <busconfig>
              <policy user="root"><allow own="org.routecue.Test"/></policy>
            </busconfig>
            """)
        let bus = try DBusDaemonProcess(.systemLike(policyFiles: [policy]))

        let byNobody = try requestName("org.routecue.Test", on: bus, asUser: .nobody)
        XCTAssertNotEqual(byNobody.status, 0)
        XCTAssertTrue(byNobody.stderr.contains("org.freedesktop.DBus.Error.AccessDenied"), byNobody.stderr)

        let byRoot = try requestName("org.routecue.Test", on: bus)
        XCTAssertEqual(byRoot.status, 0, byRoot.stderr)
        XCTAssertTrue(byRoot.stdout.contains("uint32 1"), "primary owner: \(byRoot.stdout)")
        XCTAssertNotEqual(try requestName("org.routecue.Other", on: bus).status, 0, "names no file allows stay denied")
    }

    func test_permissiveBus_letsNobodyOwnAnyName() throws {
        try requireRoot()
        let bus = try DBusDaemonProcess(.permissive)
        let reply = try requestName("org.bluez", on: bus, asUser: .nobody)
        XCTAssertEqual(reply.status, 0, reply.stderr)
        XCTAssertTrue(reply.stdout.contains("uint32 1"), reply.stdout)
    }

    /// config/dbus/org.routecue.conf with `routecue` → root (who owns the stub) and `routecue-ui` → `users`.
    func test_routecuePolicy_uiGroupControls_everybodyElseOnlyIntrospectsAndReads() throws {
        try requireRoot()
        let uiGroup = try XCTUnwrap(getgrnam("users")?.pointee.gr_gid, "group users (gid 100) missing from /etc/group")
        let original = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("config/dbus/org.routecue.conf"),
                                  encoding: .utf8)
        let policy = try write("org.routecue.conf", original.replacingOccurrences(of: "user=\"routecue\"", with: "user=\"root\"")
            .replacingOccurrences(of: "group=\"routecue-ui\"", with: "group=\"users\""))
        let bus = try DBusDaemonProcess(.systemLike(policyFiles: [policy]))
        let stub = try GuidanceServiceStub(on: bus)
        defer { stub.stop() }
        // nobody's primary group counts as a membership, so the UI group must not be nogroup.
        let ui = ProcessCredentials(uid: 65534, gid: 65534, groups: [uiGroup])
        let path = GuidanceServiceStub.objectPath

        let byUI = try bus.dbusSend(destination: "org.routecue", path: path, method: "org.routecue.Guidance1.Start", asUser: ui)
        XCTAssertEqual(byUI.status, 0, "the UI group may call Start: \(byUI.stderr) \(stub.logText)")
        let setByUI = try bus.gdbusCall(destination: "org.routecue", path: path, method: "org.freedesktop.DBus.Properties.Set",
                                        ["'org.routecue.Audio1'", "'Muted'", "<true>"], asUser: ui)
        XCTAssertEqual(setByUI.status, 0, "the UI group may set properties: \(setByUI.stderr)")

        let refused: [(method: String, arguments: [String])] = [("org.routecue.Guidance1.Start", []),
            ("org.freedesktop.DBus.Properties.Set", ["'org.routecue.Audio1'", "'Muted'", "<true>"])]
        for (method, arguments) in refused {
            let denied = try bus.gdbusCall(destination: "org.routecue", path: path, method: method, arguments, asUser: .nobody)
            XCTAssertTrue(denied.stderr.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(method) by nobody: \(denied.stderr)")
        }
        XCTAssertTrue(try requestName("org.routecue", on: bus, asUser: ui).stderr.contains("AccessDenied"), "only the service user owns it")

        let get = try bus.dbusSend(destination: "org.routecue", path: path, method: "org.freedesktop.DBus.Properties.Get",
                                   ["string:org.routecue.Guidance1", "string:State"], asUser: .nobody)
        XCTAssertEqual(get.status, 0, "everybody may read properties: \(get.stderr)")
        XCTAssertTrue(get.stdout.contains("\"idle\""), get.stdout)
        let introspection = try bus.busctl(["introspect", "org.routecue", path], asUser: .nobody)
        XCTAssertEqual(introspection.status, 0, "everybody may introspect: \(introspection.stderr)")
        for member in [".LoadRoute", ".State", ".EventText", ".Speak", ".RequestedRoute", ".DidPlay"] {
            XCTAssertTrue(introspection.stdout.contains(member), "the contract XML lists \(member): \(introspection.stdout)")
        }
    }

    // MARK: - Helpers

    private func requestName(_ name: String, on bus: DBusDaemonProcess, asUser user: ProcessCredentials? = nil) throws -> CommandRunner.Result {
        try bus.dbusSend(destination: "org.freedesktop.DBus", path: "/", method: "org.freedesktop.DBus.RequestName",
                         ["string:\(name)", "uint32:4"], asUser: user)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func isAlive(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 }

    /// The policy tests run clients as nobody through setpriv, which needs root.
    private func requireRoot() throws {
        guard getuid() == 0 else {
            let message = "SKIPPED: policy tests switch users with setpriv and need root"
            print(message)
            throw XCTSkip(message)
        }
    }
}
