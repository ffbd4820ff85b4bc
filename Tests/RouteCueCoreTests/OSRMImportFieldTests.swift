import RouteCueCore
import TestSupport
import XCTest

/// Spot checks of mapped fields against values read in the shared files.
final class OSRMImportFieldTests: XCTestCase {
    let mapbox = "routes/osrm-compatible/mapbox-directions-swift/"
    let maplibre = "routes/osrm-compatible/maplibre-navigation-ios/"
    let valhalla = "routes/valhalla/ferrostar-osrm-format/"

    func read(_ file: String, alternative: Int = 0) throws -> Route {
        try SharedData.require()
        return try OSRMImportFilesTests.read(file, alternative: alternative)
    }

    func test_precisionDetection_picks6ForTollAndFerryAndValhalla_and5ForOSRMAndMapbox() throws {
        try SharedData.require()
        XCTAssertEqual(try read(mapbox + "tollAndFerryDirectionsRoute.json").source.polylinePrecision, 6)
        for file in SharedData.files(under: "routes/valhalla/ferrostar-osrm-format", extensions: [".json"]) {
            XCTAssertEqual(try read(file).source.polylinePrecision, 6, file)
        }
        XCTAssertEqual(try read("routes/osrm/osrm-backend/portugal_to_korea.json").source.polylinePrecision, 5)
        XCTAssertEqual(try read(mapbox + "v5_driving_dc_polyline.json").source.polylinePrecision, 5)
        XCTAssertEqual(try read(mapbox + "v5_driving_dc_polyline.json", alternative: 1).source.polylinePrecision, 5)
        XCTAssertEqual(try read("routes/osrm/ferrostar/standard_osrm_polyline6_response.json").source.polylinePrecision, 6)
        XCTAssertNil(try read(maplibre + "route-with-lanes.json").source.polylinePrecision, "GeoJSON geometry")
    }

    func test_tollAndFerry_mapsRoundaboutExitsSignsFerryAndNotification() throws {
        let route = try read(mapbox + "tollAndFerryDirectionsRoute.json")
        XCTAssertEqual(route.source.language, "en-US")
        let m = route.maneuvers
        XCTAssertEqual(m[4].type, .roundabout)
        XCTAssertEqual(m[4].modifier, .right)
        XCTAssertEqual(m[4].exitNumber, 1)
        XCTAssertEqual(m[4].roadName, "Nordre Kystvej")
        XCTAssertEqual(m[4].ref, "159")
        XCTAssertEqual(m[13].exitNumber, 3)
        XCTAssertEqual(m[13].roadName, "Södra Dragongatan")
        // The ferry boarding notification becomes a ferry maneuver, announced; the step after it stays a silent notification.
        XCTAssertEqual(m[9].type, .ferry)
        XCTAssertEqual(m[9].mode, "ferry")
        XCTAssertEqual(m[9].roadName, "Ystad - Rønne")
        XCTAssertTrue(m[9].announced)
        XCTAssertEqual(m[9].instruction, "Take the Ystad - Rønne Ferry.")
        XCTAssertEqual(m[10].type, .notification)
        XCTAssertEqual(m[10].mode, "driving")
        XCTAssertFalse(m[10].announced)
        XCTAssertEqual(m[21].type, .offRamp)
        XCTAssertEqual(m[21].exits, "14")
        XCTAssertEqual(m[21].destinations, "Trelleborg, Köpenhamn, Göteborg")
        XCTAssertEqual(m[29].type, .newName)
        XCTAssertFalse(m[29].announced, "a straight new name is not spoken")
        // Approach road class from the previous step's last intersection.
        XCTAssertNil(m[0].approachRoadClass)
        XCTAssertEqual(m[1].approachRoadClass, "service")
        XCTAssertEqual(m[9].approachRoadClass, "primary")
        XCTAssertEqual(m[22].approachRoadClass, "motorway_link")
        XCTAssertEqual(m[3].bearingBefore, 227)
        XCTAssertEqual(m[3].bearingAfter, 133)
        XCTAssertNil(m[0].bearingBefore, "a depart has no bearing before")
        XCTAssertEqual(m[37].type, .arrive)
    }

