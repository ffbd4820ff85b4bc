import DriveLab
import Glibc
import XCTest

/// A small tmpfs mounted over a test's folder (root only), so a test can give RouteCue a full or read-only file
/// system; the test is skipped with a printed message where mounting is not possible.
enum TmpfsMount {
    /// Mounts a tmpfs with `options` (e.g. `size=64k,mode=0700`, with `ro` read-only) at `folder`, or skips.
    static func mount(at folder: String, options: String) throws {
        guard getuid() == 0 else { try skip("mounting a tmpfs needs root") }
        let mount = try CommandRunner.run("mount", ["-t", "tmpfs", "-o", options, "tmpfs", folder])
        guard mount.status == 0 else { try skip("cannot mount a tmpfs here: \(mount.stderr)") }
    }

    /// Unmounts what `mount(at:options:)` mounted at `folder`.
    static func unmount(_ folder: String) {
        _ = try? CommandRunner.run("umount", [folder])
    }

    private static func skip(_ reason: String) throws -> Never {
        let message = "SKIPPED: \(reason)"
        print(message)
        throw XCTSkip(message)
    }
}
