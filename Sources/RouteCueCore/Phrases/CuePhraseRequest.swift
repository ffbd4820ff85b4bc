/// What a cue says, before it is turned into words.
public struct CuePhraseRequest: Sendable, Equatable {
    /// What the cue is about.
    public enum Subject: Sendable, Equatable {
        /// A maneuver at one of its stages; `distance` is the spoken distance to it (nil at `action`),
        /// `then` the closely following maneuver to chain, `landmark` the natural-guidance reference.
        case maneuver(Maneuver, stage: CueStage, distance: SpokenDistance?, then: Maneuver?, landmark: Landmark?)
        /// The `continue` stage after a maneuver ("Continue for 12 kilometers").
        case continueFor(SpokenDistance)
        /// Arrival at an announced intermediate waypoint; `nameLanguage` is the language of its name where known.
        case waypointReached(name: String?, nameLanguage: String? = nil)
        /// Arrival at the destination; `nameLanguage` is the language of its name where known.
        case destinationReached(name: String?, nameLanguage: String? = nil)
        /// Guidance resuming after a power loss, said once ("Continuing to Bern"); `nameLanguage` is the language of
        /// the destination's name where known.
        case resumed(destination: String?, nameLanguage: String? = nil)
        /// A warning along the route, with the spoken distance to it where one is given.
        case warning(RouteWarning, distance: SpokenDistance?)
        /// Off route: "Recalculating".
        case offRoute
        /// The position fix was lost.
        case gpsLost
        /// The position fix is back.
        case gpsRegained
    }

    /// What the cue is about.
    public var subject: Subject
    /// The short form: for prompt style `short` and for cues that must fit a short window.
    public var short: Bool

    /// A request for `subject`, in its full form unless `short`.
    public init(subject: Subject, short: Bool = false) {
        self.subject = subject
        self.short = short
    }
}
