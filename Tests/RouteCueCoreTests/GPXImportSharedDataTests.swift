import RouteCueCore
import TestSupport
import XCTest

/// The GPX importer on the real files of ../shared/data: GraphHopper exports, BRouter's four turn-instruction
/// styles and plain GPSBabel tracks.
final class GPXImportSharedDataTests: XCTestCase {
    private let graphHopper = "routes/graphhopper/graphhopper-gpx"
    private let brouter = "routes/gpx-turn-instructions/brouter-web"

    private func read(_ file: String) throws -> Route {
        try RouteReader.read(try SharedData.bytes(file), name: file)
    }

    /// The `<rte>` elements and `<wpt>`s of a file, read independently with the XML reader.
    private func xml(_ file: String) throws -> XMLElement { try XMLReader.parse(try SharedData.bytes(file)) }

    private func routeFiles() -> [String] {
        SharedData.files(under: "routes", extensions: [".gpx"])
    }

    func test_everyGPXFile_importsWithDepartFirstAndArriveLast() throws {
        try SharedData.require()
        let files = routeFiles() + SharedData.files(under: "tracks/gpsbabel", extensions: [".gpx"])
        XCTAssertGreaterThanOrEqual(files.count, 13)
        for file in files {
            let route = try read(file)
            XCTAssertEqual(route.source.format, .gpx, file)
            XCTAssertGreaterThanOrEqual(route.maneuvers.count, 2, file)
            XCTAssertEqual(route.maneuvers.first?.type, .depart, file)
            XCTAssertEqual(route.maneuvers.last?.type, .arrive, file)
            XCTAssertEqual(route.maneuvers.map(\.index), Array(route.maneuvers.indices), file)
            XCTAssertEqual(zip(route.maneuvers, route.maneuvers.dropFirst()).filter { $0.distanceAlong > $1.distanceAlong }.count, 0,
                           "maneuvers in travel order: \(file)")
            XCTAssertEqual(route.waypoints.first?.role, .start, file)
            XCTAssertEqual(route.waypoints.last?.role, .destination, file)
            XCTAssertGreaterThan(route.length, 100, file)
            print("GPX \(file): \(route.maneuvers.count) maneuvers, \(route.legs.count) legs, \(Int(route.length)) m")
        }
    }

    func test_everyRtept_becomesExactlyOneManeuver_withProvenance() throws {
        try SharedData.require()
        var checked = 0
        for file in routeFiles() {
            guard let rte = try xml(file).firstElement(named: "rte") else { continue }
            let count = rte.elements(named: "rtept").count
            let route = try read(file)
            let fromRte = route.maneuvers.filter { $0.provenance.kind == .rtept }
            XCTAssertEqual(fromRte.map(\.provenance.sourceIndex), Array(0..<count).map(Optional.some), file)
            XCTAssertEqual(fromRte.map(\.provenance.sourcePath), (0..<count).map { "rte[0].rtept[\($0)]" }, file)
            XCTAssertEqual(route.maneuvers.count, count, "nothing but the rtepts: \(file)")
            checked += 1
        }
        XCTAssertEqual(checked, 5, "test1, three tours, 3-osmand")
    }

    func test_everyTurnWpt_becomesExactlyOneManeuver_withProvenance() throws {
        try SharedData.require()
        for style in ["2-locus", "5-gpsies", "6-orux"] {
            let file = "\(brouter)/\(style).gpx"
            let wpts = try xml(file).elements(named: "wpt")
            XCTAssertEqual(wpts.count, 2, file)
            let route = try read(file)
            let fromWpt = route.maneuvers.filter { $0.provenance.kind == .wpt }
            XCTAssertEqual(fromWpt.map(\.provenance.sourcePath), ["wpt[0]", "wpt[1]"], file)
            for (m, wpt) in zip(fromWpt, wpts) {
                XCTAssertEqual(m.location.latitude, Double(wpt.attribute("lat")!)!, accuracy: 1e-9, file)
                XCTAssertEqual(m.location.longitude, Double(wpt.attribute("lon")!)!, accuracy: 1e-9, file)
            }
            // Depart and arrive are added at the track's ends and say so.
            XCTAssertEqual(route.maneuvers.count, 4, file)
            XCTAssertEqual(route.maneuvers.first?.provenance.kind, .derived, file)
            XCTAssertEqual(route.maneuvers.last?.provenance.kind, .derived, file)
        }
    }

