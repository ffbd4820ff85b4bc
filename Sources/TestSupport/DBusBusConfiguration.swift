import Foundation
import RouteCueCore

/// The configuration file a test's private `dbus-daemon` reads (`--config-file`): its bus type, one listen
/// address, EXTERNAL authentication, and the policy of its kind. Written as text; dbus-daemon checks it.
public struct DBusBusConfiguration: Sendable, Equatable {
    /// The policy a private bus applies.
    public enum Kind: Sendable, Equatable {
        /// A session bus: its own user may connect, own any name and send anything (as Debian's session.conf).
        case session
        /// A system bus: any user may connect; owning names and calling methods is denied except on
        /// org.freedesktop.DBus itself (as Debian's system.conf), until the included policy files allow more.
        case systemLike(policyFiles: [String])
        /// A system bus on which any user may connect, own any name, send anything and eavesdrop (for dbusmock).
        case permissive
    }

    /// Its policy.
    public var kind: Kind
    /// The one `<listen>` address, e.g. `unix:abstract=routecue-dbus-…`.
    public var listenAddress: String

    /// A configuration of `kind` listening on `listenAddress`.
    public init(kind: Kind, listenAddress: String) {
        self.kind = kind
        self.listenAddress = listenAddress
    }

    /// The file's text.
    public var text: String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>\(kind == .session ? "session" : "system")</type>
          <listen>\(Self.escaped(listenAddress))</listen>
          <auth>EXTERNAL</auth>
        \(policy)
        </busconfig>

        """
    }

    private var policy: String {
        switch kind {
        case .session:
            return Self.allowEverything(toEveryUser: false)
        case .permissive:
            return Self.allowEverything(toEveryUser: true)
        case .systemLike(let policyFiles):
            return ([Self.systemDefaults] + policyFiles.map { "  <include>\(Self.escaped($0))</include>" })
                .joined(separator: "\n")
        }
    }

    /// A session bus admits only its own user; `toEveryUser` admits all.
    private static func allowEverything(toEveryUser: Bool) -> String {
        let admitEveryUser = toEveryUser ? ["    <allow user=\"*\"/>"] : []
        let rules = admitEveryUser + [
            "    <allow own=\"*\"/>",
            "    <allow send_destination=\"*\" eavesdrop=\"true\"/>",
            "    <allow eavesdrop=\"true\"/>",
        ]
        return (["  <policy context=\"default\">"] + rules + ["  </policy>"]).joined(separator: "\n")
    }

    /// The default policy of Debian's /usr/share/dbus-1/system.conf (dbus 1.14), without activation and containers.
    private static let systemDefaults = """
          <policy context="default">
            <allow user="*"/>
            <deny own="*"/>
            <deny send_type="method_call"/>
            <allow send_type="signal"/>
            <allow send_requested_reply="true" send_type="method_return"/>
            <allow send_requested_reply="true" send_type="error"/>
            <allow receive_type="method_call"/>
            <allow receive_type="method_return"/>
            <allow receive_type="error"/>
            <allow receive_type="signal"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
            <deny send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"
                  send_member="UpdateActivationEnvironment"/>
            <deny send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Debug.Stats"/>
          </policy>
          <policy user="root">
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Monitoring"/>
          </policy>
        """

    /// `text` safe inside an XML element.
    private static func escaped(_ text: String) -> String { XMLEscape.escaped(text) }
}
