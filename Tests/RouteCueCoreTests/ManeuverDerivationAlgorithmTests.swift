import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// Builds synthetic drives: straight stretches and arcs walked point by point on the sphere, with optional
/// deterministic jitter, so each behaviour of `ManeuverDeriver` can be checked on known geometry.
private struct SyntheticDrive {
    /// A piece of the drive.
    enum Piece {
        /// Straight ahead for this many metres.
        case straight(Double)
        /// An arc of this radius (metres) turning this many degrees (positive right).
        case arc(radius: Double, degrees: Double)
    }

    var points: [Coordinate]
    /// Metres along the drive to each point.
    var along: [Double]

    /// Walks `pieces` from `start` (Munich) heading `startHeading`, one point every `spacing` metres.
    init(_ pieces: [Piece], spacing: Double, startHeading: Double = 30,
         start: Coordinate = Coordinate(latitude: 48.137, longitude: 11.575)) {
        var position = start
        var heading = startHeading
        var distance = 0.0
        points = [position]
        along = [0]
        for piece in pieces {
            switch piece {
            case .straight(let length):
                let n = max(1, Int((length / spacing).rounded()))
                for _ in 0..<n {
                    position = GeoMath.destination(from: position, bearing: heading, distance: length / Double(n))
                    distance += length / Double(n)
                    points.append(position)
                    along.append(distance)
                }
            case .arc(let radius, let degrees):
                let length = abs(GeoMath.radians(degrees)) * radius
                let n = max(1, Int((length / spacing).rounded()))
                for _ in 0..<n {
                    // Chord of each arc step: half the step's turn before, half after.
                    let step = degrees / Double(n)
                    let chord = 2 * radius * sin(abs(GeoMath.radians(step)) / 2)
                    heading += step / 2
                    position = GeoMath.destination(from: position, bearing: heading, distance: chord)
                    heading += step / 2
                    distance += length / Double(n)
                    points.append(position)
                    along.append(distance)
                }
            }
        }
    }

    /// The drive with every point moved by up to `metres` north and east (uniform, fixed seed).
    func jittered(by metres: Double, seed: UInt64) -> [Coordinate] {
        var rng = SplitMix64(seed: seed)
        return points.map { p in
            let dn = (rng.nextUnit() * 2 - 1) * metres, de = (rng.nextUnit() * 2 - 1) * metres
            let north = GeoMath.destination(from: p, bearing: 0, distance: abs(dn))
            let moved = dn >= 0 ? north : GeoMath.destination(from: p, bearing: 180, distance: -dn)
            return GeoMath.destination(from: moved, bearing: de >= 0 ? 90 : 270, distance: abs(de))
        }
    }
}

final class ManeuverDerivationAlgorithmTests: XCTestCase {
    private func along(_ drive: SyntheticDrive, _ turn: ManeuverDeriver.DerivedTurn) -> Double { drive.along[turn.index] }

    func test_cleanNinetyDegreeJunction_isOneRightTurnAtTheCorner() {
        let drive = SyntheticDrive([.straight(300), .arc(radius: 0.01, degrees: 90), .straight(300)], spacing: 10)
        let turns = ManeuverDeriver.turns(in: drive.points)
        XCTAssertEqual(turns.count, 1)
        guard let t = turns.first else { return }
        XCTAssertEqual(along(drive, t), 300, accuracy: 5)
        XCTAssertEqual(t.angle, 90, accuracy: 3)
        XCTAssertEqual(ManeuverModifier(turnAngle: t.angle), .right)
        XCTAssertEqual(GeoMath.turnAngle(from: 30, to: t.bearingBefore), 0, accuracy: 2)
        XCTAssertEqual(GeoMath.turnAngle(from: 120, to: t.bearingAfter), 0, accuracy: 2)
    }

