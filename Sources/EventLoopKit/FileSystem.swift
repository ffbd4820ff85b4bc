import Glibc

/// Questions about the file system by path, over `stat`, `lstat`, `opendir` and `readlink`: what exists, what is a
/// folder, what a folder holds, where a symbolic link points.
public enum FileSystem {
    /// What a path names, from `lstat` (a symbolic link itself, not what it points to).
    public struct Entry: Sendable, Equatable {
        /// The kind of file.
        public enum Kind: Sendable, Equatable {
            case regular, directory, symbolicLink, other
        }

        /// The kind.
        public var kind: Kind
        /// Its size in bytes (for a symbolic link: the length of the path it holds).
        public var size: Int
    }

    /// True when something exists at `path`, symbolic links followed (a link to nothing does not exist).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// True when `path` is a folder, or a symbolic link to one.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// `path` itself (a final symbolic link not followed), nil when nothing is there or it cannot be looked at.
    public static func entry(_ path: String) -> Entry? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let kind: Entry.Kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        default: .other
        }
        return Entry(kind: kind, size: Int(info.st_size))
    }

    /// The names in the folder `path` (neither `.` nor `..`), in the order the folder gives them; nil when it is not
    /// a folder or cannot be read.
    public static func listDirectory(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The path the symbolic link `path` holds (as written in it, not resolved), nil when `path` is not a symbolic
    /// link or cannot be read (`/proc/self/exe` gives the running binary).
    public static func readLink(_ path: String) -> String? {
        var capacity = Int(PATH_MAX)
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let length = readlink(path, &buffer, capacity)
            guard length >= 0 else { return nil }
            if length < capacity {
                return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity *= 2
        }
    }
}
