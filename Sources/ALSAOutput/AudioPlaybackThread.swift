import Glibc
import Synchronization

/// The one audio thread: owns every open PCM, takes commands from any thread, reports events.
///
/// Commands go through a mutex-protected inbox and an eventfd write that wakes the thread; the thread polls
/// that eventfd (plus a PCM's descriptors when it waits for room) and keeps at most two periods queued in each
/// device, so that stops act within milliseconds. `events` is called on the audio thread.
public final class AudioPlaybackThread: Sendable {
    private let mailbox: PlaybackMailbox
    private let thread: pthread_t
    private let isJoined = Mutex(false)

    /// Starts the thread; `events` receives every `PlaybackEvent`, on the audio thread.
    public init(events: @escaping @Sendable (PlaybackEvent) -> Void) {
        let mailbox = PlaybackMailbox()
        self.mailbox = mailbox
        let start = ThreadStart {
            PlaybackLoop(mailbox: mailbox, events: events).run()
        }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(start).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            let start = Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue()
            start.body()
            return nil
        }, context)
        precondition(created == 0, "pthread_create failed: \(created)")
        self.thread = thread
    }

    deinit { shutdown() }

    /// Hands a command to the audio thread (from any thread; never blocks on audio).
    public func send(_ command: PlaybackCommand) {
        mailbox.post(command)
    }

    /// Stops the thread and waits for it: listed clips finish as stopped, open PCMs close. Idempotent.
    public func shutdown() {
        let mustJoin = isJoined.withLock { joined in
            defer { joined = true }
            return !joined
        }
        guard mustJoin else { return }
        mailbox.postShutdown()
        pthread_join(thread, nil)
    }
}

/// The audio thread's body, boxed for `pthread_create`.
private final class ThreadStart: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