    func test_length_isWithinHalfAPercentOfTheSumOfGraphHopperDistances() throws {
        try SharedData.require()
        for name in ["test1", "tour-with-loop", "tour2-with-loop", "tour4-with-uturn"] {
            let file = "\(graphHopper)/\(name).gpx"
            let rte = try XCTUnwrap(try xml(file).firstElement(named: "rte"))
            var sum = 0.0
            for pt in rte.elements(named: "rtept") {
                if let d = pt.firstElement(named: "extensions")?.firstElement(named: "distance") { sum += Double(d.text)! }
            }
            let route = try read(file)
            XCTAssertEqual(try XCTUnwrap(route.source.statedDistance), sum, accuracy: 1e-6, file)
            let error = abs(route.length - sum) / sum
            print("GPX \(name): length \(String(format: "%.1f", route.length)) m, sum of gh:distance \(sum) m, off by \(String(format: "%.3f", error * 100)) %")
            XCTAssertLessThan(error, 0.005, file)
            // Legs state their own share.
            let legSum = route.legs.compactMap(\.statedDistance).reduce(0, +)
            XCTAssertEqual(legSum, sum, accuracy: 1e-6, file)
        }
    }

    func test_theFourBRouterStyles_agreeOnTheTurns() throws {
        try SharedData.require()
        func turns(_ style: String) throws -> [String] {
            try read("\(brouter)/\(style).gpx").maneuvers.map {
                "\($0.type.rawValue) \($0.modifier?.rawValue ?? "-") at \($0.geometryIndex) (\($0.location.latitude), \($0.location.longitude))"
            }
        }
        let osmand = try turns("3-osmand")
        XCTAssertEqual(osmand, ["depart - at 0 (49.488115, 8.467714)", "turn right at 1 (49.488794, 8.46834)",
                                "turn left at 5 (49.488151, 8.469971)", "arrive - at 6 (49.488842, 8.47061)"])
        for style in ["2-locus", "5-gpsies", "6-orux"] {
            XCTAssertEqual(try turns(style), osmand, style)
        }
    }

    func test_trkAndRte_takeTheTrkGeometry() throws {
        try SharedData.require()
        for file in ["\(graphHopper)/test1.gpx", "\(brouter)/3-osmand.gpx", "\(graphHopper)/tour-with-loop.gpx"] {
            let doc = try xml(file)
            let trkpts = try XCTUnwrap(doc.firstElement(named: "trk")?.firstElement(named: "trkseg")).elements(named: "trkpt")
            let route = try read(file)
            // Every trk point is in the geometry, in order (vertices may be added for route points between them).
            var j = 0
            for c in route.geometry.coordinates where j < trkpts.count {
                if c.latitude == Double(trkpts[j].attribute("lat")!)!, c.longitude == Double(trkpts[j].attribute("lon")!)! { j += 1 }
            }
            XCTAssertEqual(j, trkpts.count, file)
            XCTAssertGreaterThan(route.geometry.count, doc.firstElement(named: "rte")!.elements(named: "rtept").count - 3, file)
        }
        // 3-osmand: the offsets place the turns on trk points 1 and 5.
        let osmand = try read("\(brouter)/3-osmand.gpx")
        XCTAssertEqual(osmand.geometry.count, 7)
        XCTAssertEqual(osmand.maneuvers.map(\.geometryIndex), [0, 1, 5, 6])
    }

