/// A tour document as written: stations after the vehicle's position, each either an `svp` trace of
/// silent via points or a `regular` announced stop, in one coordinate reference system.
/// A bare top-level array is named `stations` in error paths, like the `stations` member of the object form.
struct TourDocument {
    /// The coordinate reference system of the stations' `x`/`y` values.
    enum SRS: String {
        /// PTV Mercator metres (a spherical Mercator on a 6,371 km sphere), what PTV's tours mean by "Mercator": the
        /// default.
        case ptvMercator = "PTV_MERCATOR"
        /// Spherical ("web") Mercator metres on the WGS84 semi-major axis.
        case mercator = "EPSG:3857"
        /// WGS84 degrees: `x` is longitude, `y` latitude.
        case wgs84 = "EPSG:4326"

        /// The sphere of a Mercator system, nil for degrees.
        var sphereRadius: Double? {
            switch self {
            case .ptvMercator: Mercator.ptvRadius
            case .mercator: Mercator.radius
            case .wgs84: nil
            }
        }
    }

    /// One point of a station: where it is, and the course the vehicle has there where stated.
    struct Point {
        /// The point in WGS84.
        var coordinate: Coordinate
        /// Geographic course (north 0°, clockwise) in [0, 360), as the document states it.
        var course: Double?
        /// Its key path (`stations[1].points[4]`).
        var path: String
    }

    /// One station of the tour.
    struct Station {
        /// What the station is.
        enum Kind {
            /// A trace of silent via points, followed but never announced.
            case svp([Point])
            /// An announced stop.
            case regular(Point)
        }
        /// Position in the tour.
        var index: Int
        /// What the station is.
        var kind: Kind
        /// Its name, where given.
        var name: String?
        /// The embedded routed geometry leading to it (`"route": <any route document>`), where given.
        var route: JSONNode?
        /// Its key path (`stations[2]`).
        var path: String

        /// The first point the tour reaches at this station.
        var firstPoint: Point {
            switch kind {
            case .svp(let points): points[0]
            case .regular(let point): point
            }
        }
    }

    /// The coordinate reference system in use.
    var srs: SRS
    /// The stations, in travel order.
    var stations: [Station]

    /// Parses and validates a tour document.
    static func parse(_ root: JSONNode) throws(InputError) -> TourDocument {
        var srs = SRS.ptvMercator
        let stationsNode: JSONNode
        switch root.value {
        case .array:
            stationsNode = JSONNode(root.value, path: "stations")
        case .object:
            if let node = root["srs"] {
                let text = try node.string()
                guard let parsed = SRS(rawValue: text.uppercased()) else {
                    throw node.error(.unsupported, "unsupported srs \"\(text)\"; expected \"PTV_MERCATOR\" (PTV Mercator metres, the default), \"EPSG:3857\" (web Mercator metres) or \"EPSG:4326\" (WGS84 degrees)")
                }
                srs = parsed
            }
            stationsNode = try root.require("stations")
        default:
            throw root.error(.invalidValue, "a tour is an array of stations or an object with \"stations\", found \(root.value.typeName)")
        }
        let nodes = try stationsNode.array()
        guard !nodes.isEmpty else { throw stationsNode.error(.missing, "the tour has no stations") }
        var stations: [Station] = []
        for (i, node) in nodes.enumerated() { stations.append(try station(node, index: i, srs: srs)) }
        return TourDocument(srs: srs, stations: stations)
    }

    private static func station(_ node: JSONNode, index: Int, srs: SRS) throws(InputError) -> Station {
        let typeNode = try node.require("type")
        let type = try typeNode.string()
        let kind: Station.Kind
        switch type {
        case "svp":
            let pointsNode = try node.require("points")
            let nodes = try pointsNode.array()
            guard !nodes.isEmpty else { throw pointsNode.error(.missing, "an svp station needs at least one point") }
            var points: [Point] = []
            points.reserveCapacity(nodes.count)
            for p in nodes { points.append(try point(p, srs: srs)) }
            kind = .svp(points)
        case "regular":
            kind = .regular(try point(node.require("point"), srs: srs))
        default:
            throw typeNode.error(.invalidValue, "unknown station type \"\(type)\"; expected \"svp\" (a trace of silent via points) or \"regular\" (a stop)")
        }
        return Station(index: index, kind: kind, name: try node.optionalString("name"), route: node["route"], path: node.path)
    }

    private static func point(_ node: JSONNode, srs: SRS) throws(InputError) -> Point {
        let xNode = try node.require("x"), yNode = try node.require("y")
        let x = try xNode.double(), y = try yNode.double()
        let coordinate: Coordinate
        switch srs {
        case .ptvMercator, .mercator:
            let radius = srs.sphereRadius!
            let extent = Mercator.maxExtent(radius: radius)
            for (value, n) in [(x, xNode), (y, yNode)] where abs(value) > extent + 0.001 {
                throw n.error(.invalidValue, "\(value) m is beyond the \(srs.rawValue) extent of ±\(extent) m")
            }
            coordinate = Mercator.unproject(x: x, y: y, radius: radius)
        case .wgs84:
            guard abs(x) <= 180 else { throw xNode.error(.invalidValue, "longitude \(x) outside -180…180 (srs EPSG:4326: x is longitude)") }
            guard abs(y) <= 90 else { throw yNode.error(.invalidValue, "latitude \(y) outside -90…90 (srs EPSG:4326: y is latitude)") }
            coordinate = Coordinate(latitude: y, longitude: x)
        }
        var course: Double?
        if let courseNode = node["course"] {
            course = Course.normalized(try courseNode.double())
        }
        return Point(coordinate: coordinate, course: course, path: node.path)
    }
}
