import CEventLoop
import Glibc

/// A Linux eventfd used as a wake-up: any thread `signal()`s it, the thread that owns it waits on it (blocking in
/// `wait()`, or polling `descriptor` and then `drain()`ing). Closed only when the object goes away, so a late
/// `signal()` can never write into a descriptor number that was reused.
public final class EventFD: Sendable {
    /// The descriptor to poll for `POLLIN`.
    public let descriptor: Int32

    /// A fresh eventfd (close-on-exec); `nonBlocking` for polling owners, blocking for `wait()`.
    public init(nonBlocking: Bool = true) throws(SystemCallError) {
        let fd = eventfd(0, routecue_EFD_CLOEXEC | (nonBlocking ? routecue_EFD_NONBLOCK : 0))
        guard fd >= 0 else { throw .last("eventfd") }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Wakes the owner (from any thread; never blocks: a saturated counter already means "wake").
    public func signal() {
        _ = eventfd_write(descriptor, 1)
    }

    /// Resets the counter; returns how many signals it held (0 when none, for a non-blocking eventfd).
    @discardableResult
    public func drain() -> UInt64 {
        var value: eventfd_t = 0
        return eventfd_read(descriptor, &value) == 0 ? value : 0
    }

    /// Blocks until signalled (or a signal interrupts the read), then resets the counter. For blocking eventfds.
    public func wait() {
        var value: eventfd_t = 0
        _ = eventfd_read(descriptor, &value)
    }
}
