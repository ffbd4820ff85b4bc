import Glibc

/// How a failed read or write of a named file is worded after `cannot write:` or `read failed:`: the sentences
/// RouteCue printed when Foundation did its file I/O, kept word for word (scripts and people match on them).
public enum FileErrorText {
    /// The sentence for `errno` `code` of a read (`reading`) or a write, e.g. `The operation could not be completed.
    /// The file doesn’t exist.`
    public static func sentence(errno code: Int32, reading: Bool) -> String {
        "The operation could not be completed. " + reason(code, reading: reading)
    }

    private static func reason(_ code: Int32, reading: Bool) -> String {
        switch (reading, code) {
        case (_, ENOENT), (false, ENOTDIR): "The file doesn’t exist."
        case (_, EPERM), (_, EACCES): "You don’t have permission."
        case (true, EFBIG): "The item is too large."
        case (true, _): "(NSCocoaErrorDomain error 256.)"
        case (false, ENAMETOOLONG): "The file name is invalid."
        case (false, ENOSPC), (false, EDQUOT): "There isn’t enough space."
        case (false, EROFS): "The volume is read only."
        case (false, EEXIST): "A file with the same name already exists."
        case (false, _): "(NSCocoaErrorDomain error 512.)"
        }
    }
}