    func test_recordedTraceRoundingAJunctionCorner_isOneLeftTurn() {
        let drive = SyntheticDrive([.straight(300), .arc(radius: 12, degrees: -90), .straight(300)], spacing: 12)
        for seed: UInt64 in 1...5 {
            let turns = ManeuverDeriver.turns(in: drive.jittered(by: 3, seed: seed))
            XCTAssertEqual(turns.count, 1, "seed \(seed): \(turns)")
            guard let t = turns.first else { continue }
            XCTAssertEqual(along(drive, t), 310, accuracy: 30, "seed \(seed)")
            XCTAssertEqual(ManeuverModifier(turnAngle: t.angle), .left, "seed \(seed): \(t.angle)")
        }
    }

    func test_jitteryStraightGPSTrace_hasNoTurns() {
        // ±5 m of jitter at 1 Hz in town (10 m apart) and at walking pace (3 m apart).
        for seed: UInt64 in 1...8 {
            let town = SyntheticDrive([.straight(2000)], spacing: 10).jittered(by: 5, seed: seed)
            XCTAssertEqual(ManeuverDeriver.turns(in: town), [], "10 m spacing, seed \(seed)")
            let slow = SyntheticDrive([.straight(500)], spacing: 3).jittered(by: 5, seed: seed)
            XCTAssertEqual(ManeuverDeriver.turns(in: slow), [], "3 m spacing, seed \(seed)")
        }
    }

    func test_motorwayCurveOf60DegreesAtRadius800m_isNoTurn() {
        let drive = SyntheticDrive([.straight(500), .arc(radius: 800, degrees: 60), .straight(500)], spacing: 20)
        XCTAssertEqual(ManeuverDeriver.turns(in: drive.points), [])
        for seed: UInt64 in 1...5 {
            XCTAssertEqual(ManeuverDeriver.turns(in: drive.jittered(by: 3, seed: seed)), [], "seed \(seed)")
        }
        // A sharper but still long bend (90° over 630 m) and a cloverleaf loop are bends too.
        let bend = SyntheticDrive([.straight(500), .arc(radius: 400, degrees: -90), .straight(500)], spacing: 20)
        XCTAssertEqual(ManeuverDeriver.turns(in: bend.points), [])
        let loop = SyntheticDrive([.straight(300), .arc(radius: 60, degrees: 270), .straight(300)], spacing: 10)
        XCTAssertEqual(ManeuverDeriver.turns(in: loop.points), [])
    }

    func test_roundabout_isOneManeuverWithItsNetDirection() {
        // Right-hand traffic: bear right to enter, circle counter-clockwise, bear right to leave. The first
        // exit circles so little that it is a right turn; from the second exit on, the circling shows.
        let cases: [(String, Double, ManeuverModifier, [ManeuverType])] = [
            ("first exit", -45, .right, [.roundabout, .turn]), ("straight on", -135, .straight, [.roundabout]),
            ("third exit", -225, .left, [.roundabout]), ("back", -315, .uTurn, [.roundabout]),
        ]
        for (name, circle, modifier, types) in cases {
            let drive = SyntheticDrive([.straight(300), .arc(radius: 15, degrees: 45), .arc(radius: 20, degrees: circle),
                                        .arc(radius: 15, degrees: 90), .straight(300)], spacing: 2)
            let maneuvers = ManeuverDeriver.legManeuvers(coordinates: drive.points, leg: 0, sourcePath: "test",
                                                         includeDepart: false, includeArrive: false)
            XCTAssertEqual(maneuvers.count, 1, "\(name): \(maneuvers.map(\.0.type))")
            guard let m = maneuvers.first?.0 else { continue }
            XCTAssertTrue(types.contains(m.type), "\(name): \(m.type)")
            XCTAssertEqual(m.modifier, modifier, name)
            XCTAssertEqual(m.provenance.kind, .derived, name)
        }
    }

    func test_roundaboutInLeftHandTraffic_isOneManeuverToo() {
        let drive = SyntheticDrive([.straight(300), .arc(radius: 15, degrees: -45), .arc(radius: 20, degrees: 225),
                                    .arc(radius: 15, degrees: -90), .straight(300)], spacing: 2)
        let maneuvers = ManeuverDeriver.legManeuvers(coordinates: drive.points, leg: 0, sourcePath: "test",
                                                     includeDepart: false, includeArrive: false)
        XCTAssertEqual(maneuvers.map(\.0.type), [.roundabout])
        XCTAssertEqual(maneuvers.first?.0.modifier, .right)
    }

