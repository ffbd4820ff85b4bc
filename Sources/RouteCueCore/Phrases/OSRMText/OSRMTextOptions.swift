/// The options osrm-text-instructions' `compile` takes besides the step.
public struct OSRMTextOptions: Sendable, Equatable {
    /// Index of the leg this step ends (for "your 2nd destination").
    public var legIndex: Int?
    /// Number of legs in the route.
    public var legCount: Int?
    /// The name of the waypoint the leg ends at.
    public var waypointName: String?
    /// Road classes of the step (`motorway`, `ferry`, …): on a motorway the ref is said instead of the name.
    public var classes: [String]
    /// Shorten road names with the language's abbreviation table ("Saint Mary Street" → "St Mary St"),
    /// as for a screen; off by default and in upstream's fixtures.
    public var abbreviatesNames: Bool

    /// Options; all empty by default.
    public init(legIndex: Int? = nil, legCount: Int? = nil, waypointName: String? = nil, classes: [String] = [],
                abbreviatesNames: Bool = false) {
        self.legIndex = legIndex
        self.legCount = legCount
        self.waypointName = waypointName
        self.classes = classes
        self.abbreviatesNames = abbreviatesNames
    }

    /// Reads an options object (`legIndex`, `legCount`, `waypointName`, `classes`, `abbreviations`).
    public init(node: JSONNode) throws(InputError) {
        self.legIndex = try node.optionalInt("legIndex")
        self.legCount = try node.optionalInt("legCount")
        self.waypointName = try node.optionalString("waypointName")
        var classes: [String] = []
        if let items = try node.optionalArray("classes") {
            for item in items { classes.append(try item.string()) }
        }
        self.classes = classes
        self.abbreviatesNames = try node.optionalBool("abbreviations") ?? false
    }
}
