import RouteCueCore

/// The cues a fuzzed phrase pack renders and the names a fuzzed abbreviation table expands: every maneuver type
/// with and without a direction, a road name, a ref, signs and a roundabout exit, at every stage, short and long,
/// with distances in each unit; the spoken messages that have no maneuver.
enum PhraseSamples {
    static let roadNames = ["Main St", "N Broadway Ave", "Hauptstr.", "A9", "I-80 W", "St. Mary's Rd", "Rue du Fbg St-Honoré", ""]

    static let requests: [CuePhraseRequest] = {
        let location = Coordinate(latitude: 51.34, longitude: 12.37)
        let provenance = Provenance(kind: .derived, sourceLeg: 0, sourceIndex: nil, sourcePath: "fuzz")
        var maneuvers: [Maneuver] = []
        for (i, type) in ManeuverType.allCases.enumerated() {
            for modifier in [nil, ManeuverModifier.allCases[i % ManeuverModifier.allCases.count]] {
                var m = Maneuver(type: type, modifier: modifier, location: location, provenance: provenance)
                m.roadName = roadNames[i % roadNames.count]
                m.ref = i % 3 == 0 ? "A 9" : nil
                m.destinations = i % 4 == 0 ? "Berlin, Potsdam" : nil
                m.exits = i % 5 == 0 ? "23B" : nil
                m.exitNumber = i % 2 == 0 ? i % 7 + 1 : nil
                m.rotaryName = i % 6 == 0 ? "Place de l'Étoile" : nil
                maneuvers.append(m)
            }
        }
        let distances = [SpokenDistance(value: 300, unit: .metre), SpokenDistance(value: 0.25, unit: .mile),
                         SpokenDistance(value: 150, unit: .yard), SpokenDistance(value: 500, unit: .foot),
                         SpokenDistance(value: 2, unit: .kilometre)]
        var requests: [CuePhraseRequest] = []
        for (i, m) in maneuvers.enumerated() {
            let stage = CueStage.allCases[i % CueStage.allCases.count]
            let then = maneuvers[(i + 1) % maneuvers.count]
            let landmark = i % 3 == 0 ? Landmark(kind: "traffic_signals") : nil
            requests.append(CuePhraseRequest(subject: .maneuver(m, stage: stage, distance: distances[i % distances.count],
                                                                 then: i % 2 == 0 ? then : nil, landmark: landmark), short: i % 4 == 1))
        }
        let warning = RouteWarning(kind: "speed_camera", location: location, text: "50")
        let others: [CuePhraseRequest.Subject] = [
            .continueFor(distances[4]), .waypointReached(name: "Bern"), .waypointReached(name: nil),
            .destinationReached(name: "Zürich HB"), .resumed(destination: "Bern"), .warning(warning, distance: distances[0]),
            .offRoute, .gpsLost, .gpsRegained,
        ]
        requests += others.map { CuePhraseRequest(subject: $0) }
        return requests
    }()
}
