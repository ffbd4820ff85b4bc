/// A point the route passes through or ends at.
public struct Waypoint: Sendable, Equatable, Codable {
    /// What the waypoint is to the driver.
    public enum Role: String, Sendable, Codable {
        /// Where the route starts.
        case start
        /// An intermediate stop, announced on arrival.
        case via
        /// A silent via point (a shaping point of a tour's `svp` trace): followed, never announced.
        case silentVia = "silent_via"
        /// The final destination.
        case destination
    }

    /// Its name, where the source gives one.
    public var name: String?
    /// Where it is (as the source states it; not snapped).
    public var location: Coordinate
    /// Its role on the route.
    public var role: Role
    /// Whether arriving there is announced.
    public var announced: Bool
    /// Metres from the route start to the waypoint; set by `RouteBuilder`.
    public var distanceAlong: Double = 0
    /// The leg that ends at this waypoint (nil for the start).
    public var legEnding: Int?
    /// Direction of travel at the waypoint where the source states one (a tour's `svp` point `course`):
    /// degrees, geographic (north 0, clockwise), in [0, 360).
    public var course: Double?

    /// Creates a waypoint; `announced` follows the role unless given (silent via points and the start are not).
    public init(name: String? = nil, location: Coordinate, role: Role, announced: Bool? = nil) {
        self.name = name
        self.location = location
        self.role = role
        self.announced = announced ?? (role == .via || role == .destination)
    }

    enum CodingKeys: String, CodingKey {
        case name, location, role, announced, course
        case distanceAlong = "distance_along_m"
        case legEnding = "leg_ending"
    }
}

/// A warning along the route (speed camera, toll, border, ferry, …) that may get its own cue.
public struct RouteWarning: Sendable, Equatable, Codable {
    /// `speed_camera`, `toll`, `ferry`, `border`, `tunnel`, `restricted`, or a source's own word.
    public var kind: String
    /// Where it is.
    public var location: Coordinate
    /// Metres from the route start; set by `RouteBuilder`.
    public var distanceAlong: Double = 0
    /// Text from the source, where it has some.
    public var text: String?

    /// Creates a warning.
    public init(kind: String, location: Coordinate, text: String? = nil) {
        self.kind = kind
        self.location = location
        self.text = text
    }

    enum CodingKeys: String, CodingKey {
        case kind, location, text
        case distanceAlong = "distance_along_m"
    }
}
