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
}
