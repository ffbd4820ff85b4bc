import DBusKit
import DriveLab
import EventLoopKit
import Foundation
import Glibc
import RouteCueCore
import RouteCueService
import Speech
import Synchronization
import TestSupport
import XCTest

/// The daemon in the test's process against a private dbus-daemon: its timers, its audio (a virtual sink) and its bus
/// connection's timeouts on a `ManualLoop`, the bus traffic on RouteCue's loop. The UI's methods do what
/// docs/dbus.md says — LoadRoute of a document and of a broken one, SetOptions with a wrong argument and a right one,
/// Start, and Speak heard on virtual time; the configuration's reader limits (docs/limits.md) hold for LoadRoute and
/// for the route given at start.
final class DaemonInProcessBusTests: XCTestCase {
    private var tmp: URL!
    private var ui: InProcessDaemonOnBus?

    private static let guidance: InterfaceName = "org.routecue.Guidance1"
    private static let audio: InterfaceName = "org.routecue.Audio1"

    override func setUpWithError() throws {
        tmp = try CommandRunner.temporaryDirectory()
        ui = try InProcessDaemonOnBus()
    }

    override func tearDown() {
        ui?.stop()
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
        super.tearDown()
    }

    private let example = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json")

    /// Starts the daemon in-process with the control interface on the private bus.
    private func startDaemon() throws -> InProcessDaemon {
        try ui!.start(try InProcessDaemon.options(config: "{}", in: tmp, bus: ui!.bus.address))
    }

    private func call(_ interface: InterfaceName, _ method: MemberName, _ arguments: [DBusValue] = []) throws -> Result<[DBusValue], BusError> {
        try ui!.call(interface, method, arguments)
    }

    private func property(_ interface: InterfaceName, _ name: String) throws -> DBusValue? {
        try ui!.property(interface, name)
    }