    func test_uTurn_isReportedAsUTurn() {
        let shapes: [(String, SyntheticDrive)] = [
            ("reversal on the spot", SyntheticDrive([.straight(300), .arc(radius: 0.01, degrees: 180), .straight(300)], spacing: 10)),
            ("two right turns 15 m apart (divided road)",
             SyntheticDrive([.straight(300), .arc(radius: 0.01, degrees: 90), .straight(15), .arc(radius: 0.01, degrees: 90), .straight(300)], spacing: 10)),
            ("turning loop of radius 8 m", SyntheticDrive([.straight(300), .arc(radius: 8, degrees: -180), .straight(300)], spacing: 5)),
        ]
        for (name, drive) in shapes {
            let maneuvers = ManeuverDeriver.legManeuvers(coordinates: drive.points, leg: 0, sourcePath: "test",
                                                         includeDepart: false, includeArrive: false)
            XCTAssertEqual(maneuvers.map(\.0.type), [.uTurn], name)
            XCTAssertEqual(maneuvers.first?.0.modifier, .uTurn, name)
        }
    }

    func test_staggeredJunction_isOneManeuverNamingTheFirstTurn() {
        let drive = SyntheticDrive([.straight(300), .arc(radius: 0.01, degrees: -90), .straight(20),
                                    .arc(radius: 0.01, degrees: 90), .straight(300)], spacing: 10)
        let turns = ManeuverDeriver.turns(in: drive.points)
        XCTAssertEqual(turns.count, 1, "\(turns)")
        guard let t = turns.first else { return }
        XCTAssertEqual(t.shape, .staggered)
        XCTAssertEqual(ManeuverModifier(turnAngle: t.angle), .left)
        XCTAssertEqual(along(drive, t), 300, accuracy: 5)
    }

    func test_duplicateAndZeroLengthPoints_changeNothing() {
        let drive = SyntheticDrive([.straight(300), .arc(radius: 0.01, degrees: -90), .straight(300),
                                    .arc(radius: 0.01, degrees: 60), .straight(300)], spacing: 10)
        let clean = ManeuverDeriver.turns(in: drive.points)
        XCTAssertEqual(clean.count, 2)
        // Every point three times, plus a run of a standing vehicle at the first corner.
        var doubled: [Coordinate] = []
        var originalIndex: [Int] = []
        for (i, p) in drive.points.enumerated() {
            let copies = i == 30 ? 20 : 3
            for _ in 0..<copies { doubled.append(p); originalIndex.append(i) }
        }
        let noisy = ManeuverDeriver.turns(in: doubled)
        XCTAssertEqual(noisy.count, clean.count)
        for (a, b) in zip(clean, noisy) {
            XCTAssertEqual(a.index, originalIndex[b.index])
            XCTAssertEqual(a.angle, b.angle, accuracy: 0.001)
        }
    }

    func test_veryShortOrDegenerateInputs_giveNoTurnsAndDoNotTrap() {
        let p = Coordinate(latitude: 52.5, longitude: 13.4)
        let q = GeoMath.destination(from: p, bearing: 90, distance: 50)
        let r = GeoMath.destination(from: q, bearing: 180, distance: 50)
        XCTAssertEqual(ManeuverDeriver.turns(in: []), [])
        XCTAssertEqual(ManeuverDeriver.turns(in: [p]), [])
        XCTAssertEqual(ManeuverDeriver.turns(in: [p, q]), [])
        XCTAssertEqual(ManeuverDeriver.turns(in: [p, p, p, p]), [])
        XCTAssertEqual(ManeuverDeriver.turns(in: [p, Coordinate(latitude: .nan, longitude: 13.4), q]), [])
        // Three points 50 m apart with a right angle: too short to judge the approach or the exit? It is
        // a clean corner, so it is a turn.
        XCTAssertEqual(ManeuverDeriver.turns(in: [p, q, r]).map { ManeuverModifier(turnAngle: $0.angle) }, [.right])
        // legManeuvers on degenerate input: depart and arrive only, at valid indices.
        XCTAssertEqual(ManeuverDeriver.legManeuvers(coordinates: [], leg: 0, sourcePath: "x").count, 0)
        let single = ManeuverDeriver.legManeuvers(coordinates: [p], leg: 0, sourcePath: "x")
        XCTAssertEqual(single.map(\.0.type), [.depart, .arrive])
    }

