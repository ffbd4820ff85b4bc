import EventLoopKit
import Glibc
import RouteCueCore

/// Reads an input file (a route, a drive, the configuration, a phrase pack), refusing files over the size limit
/// before reading them.
public enum InputFile {
    /// The bytes of `path`, or an error about an input of the kind `input` naming the file (missing, unreadable, too
    /// large).
    public static func read(_ path: String, maxBytes: Int, as input: InputKind) throws(InputError) -> [UInt8] {
        let name = path
        // The path itself (a symbolic link is not followed here: its target is checked by what reading it finds).
        guard let entry = FileSystem.entry(path) else {
            throw InputError(.unreadable, input: input, file: name, message: "cannot open: no such file or not readable")
        }
        if entry.kind == .directory {
            throw InputError(.unreadable, input: input, file: name, message: "is a directory, not a file")
        }
        do { try InputError.checkSize(entry.size, limit: maxBytes, input: input) } catch { throw error.inFile(name) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw InputError(.unreadable, input: input, file: name, message: "cannot open: permission denied")
        }
        defer { close(descriptor) }
        // Read at most one byte past the limit, so a file that grew since stat is still refused.
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptor.readAll(descriptor, limit: maxBytes + 1)
        } catch {
            throw InputError(.unreadable, input: input, file: name, message: "read failed: \(FileErrorText.sentence(errno: error.code, reading: true))")
        }
        if bytes.count > maxBytes {
            throw InputError(.tooLarge, input: input, file: name, message: "file is over the \(maxBytes)-byte limit")
        }
        return bytes
    }
}
