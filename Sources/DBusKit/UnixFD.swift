import Glibc

/// A file descriptor carried in a D-Bus message (`h`). It owns its descriptor and closes it when released: one
/// received is libdbus's duplicate, one sent is duplicated by libdbus as the message is built.
public final class UnixFD: Sendable, Hashable, CustomStringConvertible {
    /// The descriptor, open as long as this object lives.
    public let descriptor: Int32

    /// Takes ownership of `descriptor` (closed when this is released).
    public init(taking descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// A duplicate of `descriptor` (close-on-exec); the original stays the caller's.
    public init(duplicating descriptor: Int32) throws(BusError) {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw BusError(.invalidArgs, "file descriptor \(descriptor): \(String(cString: strerror(errno)))") }
        self.descriptor = copy
    }

    deinit { close(descriptor) }

    /// A duplicate the caller owns and closes (for handing on past this object's life).
    public func duplicate() throws(BusError) -> Int32 {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw BusError(.failed, "dup: \(String(cString: strerror(errno)))") }
        return copy
    }

    public var description: String { "fd \(descriptor)" }
    public static func == (a: UnixFD, b: UnixFD) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
