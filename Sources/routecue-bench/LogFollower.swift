import EventLoopKit
import Foundation

/// A log file another process appends to, read as it grows on the caller's thread: each complete line with the
/// monotonic instant (ns) it was first read, polled every millisecond while waiting.
final class LogFollower {
    let path: String
    private var offset: UInt64 = 0
    private var pending = Data()
    private(set) var lines: [(text: String, at: UInt64)] = []

    init(path: String) { self.path = path }

    /// Reads what was appended since the last look.
    func poll() {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        try? handle.seek(toOffset: offset)
        let data = handle.readDataToEndOfFile()
        guard !data.isEmpty else { return }
        let now = MonotonicClock.nanoseconds()
        offset += UInt64(data.count)
        pending.append(data)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append((String(decoding: pending[pending.startIndex..<newline], as: UTF8.self), now))
            pending.removeSubrange(pending.startIndex...newline)
        }
    }

    /// The first line containing `text` (read so far or within `timeout` seconds), and when it was read.
    func wait(for text: String, timeout: Double) -> (text: String, at: UInt64)? {
        let end = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while true {
            poll()
            if let line = lines.first(where: { $0.text.contains(text) }) { return line }
            guard MonotonicClock.nanoseconds() < end else { return nil }
            usleep(1_000)
        }
    }
}
