/// Where `routecue run` is in its life: starting until systemd has READY=1, running, stopping (the cue playing ends
/// at its next word boundary and the music comes back), ended (the exit status is handed over; nothing runs).
public enum DaemonPhase: Sendable, Equatable {
    /// Reading the configuration, opening the audio, connecting to gpsd.
    case starting
    /// READY=1 sent: status updates go to systemd.
    case running
    /// SIGTERM, SIGINT or a fatal bus error: waiting for the audio to go quiet and the music to be put back.
    case stopping(musicRestored: Bool)
    /// Over: the exit status is out.
    case ended

    /// Stopping or ended: nothing new starts.
    public var isStopping: Bool {
        switch self {
        case .starting, .running: false
        case .stopping, .ended: true
        }
    }
}
