/// What guidance says when the position fix is lost and when it comes back (the `gps` section's announce keys).
public struct GPSCueOptions: Sendable, Equatable {
    /// "GPS signal lost" once per outage, while guiding…
    public var announceLost = true
    /// …when no fix has come for this long (a tunnel of a few seconds says nothing).
    public var lostAnnounceSeconds = 10.0
    /// "GPS signal regained" when fixes return after "lost" was said.
    public var announceRegained = true

    /// The defaults.
    public init() {}
}
