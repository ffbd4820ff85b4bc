/// One lane at a maneuver, as the source describes it.
public struct Lane: Sendable, Equatable, Codable {
    /// Arrow indications painted on the lane ("left", "straight", "slight right", …).
    public var indications: [String]
    /// Whether the lane leads onto the route.
    public var valid: Bool
    /// Whether the lane is the preferred one, where the source says so.
    public var active: Bool?

    /// Creates a lane description.
    public init(indications: [String], valid: Bool, active: Bool? = nil) {
        self.indications = indications
        self.valid = valid
        self.active = active
    }
}

/// Something the driver can see at a maneuver ("at the next traffic light"), for natural guidance.
public struct Landmark: Sendable, Equatable, Codable {
    /// Kind of landmark: `traffic_signals`, `stop_sign`, `railway_crossing`, `yield`, or a source's own word.
    public var kind: String
    /// Its name where it has one.
    public var name: String?
    /// Metres before the maneuver where it stands, where known.
    public var distanceBeforeManeuver: Double?

    /// Creates a landmark.
    public init(kind: String, name: String? = nil, distanceBeforeManeuver: Double? = nil) {
        self.kind = kind
        self.name = name
        self.distanceBeforeManeuver = distanceBeforeManeuver
    }

    enum CodingKeys: String, CodingKey {
        case kind, name
        case distanceBeforeManeuver = "distance_before_maneuver_m"
    }
}

/// A spoken announcement the routing engine itself wrote (Mapbox `voiceInstructions`, Valhalla
/// `verbal_*`, GraphHopper navigate phrases), kept so it can be used instead of our own phrases.
public struct SourceAnnouncement: Sendable, Equatable, Codable {
    /// Which announcement: `voice` (Mapbox), `verbal_transition_alert`, `verbal_pre_transition`,
    /// `verbal_post_transition`, `verbal_succinct_transition` (Valhalla), or a source's own name.
    public var kind: String
    /// Plain text to speak.
    public var text: String
    /// The SSML variant, where the source has one.
    public var ssml: String?
    /// Where along the route (metres from its start) the source wants it spoken, where it says.
    public var distanceAlong: Double?

    /// Creates a source announcement.
    public init(kind: String, text: String, ssml: String? = nil, distanceAlong: Double? = nil) {
        self.kind = kind
        self.text = text
        self.ssml = ssml
        self.distanceAlong = distanceAlong
    }

    enum CodingKeys: String, CodingKey {
        case kind, text, ssml
        case distanceAlong = "distance_along_m"
    }
}

/// Where a maneuver came from in the source file.
public struct Provenance: Sendable, Equatable, Codable {
    /// What kind of source element: OSRM/Mapbox `step`, Valhalla `maneuver`, GraphHopper `instruction`,
    /// GPX `rtept` or `wpt`, a tour `station`, `derived` (computed from geometry), or `matched` (a routing engine's,
    /// for a line matched to its map: `ManeuverMatching`).
    public enum Kind: String, Sendable, Codable {
        case step, maneuver, instruction, rtept, wpt, station, derived, matched
    }

    /// The kind of source element.
    public var kind: Kind
    /// The leg of the source document.
    public var sourceLeg: Int
    /// Index of the element within its leg (step / maneuver / instruction / point), nil for derived ones.
    public var sourceIndex: Int?
    /// The element's key path in the source (`routes[0].legs[0].steps[3]`, `rte[0].rtept[5]`), or a
    /// description for derived maneuvers (`derived from trk[0] point 41`).
    public var sourcePath: String

    /// Creates a provenance record.
    public init(kind: Kind, sourceLeg: Int, sourceIndex: Int?, sourcePath: String) {
        self.kind = kind
        self.sourceLeg = sourceLeg
        self.sourceIndex = sourceIndex
        self.sourcePath = sourcePath
    }

    enum CodingKeys: String, CodingKey {
        case kind
        case sourceLeg = "source_leg"
        case sourceIndex = "source_index"
        case sourcePath = "source_path"
    }
}
