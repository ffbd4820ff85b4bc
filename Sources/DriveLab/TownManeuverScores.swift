import Foundation
import RouteCueCore

/// Maneuvers derived from geometry and matched to the map, scored on the same lines of the generated town
/// (`TestMap`), for the routing-engine tests and `make bench`: the engine's own routes between the town's places
/// (every other ordered pair of `places`), each written as a GPX `trk` twice — its exact geometry, and a recording of
/// it (a point every 8 m, 3 m of correlated noise) — scored against the route's own maneuvers
/// (`ManeuverDerivationScore`), once as RouteCue reads the track (maneuvers from geometry) and once map-matched.
public struct TownManeuverScores: Sendable {
    /// The places routed between, each way at a street's middle or a dead end.
    public static let places: [(name: String, at: Coordinate)] = [
        ("Oststraße south", TestMap.Places.roundaboutSouthArm), ("Oststraße north", TestMap.Places.roundaboutNorthArm),
        ("Mülheimer Straße west", TestMap.Places.roundaboutWestArm), ("Kammerstraße west", TestMap.Places.kammerstrasseWest),
        ("Neudorfer Straße", TestMap.Places.neudorferStrasse), ("Friedenstraße", TestMap.Places.friedenstrasse),
        ("Sternbuschweg", TestMap.Places.sternbuschweg), ("Am Kolk", TestMap.Places.amKolk), ("Waldweg", TestMap.Places.waldweg),
    ]

    /// The scores by method and line (`geometric exact`, `map-matched exact`, `geometric recorded`, `map-matched recorded`).
    public var scores: [String: ManeuverDerivationScore] = [:]
    /// How many engine routes were scored.
    public var lines = 0
    /// Seconds each map-matching call took.
    public var matchSeconds: [Double] = []
    /// One line per line and method that missed or added maneuvers.
    public var details: [String] = []
    /// Lines the engine could not match (leg 0 kept its derived maneuvers), and why.
    public var fallbacks: [String] = []

    /// The four keys in the order they are reported.
    public static let keys = ["geometric exact", "map-matched exact", "geometric recorded", "map-matched recorded"]

    /// Scores the lines: `reference` gives the engine's route between two places, `match` a track with the engine's
    /// maneuvers in place of the derived ones (nil when it kept them), `clock` seconds for timing the matches.
    public static func measure(reference: (Coordinate, Coordinate) throws -> Route, match: (Route) -> Route?,
                               clock: () -> Double) throws -> TownManeuverScores {
        var result = TownManeuverScores()
        for (i, a) in places.enumerated() {
            for (j, b) in places.enumerated() where i != j && (i + j) % 2 == 0 {
                let route = try reference(a.at, b.at)
                for (variant, coordinates) in [("exact", route.geometry.coordinates),
                                               ("recorded", recording(of: route, seed: UInt64(i * 31 + j)))] {
                    let geometric = try track(coordinates)
                    let started = clock()
                    let matched = match(geometric)
                    result.matchSeconds.append(clock() - started)
                    if matched == nil { result.fallbacks.append("\(a.name) → \(b.name) (\(variant))") }
                    for (method, candidate) in [("geometric", geometric), ("map-matched", matched ?? geometric)] {
                        let (s, misses, unconfirmed) = ManeuverDerivationScore.score(candidate.maneuvers, against: route, sourceStatesBearings: true)
                        result.scores["\(method) \(variant)", default: ManeuverDerivationScore()].add(s)
                        if !misses.isEmpty || !unconfirmed.isEmpty {
                            result.details.append("\(a.name) → \(b.name), \(variant), \(method): missed \(misses), unconfirmed \(unconfirmed)")
                        }
                    }
                }
                result.lines += 1
            }
        }
        return result
    }

    /// The report's lines: one per key, and the match time's median and maximum.
    public func summary() -> [String] {
        let sorted = matchSeconds.sorted()
        var out = ["\(lines) engine routes of the town (reference: each route's own maneuvers turning ≥ 45°; match within 30 m); one match call: median \(Int(((sorted.isEmpty ? 0 : sorted[sorted.count / 2]) * 1000).rounded())) ms, max \(Int(((sorted.last ?? 0) * 1000).rounded())) ms"]
        for key in Self.keys {
            let s = scores[key] ?? ManeuverDerivationScore()
            out.append("  \(key.padding(toLength: 21, withPad: " ", startingAt: 0)) reference \(s.references), candidates \(s.derived), recall \(String(format: "%.3f", s.recall)), precision \(String(format: "%.3f", s.precision))")
        }
        return out
    }

    /// `coordinates` as a plain GPX track, read back as RouteCue reads one (maneuvers derived from its geometry).
    public static func track(_ coordinates: [Coordinate]) throws -> Route {
        try RouteReader.read(Array(gpx(coordinates).utf8), name: "track.gpx")
    }

    /// `coordinates` as the text of a plain GPX track.
    public static func gpx(_ coordinates: [Coordinate]) -> String {
        let points = coordinates.map { "<trkpt lat=\"\($0.latitude)\" lon=\"\($0.longitude)\"/>" }.joined()
        return "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"RouteCue\"><trk><trkseg>\(points)</trkseg></trk></gpx>"
    }

    /// A recording of `route`: a point every 8 m (1 Hz at about 30 km/h) with 3 m of correlated noise.
    public static func recording(of route: Route, seed: UInt64) -> [Coordinate] {
        var random = SplitMix64(seed: seed)
        var noise = PositionNoise(standardDeviation: 3, correlationTime: 5, interval: 1, random: &random)
        return stride(from: 0, through: route.length, by: 8).map { along in
            defer { noise.advance(random: &random) }
            return noise.applied(to: route.geometry.coordinate(atDistance: along))
        }
    }
}
