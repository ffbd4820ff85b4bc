/// What a routing engine must find for a tour to be guided: the way to each station that has no embedded `route` and
/// lies more than `TourImporter.maxStraightGap` from where the tour is before it (the vehicle position, or the
/// previous station's last point). The answers go back into the import as `ImportOptions.routedLegs`.
public enum TourRouting {
    /// The ways to find in `bytes` (a tour; any other document needs none), in station order.
    public static func legRequests(in bytes: [UInt8], name: String, options: ImportOptions) throws(RouteImportError) -> [TourLegRequest] {
        do throws(RouteImportError) {
            try RouteImportError.checkSize(bytes.count, limit: options.maxBytes)
            guard !(try RouteReader.startsAsXML(bytes)) else { return [] }
            let root = try RouteReader.parseJSON(bytes)
            let format: RouteFormat
            if let forced = options.format { format = forced } else { format = try RouteReader.detectFormat(json: root) }
            guard format == .tour else { return [] }
            return legRequests(try TourDocument.parse(root), vehiclePosition: options.vehiclePosition)
        } catch {
            throw error.inFile(name)
        }
    }

    static func legRequests(_ document: TourDocument, vehiclePosition: Coordinate?) -> [TourLegRequest] {
        var requests: [TourLegRequest] = []
        // Where the tour is before each station, and the course there.
        var position = vehiclePosition
        var course: Double?
        for station in document.stations {
            let first = station.firstPoint
            if let from = position, station.route == nil, GeoMath.distance(from, first.coordinate) > TourImporter.maxStraightGap {
                requests.append(TourLegRequest(station: station.index, path: station.path, from: from, fromCourse: course,
                                               to: first.coordinate, toCourse: first.course, toRegularStation: station.isRegular))
            }
            switch station.kind {
            case .regular(let point):
                position = point.coordinate
                course = nil
            case .svp(let points):
                position = points[points.count - 1].coordinate
                course = points[points.count - 1].course
            }
        }
        return requests
    }
}

/// One way a routing engine must find for a tour: from where the tour is to a station (a regular stop, or the first
/// point of an svp trace, to be reached heading along the trace's course).
public struct TourLegRequest: Sendable, Equatable {
    /// The station's index in the tour.
    public var station: Int
    /// Its key path (`stations[2]`), for errors.
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

    /// A way to find for station `station` (at `path`).
    public init(station: Int, path: String, from: Coordinate, fromCourse: Double?, to: Coordinate, toCourse: Double?,
                toRegularStation: Bool) {
        self.station = station
        self.path = path
        self.from = from
        self.fromCourse = fromCourse
        self.to = to
        self.toCourse = toCourse
        self.toRegularStation = toRegularStation
    }
}

extension TourDocument.Station {
    var isRegular: Bool {
        if case .regular = kind { return true }
        return false
    }
}
