import Foundation
import TestSupport
import XCTest

/// A stand-in for routecue's D-Bus service, for policy tests: Debian's python3-dbus (GLib main loop) owns
/// `org.routecue` on a private bus and exports `/org/routecue/Guidance`, which answers Guidance1.Start and
/// Properties Get/GetAll/Set and introspects as the contract XML in config/dbus. Stopped by PID in `stop()` and `deinit`.
final class GuidanceServiceStub {
    static let python = "/usr/bin/python3"
    static let objectPath = "/org/routecue/Guidance"

    private let process = Process()
    private let log: URL

    /// Starts it on `bus` and waits until it owns org.routecue; throws `XCTSkip` when python3-dbus or python3-gi
    /// is missing.
    init(on bus: DBusDaemonProcess) throws {
        let probe = try? CommandRunner.run(Self.python, ["-c", "import dbus.service, dbus.mainloop.glib, gi.repository.GLib"])
        guard probe?.status == 0 else {
            let message = "SKIPPED: \(Self.python) with python3-dbus and python3-gi is needed for the service stub"
            print(message)
            throw XCTSkip(message)
        }
        let contract = ["org.routecue.Guidance1.xml", "org.routecue.Audio1.xml"].map {
            SharedData.repositoryRoot.appendingPathComponent("config/dbus/\($0)").path
        }
        log = bus.directory.appendingPathComponent("guidance-stub.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = ["-c", Self.script, bus.address] + contract
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        guard bus.waitForOwner(of: "org.routecue") else {
            stop()
            throw DBusDaemonError(message: "the stub did not own org.routecue within 5 s: \(logText)")
        }
    }

    deinit { stop() }

    /// What it printed (Python tracebacks).
    var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// SIGTERM by PID, and reaps it.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    private static let script = """
        import re, sys, dbus, dbus.service
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib
        DBusGMainLoop(set_as_default=True)
        bus = dbus.bus.BusConnection(sys.argv[1])
        interfaces = "".join(re.search(r"<interface .*</interface>", open(f).read(), re.S).group(0) for f in sys.argv[2:])

        class Guidance(dbus.service.Object):
            @dbus.service.method("org.routecue.Guidance1")
            def Start(self): pass

            @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
            def Get(self, interface, name): return dbus.String("idle", variant_level=1)

            @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
            def GetAll(self, interface): return {}

            @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ssv")
            def Set(self, interface, name, value): pass

            @dbus.service.method(dbus.INTROSPECTABLE_IFACE, out_signature="s")
            def Introspect(self): return "<node>" + interfaces + "</node>"

        name = dbus.service.BusName("org.routecue", bus, do_not_queue=True)
        Guidance(bus, "\(objectPath)")
        GLib.MainLoop().run()
        """
}
