import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// Golden sequences: the cues of one real route (Valhalla, Salford UK: two roundabouts, a U-turn, a fork, a ramp, a
/// waypoint) in en-US, de-DE and fr-FR — for every maneuver the `distance` cue at 300 m and the `action` cue with
/// the next maneuver chained. The expected sentences were read and checked by hand.
final class GoldenRoutePhrasePackTests: XCTestCase {
    static let route = "routes/valhalla/ferrostar-osrm-format/valhalla_osrm_with_roundabouts.json"

    static let golden: [String: [String]] = [
        "en-US": [
            "Head east on Cockcroft Road",
            "Head east on Cockcroft Road",
            "In 300 meters, turn slightly right",
            "Turn slightly right now, then at the roundabout, take the first exit onto University Road West",
            "In 300 meters, at the roundabout, take the first exit onto University Road West toward A6",
            "At the roundabout, take the first exit now onto University Road West toward A6, then exit the roundabout onto Crescent",
            "In 300 meters, exit the roundabout onto Crescent toward A6",
            "Exit the roundabout now onto Crescent toward A6, then make a U-turn onto Crescent",
            "In 300 meters, make a U-turn onto Crescent",
            "Make a U-turn now onto Crescent, then at the fork, keep right onto Crescent",
            "In 300 meters, at the fork, keep right onto Crescent",
            "At the fork, keep right now onto Crescent, then take the exit onto Pendleton Roundabout",
            "In 300 meters, take the exit onto Pendleton Roundabout toward Pendleton Roundabout",
            "Take the exit now onto Pendleton Roundabout toward Pendleton Roundabout, then you will reach your waypoint",
            "In 300 meters, you will reach your waypoint",
            "You have reached your waypoint",
            "Head west on Pendleton Roundabout",
            "Head west on Pendleton Roundabout",
            "In 300 meters, at the roundabout, take the fourth exit onto Gerald Road",
            "At the roundabout, take the fourth exit now onto Gerald Road, then exit the roundabout onto Gerald Road",
            "In 300 meters, exit the roundabout onto Gerald Road",
            "Exit the roundabout now onto Gerald Road, then you will arrive at your destination",
            "In 300 meters, you will arrive at your destination",
            "You have arrived at your destination",
        ],
        "de-DE": [
            "Auf Cockcroft Road nach Osten fahren",
            "Auf Cockcroft Road nach Osten fahren",
            "In 300 Metern leicht rechts abbiegen",
            "Jetzt leicht rechts abbiegen, dann im Kreisverkehr die erste Ausfahrt nehmen auf University Road West",
            "In 300 Metern im Kreisverkehr die erste Ausfahrt nehmen auf University Road West Richtung A6",
            "Jetzt im Kreisverkehr die erste Ausfahrt nehmen auf University Road West Richtung A6, dann den Kreisverkehr verlassen auf Crescent",
            "In 300 Metern den Kreisverkehr verlassen auf Crescent Richtung A6",
            "Jetzt den Kreisverkehr verlassen auf Crescent Richtung A6, dann wenden",
            "In 300 Metern wenden",
            "Jetzt wenden, dann an der Gabelung rechts halten auf Crescent",
            "In 300 Metern an der Gabelung rechts halten auf Crescent",
            "Jetzt an der Gabelung rechts halten auf Crescent, dann die Ausfahrt nehmen auf Pendleton Roundabout",
            "In 300 Metern die Ausfahrt nehmen auf Pendleton Roundabout Richtung Pendleton Roundabout",
            "Jetzt die Ausfahrt nehmen auf Pendleton Roundabout Richtung Pendleton Roundabout, dann erreichen Sie Ihr Zwischenziel",
            "In 300 Metern erreichen Sie Ihr Zwischenziel",
            "Sie haben Ihr Zwischenziel erreicht",
            "Auf Pendleton Roundabout nach Westen fahren",
            "Auf Pendleton Roundabout nach Westen fahren",
            "In 300 Metern im Kreisverkehr die vierte Ausfahrt nehmen auf Gerald Road",
            "Jetzt im Kreisverkehr die vierte Ausfahrt nehmen auf Gerald Road, dann den Kreisverkehr verlassen auf Gerald Road",
            "In 300 Metern den Kreisverkehr verlassen auf Gerald Road",
            "Jetzt den Kreisverkehr verlassen auf Gerald Road, dann erreichen Sie Ihr Ziel",
            "In 300 Metern erreichen Sie Ihr Ziel",
            "Sie haben Ihr Ziel erreicht",
        ],
        "fr-FR": [
            "Dirigez-vous vers l'est sur Cockcroft Road",
            "Dirigez-vous vers l'est sur Cockcroft Road",
            "Dans 300 mètres, tournez légèrement à droite",
            "Maintenant, tournez légèrement à droite, puis au rond-point, prenez la première sortie sur University Road West",
            "Dans 300 mètres, au rond-point, prenez la première sortie sur University Road West en direction de A6",
            "Maintenant, au rond-point, prenez la première sortie sur University Road West en direction de A6, puis sortez du rond-point sur Crescent",
            "Dans 300 mètres, sortez du rond-point sur Crescent en direction de A6",
            "Maintenant, sortez du rond-point sur Crescent en direction de A6, puis faites demi-tour",
            "Dans 300 mètres, faites demi-tour",
            "Maintenant, faites demi-tour, puis à l'embranchement, restez à droite sur Crescent",
            "Dans 300 mètres, à l'embranchement, restez à droite sur Crescent",
            "Maintenant, à l'embranchement, restez à droite sur Crescent, puis prenez la sortie vers Pendleton Roundabout",
            "Dans 300 mètres, prenez la sortie vers Pendleton Roundabout en direction de Pendleton Roundabout",
            "Maintenant, prenez la sortie vers Pendleton Roundabout en direction de Pendleton Roundabout, puis vous arriverez à votre étape",
            "Dans 300 mètres, vous arriverez à votre étape",
            "Vous êtes arrivé à votre étape",
            "Dirigez-vous vers l'ouest sur Pendleton Roundabout",
            "Dirigez-vous vers l'ouest sur Pendleton Roundabout",
            "Dans 300 mètres, au rond-point, prenez la quatrième sortie sur Gerald Road",
            "Maintenant, au rond-point, prenez la quatrième sortie sur Gerald Road, puis sortez du rond-point sur Gerald Road",
            "Dans 300 mètres, sortez du rond-point sur Gerald Road",
            "Maintenant, sortez du rond-point sur Gerald Road, puis vous arriverez à destination",
            "Dans 300 mètres, vous arriverez à destination",
            "Vous êtes arrivé à destination",
        ],
    ]

    func test_oneRealRoute_readsAsTheGoldenSequence_inEachLanguage() throws {
        try SharedData.require()
        let route = try RouteReader.read(SharedData.bytes(Self.route), name: Self.route)
        XCTAssertEqual(route.maneuvers.count, 12)
        for (tag, expected) in Self.golden.sorted(by: { $0.key < $1.key }) {
            let pack = try PhrasePackSamples.pack(tag)
            var actual: [String] = []
            for (i, m) in route.maneuvers.enumerated() {
                let next = i + 1 < route.maneuvers.count ? route.maneuvers[i + 1] : nil
                for stage in [CueStage.distance, .action] {
                    let distance = stage == .action ? nil : SpokenDistances.nearest(toMetres: 300, in: .metric)
                    let request = CuePhraseRequest(subject: .maneuver(m, stage: stage, distance: distance,
                                                                      then: stage == .action ? next : nil, landmark: nil))
                    actual.append(pack.text(for: request, units: .metric))
                }
            }
            XCTAssertEqual(actual.count, expected.count, tag)
            for (a, e) in zip(actual, expected) { XCTAssertEqual(a, e, tag) }
            print("\(tag): \(actual.count) cues of \(Self.route) match the golden sequence")
        }
    }
}
