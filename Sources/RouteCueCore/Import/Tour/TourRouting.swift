/// What a routing engine must find for a tour to be guided: the way to each station that has no embedded `route` and
/// lies more than `TourImporter.maxStraightGap` from where the tour is before it (the vehicle position, or the
/// previous station's last point), and the way along each svp trace (routed through its points when they lie apart,
/// map-matched when they are dense). The answers go back into the import as `ImportOptions.routedLegs` and
/// `ImportOptions.routedTraces`.
public enum TourRouting {
    /// The ways to find in `bytes` (a tour; any other document needs none), in station order.
    public static func legRequests(in bytes: [UInt8], name: String, options: ImportOptions) throws(InputError) -> [RoutingRequest] {
        try legRequests(in: RouteDocument(bytes, name: name, options: options), options: options)
    }

    /// The ways to find in `document` (a tour; any other document needs none), in station order.
    public static func legRequests(in document: RouteDocument, options: ImportOptions) throws(InputError) -> [RoutingRequest] {
        guard document.format == .tour, let json = document.json else { return [] }
        do throws(InputError) {
            return legRequests(try TourDocument.parse(json), vehiclePosition: options.vehiclePosition, vehicleCourse: options.vehicleCourse)
        } catch {
            throw error.inFile(document.name)
        }
    }

    /// True when `bytes` is a tour whose first station has no embedded route: with a routing engine, its first way
    /// starts where the car is, so it waits for a position. False for any other document, or one that does not parse
    /// (the import proper says why).
    public static func startsAtVehicle(_ bytes: [UInt8], options: ImportOptions) -> Bool {
        guard (try? RouteReader.startsAsXML(bytes)) == false, let root = try? RouteReader.parseJSON(bytes, limits: options.limits) else { return false }
        let format = options.format ?? (try? RouteReader.detectFormat(json: root))
        guard format == .tour, let document = try? TourDocument.parse(root) else { return false }
        return document.stations.first?.route == nil
    }

    /// How many of the tour's stations in `document` can be guided when the way to or along station `failed` is missing:
    /// those up to the last regular stop before it (the route then ends there and asks for the rest later); nil when
    /// there is none (nothing to guide without that way).
    public static func resolvableStations(in document: RouteDocument, before failed: Int) -> Int? {
        guard let json = document.json, let tour = try? TourDocument.parse(json) else { return nil }
        guard let stop = tour.stations.prefix(max(0, failed)).last(where: \.isRegular) else { return nil }
        return stop.index + 1
    }

    static func legRequests(_ document: TourDocument, vehiclePosition: Coordinate?, vehicleCourse: Double? = nil) -> [RoutingRequest] {
        var requests: [RoutingRequest] = []
        // Where the tour is before each station, and the course there.
        var position = vehiclePosition
        var course = vehiclePosition == nil ? nil : vehicleCourse
        for station in document.stations {
            let first = station.firstPoint
            if let from = position, station.route == nil, GeoMath.distance(from, first.coordinate) > TourImporter.maxStraightGap {
                requests.append(RoutingRequest(station: station.index, path: station.path, from: from, fromCourse: course,
                                               to: first.coordinate, toCourse: first.course, toRegularStation: station.isRegular))
            }
            switch station.kind {
            case .regular(let point):
                position = point.coordinate
                course = nil
            case .svp(let points):
                if points.count >= 2 {
                    requests.append(RoutingRequest(trace: station, points: points))
                }
                position = points[points.count - 1].coordinate
                course = points[points.count - 1].course
            }
        }
        return requests
    }
}

extension RoutingRequest {
    /// The way along the svp trace `station` over `points` (at least two).
    init(trace station: TourDocument.Station, points: [TourDocument.Point]) {
        let dense = zip(points, points.dropFirst()).allSatisfy {
            GeoMath.distance($0.coordinate, $1.coordinate) <= TourImporter.maxStraightGap
        }
        self.init(station: station.index, path: station.path, from: points[0].coordinate, fromCourse: points[0].course,
                  to: points[points.count - 1].coordinate, toCourse: points[points.count - 1].course, toRegularStation: false)
        purpose = dense ? .traceMatch : .traceThrough
        self.points = points.map { CoursePoint(coordinate: $0.coordinate, course: $0.course) }
    }
}

extension TourDocument.Station {
    var isRegular: Bool {
        if case .regular = kind { return true }
        return false
    }
}
