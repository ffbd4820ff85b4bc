import CEventLoop
import Glibc

/// A dedicated POSIX thread for blocking work (the event loop, espeak-ng, ALSA): started with a name that `top -H`
/// and `ps -L` show, joined once. Threads inherit the signal mask of the thread that starts them, so a process
/// blocks SIGTERM/SIGINT/SIGHUP (`ProcessSignals.block`) before it starts any.
public final class SystemThread: Sendable {
    private let handle: LockedValue<pthread_t?>

    /// Starts a thread running `body`; `name` is cut to the 15 bytes Linux keeps.
    public init(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
        let start = ThreadBody(name: name, body: body)
        let context = Unmanaged.passRetained(start).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            let start = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
            _ = routecue_set_thread_name(start.name)
            start.body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            throw SystemCallError("pthread_create", code: status)
        }
        handle = LockedValue(thread)
    }

    /// True when called on this thread.
    public var isCurrent: Bool {
        handle.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Waits for the thread to end (once; later calls return at once). Called on the thread itself, it detaches
    /// it instead, and the thread ends when its body returns.
    public func join() {
        guard let thread = handle.withLock({ handle -> pthread_t? in
            defer { handle = nil }
            return handle
        }) else { return }
        if pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    /// Lets the thread end on its own without being joined.
    public func detach() {
        guard let thread = handle.withLock({ handle -> pthread_t? in
            defer { handle = nil }
            return handle
        }) else { return }
        pthread_detach(thread)
    }
}

/// A thread's name and body, boxed for `pthread_create`.
private final class ThreadBody: Sendable {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) {
        // Linux keeps 15 bytes (pthread_setname_np fails on longer names): whole characters only.
        var short = ""
        for character in name where short.utf8.count + character.utf8.count <= 15 { short.append(character) }
        self.name = short
        self.body = body
    }
}
