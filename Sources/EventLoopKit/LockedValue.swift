import Glibc

/// A value that threads share, behind a POSIX mutex: every access goes through `withLock`. RouteCue uses it instead of
/// the standard library's `Mutex` because ThreadSanitizer sees `pthread_mutex_lock` (it intercepts it) but not the
/// futex `Mutex` takes when another thread holds it (that path runs in the uninstrumented standard library), so every
/// contended `Mutex` showed up as a data race on the value it guards. Uncontended, one `withLock` costs about what
/// `Mutex`'s does (x86_64, one run: 25–30 ns against 80–130 ns with Swift 6.3, whose `Mutex` asks the kernel for the
/// thread id on each lock; 12–37 ns against 6–14 ns with Debian's Swift 6.0), and the daemon takes a few thousand
/// locks per second at most. Not re-entrant, like `Mutex`.
public final class LockedValue<Value: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let storage: UnsafeMutablePointer<Value>

    /// A lock around `initialValue`.
    public init(_ initialValue: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
        storage = .allocate(capacity: 1)
        storage.initialize(to: initialValue)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock (not re-entrant: `body` must not take it again).
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.pointee)
    }
}
