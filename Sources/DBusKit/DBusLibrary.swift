import CDBus

/// Facts about the libdbus-1 this process runs with.
public enum DBusLibrary {
    /// The run-time libdbus version (`dbus_get_version`), e.g. "1.14.10".
    public static var version: String {
        var major: Int32 = 0, minor: Int32 = 0, micro: Int32 = 0
        dbus_get_version(&major, &minor, &micro)
        return "\(major).\(minor).\(micro)"
    }
}
