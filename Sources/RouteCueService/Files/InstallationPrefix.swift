import EventLoopKit

/// Where the running `routecue` was installed: `<prefix>` for `<prefix>/bin/routecue`. `make install` lays out
/// `<prefix>/share/routecue/` beside the binary and the configuration under the prefix's `etc` (`/etc` for the
/// prefix `/usr`), so a tree staged in a DESTDIR runs from where it is.
public enum InstallationPrefix {
    /// The prefix of the running binary (read from `/proc/self/exe`), nil when it cannot be read.
    public static func ofRunningBinary() -> String? {
        guard let executable = FileSystem.readLink("/proc/self/exe") else { return nil }
        return FilePath.deletingLastComponent(FilePath.deletingLastComponent(executable))
    }

    /// The configuration folder that goes with `prefix`: `<prefix>/../etc` for a prefix named `usr` (`/usr` →
    /// `/etc`, `DESTDIR/usr` → `DESTDIR/etc`), else `<prefix>/etc` (`/usr/local` → `/usr/local/etc`).
    public static func configurationFolder(of prefix: String) -> String {
        let base = FilePath.lastComponent(prefix) == "usr" ? FilePath.deletingLastComponent(prefix) : prefix
        return FilePath.join(base.isEmpty ? "/" : base, "etc")
    }
}
