import RouteCueCore
import TestSupport
import XCTest

/// Native Valhalla JSON: every shared file imports with one maneuver per source maneuver, at the right
/// shape point, with the file's own names, verbal texts, waypoints and length.
final class ValhallaImportFileTests: XCTestCase {
    private static let folder = "routes/valhalla/valhalla-docs"

    private func load(_ relativePath: String) throws -> (Route, JSONNode) {
        let bytes = try SharedData.bytes(relativePath)
        let route = try RouteReader.read(bytes, name: relativePath)
        let json = try RouteReader.parseJSON(bytes)
        return (route, json)
    }

    func test_everyFile_hasOneManeuverPerSourceManeuver_andTheStatedLength() throws {
        try SharedData.require()
        let files = SharedData.files(under: Self.folder, extensions: [".json"])
        XCTAssertEqual(files.count, 2, "route.json and trace_route.json")
        for file in files {
            let (route, json) = try load(file)
            XCTAssertEqual(route.source.format, .valhalla, file)
            let trip = try json.require("trip")
            var expected: [String] = []
            for (l, leg) in try trip.require("legs").array().enumerated() {
                for m in try leg.require("maneuvers").array().indices { expected.append("trip.legs[\(l)].maneuvers[\(m)]") }
            }
            XCTAssertEqual(route.maneuvers.map(\.provenance.sourcePath), expected, file)
            for (i, m) in route.maneuvers.enumerated() {
                XCTAssertEqual(m.provenance.kind, .maneuver)
                XCTAssertEqual(m.index, i)
                let source = try trip.require("legs").array()[m.provenance.sourceLeg]
                    .require("maneuvers").array()[m.provenance.sourceIndex!]
                XCTAssertEqual(m.geometryIndex, try source.require("begin_shape_index").int(), "\(file) \(m.provenance.sourcePath)")
                XCTAssertEqual(m.instruction, try source.optionalString("instruction"))
            }
            let stated = try trip.require("summary").require("length").double() * 1000
            let ratio = route.length / stated
            print("Valhalla \(file): \(route.maneuvers.count) maneuvers, geometry \(route.length) m, stated \(stated) m, ratio \(ratio)")
            XCTAssertEqual(ratio, 1, accuracy: 0.005, file)
            XCTAssertEqual(route.source.statedDistance ?? 0, stated, accuracy: 1e-9)
            XCTAssertEqual(route.source.statedDuration, try trip.require("summary").require("time").double())
            XCTAssertEqual(route.source.language, try trip.optionalString("language"))
            XCTAssertEqual(route.source.polylinePrecision, 6)
        }
    }

    func test_route_keepsEveryVerbalTextAsASourceAnnouncement() throws {
        try SharedData.require()
        let (route, json) = try load("\(Self.folder)/route.json")
        let maneuvers = try json.require("trip").require("legs").array()[0].require("maneuvers").array()
        let kinds = ["verbal_transition_alert", "verbal_succinct_transition", "verbal_pre_transition", "verbal_post_transition"]
        var total = 0
        for (m, source) in zip(route.maneuvers, maneuvers) {
            for kind in kinds {
                let text = try source.optionalString("\(kind)_instruction")
                XCTAssertEqual(m.announcements.first { $0.kind == kind }?.text, text, "\(m.provenance.sourcePath) \(kind)")
                if text != nil { total += 1 }
            }
        }
        XCTAssertEqual(route.maneuvers.reduce(0) { $0 + $1.announcements.count }, total)
        XCTAssertEqual(route.maneuvers[1].announcements.first { $0.kind == "verbal_succinct_transition" }?.text, "Turn right.")
    }

    func test_route_mapsTypesNamesRefsBearingsAndMode() throws {
        try SharedData.require()
        let (route, _) = try load("\(Self.folder)/route.json")
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .turn, .arrive])
        XCTAssertEqual(route.maneuvers[1].modifier, .right)
        XCTAssertEqual(route.maneuvers[0].roadName, "Karl-Marx-Allee")
        XCTAssertEqual(route.maneuvers[0].ref, "B 1; B 5")
        XCTAssertEqual(route.maneuvers[1].roadName, "Lebuser Straße")
        XCTAssertNil(route.maneuvers[1].ref)
        XCTAssertEqual(route.maneuvers[1].bearingBefore, 280)
        XCTAssertEqual(route.maneuvers[1].bearingAfter, 5)
        XCTAssertEqual(route.maneuvers[1].turnAngle ?? 0, 85, accuracy: 1e-9)
        XCTAssertEqual(route.maneuvers.map(\.mode), ["driving", "driving", "driving"])
        XCTAssertEqual(route.maneuvers[1].sourceDistance ?? 0, 204, accuracy: 1e-9)
        XCTAssertEqual(route.maneuvers[1].sourceDuration, 34.183)
        XCTAssertTrue(route.maneuvers.allSatisfy(\.announced))
    }

    func test_traceRoute_placesManeuversInOrderAlongTheShape() throws {
        try SharedData.require()
        let (route, _) = try load("\(Self.folder)/trace_route.json")
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .turn, .turn, .arrive])
        XCTAssertEqual(route.maneuvers.map(\.geometryIndex), [0, 3, 18, 26])
        XCTAssertEqual(route.maneuvers[2].roadName, "Palisadenstraße")
        let along = route.maneuvers.map(\.distanceAlong)
        XCTAssertEqual(along, along.sorted())
        XCTAssertEqual(along.last ?? 0, route.length, accuracy: 1e-6)
        // The "Lebuser Straße" stretch is 204 m long in the file; along the shape it is within 5 m of that.
        XCTAssertEqual(along[2] - along[1], 204, accuracy: 5)
    }

    func test_locations_becomeStartAndDestination() throws {
        try SharedData.require()
        let (route, json) = try load("\(Self.folder)/route.json")
        let locations = try json.require("trip").require("locations").array()
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .destination])
        XCTAssertEqual(route.waypoints[1].location.latitude, try locations[1].require("lat").double())
        XCTAssertEqual(route.waypoints[1].location.longitude, try locations[1].require("lon").double())
        XCTAssertEqual(route.waypoints[1].distanceAlong, route.length, accuracy: 1e-6)
        XCTAssertEqual(route.waypoints.map(\.announced), [false, true])
    }
}
