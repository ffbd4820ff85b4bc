/// Path names as text: joining a folder and a name, and splitting off the last component, the way RouteCue has
/// always spelled the files it names (in messages and in the places it looks). No file system access.
public enum FilePath {
    /// `folder` and `name` joined by one `/`: `name` alone when `folder` is empty, `folder` alone when `name` is, and
    /// no second `/` after a `folder` ending in one (`config/phrases/` + `en-US.json`). Nothing else is changed.
    public static func join(_ folder: String, _ name: String) -> String {
        if name.isEmpty { return folder }
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The last component of `path`, trailing and repeated slashes ignored: `routecue` for `/usr/bin/routecue`, `bin`
    /// for `/usr/bin/`, `/` for `/`, empty for an empty path.
    public static func lastComponent(_ path: String) -> String {
        guard path != "/" else { return path }
        let fixed = tidied(path)
        guard let slash = fixed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return fixed }
        return String(decoding: fixed.utf8[fixed.utf8.index(after: slash)...], as: UTF8.self)
    }

    /// `path` without its last component: `/usr/bin` for `/usr/bin/routecue`, `/` for `/usr`, empty for `usr`; `/`
    /// and the empty path stay as they are.
    public static func deletingLastComponent(_ path: String) -> String {
        guard path != "/" else { return path }
        let fixed = tidied(path)
        guard let slash = fixed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == fixed.utf8.startIndex ? "/" : String(decoding: fixed.utf8[..<slash], as: UTF8.self)
    }

    /// `path` with each run of slashes made one and a trailing slash removed (`a//b/` → `a/b`, `//` → empty).
    private static func tidied(_ path: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 where !(byte == UInt8(ascii: "/") && bytes.last == UInt8(ascii: "/")) {
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
