import DBusKit
import Glibc

/// Reads a document from a descriptor passed over D-Bus (`LoadRouteFd`) without ever blocking the loop: a regular
/// file is read to its end; a pipe or socket only as far as it is already written and closed (a writer still
/// writing is an error, not a wait).
enum DescriptorReader {
    /// The whole content of `fd` (from offset 0 for a file), at most `limit` bytes.
    static func readAll(_ fd: Int32, limit: Int) throws(BusError) -> [UInt8] {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw BusError(.invalidArgs, "the descriptor: \(String(cString: strerror(errno)))") }
        let isFile = (status.st_mode & S_IFMT) == S_IFREG
        if isFile, Int(status.st_size) > limit {
            throw BusError(name: ControlErrors.badRoute, message: "the document is \(status.st_size) bytes, over the limit of \(limit) (import.max_file_bytes)")
        }
        if !isFile {
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
                throw BusError(.invalidArgs, "the descriptor: \(String(cString: strerror(errno)))")
            }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { buffer in
                isFile ? pread(fd, buffer.baseAddress, buffer.count, offset) : read(fd, buffer.baseAddress, buffer.count)
            }
            if n == 0 { return bytes }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    throw BusError(.invalidArgs, "the descriptor's writer has not finished (pass a file, or a pipe written and closed)")
                }
                throw BusError(.invalidArgs, "reading the descriptor: \(String(cString: strerror(errno)))")
            }
            bytes += chunk[0..<n]
            offset += off_t(n)
            if bytes.count > limit {
                throw BusError(name: ControlErrors.badRoute, message: "the document is over the limit of \(limit) bytes (import.max_file_bytes)")
            }
        }
    }
}
