import RouteCueCore
import TestSupport
import XCTest

final class TourImportTests: XCTestCase {
    let berlin = Coordinate(latitude: 52.520008, longitude: 13.404954)

    // MARK: - Conversions

    func test_mercator_workedValues() {
        let origin = Mercator.project(Coordinate(latitude: 0, longitude: 0))
        XCTAssertEqual(origin.x, 0, accuracy: 1e-9)
        XCTAssertEqual(origin.y, 0, accuracy: 1e-9)
        let back = Mercator.unproject(x: 0, y: 0)
        XCTAssertEqual(back.latitude, 0, accuracy: 1e-12)
        XCTAssertEqual(back.longitude, 0, accuracy: 1e-12)

        XCTAssertEqual(Mercator.unproject(x: 20_037_508.34, y: 0).longitude, 180, accuracy: 1e-7)
        XCTAssertEqual(Mercator.unproject(x: -20_037_508.34, y: 0).longitude, -180, accuracy: 1e-7)
        XCTAssertEqual(Mercator.project(Coordinate(latitude: 85.0511287798, longitude: 0)).y, 20_037_508.34, accuracy: 0.01)
        XCTAssertEqual(Mercator.unproject(x: 0, y: 20_037_508.34).latitude, 85.0511287798, accuracy: 1e-8)

        // Berlin, Alexanderplatz area: (13.404954°, 52.520008°) ↔ (1492232.65 m, 6894701.26 m).
        let p = Mercator.project(berlin)
        XCTAssertEqual(p.x, 1_492_232.65, accuracy: 0.01)
        XCTAssertEqual(p.y, 6_894_701.26, accuracy: 0.01)
        let q = Mercator.unproject(x: 1_492_232.6533872557, y: 6_894_701.264846518)
        XCTAssertLessThan(GeoMath.distance(q, berlin), 0.01)
    }

    func test_ptvMercator_workedValues() {
        // PTV's own table: Karlsruhe at 936826 / 6269877 is 49.01202 N 8.42508 E.
        let karlsruhe = Mercator.unproject(x: 936_826, y: 6_269_877, radius: Mercator.ptvRadius)
        XCTAssertEqual(karlsruhe.latitude, 49.01202, accuracy: 5e-6)
        XCTAssertEqual(karlsruhe.longitude, 8.42508, accuracy: 5e-6)
        // PTV Developer's guided-navigation example: the request's two waypoints come back as these whole metres.
        let stations = [(x: 896_061.0, y: 6_242_004.0, lat: 48.847332494, lon: 8.058471679),
                        (x: 904_039.0, y: 6_238_760.0, lat: 48.8281361, lon: 8.130226135)]
        for s in stations {
            let c = Mercator.unproject(x: s.x, y: s.y, radius: Mercator.ptvRadius)
            XCTAssertLessThan(GeoMath.distance(c, Coordinate(latitude: s.lat, longitude: s.lon)), 1.5, "\(s)")
        }
        let there = Mercator.project(karlsruhe, radius: Mercator.ptvRadius)
        XCTAssertEqual(there.x, 936_826, accuracy: 1e-6)
        XCTAssertEqual(there.y, 6_269_877, accuracy: 1e-6)
        XCTAssertEqual(Mercator.maxExtent(radius: Mercator.ptvRadius), 20_015_086.796, accuracy: 0.001)
    }

