import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// `config/phrases/en-US.json` says what `PlainEnglishPhrases` says: the cases of PlainEnglishPhrasesTests and
/// every maneuver type × modifier × stage × short/full, with and without names, distance, landmark and "then".
final class EnglishPhrasePackTests: XCTestCase {
    private typealias S = PhrasePackSamples

    /// Intended differences: a roundabout clause never takes a landmark in front of it (PlainEnglishPhrases lets
    /// "At the next traffic light, enter the roundabout" through when there is no exit number or modifier; the
    /// roundabout is itself the landmark, and a pack marks such clauses `"landmark": false` as a whole).
    private func isIntendedDifference(_ request: CuePhraseRequest) -> Bool {
        guard case let .maneuver(m, stage, distance, _, landmark) = request.subject else { return false }
        let roundabout: Set<ManeuverType> = [.roundabout, .rotary, .roundaboutTurn]
        return roundabout.contains(m.type) && m.modifier == nil && (m.exitNumber ?? 0) <= 0 && landmark != nil
            && stage != .action && (!request.short || distance == nil)
    }

    private func compare(_ pack: PhrasePack, _ request: CuePhraseRequest, units: UnitSystem, _ label: String,
                         differences: inout [String], file: StaticString = #filePath, line: UInt = #line) {
        let expected = PlainEnglishPhrases.text(for: request, units: units)
        let actual = pack.text(for: request, units: units)
        if isIntendedDifference(request) {
            if expected != actual { differences.append("\(expected) → \(actual)") }
            return
        }
        XCTAssertEqual(actual, expected, label, file: file, line: line)
    }

    func test_everyTypeModifierStageAndForm_saysWhatPlainEnglishSays() throws {
        let pack = try S.pack("en-US")
        var differences: [String] = []
        var count = 0
        for sample in S.samples(S.names(for: "en")) {
            compare(pack, sample.request, units: sample.units, sample.label, differences: &differences)
            count += 1
        }
        print("en-US vs PlainEnglishPhrases: \(count) requests, \(differences.count) intended differences, e.g. \(Set(differences).sorted().prefix(3))")
        XCTAssertGreaterThan(count, 5000)
    }

