import EventLoopKit
import Glibc

/// Reads the first lines a child prints on a pipe, giving up at a deadline instead of blocking.
enum TimedLineReader {
    /// The first `count` whole lines (without their newlines) read from `fd` within `seconds`; fewer when the writer
    /// closes the pipe or the time runs out.
    static func lines(_ count: Int, from fd: Int32, within seconds: Double) -> [String] {
        let end = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count(where: { $0 == 10 }) < count {
            let now = MonotonicClock.nanoseconds()
            guard now < end else { break }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32((end - now) / 1_000_000) + 1)
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { break }
            let got = read(fd, &buffer, buffer.count)
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            bytes += buffer[0..<got]
        }
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast() // what follows the last newline: an unfinished line, or nothing
        return lines.prefix(count).map(String.init)
    }
}
