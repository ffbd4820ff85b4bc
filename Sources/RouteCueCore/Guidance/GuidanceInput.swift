/// What the engine is told.
public enum GuidanceInput: Sendable, Equatable {
    /// A fix arrived (its `received` is the monotonic instant of arrival).
    case fix(Fix)
    /// Time passed: the timer the engine asked for (`nextWakeup`) fired.
    case tick
    /// A new route (a reroute's answer or a new destination); cues already spoken are not repeated.
    case newRoute(Route)
    /// Skip the next waypoint and guide to the one after.
    case skipToNextDestination
    /// Say the instruction for the next maneuver again, now, with its distance as of now (the driver asked).
    case repeatInstruction
    /// Synthesis measured how long a text takes to speak.
    case rendered(text: String, seconds: Double)
    /// The audio side finished (or stopped) cue `id` at this instant.
    case audioFinished(id: Int)
    /// Cue `id` was cut off by the audio route failing under it (a hands-free device gone mid-cue): it is said again
    /// from its start on the new route if its words are still true when heard, else in its short form, else skipped
    /// with the reason. Comes instead of `audioFinished`.
    case audioInterrupted(id: Int)
    /// The active audio route changed.
    case audioRoute(AudioRouteTiming)
    /// The car's audio now needs this many seconds before a cue's first word that nothing planned ahead (the music
    /// ducking down, `MediaDucker.preparationSeconds`; 0: none): the departure cue, due the moment the route is
    /// acquired, is heard that much later, so what has to happen before it can start as soon as it is due.
    case audioPreparation(seconds: Double)
}

/// What the engine asks for.
public enum GuidanceAction: Sendable, Equatable {
    /// Speak this cue now (its deadline is for the audio side to enforce).
    case speak(Cue)
    /// A decision that produced no audio: a stage skipped, and why.
    case logged(CueLogEntry)
    /// Synthesize this text ahead of time and report its duration (`GuidanceInput.rendered`).
    case render(String)
    /// Ask the routing side for a new route.
    case reroute(RerouteRequest)
    /// Something progress noticed (for the UI and the log).
    case progress(ProgressEvent)
}
