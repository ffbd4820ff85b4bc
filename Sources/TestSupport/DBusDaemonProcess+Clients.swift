import Foundation
import Glibc

/// The user a client command runs as, for policy tests: `setpriv --reuid=U --regid=G` with exactly `groups` as its
/// supplementary groups (`--clear-groups` when empty). dbus-daemon counts the primary group `gid` as a membership too.
public struct ProcessCredentials: Sendable, Equatable {
    /// The user id.
    public var uid: uid_t
    /// The primary group id.
    public var gid: gid_t
    /// The supplementary group ids.
    public var groups: [gid_t]

    /// A user `uid` with primary group `gid` and supplementary `groups`.
    public init(uid: uid_t, gid: gid_t, groups: [gid_t] = []) {
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }

    /// `nobody:nogroup` (65534:65534) in no other group.
    public static let nobody = ProcessCredentials(uid: 65534, gid: 65534)

    /// `setpriv` and its options, to put in front of a command.
    var setprivPrefix: [String] {
        let groupOption = groups.isEmpty ? "--clear-groups" : "--groups=" + groups.map(String.init).joined(separator: ",")
        return ["setpriv", "--reuid=\(uid)", "--regid=\(gid)", groupOption]
    }
}

extension DBusDaemonProcess {
    /// `busctl --address=ADDRESS --timeout=5 ARGUMENTS` (list, call, introspect, tree, …), as `asUser` when given.
    public func busctl(_ arguments: [String], asUser user: ProcessCredentials? = nil) throws -> CommandRunner.Result {
        try runClient(["busctl", "--address=\(address)", "--timeout=5"] + arguments, asUser: user)
    }

    /// `dbus-send --bus=ADDRESS --print-reply --dest=DESTINATION PATH METHOD ARGUMENTS` (arguments typed as dbus-send
    /// takes them: `string:x`, `uint32:0`), with a 5 s reply timeout, as `asUser` when given.
    public func dbusSend(destination: String, path: String, method: String, _ arguments: [String] = [],
                         asUser user: ProcessCredentials? = nil) throws -> CommandRunner.Result {
        let command = ["dbus-send", "--bus=\(address)", "--print-reply", "--reply-timeout=5000", "--dest=\(destination)", path, method]
        return try runClient(command + arguments, asUser: user)
    }

    /// `gdbus call --address ADDRESS --dest DESTINATION --object-path PATH --method METHOD ARGUMENTS` (arguments in
    /// GVariant text: `"'x'"`, `"<'v'>"`), with a 5 s timeout, as `asUser` when given.
    public func gdbusCall(destination: String, path: String, method: String, _ arguments: [String] = [],
                          asUser user: ProcessCredentials? = nil) throws -> CommandRunner.Result {
        let command = ["gdbus", "call", "--address", address, "--timeout", "5",
                       "--dest", destination, "--object-path", path, "--method", method]
        return try runClient(command + arguments, asUser: user)
    }

    /// Waits up to `seconds` until `name` has an owner on this bus; whether it has.
    public func waitForOwner(of name: String, within seconds: Double = 5) -> Bool {
        let end = Date.now.addingTimeInterval(seconds)
        repeat {
            let reply = try? dbusSend(destination: "org.freedesktop.DBus", path: "/",
                                      method: "org.freedesktop.DBus.NameHasOwner", ["string:\(name)"])
            if reply?.stdout.contains("boolean true") == true { return true }
            usleep(20_000)
        } while Date.now < end
        return false
    }

    private func runClient(_ command: [String], asUser user: ProcessCredentials?) throws -> CommandRunner.Result {
        let full = (user?.setprivPrefix ?? []) + command
        return try CommandRunner.run(full[0], Array(full.dropFirst()))
    }
}
