/// Choices a user can make when reading a route file.
public struct ImportOptions: Sendable, Equatable {
    /// The default size limit: 64 MB.
    public static let defaultMaxBytes = ImportLimits.defaultMaxFileBytes

    /// Force a format instead of detecting it from the content (`--format`).
    public var format: RouteFormat?
    /// Which alternative route of a multi-route document to take (`--alternative N`, 0-based).
    public var alternative: Int = 0
    /// The limits of the readers: size, nesting, string length, points, maneuvers (the configuration's `import`).
    public var limits = ImportLimits()
    /// Files larger than this are rejected before parsing (`limits.maxFileBytes`).
    public var maxBytes: Int {
        get { limits.maxFileBytes }
        set { limits.maxFileBytes = newValue }
    }
    /// The vehicle's current position: a tour's first leg starts here.
    public var vehiclePosition: Coordinate?
    /// The vehicle's course there (north 0°, clockwise), where known: a routing engine starts the tour's first way
    /// heading that way (a reroute does not send the car into a U-turn it cannot make).
    public var vehicleCourse: Double?
    /// Routed geometry a routing engine found for a tour, by station index: the way to a station that has no embedded
    /// `route` of its own (`TourRouting.legRequests` says which stations need one).
    public var routedLegs: [Int: Route] = [:]
    /// The way along svp traces a routing engine found, by station index (routed through the trace's points or
    /// matched to the map); a trace without one is followed point to point in straight lines.
    public var routedTraces: [Int: Route] = [:]
    /// The language of the map region's street names (`names.language`): a maneuver whose route says nothing of its
    /// country gets it as `nameLanguage`. Nil: unknown.
    public var regionLanguage: String?
    /// Read only a tour's first this many stations (those whose ways the routing engine gave; the last of them a
    /// regular stop): the route ends there as at a stop, not the destination, and the later stations become its
    /// `unresolvedWaypoints`. Nil: the whole tour.
    public var resolvedStations: Int?

    /// Default options: detect the format, first alternative, the default limits (64 MB).
    public init(format: RouteFormat? = nil, alternative: Int = 0, maxBytes: Int = ImportOptions.defaultMaxBytes,
                vehiclePosition: Coordinate? = nil) {
        self.format = format
        self.alternative = alternative
        self.limits.maxFileBytes = maxBytes
        self.vehiclePosition = vehiclePosition
    }

    /// Options with these limits (and detecting the format, first alternative).
    public init(limits: ImportLimits) {
        self.limits = limits
    }
}
