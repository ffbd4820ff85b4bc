import Glibc
import RouteCueCore

/// The daemon's cue log on disk: JSON Lines, one entry appended (and handed to the kernel) as each is decided, so a
/// bench or a crash reads what was said up to that moment.
final class CueLogFile {
    /// The file.
    let path: String
    private var descriptor: Int32

    /// Creates (or empties) the file at `path`.
    init(path: String) throws(InputError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw InputError(.unwritable, input: .cueLog, file: path, message: "cannot create the cue log: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends `line` and a newline.
    func append(_ line: String) throws(InputError) {
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(.unwritable, input: .cueLog, file: path, message: "cannot write the cue log: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }
}