    func test_turnsAcrossTheAntimeridian_areTheSameAsAnywhereElse() {
        let pieces: [SyntheticDrive.Piece] = [.straight(300), .arc(radius: 0.01, degrees: 90), .straight(300),
                                              .arc(radius: 0.01, degrees: -100), .straight(300)]
        // Heading east from 179.995°: the first corner lies just past the antimeridian, at about -179.9995°.
        let fiji = SyntheticDrive(pieces, spacing: 10, startHeading: 90, start: Coordinate(latitude: -17, longitude: 179.995))
        XCTAssertTrue(fiji.points.contains { $0.longitude > 179.99 } && fiji.points.contains { $0.longitude < -179.99 })
        let elsewhere = SyntheticDrive(pieces, spacing: 10, startHeading: 90, start: Coordinate(latitude: -17, longitude: 0))
        let across = ManeuverDeriver.turns(in: fiji.points), reference = ManeuverDeriver.turns(in: elsewhere.points)
        XCTAssertEqual(reference.count, 2)
        XCTAssertEqual(across.map(\.index), reference.map(\.index))
        for (a, b) in zip(across, reference) { XCTAssertEqual(a.angle, b.angle, accuracy: 0.01) }
        let maneuvers = ManeuverDeriver.legManeuvers(coordinates: fiji.points, leg: 0, sourcePath: "x")
        XCTAssertEqual(maneuvers.map(\.0.modifier), [nil, .right, .left, nil])
        XCTAssertEqual(maneuvers[0].0.bearingAfter ?? -1, 90, accuracy: 0.1)
    }

    func test_legManeuvers_departTurnsArrive_withDerivedProvenanceAndBearings() {
        let drive = SyntheticDrive([.straight(200), .arc(radius: 0.01, degrees: 90), .straight(200),
                                    .arc(radius: 0.01, degrees: -100), .straight(200)], spacing: 10)
        let maneuvers = ManeuverDeriver.legManeuvers(coordinates: drive.points, leg: 2, sourcePath: "tour[1].points")
        XCTAssertEqual(maneuvers.map(\.0.type), [.depart, .turn, .turn, .arrive])
        XCTAssertEqual(maneuvers.map(\.0.modifier), [nil, .right, .left, nil])
        for (m, placement) in maneuvers {
            XCTAssertEqual(m.provenance.kind, .derived)
            XCTAssertEqual(m.provenance.sourceLeg, 2)
            XCTAssertTrue(m.provenance.sourcePath.hasPrefix("tour[1].points point "))
            guard case .legIndex(let i) = placement else { return XCTFail("placement") }
            XCTAssertEqual(m.location, drive.points[i])
        }
        XCTAssertEqual(maneuvers[1].0.turnAngle ?? 0, 90, accuracy: 3)
        XCTAssertEqual(maneuvers[0].0.bearingAfter ?? -1, 30, accuracy: 1)
    }

    func test_departBearing_skipsDuplicatedStartPoints() {
        let drive = SyntheticDrive([.straight(200)], spacing: 10, startHeading: 75)
        let points = [drive.points[0], drive.points[0]] + drive.points
        let depart = ManeuverDeriver.legManeuvers(coordinates: points, leg: 0, sourcePath: "x")[0].0
        XCTAssertEqual(depart.bearingAfter ?? -1, 75, accuracy: 1)
    }
}
