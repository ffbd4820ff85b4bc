import RouteCueCore
import TestSupport
import XCTest

/// Native GraphHopper JSON: every shared file imports with one maneuver per instruction at its
/// `interval[0]`, the path's stated length, and the file's own signs, names and via points.
final class GraphHopperImportFileTests: XCTestCase {
    private func load(_ relativePath: String) throws -> (Route, JSONNode) {
        let bytes = try SharedData.bytes(relativePath)
        let route = try RouteReader.read(bytes, name: relativePath)
        return (route, try RouteReader.parseJSON(bytes).require("paths").array()[0])
    }

    private func maps(_ name: String) -> String { "routes/graphhopper/graphhopper-maps/\(name).json" }

    func test_everyFile_hasOneManeuverPerInstruction_andThePathsLength() throws {
        try SharedData.require()
        let files = SharedData.files(under: "routes/graphhopper", extensions: [".json"])
        XCTAssertEqual(files.count, 9)
        for file in files {
            let (route, path) = try load(file)
            XCTAssertEqual(route.source.format, .graphhopper, file)
            let instructions = try path.require("instructions").array()
            XCTAssertEqual(route.maneuvers.map(\.provenance.sourcePath),
                           instructions.indices.map { "paths[0].instructions[\($0)]" }, file)
            for (m, source) in zip(route.maneuvers, instructions) {
                XCTAssertEqual(m.provenance.kind, .instruction)
                XCTAssertEqual(m.provenance.sourceIndex, m.index)
                XCTAssertEqual(m.geometryIndex, try source.require("interval").array()[0].int(), "\(file) \(m.provenance.sourcePath)")
                XCTAssertEqual(m.instruction, try source.require("text").string())
                XCTAssertEqual(m.sourceDuration ?? -1, try source.require("time").double() / 1000, accuracy: 1e-9)
            }
            let stated = try path.require("distance").double()
            let ratio = route.length / stated
            let points = route.geometry.count
            let elevation = route.geometry.elevations != nil ? "with elevation" : "2D"
            print("GraphHopper \(file): \(route.maneuvers.count) maneuvers, \(route.legs.count) legs, \(points) points \(elevation), geometry \(route.length) m, stated \(stated) m, ratio \(ratio)")
            XCTAssertEqual(ratio, 1, accuracy: 0.005, file)
            XCTAssertEqual(route.source.statedDuration ?? 0, try path.require("time").double() / 1000, accuracy: 1e-9)
            XCTAssertEqual(route.maneuvers.first?.type == .depart || route.maneuvers.first?.type == .uTurn, true, file)
            XCTAssertEqual(route.maneuvers.last?.type, .arrive, file)
            XCTAssertEqual(route.waypoints.first?.role, .start)
            XCTAssertEqual(route.waypoints.last?.role, .destination)
        }
    }

