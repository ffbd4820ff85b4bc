@testable import RouteCueCore
import TestSupport
import XCTest

/// Each GPX turn dialect on small hand-written documents: OsmAnd, GraphHopper, Locus, OruxMaps, GPSies,
/// plain `desc` texts, Garmin shape points, several `rte`s.
final class GPXImportDialectTests: XCTestCase {
    /// A straight east-west street with a point every ~70 m along latitude 50.
    private func point(_ i: Int) -> (lat: Double, lon: Double) { (50.0, 8.0 + Double(i) * 0.001) }

    private func trk(_ count: Int) -> String {
        "<trk><trkseg>" + (0..<count).map { "<trkpt lat=\"\(point($0).lat)\" lon=\"\(point($0).lon)\"/>" }.joined() + "</trkseg></trk>"
    }

    private func gpx(_ body: String) -> [UInt8] {
        Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gh="https://graphhopper.com/public/schema/gpx-1.1" xmlns:locus="http://www.locusmap.eu">
        \(body)
        </gpx>
        """.utf8)
    }

    private func read(_ body: String, options: ImportOptions = ImportOptions()) throws -> Route {
        try RouteReader.read(gpx(body), name: "test.gpx", options: options)
    }

    /// A rte whose middle points carry `extensions[i]` (and `desc[i]`), on a trk of `points` points.
    private func rte(middle: [(ext: String, desc: String?)], points: Int = 8) -> String {
        var s = "<rte><rtept lat=\"\(point(0).lat)\" lon=\"\(point(0).lon)\"/>"
        for (k, m) in middle.enumerated() {
            let p = point(k + 1)
            s += "<rtept lat=\"\(p.lat)\" lon=\"\(p.lon)\">" + (m.desc.map { "<desc>\($0)</desc>" } ?? "")
                + "<extensions>\(m.ext)</extensions></rtept>"
        }
        let last = point(points - 1)
        return s + "<rtept lat=\"\(last.lat)\" lon=\"\(last.lon)\"/></rte>" + trk(points)
    }

    private func describe(_ m: Maneuver) -> String {
        "\(m.type.rawValue) \(m.modifier?.rawValue ?? "-")" + (m.exitNumber.map { " exit \($0)" } ?? "")
    }

    func test_osmAndTurnCodes() throws {
        let codes = ["TSLL", "TSHR", "TU", "KL", "KR", "EXIT3", "C"]
        let route = try read(rte(middle: codes.map { ("<turn>\($0)</turn>", nil) }, points: 9))
        XCTAssertEqual(route.maneuvers.map(describe), ["depart -", "turn slight_left", "turn sharp_right", "uturn uturn",
                                                      "keep left", "keep right", "roundabout - exit 3", "continue straight",
                                                      "arrive -"])
    }

    func test_osmAndTurnAngle_givesTheModifierWhenThereIsNoCode() throws {
        let route = try read(rte(middle: [("<turn-angle>-150</turn-angle>", nil), ("<turn-angle>35</turn-angle>", nil)]))
        XCTAssertEqual(route.maneuvers.map(describe), ["depart -", "turn sharp_left", "turn slight_right", "arrive -"])
    }

    func test_osmAndOffset_placesThePointOnThatTrkPoint() throws {
        // Two rtepts at the same place: the offsets say which pass of the trk each one is.
        let body = """
        <rte><rtept lat="50.0" lon="8.0"><extensions><offset>0</offset></extensions></rtept>
        <rtept lat="50.0" lon="8.002"><extensions><turn>TU</turn><offset>4</offset></extensions></rtept>
        <rtept lat="50.0" lon="8.0"><extensions><offset>6</offset></extensions></rtept></rte>
        <trk><trkseg><trkpt lat="50.0" lon="8.0"/><trkpt lat="50.0" lon="8.001"/><trkpt lat="50.0" lon="8.002"/>
        <trkpt lat="50.0" lon="8.003"/><trkpt lat="50.0" lon="8.002"/><trkpt lat="50.0" lon="8.001"/>
        <trkpt lat="50.0" lon="8.0"/></trkseg></trk>
        """
        let route = try read(body)
        XCTAssertEqual(route.maneuvers.map(\.geometryIndex), [0, 4, 6])
        XCTAssertEqual(route.maneuvers[1].type, .uTurn)
    }

    func test_graphHopperSigns() throws {
        let signs = [(-7, nil), (7, nil), (-98, nil), (6, "at roundabout, take exit 2 onto Ring"), (-6, nil), (-1, nil), (3, nil), (9, nil)]
        let route = try read(rte(middle: signs.map { ("<gh:sign>\($0.0)</gh:sign>", $0.1) }, points: 10))
        XCTAssertEqual(route.maneuvers.map(describe), ["depart -", "keep left", "keep right", "uturn uturn", "roundabout - exit 2",
                                                      "exit_roundabout -", "turn slight_left", "turn sharp_right", "ferry -", "arrive -"])
        XCTAssertEqual(route.maneuvers[4].roadName, "Ring")
    }

    func test_graphHopperSign_winsOverText_andTextWinsOverGeometry() throws {
        let route = try read(rte(middle: [("<gh:sign>-2</gh:sign>", "turn right onto Wrong Street"), ("", "turn sharp right onto Hauptstraße")]))
        XCTAssertEqual(route.maneuvers.map(describe), ["depart -", "turn left", "turn sharp_right", "arrive -"])
        XCTAssertEqual(route.maneuvers[1].roadName, "Wrong Street", "the road name still comes from the text")
        XCTAssertEqual(route.maneuvers[2].roadName, "Hauptstraße")
    }

    func test_descTexts() throws {
        let texts = ["keep right and drive toward Berlin, Potsdam", "turn slight left onto Ring and take A 9 toward München",
                     "make a U-turn onto Mainstreet", "At roundabout, take exit 4", "waypoint 1", "continue",
                     "turn left onto Hauptstraße, L 3004", "exit the roundabout onto Ringstraße"]
        let route = try read(rte(middle: texts.map { ("", $0) }, points: 10))
        let m = route.maneuvers
        XCTAssertEqual(m.map(describe), ["depart -", "keep right", "turn slight_left", "uturn uturn", "roundabout - exit 4",
                                        "waypoint -", "continue straight", "turn left", "exit_roundabout -", "arrive -"])
        XCTAssertEqual(m[1].destinations, "Berlin, Potsdam")
        XCTAssertNil(m[1].roadName)
        XCTAssertEqual(m[2].roadName, "Ring"); XCTAssertEqual(m[2].ref, "A 9"); XCTAssertEqual(m[2].destinations, "München")
        XCTAssertEqual(m[3].roadName, "Mainstreet")
        XCTAssertEqual(m[7].roadName, "Hauptstraße"); XCTAssertEqual(m[7].ref, "L 3004")
        XCTAssertEqual(m[8].roadName, "Ringstraße")
        // A "waypoint" text without a via sign is a via point too: it ends a leg.
        XCTAssertEqual(route.legs.count, 2)
        XCTAssertEqual(m[5].geometryIndex, route.legs[0].geometryEnd)
    }

    func test_noTurnInformation_takesTheTurnFromTheGeometry() throws {
        // An L-shaped track: east, then north at the corner.
        let body = """
        <rte><rtept lat="50.0" lon="8.0"/><rtept lat="50.0" lon="8.002"/><rtept lat="50.002" lon="8.002"/></rte>
        <trk><trkseg><trkpt lat="50.0" lon="8.0"/><trkpt lat="50.0" lon="8.001"/><trkpt lat="50.0" lon="8.002"/>
        <trkpt lat="50.001" lon="8.002"/><trkpt lat="50.002" lon="8.002"/></trkseg></trk>
        """
        let route = try read(body)
        XCTAssertEqual(route.maneuvers.map(describe), ["depart -", "turn left", "arrive -"])
        XCTAssertEqual(try XCTUnwrap(route.maneuvers[1].bearingBefore), 90, accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(route.maneuvers[1].bearingAfter), 0, accuracy: 1)
    }

    func test_locusActions() throws {
        let codes = [3, 8, 9, 12, 15, 18, 20, 27, 34, 2]
        var body = ""
        for (k, c) in codes.enumerated() {
            let p = point(k + 1)
            body += "<wpt lat=\"\(p.lat)\" lon=\"\(p.lon)\"><extensions><locus:rtePointAction>\(c)</locus:rtePointAction></extensions></wpt>"
        }
        body += "<wpt lat=\"\(point(12).lat)\" lon=\"\(point(12).lon)\"><extensions><locus:rtePointAction>24</locus:rtePointAction></extensions></wpt>"
        body += "<wpt lat=\"50.5\" lon=\"8.5\"><name>A POI, not a turn</name></wpt>"
        let route = try read(body + trk(13))
        XCTAssertEqual(route.maneuvers.map(describe), ["depart -", "turn slight_left", "turn sharp_right", "keep left", "uturn uturn",
                                                      "off_ramp slight_left", "on_ramp right", "merge slight_left",
                                                      "roundabout - exit 1", "roundabout - exit 8", "new_name straight", "arrive -"])
        XCTAssertEqual(route.maneuvers.last?.provenance.sourcePath, "wpt[10]", "Locus' own arrive point, no extra one")
        XCTAssertFalse(route.maneuvers.contains { $0.provenance.sourcePath == "wpt[11]" })
    }

    func test_oruxMapsIcons() throws {
        let codes = [1000, 1001, 1002, 1003, 1010, 1014, 1015, 1016, 1017, 1018, 1019, 1007, 1004]
        var body = ""
        for (k, c) in codes.enumerated() {
            let p = point(k + 1)
            body += """
            <wpt lat="\(p.lat)" lon="\(p.lon)"><extensions><om:oruxmapsextensions xmlns:om="http://www.oruxmaps.com/oruxmapsextensions/1/0">\
            <om:ext type="ICON" subtype="0">\(c)</om:ext></om:oruxmapsextensions></extensions></wpt>
            """
        }
        let route = try read(body + trk(15))
        XCTAssertEqual(route.maneuvers.map(describe), ["depart -", "turn left", "turn right", "continue straight", "uturn uturn",
                                                      "roundabout - exit 2", "keep right", "keep left", "turn slight_right",
                                                      "turn slight_left", "turn sharp_right", "turn sharp_left",
                                                      "roundabout - exit 1", "roundabout - exit 4", "arrive -"])
    }

    func test_gpsiesSymbolsAndTypes() throws {
        let words = [("Left", "left"), ("Right", "right"), ("TSHL", "TSHL"), ("TSLR", "TSLR"), ("TU", "TU"), ("Straight", "straight"),
                     (nil, "RNDB3")]
        var body = ""
        for (k, w) in words.enumerated() {
            let p = point(k + 1)
            body += "<wpt lat=\"\(p.lat)\" lon=\"\(p.lon)\"><sym>\(w.1)</sym>" + (w.0.map { "<type>\($0)</type>" } ?? "") + "</wpt>"
        }
        let route = try read(body + trk(9))
        XCTAssertEqual(route.maneuvers.map(describe), ["depart -", "turn left", "turn right", "turn sharp_left", "turn slight_right",
                                                      "uturn uturn", "continue straight", "roundabout - exit 3", "arrive -"])
    }

    func test_turnWpt_offTheTrack_isProjectedOntoIt() throws {
        // 5 m north of the track, between two track points.
        let body = "<wpt lat=\"50.000045\" lon=\"8.0015\"><sym>Left</sym></wpt>" + trk(4)
        let route = try read(body)
        XCTAssertEqual(route.geometry.count, 5, "a vertex is inserted at the projection")
        let turn = route.maneuvers[1]
        XCTAssertEqual(turn.location.latitude, 50.0, accuracy: 1e-9)
        XCTAssertEqual(turn.location.longitude, 8.0015, accuracy: 1e-9)
        XCTAssertEqual(turn.distanceAlong, route.length / 2, accuracy: 0.5)
    }

    func test_rteWithoutTrk_usesRoutePointsAndGarminShapePoints() throws {
        let body = """
        <rte xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3">
        <rtept lat="50.0" lon="8.0"><extensions><gpxx:RoutePointExtension>
          <gpxx:rpt lat="50.0" lon="8.001"/><gpxx:rpt lat="50.0" lon="8.002"/></gpxx:RoutePointExtension></extensions></rtept>
        <rtept lat="50.001" lon="8.002"><desc>turn right onto B 3</desc></rtept>
        <rtept lat="50.001" lon="8.004"/></rte>
        """
        let route = try read(body)
        XCTAssertEqual(route.geometry.count, 5)
        XCTAssertEqual(route.maneuvers.map(\.geometryIndex), [0, 3, 4])
        XCTAssertEqual(route.maneuvers[1].ref, "B 3")
        XCTAssertEqual(route.maneuvers[1].roadName, "B 3")
    }

    func test_rteOfOnePoint_onATrk_departsThereAndArrivesAtTheTrkEnd() throws {
        let route = try read("<rte><rtept lat=\"\(point(0).lat)\" lon=\"\(point(0).lon)\"><desc>head east</desc></rtept></rte>" + trk(4))
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .arrive])
        XCTAssertEqual(route.maneuvers.last?.geometryIndex, 3)
        XCTAssertEqual(try XCTUnwrap(route.maneuvers.last?.distanceAlong), route.length, accuracy: 0.01)
        XCTAssertEqual(route.maneuvers.last?.provenance.kind, .derived)
    }

    func test_rtePointsBeforeTheTrkStartAndBeyondItsEnd_departAndArriveAtTheGeometryEnds() throws {
        // The rte starts ~70 m before the trk's first point and ends ~70 m beyond its last one.
        let before = (lat: 50.0, lon: 8.0 - 0.001), beyond = point(4)
        let body = "<rte><rtept lat=\"\(before.lat)\" lon=\"\(before.lon)\"/>"
            + "<rtept lat=\"\(point(1).lat)\" lon=\"\(point(1).lon)\"><desc>turn left</desc></rtept>"
            + "<rtept lat=\"\(beyond.lat)\" lon=\"\(beyond.lon)\"/></rte>" + trk(4)
        let route = try read(body)
        XCTAssertEqual(route.geometry.count, 6)
        XCTAssertEqual(route.geometry.coordinates.first, Coordinate(latitude: before.lat, longitude: before.lon))
        XCTAssertEqual(route.geometry.coordinates.last, Coordinate(latitude: beyond.lat, longitude: beyond.lon))
        XCTAssertEqual(route.maneuvers.map(describe), ["depart -", "turn left", "arrive -"])
        XCTAssertEqual(route.maneuvers.map(\.geometryIndex), [0, 2, 5])
        XCTAssertEqual(route.length, 5 * GeoMath.distance(Coordinate(latitude: 50, longitude: 8), Coordinate(latitude: 50, longitude: 8.001)),
                       accuracy: 0.5, "a straight line without a detour back")
    }

    func test_rteCoveringPartOfItsTrk_runsFromItsFirstToItsLastPoint() throws {
        // The rte starts at trk point 2 and ends at point 6 of 10: the route is that stretch, so the arrive
        // is its end and not announced partway along, and nothing before the depart is left to drive.
        let body = "<rte><rtept lat=\"\(point(2).lat)\" lon=\"\(point(2).lon)\"/>"
            + "<rtept lat=\"\(point(4).lat)\" lon=\"\(point(4).lon)\"><desc>turn left</desc></rtept>"
            + "<rtept lat=\"\(point(6).lat)\" lon=\"\(point(6).lon)\"/></rte>" + trk(10)
        let route = try read(body)
        XCTAssertEqual(route.geometry.count, 5)
        XCTAssertEqual(route.geometry.coordinates.first, Coordinate(latitude: point(2).lat, longitude: point(2).lon))
        XCTAssertEqual(route.geometry.coordinates.last, Coordinate(latitude: point(6).lat, longitude: point(6).lon))
        XCTAssertEqual(route.maneuvers.map(describe), ["depart -", "turn left", "arrive -"])
        XCTAssertEqual(route.maneuvers.map(\.geometryIndex), [0, 2, 4])
        XCTAssertEqual(try XCTUnwrap(route.maneuvers.last?.distanceAlong), route.length, accuracy: 0.01)
        XCTAssertEqual(route.waypoints.map(\.location), [route.geometry.coordinates[0], route.geometry.coordinates[4]])
        XCTAssertEqual(route.maneuvers.map(\.provenance.sourcePath), ["rte[0].rtept[0]", "rte[0].rtept[1]", "rte[0].rtept[2]"])
    }

    func test_severalRtes_areAlternatives() throws {
        let body = """
        <rte><rtept lat="50.0" lon="8.0"/><rtept lat="50.0" lon="8.01"/></rte>
        <rte><rtept lat="51.0" lon="9.0"/><rtept lat="51.0" lon="9.01"/><rtept lat="51.01" lon="9.01"/></rte>
        """
        let first = try read(body)
        XCTAssertEqual(first.source.alternativeCount, 2)
        XCTAssertEqual(first.maneuvers.count, 2)
        let second = try read(body, options: ImportOptions(alternative: 1))
        XCTAssertEqual(second.source.alternative, 1)
        XCTAssertEqual(second.maneuvers.map(\.provenance.sourcePath), ["rte[1].rtept[0]", "rte[1].rtept[1]", "rte[1].rtept[2]"])
        // Provenance names the rte itself, also when an identical one comes first or an empty one lies between.
        let same = "<rte><rtept lat=\"50.0\" lon=\"8.0\"/><rtept lat=\"50.0\" lon=\"8.01\"/></rte>"
        let twin = try read(same + "<rte/>" + same, options: ImportOptions(alternative: 1))
        XCTAssertEqual(twin.maneuvers.map(\.provenance.sourcePath), ["rte[2].rtept[0]", "rte[2].rtept[1]"])
        XCTAssertThrowsError(try read(body, options: ImportOptions(alternative: 2))) { error in
            XCTAssertTrue("\(error)".contains("alternative 2 requested but the file has 2 rte"), "\(error)")
        }
    }

    func test_trkElevations_areKeptWhenEveryPointHasOne() throws {
        let body = "<trk><trkseg><trkpt lat=\"50\" lon=\"8\"><ele>100</ele></trkpt><trkpt lat=\"50\" lon=\"8.001\"><ele>102.5</ele></trkpt>"
            + "<trkpt lat=\"50\" lon=\"8.002\"><ele>105</ele></trkpt></trkseg></trk>"
        XCTAssertEqual(try read(body).geometry.elevations, [100, 102.5, 105])
        let partial = "<trk><trkseg><trkpt lat=\"50\" lon=\"8\"><ele>100</ele></trkpt><trkpt lat=\"50\" lon=\"8.001\"/></trkseg></trk>"
        XCTAssertNil(try read(partial).geometry.elevations)
    }

    func test_severalTrksAndSegments_areJoined() throws {
        let body = "<trk><trkseg><trkpt lat=\"50\" lon=\"8\"/><trkpt lat=\"50\" lon=\"8.001\"/></trkseg>"
            + "<trkseg><trkpt lat=\"50\" lon=\"8.002\"/></trkseg></trk><trk><trkseg><trkpt lat=\"50\" lon=\"8.003\"/></trkseg></trk>"
        let route = try read(body)
        XCTAssertEqual(route.geometry.count, 4)
        XCTAssertEqual(route.maneuvers.first?.provenance.sourcePath, "trk point 0")
    }

    func test_graphHopperGermanTexts() throws {
        let texts = ["scharf links abbiegen auf Tarostraße", "leicht rechts abbiegen", "links halten und Richtung Berlin fahren",
                     "dem Straßenverlauf von Max-Liebermann-Straße, B 6 folgen", "im Kreisverkehr Ausfahrt 2 auf Ringstraße nehmen",
                     "Kreisverkehr auf Hauptstraße verlassen", "wenden", "dem Straßenverlauf folgen", "Wegpunkt 1"]
        let route = try read(rte(middle: texts.map { ("", $0) }, points: 11))
        let m = route.maneuvers
        XCTAssertEqual(m.map(describe), ["depart -", "turn sharp_left", "turn slight_right", "keep left", "new_name straight",
                                        "roundabout - exit 2", "exit_roundabout -", "uturn uturn", "continue straight", "waypoint -",
                                        "arrive -"])
        XCTAssertEqual(m[1].roadName, "Tarostraße")
        XCTAssertEqual(m[3].destinations, "Berlin")
        XCTAssertEqual(m[4].roadName, "Max-Liebermann-Straße"); XCTAssertEqual(m[4].ref, "B 6")
        XCTAssertEqual(m[5].roadName, "Ringstraße")
        XCTAssertEqual(m[6].roadName, "Hauptstraße")
    }

    func test_intermediateArrive_isAViaPointEndingALeg() throws {
        let route = try read(rte(middle: [("<turn>TL</turn>", nil), ("", "arrive at destination"), ("<turn>TR</turn>", nil)]))
        XCTAssertEqual(route.maneuvers.map(describe), ["depart -", "turn left", "waypoint -", "turn right", "arrive -"])
        XCTAssertEqual(route.legs.count, 2)
        XCTAssertEqual(route.waypoints.map(\.role), [.start, .via, .destination])
        XCTAssertEqual(route.maneuvers[3].leg, 1)
    }

    func test_manyRoutePointsOffALongTrack_doNotTakeQuadraticTime() throws {
        // 100,000 trk points and a rtept every 100th, each 33 m off the line: every one of them misses the track, so
        // an unbounded search for each would scan to the track's end (1e8 segments). The placement counts the
        // segments it examines and, once its budget is spent, searches each point only a bounded way ahead: the work
        // done is checked, not seconds (which would hold on one machine and not under emulation).
        let line = (0..<100_000).map { Coordinate(latitude: 50.0, longitude: 8.0 + Double($0) * 0.0001) }
        let points = stride(from: 0, to: 100_000, by: 100).map { Coordinate(latitude: 50.0003, longitude: 8.0 + Double($0) * 0.0001) }
        let budget = 1_000_000
        let placement = GPXPlacement(points: points, offsets: points.map { _ in nil }, on: line, elevations: nil,
                                     insertMissedPoints: true, scanBudget: budget)
        // The search during which the budget runs out may still go to the line's end; every later one is bounded.
        let bound = budget + line.count + 2 * points.count * (GPXPlacement.scanAfterCloseCandidate + 1)
        print("GPX route points off a long track: \(placement.segmentsExamined) segments examined (bound \(bound); unbounded ≈ 1e8)")
        XCTAssertLessThanOrEqual(placement.segmentsExamined, bound)
        XCTAssertEqual(placement.indices, placement.indices.sorted())
        XCTAssertEqual(placement.coordinates[placement.indices[500]].longitude, 8.0 + 50_000 * 0.0001, accuracy: 1e-9,
                       "each point at its own place, also after the budget is spent")

        // The same shape through the whole import, with the real budget.
        var body = "<rte>"
        for i in stride(from: 0, to: 20_000, by: 100) { body += "<rtept lat=\"50.0003\" lon=\"\(8.0 + Double(i) * 0.0001)\"/>" }
        body += "</rte><trk><trkseg>"
        for i in 0..<20_000 { body += "<trkpt lat=\"50.0\" lon=\"\(8.0 + Double(i) * 0.0001)\"/>" }
        body += "</trkseg></trk>"
        let r = try RouteReader.read(gpx(body), name: "far.gpx")
        XCTAssertEqual(r.maneuvers.count, 200)
        XCTAssertEqual(r.maneuvers.map(\.geometryIndex), r.maneuvers.map(\.geometryIndex).sorted())
        XCTAssertEqual(r.maneuvers[100].location.longitude, 8.0 + 10_000 * 0.0001, accuracy: 1e-9, "each point at its own place")
    }

    func test_bigFile_importsInLinearTime() throws {
        // trk points (100,000: a ~700 km straight line) and a rtept every 100th point, half of them 3 m off the line.
        func document(trackPoints n: Int) -> [UInt8] {
            var body = "<rte>"
            for i in stride(from: 0, to: n, by: 100) {
                let lat = i % 200 == 0 ? 50.0 : 50.000027
                body += "<rtept lat=\"\(lat)\" lon=\"\(8.0 + Double(i) * 0.0001)\"><desc>turn left onto Street \(i)</desc></rtept>"
            }
            body += "<rtept lat=\"50.0\" lon=\"\(8.0 + Double(n - 1) * 0.0001)\"/></rte><trk><trkseg>"
            for i in 0..<n { body += "<trkpt lat=\"50.0\" lon=\"\(8.0 + Double(i) * 0.0001)\"/>" }
            body += "</trkseg></trk>"
            return gpx(body)
        }
        let small = document(trackPoints: 25_000), large = document(trackPoints: 100_000)
        var route: Route?
        let growth = try GrowthRatio.ratio(small: { _ = try RouteReader.read(small, name: "big.gpx") },
                                           large: { route = try RouteReader.read(large, name: "big.gpx") })
        print("GPX big file: \(large.count) bytes, 100000 trk points, 1001 rtepts imported in \(String(format: "%.1f", growth))× the time of 25000 points")
        let r = try XCTUnwrap(route)
        XCTAssertEqual(r.maneuvers.count, 1001)
        XCTAssertEqual(r.geometry.count, 100_000, "points 3 m off the line take the trk vertex next to them")
        XCTAssertEqual(r.maneuvers[500].geometryIndex, 50_000)
        XCTAssertLessThan(growth, GrowthRatio.limit, "4× the points must take about 4× the time, not 16×")
    }
}
