import RouteCueCore
import XCTest

final class RouteBuilderTests: XCTestCase {
    private func line(from start: Coordinate, bearing: Double, metres: [Double]) -> [Coordinate] {
        metres.map { GeoMath.destination(from: start, bearing: bearing, distance: $0) }
    }

    private func maneuver(_ type: ManeuverType, at c: Coordinate, step: Int) -> Maneuver {
        Maneuver(type: type, location: c, provenance: Provenance(kind: .step, sourceLeg: 0, sourceIndex: step, sourcePath: "steps[\(step)]"))
    }

    func test_twoLegs_sharedJoinPointIsNotDuplicated_andDistancesAccumulate() throws {
        let a = Coordinate(latitude: 50, longitude: 8)
        let leg1 = line(from: a, bearing: 90, metres: [0, 100, 200])
        let leg2 = line(from: leg1[2], bearing: 0, metres: [0, 150])
        var b = RouteBuilder(source: RouteSource(format: .osrm))
        b.addLeg(coordinates: leg1, maneuvers: [(maneuver(.depart, at: leg1[0], step: 0), .legIndex(0)),
                                               (maneuver(.arrive, at: leg1[2], step: 1), .legIndex(2))], path: "legs[0]")
        b.addLeg(coordinates: leg2, maneuvers: [(maneuver(.depart, at: leg2[0], step: 0), .nearest),
                                               (maneuver(.arrive, at: leg2[1], step: 1), .nearest)], path: "legs[1]")
        let route = try b.build()
        XCTAssertEqual(route.geometry.count, 4)
        XCTAssertEqual(route.length, 350, accuracy: 0.01)
        XCTAssertEqual(route.legs.map(\.geometryStart), [0, 2])
        XCTAssertEqual(route.legs[1].distanceStart, 200, accuracy: 0.01)
        XCTAssertEqual(route.maneuvers.map(\.index), [0, 1, 2, 3])
        XCTAssertEqual(route.maneuvers.map(\.leg), [0, 0, 1, 1])
        XCTAssertEqual(route.maneuvers[3].distanceAlong, 350, accuracy: 0.5)
    }

    func test_nearestPlacement_searchesForwardOnALoop() throws {
        // Out and back along the same street: the second pass must not snap to the first.
        let a = Coordinate(latitude: 50, longitude: 8)
        let out = line(from: a, bearing: 90, metres: [0, 100, 200])
        let back = line(from: out[2], bearing: 270, metres: [100, 200])
        var b = RouteBuilder(source: RouteSource(format: .osrm))
        let turnBack = maneuver(.uTurn, at: out[2], step: 1)
        let passHalfway = maneuver(.notification, at: out[1], step: 2)
        b.addLeg(coordinates: out + back, maneuvers: [(maneuver(.depart, at: a, step: 0), .nearest),
                                                     (turnBack, .nearest), (passHalfway, .nearest)], path: "legs[0]")
        let route = try b.build()
        XCTAssertEqual(route.maneuvers[2].distanceAlong, 300, accuracy: 0.5)
    }

    func test_maneuverPlacedBehindThePreviousOne_isAnError() {
        let a = Coordinate(latitude: 50, longitude: 8)
        let pts = line(from: a, bearing: 90, metres: [0, 100, 200])
        var b = RouteBuilder(source: RouteSource(format: .valhalla))
        b.addLeg(coordinates: pts, maneuvers: [(maneuver(.depart, at: pts[0], step: 0), .legIndex(0)),
                                              (maneuver(.turn, at: pts[2], step: 1), .legIndex(2)),
                                              (maneuver(.arrive, at: pts[1], step: 2), .legIndex(1))], path: "trip.legs[0]")
        XCTAssertThrowsError(try b.build()) { error in
            let e = error as! InputError
            XCTAssertEqual(e.location, "steps[2]")
            XCTAssertTrue(e.message.contains("100 m before the one listed ahead of it (steps[1])"), e.message)
        }
    }

    func test_silentViaPoints_onAnOutAndBackStreet_arePlacedInTravelOrder() throws {
        let a = Coordinate(latitude: 50, longitude: 8)
        let out = line(from: a, bearing: 90, metres: [0, 100, 200])
        let back = line(from: out[2], bearing: 270, metres: [100, 200])
        var b = RouteBuilder(source: RouteSource(format: .tour))
        b.addLeg(coordinates: out + back, maneuvers: [], path: "legs[0]")
        b.addWaypoint(Waypoint(location: out[1], role: .silentVia))    // passed at 100 m
        b.addWaypoint(Waypoint(location: out[2], role: .silentVia))    // the far end, 200 m
        b.addWaypoint(Waypoint(location: out[1], role: .silentVia))    // passed again at 300 m
        let route = try b.build()
        XCTAssertEqual(route.waypoints.map { ($0.distanceAlong / 10).rounded() * 10 }, [100, 200, 300])
        XCTAssertTrue(route.waypoints.allSatisfy { !$0.announced })
    }

    func test_thousandsOfWarningsOnALongLine_failClearlyInsteadOfRunningForHours() {
        let a = Coordinate(latitude: 10, longitude: 10)
        let points = (0..<20_000).map { GeoMath.destination(from: a, bearing: 90, distance: Double($0) * 5) }
        var b = RouteBuilder(source: RouteSource(format: .osrm))
        b.placementBudget = 2_000_000    // the default is 75 times larger; the rule is the same
        b.addLeg(coordinates: points, maneuvers: [], path: "routes[0].legs[0]")
        for _ in 0..<1_000 { b.addWarning(RouteWarning(kind: "toll", location: Coordinate(latitude: 11, longitude: 11))) }
        XCTAssertThrowsError(try b.build()) { error in
            let e = error as! InputError
            XCTAssertEqual(e.location, "warning toll")
            XCTAssertTrue(e.message.contains("too many points to place"), e.message)
        }
    }

