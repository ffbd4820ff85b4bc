import Glibc

/// Standard output and standard error as the descriptors they are: each `write` goes to the kernel at once (no
/// buffer), so a pipe reader sees a line as soon as it is written. A failed write (a closed pipe) is dropped.
public enum StandardStream: Int32, Sendable {
    /// Descriptor 1.
    case output = 1
    /// Descriptor 2.
    case error = 2

    /// Writes `text` as UTF-8.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes`.
    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Writes the bytes of `buffer`.
    public func write(_ buffer: UnsafeRawBufferPointer) {
        try? FileDescriptor.writeAll(rawValue, buffer)
    }
}
