import Glibc
import Synchronization

/// Hands an object to the thread it starts in its own `init` (the thread may run before `init` returns): the thread
/// `take()`s it once `hand(_:)` was called, and the handover lets go of it then.
public final class ThreadHandover<Object: AnyObject & Sendable>: Sendable {
    private let slot = LockedValue<Object?>(nil)
    private let ready = Atomic<Bool>(false)

    /// An empty handover.
    public init() {}

    /// Gives the object to the waiting thread.
    public func hand(_ object: Object) {
        slot.withLock { $0 = object }
        ready.store(true, ordering: .releasing)
    }

    /// Waits (yielding) until the object was handed over, and takes it.
    public func take() -> Object {
        while !ready.load(ordering: .acquiring) { sched_yield() }
        return slot.withLock { slot in
            defer { slot = nil }
            return slot!
        }
    }
}