    func test_tollAndFerry_warnsOfFerryTollsAndTunnels() throws {
        let route = try read(mapbox + "tollAndFerryDirectionsRoute.json")
        let summary = route.warnings.map { "\($0.kind):\($0.text ?? "")" }
        print("tollAndFerry warnings: \(summary)")
        // The route starts on a restricted service road: no warning for that, it is already there.
        XCTAssertEqual(summary, ["toll:toll booth", "ferry:Ystad - Rønne", "toll:toll road",
                                 "toll:toll booth", "tunnel:Drogdentunnelen", "tunnel:Tårnbytunnelsen"])
        let ferry = try XCTUnwrap(route.warnings.first { $0.kind == "ferry" })
        XCTAssertEqual(ferry.distanceAlong, route.maneuvers[9].distanceAlong, accuracy: 1)
        for (w, v) in zip(route.warnings, route.warnings.dropFirst()) { XCTAssertLessThanOrEqual(w.distanceAlong, v.distanceAlong) }
    }

    func test_valhallaRoundabouts_drivesOnTheLeft_withExitsUturnAndViaWaypoint() throws {
        let route = try read(valhalla + "valhalla_osrm_with_roundabouts.json")
        XCTAssertEqual(route.legs.count, 2)
        XCTAssertTrue(route.maneuvers.allSatisfy { $0.drivingSide == .left })
        let m = route.maneuvers
        XCTAssertEqual(m[2].type, .roundabout)
        XCTAssertEqual(m[2].exitNumber, 1)
        XCTAssertEqual(m[2].roadName, "University Road West")
        XCTAssertEqual(m[2].destinations, "A6")
        XCTAssertEqual(m[2].instruction, "Enter the roundabout and take the 1st exit onto University Road West.")
        XCTAssertEqual(m[3].type, .exitRoundabout)
        XCTAssertEqual(m[4].type, .uTurn, "continue + uturn")
        XCTAssertEqual(m[4].modifier, .uTurn)
        XCTAssertEqual(m[9].provenance.sourcePath, "routes[0].legs[1].steps[1]")
        XCTAssertEqual(m[9].exitNumber, 4)
        XCTAssertEqual(m[9].roadName, "Gerald Road")
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .via, .destination])
        XCTAssertEqual(route.waypoints.map(\.name), ["Cockcroft Road", "A576", "Rowsley Street"])
        XCTAssertEqual(route.waypoints.map(\.announced), [false, true, true])
        XCTAssertEqual(route.waypoints[1].legEnding, 0)
        XCTAssertEqual(route.waypoints[1].distanceAlong, route.legs[0].distanceEnd)
    }

    func test_dcPolyline_alternative1_isTheSecondRoute() throws {
        let route = try read(mapbox + "v5_driving_dc_polyline.json", alternative: 1)
        XCTAssertEqual(route.source.alternative, 1)
        XCTAssertEqual(route.source.alternativeCount, 2)
        XCTAssertEqual(route.source.statedDistance, 4779164.6)
        XCTAssertEqual(route.source.statedDuration, 166617)
        XCTAssertEqual(route.source.language, "en-US")
        XCTAssertEqual(route.maneuvers.count, 39)
        let m = route.maneuvers
        XCTAssertEqual(m[5].type, .offRamp)
        XCTAssertEqual(m[5].exits, "8B")
        XCTAssertEqual(m[5].destinations, "I-580 East: Downtown Oakland, Hayward, Stockton")
        XCTAssertEqual(m[4].lanes, [Lane(indications: ["slight left"], valid: true),
                                    Lane(indications: ["slight left", "slight right"], valid: true),
                                    Lane(indications: ["slight right"], valid: false)])
        XCTAssertEqual(m[6].type, .merge)
        XCTAssertEqual(m[6].modifier, .slightRight)
        XCTAssertEqual(m[6].instruction, "Merge right onto I-580 East")
        XCTAssertEqual(m[6].approachRoadClass, "motorway")
        XCTAssertEqual(m[37].type, .rotary)
        XCTAssertEqual(m[37].rotaryName, "Logan Circle Northwest")
        XCTAssertEqual(m[34].type, .endOfRoad)
        XCTAssertEqual(m[34].roadName, "27th Street Northwest")
        let first = try read(mapbox + "v5_driving_dc_polyline.json")
        XCTAssertEqual(first.maneuvers.count, 59)
        XCTAssertNotEqual(first.length, route.length)
    }

    func test_routeWithLanes_readsGeoJSONGeometryAndLanes() throws {
        let route = try read(maplibre + "route-with-lanes.json")
        let m = route.maneuvers
        XCTAssertEqual(m[2].lanes.map(\.indications), [["left"], ["straight", "left"], ["none"]])
        XCTAssertEqual(m[2].lanes.map(\.valid), [true, true, false])
        XCTAssertEqual(m[6].type, .merge)
        XCTAssertEqual(m[6].exits, "1A")
        XCTAssertEqual(m[7].exits, "430A")
        XCTAssertEqual(m[7].destinations, "Paul Avenue")
        XCTAssertEqual(m[0].location, Coordinate(latitude: 37.78863, longitude: -122.41334))
    }

    func test_instructions_voiceAnnouncementsGetAbsoluteRouteDistances() throws {
        let file = mapbox + "instructions.json"
        let route = try read(file)
        let steps = try OSRMImportFilesTests.raw(file).require("routes").array()[0].require("legs").array()[0].require("steps").array()
        var stepStart = 0.0   // the file's own distances, summed
        var checked = 0
        for (s, step) in steps.enumerated() {
            let stepDistance = try step.require("distance").double()
            let voice = try step.optionalArray("voiceInstructions") ?? []
            let m = route.maneuvers[s]
            XCTAssertEqual(m.announcements.count, voice.count)
            for (a, v) in zip(m.announcements, voice) {
                XCTAssertEqual(a.kind, "voice")
                XCTAssertEqual(a.text, try v.require("announcement").string())
                XCTAssertEqual(a.ssml, try v.require("ssmlAnnouncement").string())
                let expected = stepStart + stepDistance - (try v.require("distanceAlongGeometry").double())
                XCTAssertEqual(try XCTUnwrap(a.distanceAlong), expected, accuracy: 10, "\(a.text)")
                XCTAssertGreaterThanOrEqual(try XCTUnwrap(a.distanceAlong), m.distanceAlong)
                checked += 1
            }
            stepStart += stepDistance
        }
        XCTAssertGreaterThan(checked, 20)
        let baker = route.maneuvers[1].announcements[1]
        XCTAssertEqual(baker.text, "In 900 feet, turn left onto Page Street")
        XCTAssertEqual(try XCTUnwrap(baker.distanceAlong), route.maneuvers[2].distanceAlong - 253.4, accuracy: 1e-6)
    }

    func test_portugalToKorea_mapsRotariesAndImportsFast() throws {
        try SharedData.require()
        let bytes = try SharedData.bytes("routes/osrm/osrm-backend/portugal_to_korea.json")
        var route: Route?
        let importSeconds = try GrowthRatio.seconds(runs: 2) { route = try RouteReader.read(bytes, name: "portugal_to_korea.json") }
        let parseSeconds = try GrowthRatio.seconds(runs: 2) { _ = try JSONParser.parse(bytes) }
        let r = try XCTUnwrap(route)
        print("portugal_to_korea: \(bytes.count) bytes, \(r.geometry.count) points, \(r.maneuvers.count) maneuvers imported in "
              + String(format: "%.3f s, %.1f× the plain JSON parse", importSeconds, importSeconds / parseSeconds))
        // Measured against the JSON parse of the same bytes in the same run, so it holds on any machine (release: 2×).
        XCTAssertLessThan(importSeconds / parseSeconds, 10, "the import costs far more than reading its JSON")
        let m = r.maneuvers
        XCTAssertEqual(m.count, 422)
        XCTAssertEqual(m[305].type, .rotary)
        XCTAssertEqual(m[305].rotaryName, "Rondo księdza Wojciecha Pełkowskiego")
        XCTAssertEqual(m[305].exitNumber, 2)
        XCTAssertEqual(m[305].ref, "65")
        XCTAssertEqual(m[305].destinations, "65: Białystok, Warszawa")
        XCTAssertEqual(m[306].type, .exitRotary)
        XCTAssertEqual(m[153].roadName, "Турлыханова/М38")
        XCTAssertEqual(r.waypoints.first?.name, "금강로")
        XCTAssertEqual(r.waypoints.map(\.role), [.start, .destination])
        XCTAssertNil(r.waypoints.last?.name, "an empty waypoint name is no name")
    }

    func test_stepsEmpty_givesTwoLegsSplitAtTheViaWaypoint_withDerivedManeuvers() throws {
        let route = try read("routes/osrm/ferrostar/standard_osrm_polyline6_response.json")
        XCTAssertEqual(route.legs.count, 2)
        XCTAssertEqual(route.legs[0].length, 1886.3, accuracy: 1886.3 * 0.01)
        XCTAssertEqual(route.legs[1].length, 2845.5, accuracy: 2845.5 * 0.01)
        XCTAssertEqual(route.geometry.coordinates[route.legs[0].geometryEnd], Coordinate(latitude: 52.529432, longitude: 13.39763))
        for leg in 0..<2 {
            let ms = route.maneuvers.filter { $0.leg == leg }
            XCTAssertEqual(ms.first?.type, .depart)
            XCTAssertEqual(ms.last?.type, leg == 0 ? .waypoint : .arrive, "an intermediate stop is a waypoint")
            XCTAssertTrue(ms.allSatisfy { $0.provenance.kind == .derived && $0.provenance.sourceLeg == leg })
            XCTAssertTrue(ms.allSatisfy { $0.provenance.sourcePath.hasPrefix("routes[0].legs[\(leg)]") })
        }
        XCTAssertEqual(route.waypoints.map(\.name), ["Friedrichstraße", "Torstraße", "Platz der Vereinten Nationen"])
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .via, .destination])
        XCTAssertEqual(route.legs.map(\.statedDistance), [1886.3, 2845.5])
    }

    func test_viaWaypoints_becomeSilentViaPointsInsideTheLeg() throws {
        let oldenburg = try read(mapbox + "v5_driving_oldenburg_polyline.json")
        XCTAssertEqual(oldenburg.legs.count, 1)
        XCTAssertEqual(oldenburg.waypoints.map(\.role), [.start, .silentVia, .destination])
        XCTAssertEqual(oldenburg.waypoints[1].name, "Perlen Strasse")
        XCTAssertFalse(oldenburg.waypoints[1].announced)
        XCTAssertEqual(oldenburg.waypoints[1].distanceAlong, 610.733, accuracy: 10, "the file's distance_from_start")
        XCTAssertEqual(oldenburg.maneuvers[1].instruction, "Rechts abbiegen auf Weinstock Strasse")
        XCTAssertEqual(oldenburg.maneuvers[0].ref, "SR 229")

        let viaWays = try read(valhalla + "valhalla_osrm_response_via_ways.json")
        XCTAssertEqual(viaWays.waypoints.map(\.role), [.start, .silentVia, .destination])
        XCTAssertEqual(viaWays.waypoints[1].distanceAlong, 30.223, accuracy: 5)
    }

    func test_v1Res_valhallaVoiceLocaleAndRoundabouts() throws {
        let route = try read(valhalla + "v1_res.json")
        XCTAssertEqual(route.source.language, "en-US")
        XCTAssertEqual(route.legs[0].summary, "2, Jalan Jenderal Sudirman")
        let roundabouts = route.maneuvers.filter { $0.type == .roundabout }
        XCTAssertEqual(roundabouts.count, 2)
        XCTAssertTrue(roundabouts.allSatisfy { $0.exitNumber != nil })
        XCTAssertEqual(route.maneuvers[3].announcements.map(\.text).first, "Continue for 2 miles.")
    }
}
