import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// Scores maneuvers derived from geometry alone against the route files' own maneuvers (issue 2,
/// "Maneuvers derived from geometry"). The issue's target is precision and recall of at least 0.9; the
/// output says for every figure whether it meets it. Measured when this test was written: pooled recall
/// 0.906 (meets), pooled precision 0.876 (below: bends without a junction instruction, e.g. a lone 50° kink
/// of a rural road, look exactly like junction turns in geometry alone; every filter tried traded recall
/// for precision one for one). Measured on the unsimplified points since: how concentrated the heading
/// change is does not separate them either: 21 of the 25 unconfirmed turns put 80 % of their change within
/// 10 m (146 of the 156 confirmed reference turns do too), most at a single vertex of sparse geometry, and
/// neither approach/exit straightness nor point density splits them without losing references. Since then
/// precision-5 lines (rounding measures as ~0.4–0.5 m of roughness) are no longer simplified as noisy
/// recordings: pooled recall 0.922, precision 0.877 (found 166 of 180; 178 of 203 derived confirmed).
/// Tried as well, none raising precision (unconfirmed removed / confirmed lost): a ±10 m window also centred
/// between close vertices (added 16 unconfirmed with 12 confirmed), requiring a straight approach or exit
/// (0–3 / 0–18), placing a turn at its largest vertex or mid-turn (+1–3 unconfirmed), agreement with a 2–5×
/// coarser simplification (1 / 12–22), splitting a group at a straight inside it (added 1–4 unconfirmed
/// with 2–6 confirmed); the staggered-junction test also for groups rejected on curvature and shoulders
/// that stop at a neighbouring kink each found one more reference but add turns on recorded traces (loops,
/// standstill wander) and on polygonal bends, and dropping vertices next to a segment of over 10 km
/// (ferry lines) removes 2 unconfirmed turns at no cost here, but a straight desert road can have nodes that
/// far apart, and missing a real turn there is worse than a "slight right" on a ferry. The assertions hold
/// the target where it is met and a regression floor where it is not yet, so the test fails if derivation
/// gets worse.
final class ManeuverDerivationScoreTests: XCTestCase {
    /// Formats with fewer reference maneuvers than this are printed but not held to a floor on their own.
    static let minimumReferencesForBar = 20
    /// The issue's target for both figures.
    static let bar = 0.9
    /// What is asserted where the target is not met yet (measured 0.875 for OSRM/Mapbox precision, pooled 0.877).
    static let regressionFloor = 0.87

    /// The files scored, by format. The GPX files are read by `RouteReader`, which takes the geometry
    /// from their `trk` and the maneuvers from their `rte`.
    static func filesByFormat() -> [(format: String, files: [String], sourceStatesBearings: Bool)] {
        [
            ("OSRM/Mapbox", ["routes/osrm/osrm-backend/portugal_to_korea.json"]
                + SharedData.files(under: "routes/osrm-compatible", extensions: [".json"])
                + SharedData.files(under: "routes/valhalla/ferrostar-osrm-format", extensions: [".json"]), true),
            ("Valhalla", SharedData.files(under: "routes/valhalla/valhalla-docs", extensions: [".json"]), true),
            ("GraphHopper", SharedData.files(under: "routes/graphhopper", extensions: [".json"]), false),
            ("GPX trk vs rte", ["routes/graphhopper/graphhopper-gpx/test1.gpx",
                                "routes/gpx-turn-instructions/brouter-web/3-osmand.gpx"], false),
        ]
    }

    func test_derivedTurns_matchTheSourcesOwnManeuvers_scoredForPrecisionAndRecall() throws {
        try SharedData.require()
        var pooled = ManeuverDerivationScore()
        var failures: [String] = []
        print("Derived maneuvers vs source maneuvers (reference: turn ≥ 45°; match within 30 m along the route)")
        for (format, files, statesBearings) in Self.filesByFormat() {
            XCTAssertFalse(files.isEmpty, "no files for \(format)")
            var total = ManeuverDerivationScore()
            for file in files {
                let route = try RouteReader.read(SharedData.bytes(file), name: file)
                let (s, misses, falsePositives) = ManeuverDerivationScore.score(route, sourceStatesBearings: statesBearings)
                total.add(s)
                print("  \(file): reference \(s.references), found \(s.found), derived \(s.derived), confirmed \(s.confirmed)")
                for m in misses { print("      missed: \(m)") }
                for f in falsePositives { print("      unconfirmed: \(f)") }
            }
            pooled.add(total)
            let held = total.references >= Self.minimumReferencesForBar
            print(String(format: "%@: reference %d, derived %d, recall %.3f, precision %.3f%@", format, total.references,
                         total.derived, total.recall, total.precision,
                         held ? "" : " (fewer than \(Self.minimumReferencesForBar) reference maneuvers: not held to the bar alone)"))
            if held, total.recall < Self.regressionFloor || total.precision < Self.regressionFloor {
                failures.append(String(format: "%@ recall %.3f precision %.3f", format, total.recall, total.precision))
            }
        }
        func verdict(_ v: Double) -> String { v >= Self.bar ? "meets the 0.9 target" : "BELOW the 0.9 target" }
        print(String(format: "POOLED: reference %d, derived %d, recall %.3f (%@), precision %.3f (%@)", pooled.references,
                     pooled.derived, pooled.recall, verdict(pooled.recall), pooled.precision, verdict(pooled.precision)))
        XCTAssertGreaterThan(pooled.references, 100, "too few reference maneuvers for a meaningful score")
        XCTAssertGreaterThanOrEqual(pooled.recall, Self.bar, "pooled recall")
        XCTAssertGreaterThanOrEqual(pooled.precision, Self.regressionFloor, "pooled precision fell below its floor")
        XCTAssertTrue(failures.isEmpty, "formats below the regression floor: \(failures.joined(separator: "; "))")
    }

    /// Derivation time on the 13,445 km portugal_to_korea geometry (printed, not asserted: the bar is
    /// < 0.5 s in a release build).
    func test_derivingOnTheLongestRoute_isTimed() throws {
        try SharedData.require()
        let route = try RouteReader.read(SharedData.bytes("routes/osrm/osrm-backend/portugal_to_korea.json"), name: "portugal_to_korea.json")
        let coordinates = route.geometry.coordinates
        let clock = ContinuousClock()
        var turns: [ManeuverDeriver.DerivedTurn] = []
        let elapsed = clock.measure { turns = ManeuverDeriver.turns(in: coordinates) }
        print("Deriving on \(Int(route.length / 1000)) km, \(coordinates.count) points: \(turns.count) turns in \(elapsed)")
        XCTAssertFalse(turns.isEmpty)
    }
}
