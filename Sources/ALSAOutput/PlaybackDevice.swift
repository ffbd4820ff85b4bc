/// Where clips are played, as `PlaybackCommand`s in and `PlaybackEvent`s out: the `AudioPlaybackThread` on ALSA,
/// or a virtual device on a loop's virtual time (`routecue simulate`, service-level tests), so both run the same
/// audio service above it.
public protocol PlaybackDevice: AnyObject, Sendable {
    /// Hands a command to the device (never blocks on audio).
    func send(_ command: PlaybackCommand)
    /// Ends the device: listed clips finish as stopped, open PCMs close. Idempotent.
    func shutdown()
}

extension AudioPlaybackThread: PlaybackDevice {}
