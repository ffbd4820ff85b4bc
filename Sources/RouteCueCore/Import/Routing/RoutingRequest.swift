/// One way a routing engine is asked for: in a tour, from where the tour is to a station (a regular stop, or the first
/// point of an svp trace, to be reached heading along the trace's course) or along an svp trace; in any route whose
/// maneuvers could only be derived from its geometry, a piece of its line to match to the map (`ManeuverMatching`); or
/// a piece of a route's line to look up its traffic signals on (`TrafficSignalLandmarks`). Valhalla's and OSRM's
/// requests are written from it (`ValhallaRouteQuery`, `OSRMRouteQuery`).
public struct RoutingRequest: Sendable, Equatable {
    /// What the way is for.
    public enum Purpose: Sendable, Equatable {
        /// From where the tour is to the station.
        case approach
        /// Along an svp trace whose points lie apart: routed from its first to its last point through the others, each
        /// passed heading along its course.
        case traceThrough
        /// Along an svp trace of dense points (none more than `TourImporter.maxStraightGap` from the next): matched
        /// to the map as a whole.
        case traceMatch
        /// Along a piece of a route's own line (a GPX track, a step-less route) matched to the map as a whole, for the
        /// engine's maneuvers and street names (`ManeuverMatching`); `station` is then the route's leg.
        case lineMatch
        /// Along a piece of a route's line matched to the map for the traffic signals on it (`/trace_attributes`,
        /// `TrafficSignalLandmarks`).
        case signals
    }

    /// What the way is for.
    public var purpose: Purpose
    /// The station's index in the tour (the leg's, for a `lineMatch`).
    public var station: Int
    /// Its key path (`stations[2]`, `legs[0] from 1.2 km`), for errors.
    public var path: String
    /// Where the way starts.
    public var from: Coordinate
    /// The course (north 0°, clockwise) the vehicle has there, where known (the end of a trace).
    public var fromCourse: Double?
    /// Where it ends.
    public var to: Coordinate
    /// The course to arrive with (the trace's first point's), where the tour states one.
    public var toCourse: Double?
    /// Whether it ends at a regular station (an announced stop) rather than at a trace.
    public var toRegularStation: Bool
    /// A trace's or a line's points, in order, with their courses where stated (empty for an approach).
    public var points: [CoursePoint]

    /// A way to find for station `station` (at `path`).
    public init(station: Int, path: String, from: Coordinate, fromCourse: Double?, to: Coordinate, toCourse: Double?,
                toRegularStation: Bool) {
        purpose = .approach
        points = []
        self.station = station
        self.path = path
        self.from = from
        self.fromCourse = fromCourse
        self.to = to
        self.toCourse = toCourse
        self.toRegularStation = toRegularStation
    }
}

/// A point and the course (north 0°, clockwise) to pass it with, where one is stated.
public struct CoursePoint: Sendable, Equatable {
    /// Where.
    public var coordinate: Coordinate
    /// The course, if any.
    public var course: Double?

    /// A point with an optional course.
    public init(coordinate: Coordinate, course: Double?) {
        self.coordinate = coordinate
        self.course = course
    }
}

extension RoutingRequest {
    /// A piece of leg `leg`'s line (`points`, at least two, in travel order) to match to the map; `path` names it in
    /// errors.
    public init(matching points: [Coordinate], leg: Int, path: String) {
        self.init(station: leg, path: path, from: points[0], fromCourse: nil, to: points[points.count - 1], toCourse: nil,
                  toRegularStation: false)
        purpose = .lineMatch
        self.points = points.map { CoursePoint(coordinate: $0, course: nil) }
    }
}

extension RoutingRequest {
    /// A piece of a route's line (`points`, at least two) to look up the traffic signals on; `path` names it in errors.
    public init(signalsAlong points: [Coordinate], path: String) {
        self.init(matching: points, leg: 0, path: path)
        purpose = .signals
    }
}