    func test_silentViaPointsAlongALongTrace_settleOnTheirPassCheaply() throws {
        // 5,000 silent via points on a 5,000-point trace: a full forward scan each would cost ~12.5 M
        // comparisons; settling on the first close pass costs ~2 M and fits a 5 M budget.
        let a = Coordinate(latitude: 45, longitude: 7)
        let points = (0..<5_000).map { GeoMath.destination(from: a, bearing: 30, distance: Double($0) * 5) }
        var b = RouteBuilder(source: RouteSource(format: .tour))
        b.placementBudget = 5_000_000
        b.addLeg(coordinates: points, maneuvers: [], path: "legs[0]")
        for p in points { b.addWaypoint(Waypoint(location: p, role: .silentVia)) }
        let route = try b.build()
        XCTAssertEqual(route.waypoints[4_000].distanceAlong, 20_000, accuracy: 0.5)
    }

    func test_invalidCoordinates_areRejectedWithLegPath() {
        var b = RouteBuilder(source: RouteSource(format: .osrm))
        b.addLeg(coordinates: [Coordinate(latitude: 50, longitude: 8), Coordinate(latitude: .nan, longitude: 8)],
                 maneuvers: [], path: "routes[0].legs[0]")
        XCTAssertThrowsError(try b.build()) { error in
            let e = error as! InputError
            XCTAssertEqual(e.location, "routes[0].legs[0]")
            XCTAssertTrue(e.message.contains("coordinate 1"), e.message)
        }
    }

    func test_emptyGeometry_andNoLegs_areErrors() {
        var b = RouteBuilder(source: RouteSource(format: .osrm))
        XCTAssertThrowsError(try b.build())
        b.addLeg(coordinates: [], maneuvers: [], path: "legs[0]")
        XCTAssertThrowsError(try b.build()) { error in
            XCTAssertEqual((error as! InputError).message, "leg has no geometry")
        }
    }

    func test_geometryIndexOutsideLeg_isAnError() {
        var b = RouteBuilder(source: RouteSource(format: .valhalla))
        let c = Coordinate(latitude: 50, longitude: 8)
        b.addLeg(coordinates: [c, GeoMath.destination(from: c, bearing: 0, distance: 10)],
                 maneuvers: [(maneuver(.depart, at: c, step: 0), .legIndex(5))], path: "trip.legs[0]")
        XCTAssertThrowsError(try b.build()) { error in
            XCTAssertEqual((error as! InputError).location, "steps[0]")
        }
    }

    func test_straightNewNameAndNotification_areKeptButSilent() {
        let c = Coordinate(latitude: 50, longitude: 8)
        let p = Provenance(kind: .step, sourceLeg: 0, sourceIndex: 0, sourcePath: "s")
        XCTAssertFalse(Maneuver(type: .newName, modifier: .straight, location: c, provenance: p).announced)
        XCTAssertFalse(Maneuver(type: .notification, location: c, provenance: p).announced)
        XCTAssertTrue(Maneuver(type: .newName, modifier: .slightLeft, location: c, provenance: p).announced)
        XCTAssertTrue(Maneuver(type: .turn, modifier: .left, location: c, provenance: p).announced)
    }
}

final class RouteReaderDetectionTests: XCTestCase {
    func test_detectsEachFormatFromContent() throws {
        func detect(_ s: String) throws -> RouteFormat { try RouteReader.detectFormat(Array(s.utf8)) }
        XCTAssertEqual(try detect(#"{"code":"Ok","routes":[]}"#), .osrm)
        XCTAssertEqual(try detect(#"{"trip":{}}"#), .valhalla)
        XCTAssertEqual(try detect(#"{"paths":[]}"#), .graphhopper)
        XCTAssertEqual(try detect(#"[{"type":"regular","point":{"x":0,"y":0}}]"#), .tour)
        XCTAssertEqual(try detect(#"{"srs":"EPSG:4326","stations":[]}"#), .tour)
        XCTAssertEqual(try detect(#"{"routecue_route":1}"#), .routecue)
        XCTAssertEqual(try detect("\u{FEFF}  <?xml version=\"1.0\"?><gpx/>"), .gpx)
    }

    func test_unknownFormats_sayWhatWasFound() {
        XCTAssertThrowsError(try RouteReader.detectFormat(Array(#"{"type":"FeatureCollection"}"#.utf8))) { error in
            XCTAssertTrue("\(error)".contains("unknown route format"), "\(error)")
        }
        XCTAssertThrowsError(try RouteReader.detectFormat(Array("PK\u{03}\u{04}zip".utf8))) { error in
            XCTAssertTrue("\(error)".contains("unknown format"), "\(error)")
        }
        XCTAssertThrowsError(try RouteReader.detectFormat([])) { error in
            XCTAssertTrue("\(error)".contains("empty"), "\(error)")
        }
    }

    func test_sizeLimit_isCheckedBeforeParsing() {
        let big = [UInt8](repeating: 0x20, count: 2048)
        XCTAssertThrowsError(try RouteReader.read(big, name: "big.json", options: ImportOptions(maxBytes: 1024))) { error in
            XCTAssertEqual("\(error)", "big.json: file is 2048 bytes, over the 1024-byte limit")
        }
    }
}
