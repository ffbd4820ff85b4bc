/// Everything that decides when cues sound: the stage table, which stages are used, the action lead, chaining,
/// the `continue` stage, warnings, natural guidance, and whether the route's own announcements are used.
public struct TimingOptions: Sendable, Equatable {
    /// The active transport mode.
    public var mode: TransportMode = .car
    /// Stage timings of every mode (defaults: `TimingDefaults`).
    public var timings: [TransportMode: ModeTimings] = Dictionary(
        uniqueKeysWithValues: TransportMode.allCases.map { ($0, TimingDefaults.timings(for: $0)) })
    /// Stages spoken; the others are left out.
    public var includedStages: Set<CueStage> = [.range, .reminder, .distance, .action, .continue]
    /// The action cue ends at least this many seconds before the maneuver at the current speed.
    public var actionLeadSeconds = 1.0
    /// The action cue never starts closer than this to the maneuver (walking pace, crawling traffic).
    public var actionMinimumMetres = 12.0
    /// While the car is speeding up, the action cue must end in time even if it keeps speeding up at this rate (m/s²)
    /// while it speaks: a car pulling away from a light 20 m before a turn covers much more than its speed says (1.0:
    /// the p90 of the speed-ups measured in the GENIVI Swiss and Delft drives).
    public var actionSpeedUpAllowance = 1.0
    /// The units distances are spoken in (and rounded to).
    public var units: UnitSystem = .metric
    /// Profile from speed when the road class is unknown: below this (m/s) is slow…
    public var slowBelowSpeed = 14.0
    /// …and from this (m/s) up is fast.
    public var fastFromSpeed = 25.0
    /// Chain the next maneuver ("…, then turn right") when it follows within this many seconds at the profile's
    /// nominal speed (OsmAnd: 15 s)…
    public var chainSeconds = 15.0
    /// …but never when it is farther than this (Organic Maps: 400 m).
    public var chainMaximumMetres = 400.0
    /// `continue` ("Continue for 12 kilometers") is spoken only when the next maneuver is at least this far.
    public var continueMinimumMetres = 5000.0
    /// …this many seconds after the maneuver.
    public var continueDelaySeconds = 3.0
    /// "Head north on …" when guidance starts at the route's start.
    public var announceDeparture = true
    /// Silence kept between two cues.
    public var gapSeconds = 0.3
    /// Warning kinds announced (`speed_camera`, `toll`, `border`, `ferry`, `tunnel`, …); empty switches them off.
    public var warningKinds: Set<String> = ["speed_camera"]
    /// Where a warning is announced before its location.
    public var warningTrigger: StageTrigger = .seconds(12)
    /// A warning is never announced closer than this.
    public var warningMinimumMetres = 150.0
    /// Natural guidance ("At the next traffic light, turn left") when a maneuver has an unambiguous landmark.
    public var naturalGuidance = false
    /// Speak the route's own server announcements (Mapbox `voiceInstructions`, Valhalla `verbal_*`) at the places the
    /// server chose, instead of RouteCue's phrases, for maneuvers that have them.
    public var useSourceAnnouncements = false
    /// "GPS signal lost" / "regained" (read from the configuration's `gps` section).
    public var gpsCues = GPSCueOptions()
    /// One timing profile for every maneuver (the UI's `timing_profile`); nil: chosen per maneuver (`profile(…)`).
    public var forcedProfile: TimingProfile?

    /// The defaults.
    public init() {}

    /// The row of `profile` for the active mode.
    public func row(_ profile: TimingProfile) -> StageTimings {
        (timings[mode] ?? TimingDefaults.timings(for: mode))[profile]
    }

    /// A typical speed (m/s) of a profile, for decisions taken before the car's speed is known (chaining).
    public func nominalSpeed(_ profile: TimingProfile) -> Double {
        let car: Double
        switch profile {
        case .slowSpeed: car = 11
        case .regularSpeed: car = 20
        case .fastSpeed: car = 30
        }
        switch mode {
        case .car, .taxi, .truck, .bus: return car
        case .scooter: return min(car, 12)
        case .bicycle: return min(car, 5)
        case .pedestrian: return 1.4
        }
    }

    /// The profile of a maneuver: from the road class it is approached on where known, else from the speed the
    /// route expects on the approach (its stated distance ÷ duration), else from the car's speed.
    public func profile(approachRoadClass: String?, expectedSpeed: Double? = nil, speed: Double) -> TimingProfile {
        if let forcedProfile { return forcedProfile }
        if let roadClass = approachRoadClass?.lowercased() {
            switch roadClass {
            case "motorway", "motorway_link", "trunk", "trunk_link", "highway", "freeway", "expressway":
                return .fastSpeed
            case "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link":
                return .regularSpeed
            case "residential", "service", "unclassified", "living_street", "track", "path", "footway",
                 "cycleway", "pedestrian", "street":
                return .slowSpeed
            default: break
            }
        }
        let speed = expectedSpeed ?? speed
        if speed < slowBelowSpeed { return .slowSpeed }
        return speed >= fastFromSpeed ? .fastSpeed : .regularSpeed
    }
}