    func test_aTourIsPTVMercatorUnlessItsSRSSaysOtherwise() throws {
        // The PTV example's first point (51.4671 N 6.7568 E) in PTV Mercator metres; read as web Mercator it would
        // land 4.7 km away, at 51.4251 N 6.7492 E.
        // (A second stop 20 m east: a tour within 50 m needs no routed geometry.)
        let point = #"{"type": "regular", "point": {"x": 751321.88, "y": 6696835.94}}, {"type": "regular", "point": {"x": 751341.88, "y": 6696835.94}}"#
        func first(_ text: String) throws -> Coordinate {
            try XCTUnwrap(TourFixtures.read(text).waypoints.first?.location)
        }
        let ptv = Coordinate(latitude: 51.4671, longitude: 6.7568)
        for text in ["[\(point)]", #"{"stations": [\#(point)]}"#, #"{"srs": "PTV_MERCATOR", "stations": [\#(point)]}"#,
                     #"{"srs": "ptv_mercator", "stations": [\#(point)]}"#] {
            XCTAssertLessThan(GeoMath.distance(try first(text), ptv), 0.1, text)
        }
        let web = try first(#"{"srs": "EPSG:3857", "stations": [\#(point)]}"#)
        XCTAssertEqual(web.latitude, 51.4251, accuracy: 1e-4)
        XCTAssertEqual(web.longitude, 6.7492, accuracy: 1e-4)
        XCTAssertEqual(GeoMath.distance(web, ptv), 4_700, accuracy: 100)
    }

    func test_course_workedValues_geographicAndMathematical() {
        // geographic (north 0, clockwise) → mathematical (east 0, counter-clockwise)
        let pairs: [(geographic: Double, mathematical: Double)] = [(0, 90), (90, 0), (180, 270), (270, 180), (45, 45), (135, 315), (315, 135)]
        for (g, m) in pairs {
            XCTAssertEqual(Course.mathematicalAngle(fromGeographic: g), m, accuracy: 1e-9, "geographic \(g)")
            XCTAssertEqual(Course.geographic(fromMathematical: m), g, accuracy: 1e-9, "mathematical \(m)")
        }
        XCTAssertEqual(Course.normalized(-90), 270)
        XCTAssertEqual(Course.normalized(720), 0)
        XCTAssertNil(Course.normalized(.nan))
    }

    // MARK: - svp traces

    func test_eastboundTrace_withCourse90_keepsGeographicBearings() throws {
        let trace = TourFixtures.line(from: berlin, bearing: 90, count: 10)
        let route = try TourFixtures.read("[\(TourFixtures.svp(trace))]")
        let vias = route.waypoints.filter { $0.role == .silentVia }
        XCTAssertEqual(vias.count, 9)
        for w in vias { XCTAssertEqual(try XCTUnwrap(w.course), 90, accuracy: 0.1) }
        let depart = try XCTUnwrap(route.maneuvers.first)
        XCTAssertEqual(depart.type, .depart)
        // A mathematical-angle mix-up would give 0 here.
        XCTAssertEqual(try XCTUnwrap(depart.bearingAfter), 90, accuracy: 0.1)
        XCTAssertEqual(GeoMath.bearing(from: route.geometry.coordinates[0], to: route.geometry.coordinates[1]), 90, accuracy: 0.1)
        XCTAssertEqual(route.length, 180, accuracy: 0.5)
    }

    func test_svpTraces_followedSilently_withDerivedTurnsAndNoInnerDepartOrArrive() throws {
        // East 200 m, then a right turn heading south 200 m; a second trace continues south 20 m later.
        let east = TourFixtures.line(from: berlin, bearing: 90, count: 11)
        let south = TourFixtures.line(from: east[10], bearing: 180, count: 11).dropFirst()
        let second = TourFixtures.line(from: GeoMath.destination(from: south.last!, bearing: 180, distance: 20), bearing: 180, count: 6)
        let vehicle = GeoMath.destination(from: berlin, bearing: 270, distance: 15)
        let text = "{\"srs\": \"PTV_MERCATOR\", \"stations\": [\(TourFixtures.svp(east + south)), \(TourFixtures.svp(second))]}"
        let route = try TourFixtures.read(text, vehicle: vehicle)

        XCTAssertEqual(route.legs.count, 1)
        XCTAssertEqual(route.geometry.coordinates[0], vehicle, "the first leg starts at the vehicle's position")
        let types = route.maneuvers.map(\.type)
        XCTAssertEqual(types.first, .depart)
        XCTAssertEqual(types.last, .arrive)
        XCTAssertEqual(types.filter { $0 == .depart }.count, 1)
        XCTAssertEqual(types.filter { $0 == .arrive }.count, 1)
        let turns = route.maneuvers.filter { $0.type == .turn }
        XCTAssertEqual(turns.count, 1, "one right turn at the corner: \(route.maneuvers.map { "\($0.type) \($0.provenance.sourcePath)" })")
        XCTAssertEqual(turns.first?.modifier, .right)
        XCTAssertEqual(turns.first?.provenance.kind, .derived)
        XCTAssertEqual(turns.first?.provenance.sourcePath, "stations[0].points[10]")
        XCTAssertLessThan(GeoMath.distance(turns[0].location, east[10]), 1)

        let roles = route.waypoints.map(\.role)
        XCTAssertEqual(roles.first, .start)
        XCTAssertEqual(roles.last, .destination)
        XCTAssertEqual(roles.filter { $0 == .silentVia }.count, 21 + 5, "every trace point but the destination")
        XCTAssertTrue(route.waypoints.filter { $0.role == .silentVia }.allSatisfy { !$0.announced })
        XCTAssertTrue(route.waypoints.last!.announced)
        let along = route.waypoints.map(\.distanceAlong)
        XCTAssertEqual(along, along.sorted(), "waypoints in travel order")
        XCTAssertEqual(route.waypoints.last!.distanceAlong, route.length, accuracy: 0.01)
        print("svp tour: \(route.maneuvers.count) maneuvers, \(route.waypoints.count) waypoints, \(Int(route.length)) m")
    }

    func test_wgs84Srs_readsXAsLongitudeAndYAsLatitude() throws {
        let text = """
        {"srs": "EPSG:4326", "stations": [{"type": "svp", "points": [
          {"x": 13.4, "y": 52.52, "course": 0}, {"x": 13.4, "y": 52.521, "course": 0}, {"x": 13.4, "y": 52.522}]}]}
        """
        let route = try TourFixtures.read(text)
        XCTAssertEqual(route.geometry.coordinates[0], Coordinate(latitude: 52.52, longitude: 13.4))
        XCTAssertEqual(route.length, 222.4, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(route.maneuvers.first?.bearingAfter), 0, accuracy: 1e-9)
        XCTAssertNil(route.waypoints.last?.course)
    }

    // MARK: - Regular stations with embedded routes

    func test_regularStations_withEmbeddedRoutes_formLegsWithShiftedDistancesAndStationArrivals() throws {
        let a = TourFixtures.line(from: berlin, bearing: 0, count: 16, step: 25)
        let first = try TourFixtures.roadRoute(a, turns: [7])
        // A trace near the first stop, then routed geometry from the trace's end to the second stop.
        let trace = TourFixtures.line(from: GeoMath.destination(from: a[15], bearing: 90, distance: 10), bearing: 90, count: 8)
        let b = TourFixtures.line(from: trace.last!, bearing: 90, count: 12, step: 30)
        let second = try TourFixtures.roadRoute(b, turns: [4, 8], name: "Ringstraße")
        let text = """
        [\(TourFixtures.regular(a.last!, name: "Depot", route: TourFixtures.embeddable(first))),
         \(TourFixtures.svp(trace)),
         \(TourFixtures.regular(b.last!, name: "Kunde", route: TourFixtures.embeddable(second)))]
        """
        let route = try TourFixtures.read(text, vehicle: a[0])

        XCTAssertEqual(route.legs.count, 2)
        XCTAssertEqual(route.waypoints.map(\.role).filter { $0 != .silentVia }, [.start, .via, .destination])
        XCTAssertEqual(route.waypoints.first { $0.role == .via }?.name, "Depot")
        XCTAssertEqual(route.waypoints.last?.name, "Kunde")
        XCTAssertEqual(route.waypoints.filter { $0.role == .silentVia }.count, trace.count)

        let arrives = route.maneuvers.filter { $0.type == .arrive || $0.type == .waypoint }
        XCTAssertEqual(arrives.map(\.type), [.waypoint, .arrive], "the intermediate stop is a waypoint, the last the arrival")
        XCTAssertEqual(arrives.map(\.provenance.kind), [.station, .station])
        XCTAssertEqual(arrives.map(\.provenance.sourcePath), ["stations[0]", "stations[2]"])
        XCTAssertEqual(arrives.map(\.leg), [0, 1])
        XCTAssertEqual(arrives[0].instruction, "You have arrived", "the embedded arrive's text is kept")

        // Embedded maneuvers keep their fields, with provenance paths under the station.
        let ring = try XCTUnwrap(route.maneuvers.first { $0.roadName == "Ringstraße 2" })
        XCTAssertEqual(ring.ref, "B 2")
        XCTAssertEqual(ring.announcements.first?.ssml, "<speak>Turn right</speak>")
        XCTAssertEqual(ring.provenance.kind, .step)
        XCTAssertEqual(ring.provenance.sourcePath, "stations[2].route.routes[0].legs[0].steps[2]")
        // Its distance is the embedded one shifted by where the routed piece starts in the tour.
        let pieceStart = try XCTUnwrap(route.geometry.nearest(to: b[0])).distanceAlong
        let original = try XCTUnwrap(second.maneuvers.first { $0.roadName == "Ringstraße 2" })
        XCTAssertEqual(ring.distanceAlong - pieceStart, original.distanceAlong, accuracy: 0.01)

        // Only the tour's start departs in leg 0; leg 1 starts at the stop and departs along the trace.
        XCTAssertEqual(route.maneuvers.filter { $0.type == .depart }.map(\.leg), [0, 1])
        XCTAssertEqual(route.maneuvers.first?.provenance.sourcePath, "stations[0].route.routes[0].legs[0].steps[0]")
        XCTAssertEqual(route.maneuvers.map(\.index), Array(0..<route.maneuvers.count))
        XCTAssertEqual(route.maneuvers.map(\.distanceAlong), route.maneuvers.map(\.distanceAlong).sorted())
        print("mixed tour: \(route.legs.count) legs, \(route.maneuvers.count) maneuvers, \(Int(route.length)) m")
    }

    func test_stopsWithin50m_areJoinedStraight_withoutARoute() throws {
        // A trace ending 20 m before a stop, then a second stop 30 m further: no routed geometry needed.
        let trace = TourFixtures.line(from: berlin, bearing: 90, count: 6)
        let stop1 = GeoMath.destination(from: trace.last!, bearing: 90, distance: 20)
        let stop2 = GeoMath.destination(from: stop1, bearing: 0, distance: 30)
        let route = try TourFixtures.read("[\(TourFixtures.svp(trace)), \(TourFixtures.regular(stop1, name: "A")), \(TourFixtures.regular(stop2, name: "B"))]",
                                          vehicle: berlin)
        XCTAssertEqual(route.legs.count, 2)
        XCTAssertEqual(route.legs[1].length, 30, accuracy: 0.1)
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .waypoint, .depart, .arrive])
        XCTAssertEqual(route.maneuvers.filter { $0.type == .arrive || $0.type == .waypoint }.map(\.provenance.sourcePath), ["stations[1]", "stations[2]"])
        XCTAssertEqual(route.maneuvers.filter { $0.type == .depart }.map(\.provenance.kind), [.derived, .station])
        XCTAssertEqual(try XCTUnwrap(route.maneuvers.last { $0.type == .depart }?.bearingAfter), 0, accuracy: 0.5, "the second leg departs north")
        XCTAssertEqual(route.waypoints.filter { $0.role != .silentVia }.map(\.name), [nil, "A", "B"])
    }

    func test_withoutVehiclePosition_aFirstRegularStationIsTheStart() throws {
        let a = TourFixtures.line(from: berlin, bearing: 180, count: 8, step: 25)
        let trace = TourFixtures.line(from: GeoMath.destination(from: a.last!, bearing: 180, distance: 5), bearing: 180, count: 5)
        let text = "[\(TourFixtures.regular(a[0], name: "Depot")), \(TourFixtures.regular(a.last!, name: "Kunde", route: TourFixtures.embeddable(try TourFixtures.roadRoute(a)))), \(TourFixtures.svp(trace))]"
        let route = try TourFixtures.read(text)
        XCTAssertEqual(route.waypoints.first?.role, .start)
        XCTAssertEqual(route.waypoints.first?.name, "Depot")
        XCTAssertEqual(route.waypoints.first?.announced, false)
        XCTAssertEqual(route.legs.count, 2, "one leg to the regular stop, one along the trailing trace")
        XCTAssertEqual(route.waypoints.last?.role, .destination)
        XCTAssertEqual(route.waypoints.last?.location, trace.last)
        XCTAssertEqual(route.maneuvers.last?.type, .arrive)
        XCTAssertEqual(route.maneuvers.last?.provenance.kind, .derived)
        XCTAssertEqual(route.maneuvers.last?.provenance.sourcePath, "stations[2].points[4]")
    }

    func test_aCarStandingAtTheFirstRegularStation_startsThere_withoutAnnouncingIt() throws {
        let a = TourFixtures.line(from: berlin, bearing: 180, count: 8, step: 25)
        let text = "[\(TourFixtures.regular(a[0], name: "Depot")), \(TourFixtures.regular(a.last!, name: "Kunde", route: TourFixtures.embeddable(try TourFixtures.roadRoute(a))))]"
        let car = GeoMath.destination(from: a[0], bearing: 90, distance: 30)
        let route = try TourFixtures.read(text, vehicle: car)
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .destination], "no stop 30 m from where the car stands")
        XCTAssertEqual(route.waypoints.first?.name, "Depot")
        XCTAssertEqual(route.waypoints.first?.location, car)
        XCTAssertEqual(route.legs.count, 1)
        XCTAssertFalse(route.maneuvers.contains { $0.type == .waypoint })
    }

    func test_tourRoute_roundTripsThroughRouteCueJSON() throws {
        let a = TourFixtures.line(from: berlin, bearing: 45, count: 10, step: 30)
        let trace = TourFixtures.line(from: a.last!, bearing: 135, count: 10)
        let text = "[\(TourFixtures.regular(a.last!, route: TourFixtures.embeddable(try TourFixtures.roadRoute(a, turns: [3])))), \(TourFixtures.svp(trace))]"
        let route = try TourFixtures.read(text, vehicle: a[0])
        let back = try RouteReader.read(RouteCueJSON.write(route), name: "tour.routecue.json")
        XCTAssertEqual(back, route)
        XCTAssertEqual(back.source.format, .tour)
        XCTAssertEqual(back.waypoints.compactMap(\.course).count, route.waypoints.compactMap(\.course).count)
    }

    func test_embeddedValhallaAndGraphHopperDocuments_giveTheRoutedGeometry() throws {
        try SharedData.require()
        for file in ["routes/valhalla/valhalla-docs/route.json", "routes/graphhopper/ferrostar/graphhopper_response.json"] {
            let bytes = try SharedData.bytes(file)
            let alone = try RouteReader.read(bytes, name: file)
            let start = alone.geometry.coordinates[0], end = alone.geometry.coordinates[alone.geometry.count - 1]
            let document = String(decoding: bytes, as: UTF8.self)
            let route = try TourFixtures.read("[\(TourFixtures.regular(end, route: document))]", vehicle: start)
            XCTAssertEqual(route.geometry.coordinates, alone.geometry.coordinates, file)
            XCTAssertEqual(route.maneuvers.count, alone.maneuvers.count, file)
            XCTAssertEqual(route.maneuvers.last?.provenance.kind, .station)
            XCTAssertEqual(route.source.format, .tour)
            XCTAssertEqual(route.source.language, alone.source.language, "the embedded route's instruction language")
            for (m, n) in zip(route.maneuvers.dropLast(), alone.maneuvers) {
                XCTAssertEqual(m.roadName, n.roadName)
                XCTAssertEqual(m.distanceAlong, n.distanceAlong, accuracy: 0.01)
                XCTAssertEqual(m.provenance.sourcePath, "stations[0].route." + n.provenance.sourcePath)
            }
            print("\(file) in a tour: \(route.maneuvers.count) maneuvers, \(Int(route.length)) m")
        }
    }

    // MARK: - Rejections

    func test_regularStationWithoutRoute_isRejectedNamingTheStation() throws {
        let far = GeoMath.destination(from: berlin, bearing: 0, distance: 500)
        let trace = TourFixtures.line(from: berlin, bearing: 90, count: 5)
        let next = TourFixtures.line(from: trace.last!, bearing: 90, count: 5)
        let e = TourFixtures.error("[\(TourFixtures.svp(trace)), \(TourFixtures.svp(next)), \(TourFixtures.regular(far))]", vehicle: berlin)
        XCTAssertEqual(e?.location, "stations[2]")
        XCTAssertTrue(e?.message.contains("regular station needs an embedded \"route\"") ?? false, e?.description ?? "")
        XCTAssertTrue(e?.description.hasPrefix("tour.json: stations[2]: ") ?? false, e?.description ?? "")
    }

    func test_gapOver50mBeforeATrace_isRejectedNamingTheStation() throws {
        let trace = TourFixtures.line(from: berlin, bearing: 90, count: 5)
        let later = TourFixtures.line(from: GeoMath.destination(from: trace.last!, bearing: 90, distance: 80), bearing: 90, count: 5)
        let e = TourFixtures.error("[\(TourFixtures.svp(trace)), \(TourFixtures.svp(later))]")
        XCTAssertEqual(e?.location, "stations[1]")
        XCTAssertTrue(e?.message.contains("80 m") ?? false, e?.description ?? "")
        let fromVehicle = TourFixtures.error("[\(TourFixtures.svp(trace))]", vehicle: GeoMath.destination(from: berlin, bearing: 180, distance: 60))
        XCTAssertEqual(fromVehicle?.location, "stations[0]")
        XCTAssertTrue(fromVehicle?.message.contains("vehicle position") ?? false)
    }

    func test_badDocuments_areRejectedWithKeyPaths() throws {
        let p = TourFixtures.mercatorPoint(berlin)
        let cases: [(String, String, String)] = [
            ("{\"srs\": \"EPSG:31467\", \"stations\": [{\"type\": \"svp\", \"points\": [\(p)]}]}", "srs", "unsupported srs"),
            ("[{\"type\": \"via\", \"point\": \(p)}]", "stations[0].type", "unknown station type"),
            ("[]", "stations", "no stations"),
            ("{\"stations\": []}", "stations", "no stations"),
            ("[{\"type\": \"svp\"}]", "stations[0].points", "missing"),
            ("[{\"type\": \"svp\", \"points\": []}]", "stations[0].points", "at least one point"),
            ("[{\"type\": \"svp\", \"points\": [{\"x\": 1e999, \"y\": 0}]}]", "stations[0].points[0].x", "out of range"),
            ("[{\"type\": \"svp\", \"points\": [{\"x\": 0, \"y\": 20037509}]}]", "stations[0].points[0].y", "extent"),
            ("[{\"type\": \"svp\", \"points\": [\(p), {\"x\": \"0\", \"y\": 0}]}]", "stations[0].points[1].x", "expected a number"),
            ("{\"srs\": \"EPSG:4326\", \"stations\": [{\"type\": \"regular\", \"point\": {\"x\": 13, \"y\": 95}}]}", "stations[0].point.y", "latitude"),
            ("[{\"type\": \"regular\", \"point\": \(p), \"route\": {\"routecue_route\": 2}}]", "stations[0].route.routecue_route", "unsupported RouteCue JSON version 2"),
            ("[{\"type\": \"regular\", \"point\": \(p), \"route\": {\"hello\": 1}}]", "stations[0].route", "unknown route format"),
            ("[{\"type\": \"regular\", \"point\": \(p), \"route\": [{\"type\": \"svp\"}]}]", "stations[0].route", "cannot itself be a tour"),
        ]
        for (text, location, message) in cases {
            let e = TourFixtures.error(text, vehicle: berlin)
            XCTAssertEqual(e?.location, location, text)
            XCTAssertTrue(e?.message.contains(message) ?? false, "\(text): \(e?.description ?? "")")
        }
        // NaN is not JSON: the parser names the position.
        let nan = TourFixtures.error("[{\"type\": \"svp\", \"points\": [{\"x\": NaN, \"y\": 0}]}]")
        XCTAssertEqual(nan?.location, "line 1, column 35")
        XCTAssertEqual(TourFixtures.error("[\(TourFixtures.svp([berlin]))]", vehicle: Coordinate(latitude: .nan, longitude: 0))?.location, "vehicle position")
    }

    func test_embeddedRouteFarFromTheVehicle_isRejected() throws {
        let a = TourFixtures.line(from: berlin, bearing: 0, count: 10, step: 30)
        let text = "[\(TourFixtures.regular(a.last!, route: TourFixtures.embeddable(try TourFixtures.roadRoute(a))))]"
        let e = TourFixtures.error(text, vehicle: GeoMath.destination(from: berlin, bearing: 180, distance: 2000))
        XCTAssertEqual(e?.location, "stations[0].route")
        XCTAssertTrue(e?.message.contains("starts 2000 m from the vehicle position") ?? false, e?.description ?? "")
    }
}