    func test_graphHopperTexts_giveTypesModifiersAndRoads() throws {
        try SharedData.require()
        let route = try read("\(graphHopper)/test1.gpx")
        let m = route.maneuvers
        XCTAssertEqual(m.count, 34)
        XCTAssertEqual(m[0].roadName, "Fučikstraße")
        XCTAssertEqual(m[1].type, .turn); XCTAssertEqual(m[1].modifier, .left); XCTAssertEqual(m[1].roadName, "Chamissoweg")
        XCTAssertEqual(m[1].instruction, "turn left onto Chamissoweg")
        XCTAssertEqual(m[7].type, .newName); XCTAssertFalse(m[7].announced)
        XCTAssertEqual(m[7].roadName, "Max-Liebermann-Straße"); XCTAssertEqual(m[7].ref, "B 6")
        XCTAssertEqual(m[9].modifier, .slightRight)
        XCTAssertEqual(m[12].modifier, .sharpRight); XCTAssertEqual(m[12].roadName, "Winkelstraße")
        XCTAssertEqual(m[24].modifier, .sharpLeft)
        // gh:azimuth is the heading after the point, gh:time is milliseconds.
        XCTAssertEqual(try XCTUnwrap(m[1].bearingAfter), 61, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(m[1].sourceDuration), 20.814, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(m[1].sourceDistance), 86.7, accuracy: 1e-9)
        // Points without a text get their turn from the geometry.
        for i in [4, 14, 22, 29, 32] {
            XCTAssertNil(m[i].instruction)
            XCTAssertTrue([.turn, .continue, .uTurn].contains(m[i].type), "rtept \(i): \(m[i].type)")
        }
        XCTAssertEqual(m[33].type, .arrive)
    }

    func test_graphHopperViaPoints_endLegs() throws {
        try SharedData.require()
        let route = try read("\(graphHopper)/tour-with-loop.gpx")
        XCTAssertEqual(route.legs.count, 3)
        let vias = route.maneuvers.filter { $0.type == .waypoint }
        XCTAssertEqual(vias.map(\.provenance.sourcePath), ["rte[0].rtept[2]", "rte[0].rtept[6]"])
        for (leg, via) in vias.enumerated() {
            XCTAssertEqual(via.leg, leg)
            XCTAssertEqual(via.geometryIndex, route.legs[leg].geometryEnd)
        }
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .via, .via, .destination])
        XCTAssertEqual(route.waypoints.map(\.legEnding), [nil, 0, 1, 2])
        // The instruction after a via point starts the next leg.
        XCTAssertEqual(route.maneuvers[3].leg, 1)
        XCTAssertEqual(route.maneuvers[3].provenance.sourceLeg, 1)
        XCTAssertEqual(route.maneuvers[3].roadName, "Funkenburgstraße")
    }

    func test_coarseTrk_getsTheRoutePointsItMisses() throws {
        try SharedData.require()
        // tour4's trk skips rtept 3, where the route turns onto Funkenburgstraße before its U-turn at a via point.
        let route = try read("\(graphHopper)/tour4-with-uturn.gpx")
        XCTAssertEqual(route.geometry.count, 6)
        XCTAssertEqual(route.legs.count, 4)
        let turn = route.maneuvers[3]
        XCTAssertEqual(turn.provenance.sourcePath, "rte[0].rtept[3]")
        XCTAssertEqual(turn.location, Coordinate(latitude: 51.344095, longitude: 12.362617))
        XCTAssertEqual(route.maneuvers.map(\.geometryIndex), route.maneuvers.map(\.geometryIndex).sorted())
    }

    func test_plainTrk_joinsAllPointsAndDerivesManeuvers() throws {
        try SharedData.require()
        for name in ["garmin_xt_atrk", "dg100", "mtk_logger_m241"] {
            let file = "tracks/gpsbabel/\(name).gpx"
            var count = 0
            for trk in try xml(file).elements(named: "trk") {
                for seg in trk.elements(named: "trkseg") { count += seg.elements(named: "trkpt").count }
            }
            let route = try read(file)
            XCTAssertEqual(route.geometry.count, count, file)
            XCTAssertEqual(route.legs.count, 1, file)
            XCTAssertTrue(route.maneuvers.allSatisfy { $0.provenance.kind == .derived }, file)
            XCTAssertNil(route.source.statedDistance, file)
        }
    }
}