    func test_ferrostar_roundaboutTakesExit1_withAMillionMultiplier() throws {
        try SharedData.require()
        let (route, path) = try load("routes/graphhopper/ferrostar/graphhopper_response.json")
        XCTAssertEqual(route.source.polylinePrecision, 6)
        XCTAssertNil(route.geometry.elevations)
        XCTAssertEqual(route.geometry.count, try path.require("instructions").array().last!.require("interval").array()[1].int() + 1)
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .roundabout, .arrive])
        XCTAssertEqual(route.maneuvers[1].exitNumber, 1)
        // turn_angle -1.5: a quarter round counter-clockwise, a right turn (entering at 143°, leaving at 237°).
        XCTAssertEqual(route.maneuvers[1].modifier, .right)
        XCTAssertEqual(route.maneuvers[1].roadName, "Dr.-Wilhelm-Külz-Straße")
        XCTAssertEqual(route.maneuvers[0].roadName, "Straße des Friedens")
        XCTAssertEqual(route.maneuvers[0].bearingAfter, 58.5)
        XCTAssertEqual(route.maneuvers[2].bearingBefore ?? 0, 238.47649348935127, accuracy: 1e-9)
        // The bbox of the file holds every decoded point.
        let bbox = try path.require("bbox").array().map { try $0.double() }
        for c in route.geometry.coordinates {
            XCTAssertTrue(c.longitude >= bbox[0] && c.latitude >= bbox[1] && c.longitude <= bbox[2] && c.latitude <= bbox[3], "\(c)")
        }
    }

    func test_reroute1_startsWithAUTurn_andCarriesElevation() throws {
        try SharedData.require()
        let (route, _) = try load(maps("reroute1"))
        XCTAssertEqual(route.maneuvers.map(\.type), [.uTurn, .turn, .arrive])
        XCTAssertEqual(route.maneuvers[0].modifier, .uTurn)
        XCTAssertEqual(route.maneuvers[0].roadName, "Franz-Liszt-Straße")
        XCTAssertEqual(route.maneuvers[1].modifier, .left)
        XCTAssertEqual(route.geometry.elevations?.count, 9)
        XCTAssertEqual(route.geometry.elevations?.first ?? 0, 119.0, accuracy: 1e-9)
    }

    func test_loopBug_keepsRightTowardTheSignedDestinations() throws {
        try SharedData.require()
        let (route, path) = try load(maps("loop-bug"))
        let keep = route.maneuvers[1]
        XCTAssertEqual(keep.type, .keep)
        XCTAssertEqual(keep.modifier, .slightRight)
        let source = try path.require("instructions").array()[1]
        XCTAssertEqual(keep.destinations, "\(try source.require("street_destination_ref").string()): \(try source.require("street_destination").string())")
        XCTAssertEqual(keep.destinations, "B 173: Hof-Zentrum, Feilitzsch, Trogen")
        XCTAssertNil(route.maneuvers[0].roadName)
        XCTAssertEqual(route.maneuvers[0].ref, "A 93")
        XCTAssertEqual(route.maneuvers[2].ref, "B 173")
        XCTAssertEqual(route.maneuvers[2].modifier, .right)
        // Bearings from the geometry agree with a right turn.
        XCTAssertGreaterThan(route.maneuvers[2].turnAngle ?? 0, 30)
    }

    func test_routeWithSimpleVia_splitsIntoTwoLegsAtTheViaInstruction() throws {
        try SharedData.require()
        let (route, path) = try load(maps("routeWithSimpleVia"))
        let via = try path.require("instructions").array()[2]
        XCTAssertEqual(try via.require("sign").int(), 5)
        let viaPoint = try via.require("interval").array()[0].int()
        XCTAssertEqual(route.legs.count, 2)
        XCTAssertEqual(route.legs[0].geometryEnd, viaPoint)
        XCTAssertEqual(route.legs[1].geometryStart, viaPoint)
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .turn, .waypoint, .depart, .turn, .arrive])
        XCTAssertEqual(route.maneuvers.map(\.leg), [0, 0, 0, 1, 1, 1])
        XCTAssertEqual(route.maneuvers.map(\.provenance.sourceLeg), [0, 0, 0, 1, 1, 1])
        XCTAssertEqual(route.maneuvers[2].distanceAlong, route.legs[0].distanceEnd, accuracy: 1e-9)
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .via, .destination])
        XCTAssertEqual(route.waypoints[1].legEnding, 0)
        XCTAssertTrue(route.waypoints[1].announced)
        XCTAssertEqual(route.legs[0].statedDistance ?? 0, 25.313 + 212.703, accuracy: 1e-9)
        XCTAssertEqual(route.geometry.elevations?.count, route.geometry.count)
    }

    func test_hoyerswerda2_turnsBackAfterTheViaPoint() throws {
        try SharedData.require()
        let (route, _) = try load(maps("response-hoyerswerda2"))
        XCTAssertEqual(route.legs.count, 2)
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .turn, .waypoint, .uTurn, .turn, .arrive])
        XCTAssertEqual(route.maneuvers[3].leg, 1)
    }

    func test_germanTexts_andStreetNames_areKept() throws {
        try SharedData.require()
        let (route, path) = try load(maps("response-hoyerswerda1"))
        let instructions = try path.require("instructions").array()
        XCTAssertEqual(route.maneuvers[1].instruction, try instructions[1].require("text").string())
        XCTAssertEqual(route.maneuvers[1].instruction, "Rechts abbiegen auf Salomon-Gottlob-Frentzel-Straße")
        XCTAssertEqual(route.maneuvers[1].roadName, "Salomon-Gottlob-Frentzel-Straße")
        XCTAssertEqual(route.maneuvers[0].roadName, "Fischerstraße")
        XCTAssertEqual(route.maneuvers.last?.instruction, "Ziel erreicht")
        let (bike, _) = try load(maps("announce-bug-original"))
        XCTAssertEqual(bike.maneuvers.map(\.type), [.depart, .keep, .turn, .arrive])
        XCTAssertEqual(bike.maneuvers[1].modifier, .slightLeft)
        XCTAssertNil(bike.maneuvers[1].roadName, "an empty street_name is no name")
    }
}
