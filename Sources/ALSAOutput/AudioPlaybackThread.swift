import EventLoopKit

/// The one audio thread: owns every open PCM, takes commands from any thread, reports events.
///
/// Commands go through a mutex-protected inbox and an eventfd write that wakes the thread; the thread polls
/// that eventfd (plus a PCM's descriptors when it waits for room) and keeps at most two periods queued in each
/// device, so that stops act within milliseconds. `events` is called on the audio thread.
public final class AudioPlaybackThread: Sendable {
    private let mailbox: PlaybackMailbox
    private let thread: SystemThread

    /// Starts the thread; `events` receives every `PlaybackEvent`, on the audio thread.
    public init(events: @escaping @Sendable (PlaybackEvent) -> Void) {
        let mailbox = PlaybackMailbox()
        self.mailbox = mailbox
        do {
            thread = try SystemThread(name: "routecue-audio") {
                PlaybackLoop(mailbox: mailbox, events: events).run()
            }
        } catch {
            preconditionFailure("the audio thread cannot start: \(error)")
        }
    }

    deinit { shutdown() }

    /// Hands a command to the audio thread (from any thread; never blocks on audio).
    public func send(_ command: PlaybackCommand) {
        mailbox.post(command)
    }

    /// Stops the thread and waits for it: listed clips finish as stopped, open PCMs close. Idempotent.
    public func shutdown() {
        mailbox.postShutdown()
        thread.join()
    }
}
