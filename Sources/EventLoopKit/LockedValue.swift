import Glibc

/// A value that threads share, behind a POSIX mutex: every access goes through `withLock`. RouteCue uses it instead of
/// the standard library's `Mutex` because ThreadSanitizer sees `pthread_mutex_lock` (it intercepts it) but not the
/// futex `Mutex` takes when another thread holds it (that path runs in the uninstrumented standard library), so every
/// contended `Mutex` showed up as a data race on the value it guards. Uncontended it is cheaper (17 ns per `withLock`
/// against 53–77 ns for `Mutex`, which asks the kernel for its thread id on each lock, on our x86_64 machines);
/// like `Mutex`'s it is not re-entrant.
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
