/// One maneuver of a route: what to do, where, on which road, and where it came from.
public struct Maneuver: Sendable, Equatable, Codable {
    /// Position in the route's maneuver list (0-based, over all legs); set by `RouteBuilder`.
    public var index: Int = 0
    /// What the driver does.
    public var type: ManeuverType
    /// Direction, where it applies.
    public var modifier: ManeuverModifier?
    /// Where the maneuver happens.
    public var location: Coordinate
    /// Index of the route geometry point at (or just before) the maneuver; set by `RouteBuilder`.
    public var geometryIndex: Int = 0
    /// Metres from the start of the route to the maneuver; set by `RouteBuilder`.
    public var distanceAlong: Double = 0
    /// The route leg the maneuver belongs to; set by `RouteBuilder`.
    public var leg: Int = 0
    /// Name of the road taken at the maneuver.
    public var roadName: String?
    /// Road reference ("A 9", "I-80").
    public var ref: String?
    /// Signposted destinations ("Berlin, Potsdam").
    public var destinations: String?
    /// Motorway exit number(s) on the sign ("23B").
    public var exits: String?
    /// Roundabout / rotary exit to take (1-based).
    public var exitNumber: Int?
    /// Name of the rotary, where it has one.
    public var rotaryName: String?
    /// Phonetic spelling of the road name, where the source gives one (e.g. Mapbox `pronunciation`).
    public var phoneticName: String?
    /// The country (ISO 3166-1 alpha-2) the maneuver lies in, where the source says (OSRM/Mapbox `admins`).
    public var countryCode: String?
    /// The language (BCP 47) its road name, exits and destinations are written in, where known: from the source's
    /// country where that country has one street-name language (`CountryLanguages`).
    public var nameLanguage: String?
    /// Side of the road traffic drives on here.
    public var drivingSide: DrivingSide?
    /// Class of the road before the maneuver (`motorway`, `trunk`, `primary`, … `residential`), where known.
    public var approachRoadClass: String?
    /// Travel mode after the maneuver (`driving`, `ferry`, `walking`, `cycling`, …) as the source says.
    public var mode: String?
    /// Heading before and after the maneuver (degrees, geographic).
    public var bearingBefore: Double?
    /// Heading after the maneuver (degrees, geographic).
    public var bearingAfter: Double?
    /// Lanes at the maneuver.
    public var lanes: [Lane] = []
    /// Landmarks for natural guidance.
    public var landmarks: [Landmark] = []
    /// The source's own instruction text.
    public var instruction: String?
    /// The source's own spoken announcements for this step.
    public var announcements: [SourceAnnouncement] = []
    /// Length in metres of the stretch after this maneuver up to the next one, as the source states it.
    public var sourceDistance: Double?
    /// Duration in seconds of that stretch, as the source states it.
    public var sourceDuration: Double?
    /// Whether RouteCue speaks this maneuver (a straight new name or a notification is kept silent).
    public var announced: Bool
    /// Where the maneuver came from.
    public var provenance: Provenance

    /// Creates a maneuver; `announced` defaults to what the type and modifier call for.
    public init(type: ManeuverType, modifier: ManeuverModifier? = nil, location: Coordinate,
                announced: Bool? = nil, provenance: Provenance) {
        self.type = type
        self.modifier = modifier
        self.location = location
        self.announced = announced ?? type.announcedByDefault(modifier: modifier)
        self.provenance = provenance
    }

    /// Signed turn angle in degrees (positive right) from `bearingBefore` to `bearingAfter`, where both are known.
    public var turnAngle: Double? {
        guard let b = bearingBefore, let a = bearingAfter else { return nil }
        return GeoMath.turnAngle(from: b, to: a)
    }

    enum CodingKeys: String, CodingKey {
        case index, type, modifier, location, leg, ref, destinations, exits, mode, lanes, landmarks
        case instruction, announcements, announced, provenance
        case geometryIndex = "geometry_index"
        case distanceAlong = "distance_along_m"
        case roadName = "road_name"
        case exitNumber = "exit_number"
        case rotaryName = "rotary_name"
        case phoneticName = "phonetic_name"
        case countryCode = "country_code"
        case nameLanguage = "name_language"
        case drivingSide = "driving_side"
        case approachRoadClass = "approach_road_class"
        case bearingBefore = "bearing_before"
        case bearingAfter = "bearing_after"
        case sourceDistance = "source_distance_m"
        case sourceDuration = "source_duration_s"
    }
}