    func test_theCasesOfPlainEnglishPhrasesTests_readTheSame() throws {
        let pack = try S.pack("en-US")
        let at = Coordinate(latitude: 47, longitude: 8)
        var requests: [(CuePhraseRequest.Subject, Bool, UnitSystem)] = []
        func add(_ man: Maneuver, _ stage: CueStage = .distance, _ d: SpokenDistance? = nil, then: Maneuver? = nil,
                 landmark: Landmark? = nil, short: Bool = false, units: UnitSystem = .metric) {
            requests.append((.maneuver(man, stage: stage, distance: d, then: then, landmark: landmark), short, units))
        }
        add(S.maneuver(.turn, .left, road: "Main Street"), .distance, metres(500))
        add(S.maneuver(.turn, .left, road: "Main Street"), .action)
        add(S.maneuver(.uTurn, nil), .action)
        let exit = S.maneuver(.offRamp, .slightRight, destinations: "Basel", exits: "23")
        add(exit, .range, miles(0.25), units: .imperialUS)
        add(exit, .range, miles(0.25), units: .imperialUK)
        add(S.maneuver(.offRamp, .slightLeft, exits: "23B;24"), .action)
        add(S.maneuver(.roundabout, .right, ref: "A 1", exitNumber: 3), .range, km(2))
        add(S.maneuver(.rotary, nil, exitNumber: 12, rotaryName: "Place de l'Étoile"), .distance, metres(200))
        add(S.maneuver(.rotary, nil, exitNumber: 2, rotaryName: "Place de l'Étoile"), .distance, metres(200), short: true)
        add(S.maneuver(.exitRoundabout, nil, road: "Bahnhofstrasse"), .action)
        add(S.maneuver(.merge, .slightLeft, ref: "I-80"), .distance, metres(300))
        add(S.maneuver(.onRamp, .right, ref: "A 3", destinations: "A 3: Zürich, Chur, Sargans"))
        add(S.maneuver(.fork, .slightRight, destinations: "Bern"), .distance, km(1))
        add(S.maneuver(.endOfRoad, .left, road: "Seestrasse"), .distance, metres(100))
        add(S.maneuver(.keep, .left), .distance, metres(400))
        add(S.maneuver(.fork, nil, road: "A 1"), .distance, km(1))
        add(S.maneuver(.useLane, .slightLeft, road: "A 1", destinations: "Bern"), .distance, metres(500))
        add(S.maneuver(.ferry, nil, destinations: "Dover"), .distance, km(1))
        add(S.maneuver(.continue, nil, road: "Route 66"), .distance, metres(300))
        add(S.maneuver(.newName, .slightLeft, road: "Hauptstrasse"), .action)
        add(S.maneuver(.newName, nil, road: "Hauptstrasse"), .distance, metres(50))
        add(S.maneuver(.turn, .sharpRight), .action)
        add(S.maneuver(.depart, nil, road: "Main Street", bearingAfter: 3), .action)
        add(S.maneuver(.depart, nil, bearingAfter: 230), .action)
        add(S.maneuver(.depart, nil, road: "Main Street"), .action, short: true)
        add(S.maneuver(.arrive, .right), .action)
        add(S.maneuver(.arrive, nil), .distance, metres(300))
        add(S.maneuver(.waypoint, .left), .action, short: true)
        let left = S.maneuver(.turn, .left, road: "Main Street"), right = S.maneuver(.turn, .right, road: "Wall Street")
        add(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right))
        add(left, .action, then: right)
        add(left, .distance, metres(300), then: right, short: true)
        add(left, .distance, metres(300), then: S.maneuver(.arrive))
        add(left, .action, then: S.maneuver(.roundabout, destinations: "Basel", exitNumber: 1))
        let wall = S.maneuver(.turn, .left, road: "Wall Street")
        for kind in ["traffic_signals", "stop_sign", "yield", "railway_crossing", "church"] {
            add(wall, .distance, metres(100), landmark: Landmark(kind: kind))
        }
        add(wall, .distance, nil, landmark: Landmark(kind: "traffic_signals"), short: true)
        add(wall, .distance, metres(100), landmark: Landmark(kind: "traffic_signals"), short: true)
        add(wall, .action, landmark: Landmark(kind: "traffic_signals"))
        add(S.maneuver(.turn, .right, road: "Main\u{0}Street\n\u{7}", destinations: "\tBasel\u{2028}"), .action)
        add(S.maneuver(.turn, .right, road: "\n\u{1}", ref: "B 4"), .action)
        for (subject, short) in [(CuePhraseRequest.Subject.waypointReached(name: "Zurich"), false), (.waypointReached(name: "Zurich"), true),
                                 (.destinationReached(name: nil), false), (.destinationReached(name: " \n "), false),
                                 (.resumed(destination: "Bern"), false), (.resumed(destination: "Bern"), true),
                                 (.resumed(destination: nil), false), (.resumed(destination: " \n "), false),
                                 (.offRoute, false), (.gpsLost, false), (.gpsRegained, false)] {
            requests.append((subject, short, .metric))
        }
        for d in [km(12), km(1), km(1.5), km(1200)] { requests.append((.continueFor(d), false, .metric)) }
        for (d, units) in [(miles(0.5), UnitSystem.imperialUS), (miles(1), .imperialUS), (miles(2.5), .imperialUK),
                           (miles(0.75), .imperialUK), (SpokenDistance(value: 1, unit: .foot), .imperialUS),
                           (SpokenDistance(value: 300, unit: .yard), .imperialUK)] {
            requests.append((.continueFor(d), false, units))
        }
        for (kind, d, text, short) in [("speed_camera", metres(300), nil, false), ("toll", km(2), nil, false), ("ferry", km(1), nil, false),
                                       ("border", km(5), nil, false), ("tunnel", metres(500), nil, false), ("tunnel", nil, nil, false),
                                       ("roadworks", metres(200), "Road works", false), ("roadworks", metres(200), "Road works", true)]
            as [(String, SpokenDistance?, String?, Bool)] {
            requests.append((.warning(RouteWarning(kind: kind, location: at, text: text), distance: d), short, .metric))
        }
        for (subject, short, units) in requests {
            let request = CuePhraseRequest(subject: subject, short: short)
            XCTAssertEqual(pack.text(for: request, units: units), PlainEnglishPhrases.text(for: request, units: units), "\(subject)")
        }
        print("en-US: \(requests.count) cases of PlainEnglishPhrasesTests read the same")
    }

    func test_everyNaturalDistance_readsTheSame_inEveryUnitSystem() throws {
        let pack = try S.pack("en-US")
        var count = 0
        for units in UnitSystem.allCases {
            for d in SpokenDistances.values(for: units) {
                let request = CuePhraseRequest(subject: .continueFor(d))
                XCTAssertEqual(pack.text(for: request, units: units), PlainEnglishPhrases.text(for: request, units: units))
                count += 1
            }
        }
        print("en-US: \(count) natural distances read the same")
    }
}
