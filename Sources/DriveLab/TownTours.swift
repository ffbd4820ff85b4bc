import RouteCueCore

/// Tours on the generated town (`TestMap`) that the routing-engine tests and `make bench` guide.
public enum TownTours {
    /// A station point in WGS84 (`"srs": "EPSG:4326"`), with a course where given.
    static func point(_ x: Double, _ y: Double, course: Double? = nil) -> String {
        let c = TestMap.coordinate(x: x, y: y)
        return "{\"x\": \(c.longitude), \"y\": \(c.latitude)\(course.map { ", \"course\": \($0)" } ?? "")}"
    }

    /// A named regular station at `c` in WGS84 (`"srs": "EPSG:4326"`).
    public static func regular(_ name: String, at c: Coordinate) -> String {
        "{\"type\": \"regular\", \"name\": \"\(name)\", \"point\": {\"x\": \(c.longitude), \"y\": \(c.latitude)}}"
    }

    /// Where the reroute scenario's car starts: Düsseldorfer Straße south of Mülheimer Straße, heading north.
    public static let rerouteStart = TestMap.Places.duesseldorferSouthOfSignal

    /// The reroute scenario's stations: a stop on Düsseldorfer Straße, a trace north and left into Kammerstraße, a
    /// stop on Friedenstraße reached by Koloniestraße, the destination further east on Friedenstraße.
    static let rerouteStations = [
        "{\"type\": \"regular\", \"name\": \"Grabenstraße\", \"point\": \(point(750, 650))}",
        "{\"type\": \"svp\", \"points\": [\(point(750, 900, course: 0)), \(point(750, 990, course: 0)), \(point(680, 1050, course: 270)), \(point(560, 1050, course: 270))]}",
        "{\"type\": \"regular\", \"name\": \"Friedenstraße\", \"point\": \(point(600, 1300))}",
        "{\"type\": \"regular\", \"name\": \"Rathaus\", \"point\": \(point(850, 1300))}",
    ]
    /// The reroute scenario's tour as planned.
    public static let reroutePlanned = "{\"srs\": \"EPSG:4326\", \"stations\": [\(rerouteStations.joined(separator: ", "))]}"
    /// The way its driver takes: the tour with one more (silent) point straight on along Kammerstraße past
    /// Koloniestraße, from where the engine's way to the next stop goes north on Lotharstraße and east on Friedenstraße.
    public static let rerouteDriven = "{\"srs\": \"EPSG:4326\", \"stations\": [\(rerouteStations[0]), \(rerouteStations[1]), {\"type\": \"svp\", \"points\": [\(point(380, 1050, course: 270))]}, \(rerouteStations[2]), \(rerouteStations[3])]}"

    /// Five bare regular stations across the town (the first way starts where the car is).
    public static let fiveStations: String = {
        let stops: [(String, Coordinate)] = [
            ("Sternbuschweg", TestMap.Places.sternbuschweg), ("Friedenstraße", TestMap.Places.friedenstrasse),
            ("Kammerstraße", TestMap.Places.kammerstrasseWest), ("Mülheimer Straße", TestMap.Places.roundaboutWestArm),
            ("Oststraße", TestMap.Places.roundaboutNorthArm),
        ]
        let stations = stops.map { regular($0.0, at: $0.1) }
        return "{\"srs\": \"EPSG:4326\", \"stations\": [\(stations.joined(separator: ", "))]}"
    }()
    /// Where the five-station tour's car is: Neudorfer Straße.
    public static let fiveStationsStart = TestMap.Places.neudorferStrasse
    /// The five stations' points in order (for a single multi-stop request as the baseline).
    public static let fiveStationPoints = [TestMap.Places.sternbuschweg, TestMap.Places.friedenstrasse, TestMap.Places.kammerstrasseWest,
                                           TestMap.Places.roundaboutWestArm, TestMap.Places.roundaboutNorthArm]
}
