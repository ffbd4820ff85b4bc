import RouteCueCore

/// A route with every optional field of every model type set, to prove RouteCue JSON keeps them all.
enum RouteCueJSONFixtures {
    static func fullRoute() throws -> Route {
        var source = RouteSource(format: .valhalla)
        source.alternative = 1
        source.alternativeCount = 3
        source.language = "de-DE"
        source.polylinePrecision = 6
        source.statedDistance = 123.4
        source.statedDuration = 56.7
        var builder = RouteBuilder(source: source)

        let leg0 = [Coordinate(latitude: 52.52, longitude: 13.4), Coordinate(latitude: 52.52, longitude: 13.4005),
                    Coordinate(latitude: 52.52, longitude: 13.401), Coordinate(latitude: 52.52, longitude: 13.4015),
                    Coordinate(latitude: 52.5205, longitude: 13.4015)]
        let leg1 = [Coordinate(latitude: 52.5205, longitude: 13.4015), Coordinate(latitude: 52.521, longitude: 13.4015),
                    Coordinate(latitude: 52.5215, longitude: 13.402)]

        var depart = Maneuver(type: .depart, location: leg0[0],
                              provenance: Provenance(kind: .maneuver, sourceLeg: 0, sourceIndex: 0, sourcePath: "trip.legs[0].maneuvers[0]"))
        depart.roadName = "Karl-Marx-Allee"
        depart.bearingAfter = 90

        var turn = Maneuver(type: .turn, modifier: .left, location: leg0[3],
                            provenance: Provenance(kind: .step, sourceLeg: 0, sourceIndex: 1, sourcePath: "routes[0].legs[0].steps[1]"))
        turn.roadName = "Lebuser Straße"
        turn.ref = "B 1"
        turn.destinations = "Frankfurt (Oder), Müncheberg"
        turn.exits = "23B"
        turn.exitNumber = 2
        turn.rotaryName = "Großer Stern"
        turn.phoneticName = "ˈleːbʊzɐ ˈʃtʁaːsə"
        turn.countryCode = "DE"
        turn.nameLanguage = "de"
        turn.drivingSide = .right
        turn.approachRoadClass = "primary"
        turn.mode = "driving"
        turn.bearingBefore = 90
        turn.bearingAfter = 0.5
        turn.lanes = [Lane(indications: ["left", "straight"], valid: true, active: true), Lane(indications: ["right"], valid: false)]
        turn.landmarks = [Landmark(kind: "traffic_signals", name: "Ampel", distanceBeforeManeuver: 12.5)]
        turn.instruction = "Turn left onto Lebuser Straße/B 1."
        turn.announcements = [
            SourceAnnouncement(kind: "verbal_pre_transition", text: "Biegen Sie \"rechts\" ab\nin die Straße",
                               ssml: "<speak>Biegen Sie <phoneme ph=\"x\">rechts</phoneme> ab</speak>", distanceAlong: 80.25),
            SourceAnnouncement(kind: "voice", text: "Now"),
        ]
        turn.sourceDistance = 45.6
        turn.sourceDuration = 7.8
        turn.announced = false

        let arriveVia = Maneuver(type: .arrive, location: leg0[4],
                                 provenance: Provenance(kind: .derived, sourceLeg: 0, sourceIndex: nil, sourcePath: "derived from trk[0] point 4"))
        let departVia = Maneuver(type: .depart, location: leg1[0],
                                 provenance: Provenance(kind: .rtept, sourceLeg: 1, sourceIndex: 0, sourcePath: "rte[0].rtept[4]"))
        let notify = Maneuver(type: .notification, location: Coordinate(latitude: 52.5212, longitude: 13.40175),
                              provenance: Provenance(kind: .wpt, sourceLeg: 1, sourceIndex: 1, sourcePath: "wpt[1]"))
        let arrive = Maneuver(type: .arrive, location: leg1[2],
                              provenance: Provenance(kind: .station, sourceLeg: 1, sourceIndex: 2, sourcePath: "stations[2]"))

        builder.addLeg(coordinates: leg0, elevations: [30, 31.5, 32, 33.25, 34],
                       maneuvers: [(depart, .legIndex(0)), (turn, .legIndex(3)), (arriveVia, .legIndex(4))],
                       summary: "Karl-Marx-Allee, Lebuser Straße", statedDistance: 150.5, statedDuration: 30.25, path: "legs[0]")
        builder.addLeg(coordinates: leg1, elevations: [34, 35, 36],
                       maneuvers: [(departVia, .legIndex(0)), (notify, .nearest), (arrive, .legIndex(2))],
                       summary: "Straße der Pariser Kommune", statedDistance: 120, statedDuration: 20, path: "legs[1]")
        builder.addWaypoint(Waypoint(name: "Start", location: leg0[0], role: .start))
        var silent = Waypoint(name: "shaping", location: leg0[2], role: .silentVia)
        silent.course = 89.5
        builder.addWaypoint(silent)
        var via = Waypoint(name: "Depot", location: leg0[4], role: .via)
        via.legEnding = 0
        builder.addWaypoint(via)
        var end = Waypoint(name: "Kunde", location: leg1[2], role: .destination, announced: true)
        end.legEnding = 1
        builder.addWaypoint(end)
        builder.addWarning(RouteWarning(kind: "speed_camera", location: leg1[1], text: "Blitzer 50 km/h"))
        return try builder.build()
    }
}