    func test_theReaderLimitsOfTheConfiguration_holdForLoadRoute_andForTheStartRoute() throws {
        var track = "<gpx><trk><trkseg>"
        for i in 0..<1001 { track += "<trkpt lat=\"\(50 + Double(i) * 0.0002)\" lon=\"8\"/>" }
        track += "</trkseg></trk></gpx>"
        let long = tmp.appendingPathComponent("long.gpx")
        try track.write(to: long, atomically: true, encoding: .utf8)
        var options = try InProcessDaemon.options(config: #"{"import": {"max_points": 1000, "max_depth": 32}}"#, in: tmp, bus: ui!.bus.address)
        options.routePath = long.path
        let daemon = try ui!.start(options)
        for _ in 0..<500 where !daemon.log.lines.contains(where: { $0.contains("import.max_points") }) {
            try daemon.advance(bySeconds: 0.01)
            usleep(10_000)
        }
        XCTAssertTrue(daemon.log.lines.contains { $0.contains("long.gpx: the route has 1001 points, over the limit of 1000 (import.max_points)") },
                      daemon.log.lines.joined(separator: "\n"))

        let document = try String(contentsOf: example, encoding: .utf8)
        let maneuvers = try RouteReader.read(Array(document.utf8), name: "example").maneuvers.count
        XCTAssertEqual(try call(Self.guidance, "LoadRoute", [.string("auto"), .string(document)]).get().first?.integer, Int64(maneuvers))
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let tooDeep = failure(try call(Self.guidance, "LoadRoute", [.string("auto"), .string(deep)]))
        XCTAssertEqual(tooDeep?.name, "org.routecue.Error.BadRoute")
        XCTAssertTrue(tooDeep?.message.contains("line 1, column 33: nesting deeper than the limit of 32 levels (import.max_depth)") == true,
                      tooDeep?.message ?? "")
        let tooLong = failure(try call(Self.guidance, "LoadRoute", [.string("gpx"), .string(track)]))
        XCTAssertEqual(tooLong?.name, "org.routecue.Error.BadRoute")
        XCTAssertTrue(tooLong?.message.contains("over the limit of 1000 (import.max_points)") == true, tooLong?.message ?? "")
        XCTAssertEqual(try call(Self.guidance, "GetManeuvers").get().first?.elements?.count, maneuvers, "the route loaded before stays")
        try daemon.stop()
    }

    /// A NUL escaped in a route's JSON (the D-Bus fuzz target found it) is read as U+FFFD: D-Bus strings cannot hold
    /// NUL, so GetManeuvers answered InvalidArgs for the whole route before.
    func test_aStreetNameWithAnEscapedNUL_reachesTheUI_asAReplacementCharacter() throws {
        let daemon = try startDaemon()
        let document = try String(contentsOf: example, encoding: .utf8)
            .replacingOccurrences(of: #""name": "Lindenallee""#, with: #""name": "Linden\u0000allee""#)
        XCTAssertTrue(document.contains("\\u0000"))
        XCTAssertNotNil(try call(Self.guidance, "LoadRoute", [.string("auto"), .string(document)]).get().first?.integer)
        let maneuvers = try XCTUnwrap(try call(Self.guidance, "GetManeuvers").get().first?.elements)
        XCTAssertTrue("\(maneuvers)".contains("Linden\u{FFFD}allee"), "\(maneuvers)")
        try daemon.stop()
    }

    func test_theUIsMethods_onTheDaemonInProcess_loadSetStartAndSpeak_onVirtualTime() throws {
        let daemon = try startDaemon()
        let document = try String(contentsOf: example, encoding: .utf8)
        let maneuvers = try RouteReader.read(Array(document.utf8), name: "example").maneuvers.count

        // LoadRoute: the import runs on its thread and answers through the manual loop's jobs.
        XCTAssertEqual(try call(Self.guidance, "LoadRoute", [.string("auto"), .string(document)]).get().first?.integer, Int64(maneuvers))
        let broken = failure(try call(Self.guidance, "LoadRoute", [.string("auto"), .string(#"{"routes": ["#)]))
        XCTAssertEqual(broken?.name, "org.routecue.Error.BadRoute")
        XCTAssertEqual(failure(try call(Self.guidance, "LoadRoute", [.string("kml"), .string(document)]))?.name,
                       BusError.Standard.invalidArgs.rawValue)

        // SetOptions: a wrong type changes nothing; a right one is read back.
        XCTAssertEqual(failure(try call(Self.guidance, "SetOptions", [.vardict(["units": .uint32(1)])]))?.name,
                       BusError.Standard.invalidArgs.rawValue)
        XCTAssertEqual(try property(Self.guidance, "Units"), .string("metric"))
        _ = try call(Self.guidance, "SetOptions", [.vardict(["units": .string("imperial_us")])]).get()
        XCTAssertEqual(try property(Self.guidance, "Units"), .string("imperial_us"))

        // Start: guided, waiting for the car to be on the route.
        XCTAssertEqual(try property(Self.guidance, "State"), .string("idle"))
        _ = try call(Self.guidance, "Start").get()
        XCTAssertNotEqual(try property(Self.guidance, "State"), .string("idle"))

        // Speak: queued at once; heard on the virtual clock, so it is still speaking until the test moves time on.
        let id = try XCTUnwrap(try call(Self.audio, "Speak", [.string("Fuel station ahead"), .string("application")]).get().first?.integer)
        XCTAssertGreaterThan(id, 1 << 30, "application outputs are numbered apart from cues")
        try daemon.advance(bySeconds: 0.5)
        XCTAssertEqual(try property(Self.audio, "Speaking"), .boolean(true), "half a second in, the text is playing")
        try daemon.advance(bySeconds: 10)
        XCTAssertEqual(try property(Self.audio, "Speaking"), .boolean(false), "ten virtual seconds later it has ended")
        XCTAssertTrue(daemon.log.lines.contains { $0.contains("options set over D-Bus: units") }, daemon.log.lines.joined())
        try daemon.stop()
        XCTAssertEqual(daemon.exit, .stopped)
    }
}
