import RouteCueCore
import TestSupport
import XCTest

/// How a line without maneuvers of its own is cut into requests for the routing engine (`ManeuverMatching.pieces`)
/// and how the engine's answers replace its derived maneuvers (`ManeuverMatching.apply`): placed on the route's own
/// line, only within each piece's own stretch, the line unchanged; a failed, short or far-off answer keeps the
/// derived ones and says why. The real engine is in `ValhallaManeuverMatchingTests`.
final class ManeuverMatchingTests: XCTestCase {
    let start = Coordinate(latitude: 48.137, longitude: 11.575)

    /// An L: 600 m east, then 600 m north, points 20 m apart; as a GPX track (maneuvers derived from geometry).
    private func lTrack() throws -> (route: Route, corner: Coordinate) {
        let east = TourFixtures.line(from: start, bearing: 90, count: 31)
        let north = TourFixtures.line(from: east.last!, bearing: 0, count: 31).dropFirst()
        let points = (east + north).map { "<trkpt lat=\"\($0.latitude)\" lon=\"\($0.longitude)\"/>" }.joined()
        let gpx = "<?xml version=\"1.0\"?><gpx version=\"1.1\"><trk><trkseg>\(points)</trkseg></trk></gpx>"
        return (try RouteReader.read(Array(gpx.utf8), name: "l.gpx"), east.last!)
    }

    /// The engine's answer for the L: its own line moved `offset` metres south-east (3 m: GPS noise; 80 m: another
    /// street), with a turn at the corner.
    private func answer(for route: Route, offset: Double = 3) throws -> Route {
        let moved = route.geometry.coordinates.map { GeoMath.destination(from: $0, bearing: 135, distance: offset) }
        return try TourFixtures.roadRoute(moved, turns: [30], name: "Oststraße")
    }

    func test_pieces_areTheLegsWithOnlyDerivedManeuvers_andARoutedFileAsksForNone() throws {
        let (track, _) = try lTrack()
        XCTAssertTrue(track.maneuvers.allSatisfy { $0.provenance.kind == .derived })
        let pieces = ManeuverMatching.pieces(for: track)
        XCTAssertEqual(pieces.count, 1)
        XCTAssertEqual(pieces[0].request.purpose, .lineMatch)
        XCTAssertEqual(pieces[0].request.points.count, track.geometry.count, "points 20 m apart are sent as they are")
        XCTAssertEqual(pieces[0].keepStart, 0)
        XCTAssertEqual(pieces[0].keepEnd, track.length, accuracy: 0.001)
        XCTAssertEqual(ValhallaRouteQuery().path(for: pieces[0].request), "/trace_route")
        XCTAssertTrue(ValhallaRouteQuery().body(for: pieces[0].request).contains("\"shape_match\":\"map_snap\""))

        let routed = try TourFixtures.roadRoute(track.geometry.coordinates, turns: [30])
        XCTAssertTrue(ManeuverMatching.pieces(for: routed).isEmpty, "a route with its own steps needs no engine")
    }

    func test_aLongLine_isCutIntoOverlappingPieces_thatCoverItOnce() throws {
        // 130 km due east, a point every 400 m: densified to 50 m, then cut.
        let line = TourFixtures.line(from: start, bearing: 90, count: 326, step: 400)
        let track = try TourFixtures.roadRoute(line)
        var stepless = track
        for k in stepless.maneuvers.indices { stepless.maneuvers[k].provenance.kind = .derived }
        let pieces = ManeuverMatching.pieces(for: stepless)
        XCTAssertGreaterThanOrEqual(pieces.count, 3)
        XCTAssertEqual(pieces.first?.keepStart, 0)
        XCTAssertEqual(pieces.last?.keepEnd ?? 0, stepless.length, accuracy: 0.001)
        for (a, b) in zip(pieces, pieces.dropFirst()) {
            XCTAssertEqual(a.keepEnd, b.keepStart, "the stretches meet")
        }
        for p in pieces {
            XCTAssertLessThanOrEqual(p.request.points.count, ManeuverMatching.maxPointsPerPiece)
            XCTAssertLessThanOrEqual(p.length, ManeuverMatching.maxPieceLength + 1)
            let gaps = zip(p.request.points, p.request.points.dropFirst()).map { GeoMath.distance($0.coordinate, $1.coordinate) }
            XCTAssertLessThanOrEqual(gaps.max() ?? 0, 50.5, "a sparse line is densified")
        }
        XCTAssertGreaterThan(pieces[1].length, pieces[1].keepEnd - pieces[1].keepStart + 250, "a middle piece reaches into both neighbours")
        // An engine that takes few points (OSRM's 100 by default) gets smaller pieces that still meet.
        let small = ManeuverMatching.pieces(for: stepless, maxPoints: OSRMRouteQuery.maxMatchPoints)
        XCTAssertTrue(small.allSatisfy { $0.request.points.count <= OSRMRouteQuery.maxMatchPoints }, "\(small.map(\.request.points.count).max() ?? 0)")
        XCTAssertEqual(small.last?.keepEnd ?? 0, stepless.length, accuracy: 0.001)
        XCTAssertTrue(zip(small, small.dropFirst()).allSatisfy { $0.keepEnd == $1.keepStart })
    }

