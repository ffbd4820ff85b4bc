import Glibc

/// Small helpers on raw file descriptors shared by the loop, the audio and speech threads and the wrappers.
public enum FileDescriptor {
    /// Sets `O_NONBLOCK` on `fd`.
    public static func setNonBlocking(_ fd: Int32) throws(SystemCallError) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw .last("fcntl(O_NONBLOCK)") }
    }

    /// Sets `FD_CLOEXEC` on `fd`, so child processes do not inherit it.
    public static func setCloseOnExec(_ fd: Int32) throws(SystemCallError) {
        let flags = fcntl(fd, F_GETFD)
        guard flags >= 0, fcntl(fd, F_SETFD, flags | FD_CLOEXEC) == 0 else { throw .last("fcntl(FD_CLOEXEC)") }
    }

    /// Reads what is available into `buffer` (retrying `EINTR`): the byte count, 0 at end of file, nil when a
    /// non-blocking descriptor has nothing (`EAGAIN`); throws on other errors.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int? {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            throw .last("read")
        }
    }

    /// Writes all of `buffer` to the blocking descriptor `fd`, in as many calls as it takes (retrying `EINTR`).
    public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemCallError) {
        guard var address = buffer.baseAddress else { return }
        var left = buffer.count
        while left > 0 {
            let n = Glibc.write(fd, address, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw .last("write")
            }
            address += n
            left -= n
        }
    }

    /// Reads the blocking descriptor `fd` to its end, or until `limit` bytes have been read (retrying `EINTR`).
    public static func readAll(_ fd: Int32, limit: Int = .max) throws(SystemCallError) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            guard let n = try read(fd, into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<wanted])), n > 0 else { break }
            bytes.append(contentsOf: chunk[..<n])
        }
        return bytes
    }
}
