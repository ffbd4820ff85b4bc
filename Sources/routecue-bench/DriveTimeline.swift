// What `routecue-bench drive-report` recorded of one bench drive, in the form its picture (timeline.svg) is
// drawn from. Every instant is in seconds since the drive's first fix was sent to gpsd.

/// One bench drive as seen from outside RouteCue: where the car stood to its next maneuver, what was said, and
/// what the music did.
struct DriveTimeline: Sendable {
    /// Distance to the next maneuver at one instant, as RouteCue reported it over D-Bus (nil: no route, off route).
    struct DistanceSample: Sendable {
        var seconds: Double
        var metres: Double?
        /// The index of the maneuver the distance is to (a change of index is a maneuver passed).
        var maneuver: Int?
    }

    /// One output of the queue: a cue, a UI prompt, a chime.
    struct Output: Sendable {
        enum Outcome: String, Sendable { case played, skipped, cancelled, interrupted }
        var id: Int
        /// "range", "reminder", "distance", "action", "continue", "arrival", "app", … (the cue log's stage).
        var stage: String
        var text: String
        /// First sample handed to ALSA; nil when it never played (skipped, cancelled before it started).
        var start: Double?
        /// Last sample (or when it was stopped); nil when it never played.
        var end: Double?
        /// When it was due (the engine's deadline), if known.
        var due: Double?
        var outcome: Outcome
        /// Why it was skipped, cancelled or cut (the log's reason), empty when it played whole.
        var reason: String
        /// Trigger error in metres against the drive's ground truth (generated drives only): positive = late.
        var triggerErrorMetres: Double?
    }

    /// The player's MPRIS volume at one instant.
    struct VolumeSample: Sendable {
        var seconds: Double
        var volume: Double
    }

    /// A maneuver passed: when, which, and its instruction.
    struct Maneuver: Sendable {
        var seconds: Double
        var index: Int
        var instruction: String
    }

    /// The drive's name, for the picture's title.
    var title: String
    /// Seconds from the first to the last fix sent.
    var duration: Double
    var distance: [DistanceSample]
    var outputs: [Output]
    var volume: [VolumeSample]
    var maneuvers: [Maneuver]
}
