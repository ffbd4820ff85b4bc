import Foundation
import RouteCueCore

/// The phrase packs of `config/phrases/` and requests that exercise every template of them, for the core and
/// the espeak-ng tests.
public enum PhrasePackSamples {
    /// `config/phrases` in the repository.
    public static let folder = SharedData.repositoryRoot.appendingPathComponent("config/phrases")

    /// The tags of every pack file (`en-US` for `en-US.json`), sorted.
    public static func tags() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The pack `tag` read from its file.
    public static func pack(_ tag: String) throws -> PhrasePack {
        let url = folder.appendingPathComponent("\(tag).json")
        return try PhrasePack.parse([UInt8](try Data(contentsOf: url)), name: url.lastPathComponent)
    }

    /// Route names a voice of `language` says in its own language (no switch to another voice).
    public struct Names: Sendable {
        public var road: String, ref: String, destinations: String, rotary: String, exits: String
        public var instruction: String, waypoint: String, warningText: String
    }

    /// Sample names for a language: local street names, refs and places, read from
    /// `Tests/fixtures/phrase-sample-names/<tag>.json`, else `<primary subtag>.json` (keys as `Names`' fields);
    /// English ones when there is neither.
    public static func names(for language: String) -> Names {
        let folder = SharedData.repositoryRoot.appendingPathComponent("Tests/fixtures/phrase-sample-names")
        let primary = String(language.split(separator: "-").first ?? Substring(language))
        for file in [language, primary, "en"] {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent("\(file).json")),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: String] else { continue }
            func value(_ key: String) -> String { object[key] ?? "" }
            return Names(road: value("road"), ref: value("ref"), destinations: value("destinations"), rotary: value("rotary"),
                         exits: value("exits"), instruction: value("instruction"), waypoint: value("waypoint"),
                         warningText: value("warningText"))
        }
        return Names(road: "Main Street", ref: "A 1", destinations: "Boston, Springfield", rotary: "Dupont Circle",
                     exits: "23", instruction: "Follow Main Street", waypoint: "Central Park", warningText: "Road works")
    }

    /// A maneuver with the given fields, at a fixed place.
    public static func maneuver(_ type: ManeuverType, _ modifier: ManeuverModifier? = nil, road: String? = nil,
                                ref: String? = nil, destinations: String? = nil, exits: String? = nil,
                                exitNumber: Int? = nil, rotaryName: String? = nil, bearingAfter: Double? = nil,
                                instruction: String? = nil) -> Maneuver {
        var m = Maneuver(type: type, modifier: modifier, location: Coordinate(latitude: 47.37, longitude: 8.54),
                         provenance: Provenance(kind: .step, sourceLeg: 0, sourceIndex: 0, sourcePath: "test"))
        m.roadName = road
        m.ref = ref
        m.destinations = destinations
        m.exits = exits
        m.exitNumber = exitNumber
        m.rotaryName = rotaryName
        m.bearingAfter = bearingAfter
        m.instruction = instruction
        return m
    }

    /// One request to render, with the units and a label for messages.
    public struct Sample: Sendable {
        public let request: CuePhraseRequest
        public let units: UnitSystem
        public let label: String
    }

    /// Every maneuver type × modifier (and none) × stage × short/full, bare and with names (and a chained next
    /// maneuver and a landmark), with and without a distance; then every other subject in every unit system.
    public static func samples(_ names: Names) -> [Sample] {
        var out: [Sample] = []
        let modifiers: [ManeuverModifier?] = [nil] + ManeuverModifier.allCases
        for type in ManeuverType.allCases {
            for modifier in modifiers {
                let bare = maneuver(type, modifier)
                let rich = maneuver(type, modifier, road: names.road, ref: names.ref, destinations: names.destinations,
                                    exits: names.exits, exitNumber: 3, rotaryName: names.rotary, bearingAfter: 100,
                                    instruction: names.instruction)
                let far = maneuver(type, modifier, exitNumber: 12, bearingAfter: 200)
                for stage in CueStage.allCases {
                    for short in [false, true] {
                        for distance in [nil, SpokenDistance(value: 300, unit: .metre)] {
                            for (m, next, landmark) in [(bare, nil as Maneuver?, Landmark(kind: "stop_sign") as Landmark?),
                                                        (rich, maneuver(.turn, .right, road: names.road), Landmark(kind: "traffic_signals")),
                                                        (far, maneuver(type, modifier, road: names.road, exitNumber: 2), Landmark(kind: "railway_crossing"))] {
                                let request = CuePhraseRequest(subject: .maneuver(m, stage: stage, distance: distance, then: next, landmark: landmark),
                                                               short: short)
                                out.append(Sample(request: request, units: .metric,
                                                  label: "\(type.rawValue) \(modifier?.rawValue ?? "none") \(stage.rawValue) short=\(short) d=\(distance != nil) road=\(m.roadName != nil)"))
                            }
                        }
                    }
                }
            }
        }
        let at = Coordinate(latitude: 47, longitude: 8)
        for units in UnitSystem.allCases {
            for d in SpokenDistances.values(for: units).prefix(40) {
                var subjects: [CuePhraseRequest.Subject] = [.continueFor(d)]
                for kind in ["speed_camera", "toll", "ferry", "border", "tunnel", "restricted", "roadworks"] {
                    subjects.append(.warning(RouteWarning(kind: kind, location: at, text: names.warningText), distance: d))
                }
                for subject in subjects {
                    for short in [false, true] {
                        out.append(Sample(request: CuePhraseRequest(subject: subject, short: short), units: units, label: "\(subject) \(units)"))
                    }
                }
            }
            let fixed: [CuePhraseRequest.Subject] = [
                .waypointReached(name: nil), .waypointReached(name: names.waypoint), .destinationReached(name: nil),
                .destinationReached(name: names.waypoint), .resumed(destination: nil), .resumed(destination: names.waypoint),
                .offRoute, .gpsLost, .gpsRegained,
                .warning(RouteWarning(kind: "tunnel", location: at), distance: nil),
                .warning(RouteWarning(kind: "roadworks", location: at, text: names.warningText), distance: nil),
            ]
            for subject in fixed {
                for short in [false, true] {
                    out.append(Sample(request: CuePhraseRequest(subject: subject, short: short), units: units, label: "\(subject)"))
                }
            }
        }
        return out
    }
}
