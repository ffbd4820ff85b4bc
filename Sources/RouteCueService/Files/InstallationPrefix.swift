import Foundation

/// Where the running `routecue` was installed: `<prefix>` for `<prefix>/bin/routecue`. `make install` lays out
/// `<prefix>/share/routecue/` beside the binary and the configuration under the prefix's `etc` (`/etc` for the
/// prefix `/usr`), so a tree staged in a DESTDIR runs from where it is.
public enum InstallationPrefix {
    /// The prefix of the running binary (read from `/proc/self/exe`), nil when it cannot be read.
    public static func ofRunningBinary() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return ((executable as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
    }

    /// The configuration folder that goes with `prefix`: `<prefix>/../etc` for a prefix named `usr` (`/usr` →
    /// `/etc`, `DESTDIR/usr` → `DESTDIR/etc`), else `<prefix>/etc` (`/usr/local` → `/usr/local/etc`).
    public static func configurationFolder(of prefix: String) -> String {
        let base = (prefix as NSString).lastPathComponent == "usr" ? (prefix as NSString).deletingLastPathComponent : prefix
        return ((base.isEmpty ? "/" : base) as NSString).appendingPathComponent("etc")
    }
}
