import DBusKit

/// `org.routecue.Guidance1`'s properties (docs/dbus.md): each name once, with its D-Bus type. The interface is
/// exported from this list, so a property cannot be declared without a value nor read under a mistyped name.
enum GuidanceProperty: String, CaseIterable, Sendable {
    case state = "State"
    case gpsState = "GpsState"
    case language = "Language"
    case units = "Units"
    case transportMode = "TransportMode"
    case leg = "Leg"
    case nextManeuver = "NextManeuver"
    case distanceToManeuver = "DistanceToManeuver"
    case distanceRemaining = "DistanceRemaining"
    case timeRemaining = "TimeRemaining"
    case routingState = "RoutingState"
    case journal = "Journal"
    case offeredJournal = "OfferedJournal"

    /// Its D-Bus type.
    var type: DBusType {
        switch self {
        case .state, .gpsState, .language, .units, .transportMode, .routingState, .journal: .string
        case .leg: .uint32
        case .nextManeuver, .offeredJournal: .dictionary(key: .string, value: .variant)
        case .distanceToManeuver, .distanceRemaining, .timeRemaining: .double
        }
    }

    /// The properties whose value follows the position: PropertiesChanged carries them at most once a second.
    static let positionDriven: Set<GuidanceProperty> = [.distanceToManeuver, .distanceRemaining, .timeRemaining]
}

/// `org.routecue.Audio1`'s properties (docs/dbus.md), with their D-Bus types and which the UI may set.
enum AudioProperty: String, CaseIterable, Sendable {
    case requestedRoute = "RequestedRoute"
    case activeRoute = "ActiveRoute"
    case latencyCompensationMs = "LatencyCompensationMs"
    case muted = "Muted"
    case promptStyle = "PromptStyle"
    case volume = "Volume"
    case speaking = "Speaking"
    case inCall = "InCall"
    case speechCacheBytes = "SpeechCacheBytes"

    /// Its D-Bus type.
    var type: DBusType {
        switch self {
        case .requestedRoute, .activeRoute, .promptStyle: .string
        case .latencyCompensationMs, .speechCacheBytes: .uint32
        case .muted, .speaking, .inCall: .boolean
        case .volume: .double
        }
    }

    /// Whether the UI may set it.
    var isWritable: Bool {
        switch self {
        case .requestedRoute, .latencyCompensationMs, .muted, .promptStyle, .volume: true
        case .activeRoute, .speaking, .inCall, .speechCacheBytes: false
        }
    }

    /// Whether PropertiesChanged carries it (the cache's size changes with every cue: read it when wanted).
    var emitsChanged: Bool { self != .speechCacheBytes }
}

/// One value for each property of an interface: made from a function that must answer for every name, so none can be
/// missing.
struct PropertyValues<Name: RawRepresentable & CaseIterable & Hashable & Sendable>: Sendable where Name.RawValue == String {
    private let values: [Name: DBusValue]

    /// The values `value` gives for every name.
    init(_ value: (Name) -> DBusValue) {
        values = Dictionary(uniqueKeysWithValues: Name.allCases.map { ($0, value($0)) })
    }

    /// The value of `name`.
    subscript(name: Name) -> DBusValue { values[name]! }

    /// Every value, by name.
    var all: [Name: DBusValue] { values }
}

extension Dictionary where Key: RawRepresentable, Key.RawValue == String {
    /// The same values by their D-Bus names (PropertiesChanged's dictionary).
    var byName: [String: Value] { Dictionary<String, Value>(uniqueKeysWithValues: map { ($0.key.rawValue, $0.value) }) }
}
