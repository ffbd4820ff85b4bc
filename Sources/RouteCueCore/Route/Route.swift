/// The format a route was read from.
public enum RouteFormat: String, Sendable, Codable, CaseIterable {
    /// OSRM v5 / Mapbox Directions JSON (also Valhalla and GraphHopper in OSRM format).
    case osrm
    /// Native Valhalla `/route` or `/trace_route` JSON.
    case valhalla
    /// Native GraphHopper `/route` JSON.
    case graphhopper
    /// GPX 1.0 / 1.1 (`rte`, `wpt` turn points, or `trk`).
    case gpx
    /// A tour: stations of silent via-point traces and regular waypoints.
    case tour
    /// RouteCue's own lossless JSON.
    case routecue
}

/// One leg of a route: from one announced waypoint (or the start) to the next.
public struct RouteLeg: Sendable, Equatable, Codable {
    /// Leg index.
    public var index: Int
    /// First and last index of the leg in the route geometry.
    public var geometryStart: Int
    /// Last geometry index of the leg (inclusive).
    public var geometryEnd: Int
    /// Metres from the route start to the leg start.
    public var distanceStart: Double
    /// Metres from the route start to the leg end.
    public var distanceEnd: Double
    /// The leg's summary (road names) where the source gives one.
    public var summary: String?
    /// The leg's length as the source states it.
    public var statedDistance: Double?
    /// The leg's duration (s) as the source states it.
    public var statedDuration: Double?

    /// Length of the leg in metres along the geometry.
    public var length: Double { distanceEnd - distanceStart }

    enum CodingKeys: String, CodingKey {
        case index, summary
        case geometryStart = "geometry_start"
        case geometryEnd = "geometry_end"
        case distanceStart = "distance_start_m"
        case distanceEnd = "distance_end_m"
        case statedDistance = "stated_distance_m"
        case statedDuration = "stated_duration_s"
    }
}

/// Facts about the source document a route was read from.
public struct RouteSource: Sendable, Equatable, Codable {
    /// The format it was read as.
    public var format: RouteFormat
    /// Which alternative of the document was chosen (0-based).
    public var alternative: Int = 0
    /// How many alternatives the document holds.
    public var alternativeCount: Int = 1
    /// Language of the source's instruction texts (`voiceLocale`, `language`), where stated.
    public var language: String?
    /// Polyline precision the geometry was decoded with, where it was encoded.
    public var polylinePrecision: Int?
    /// The route's length as the source states it (metres).
    public var statedDistance: Double?
    /// The route's duration as the source states it (seconds).
    public var statedDuration: Double?

    /// Creates a source description.
    public init(format: RouteFormat) { self.format = format }

    enum CodingKeys: String, CodingKey {
        case format, alternative, language
        case alternativeCount = "alternative_count"
        case polylinePrecision = "polyline_precision"
        case statedDistance = "stated_distance_m"
        case statedDuration = "stated_duration_s"
    }
}

/// A normalized route: geometry, legs, maneuvers, waypoints and warnings, whatever format it came from.
public struct Route: Sendable, Equatable, Codable {
    /// Where it came from.
    public var source: RouteSource
    /// The whole route's geometry.
    public var geometry: RouteGeometry
    /// Its legs, in order.
    public var legs: [RouteLeg]
    /// All maneuvers of all legs, in travel order (`maneuvers[i].index == i`).
    public var maneuvers: [Maneuver]
    /// Start, via points and destination, in travel order.
    public var waypoints: [Waypoint]
    /// Warnings along the route.
    public var warnings: [RouteWarning]
    /// The stations of a tour after this route's end whose ways the routing engine has not given yet, as waypoints in
    /// travel order (stops `via`, the last `destination`, trace points `silentVia`): the route then ends at a stop, and
    /// guidance keeps asking for the rest (`RouteProgress`, reason `tour_continues`). Empty for a whole route; not
    /// written to RouteCue JSON (a file holds a whole route).
    public var unresolvedWaypoints: [Waypoint] = []

    enum CodingKeys: String, CodingKey {
        case source, geometry, legs, maneuvers, waypoints, warnings
    }

    /// Length along the geometry, in metres.
    public var length: Double { geometry.length }

    /// Creates a route from finished parts (usually through `RouteBuilder`).
    public init(source: RouteSource, geometry: RouteGeometry, legs: [RouteLeg], maneuvers: [Maneuver],
                waypoints: [Waypoint], warnings: [RouteWarning]) {
        self.source = source
        self.geometry = geometry
        self.legs = legs
        self.maneuvers = maneuvers
        self.waypoints = waypoints
        self.warnings = warnings
    }
}

extension Route {
    /// Gives `language` (the map region's) to every maneuver whose source said nothing of its country.
    public mutating func fillNameLanguage(_ language: String) {
        for k in maneuvers.indices where maneuvers[k].countryCode == nil && maneuvers[k].nameLanguage == nil {
            maneuvers[k].nameLanguage = language
        }
    }
}
