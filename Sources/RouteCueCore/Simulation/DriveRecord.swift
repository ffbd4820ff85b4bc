/// What a drive replayed through RouteCue produced: the cue log (as the audio side reported each cue), the progress
/// events and reroute requests with their instants, and the mapping from the replay's clock to fix time.
public struct DriveRecord: Sendable {
    /// The cue log, in decision order (`seq`).
    public var log: [CueLogEntry]
    /// Reroute requests, with the instant they were made.
    public var reroutes: [(instant: MonotonicInstant, request: RerouteRequest)]
    /// Progress events, with their instants.
    public var events: [(instant: MonotonicInstant, event: ProgressEvent)]
    /// Maps the replay's clock to fix time.
    public var mapping: FixTimeMapping
    /// Fixes delivered.
    public var fixCount: Int

    /// A record of these parts.
    public init(log: [CueLogEntry], reroutes: [(instant: MonotonicInstant, request: RerouteRequest)],
                events: [(instant: MonotonicInstant, event: ProgressEvent)], mapping: FixTimeMapping, fixCount: Int) {
        self.log = log
        self.reroutes = reroutes
        self.events = events
        self.mapping = mapping
        self.fixCount = fixCount
    }

    /// The entries of cues heard, in decision order.
    public var spoken: [CueLogEntry] { log.filter { $0.event == .spoken } }
}