    func test_apply_putsTheEnginesTurnsOnTheRoutesOwnLine_withItsNames() throws {
        let (track, corner) = try lTrack()
        let pieces = ManeuverMatching.pieces(for: track)
        let outcome = ManeuverMatching.apply([.success(try answer(for: track))], of: pieces, to: track)
        XCTAssertEqual(outcome.matchedLegs, [0])
        XCTAssertTrue(outcome.fallbacks.isEmpty)
        let route = outcome.route
        XCTAssertEqual(route.geometry, track.geometry, "the line stays the file's")
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .turn, .arrive])
        XCTAssertEqual(route.maneuvers.map(\.index), [0, 1, 2])
        XCTAssertTrue(route.maneuvers.allSatisfy { $0.provenance.kind == .matched })
        XCTAssertEqual(route.maneuvers[0].roadName, "Oststraße", "the depart is named by the engine")
        XCTAssertEqual(route.maneuvers[1].roadName, "Oststraße 1")
        XCTAssertEqual(route.maneuvers[1].instruction, "Turn right onto Oststraße 1")
        XCTAssertEqual(route.maneuvers[1].distanceAlong, 600, accuracy: 4, "placed on the file's line at the corner")
        XCTAssertLessThan(GeoMath.distance(route.geometry.coordinate(atDistance: route.maneuvers[1].distanceAlong), corner), 4)
        XCTAssertEqual(route.maneuvers[2].distanceAlong, track.length, "the arrival stays at the line's end")
    }

    func test_apply_keepsTheDerivedManeuvers_whenTheEngineFails_matchesElsewhere_orMatchesOnlyPartOfTheLine() throws {
        let (track, _) = try lTrack()
        let pieces = ManeuverMatching.pieces(for: track)
        let failed = ManeuverMatching.apply([.failure(InputError(.engineUnreachable, input: .routingEngine, location: "legs[0] from 0.0 km", message: "routing engine unreachable"))],
                                            of: pieces, to: track)
        let elsewhere = ManeuverMatching.apply([.success(try answer(for: track, offset: 80))], of: pieces, to: track)
        let half = try TourFixtures.roadRoute(Array(track.geometry.coordinates.prefix(25)))
        let short = ManeuverMatching.apply([.success(half)], of: pieces, to: track)
        for (outcome, reason) in [(failed, "unreachable"), (elsewhere, "m off the line"), (short, "the engine matched")] {
            XCTAssertEqual(outcome.route, track, "derived maneuvers kept")
            XCTAssertTrue(outcome.matchedLegs.isEmpty)
            XCTAssertEqual(outcome.fallbacks.map(\.leg), [0])
            XCTAssertTrue(outcome.fallbacks.first?.reason.contains(reason) == true, "\(outcome.fallbacks)")
        }
    }

    func test_apply_takesEachPiecesTurnsOnlyFromItsOwnStretch() throws {
        // Two pieces of one leg, both answered with the whole L: the corner's turn lies in one stretch only.
        let (track, _) = try lTrack()
        var pieces = ManeuverMatching.pieces(for: track)
        var second = pieces[0]
        pieces[0].keepEnd = 500
        second.keepStart = 500
        pieces.append(second)
        let engine = try answer(for: track)
        let route = ManeuverMatching.apply([.success(engine), .success(engine)], of: pieces, to: track).route
        XCTAssertEqual(route.maneuvers.map(\.type), [.depart, .turn, .arrive], "the corner once, not once per piece")
    }
}
