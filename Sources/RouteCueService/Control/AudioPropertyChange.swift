import DBusKit
import RouteCueCore

/// A value the UI sets on a writable `org.routecue.Audio1` property, read and checked (docs/dbus.md): the right type
/// and range, an audio route that is configured, or InvalidArgs saying what is allowed. Pure, so the `dbus-arguments`
/// fuzz target runs it on any values.
public enum AudioPropertyChange: Sendable, Equatable {
    /// `Muted`.
    case muted(Bool)
    /// `PromptStyle`.
    case promptStyle(PromptStyle)
    /// `RequestedRoute`: one of the configured routes.
    case requestedRoute(AudioRouteName)
    /// `LatencyCompensationMs`: 0…2000.
    case latencyCompensation(milliseconds: UInt32)
    /// `Volume`: 0…1.
    case volume(Double)

    /// The names of the properties the UI may set.
    public static let names = AudioProperty.allCases.filter(\.isWritable).map(\.rawValue)
    /// The largest `LatencyCompensationMs`.
    public static let maxLatencyCompensationMs: UInt32 = 2000

    /// Reads `value` for the property named `name`; `routes` are the configured audio routes.
    public init(_ name: String, _ value: DBusValue, routes: some Collection<AudioRouteName>) throws(BusError) {
        switch (name, value) {
        case ("Muted", .boolean(let muted)):
            self = .muted(muted)
        case ("PromptStyle", .string(let style)):
            guard let parsed = PromptStyle(rawValue: style) else {
                throw BusError(.invalidArgs, "PromptStyle must be one of \(PromptStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self = .promptStyle(parsed)
        case ("RequestedRoute", .string(let route)):
            guard let routeName = AudioRouteName(rawValue: route), routes.contains(routeName) else {
                throw BusError(.invalidArgs, "RequestedRoute must be one of \(routes.map(\.rawValue).sorted().joined(separator: ", ")), not \(route)")
            }
            self = .requestedRoute(routeName)
        case ("LatencyCompensationMs", .uint32(let ms)):
            guard ms <= Self.maxLatencyCompensationMs else {
                throw BusError(.invalidArgs, "LatencyCompensationMs must be 0…\(Self.maxLatencyCompensationMs), not \(ms)")
            }
            self = .latencyCompensation(milliseconds: ms)
        case ("Volume", .double(let volume)):
            guard volume.isFinite, volume >= 0, volume <= 1 else { throw BusError(.invalidArgs, "Volume must be between 0 and 1, not \(volume)") }
            self = .volume(volume)
        default:
            throw BusError(.invalidArgs, "\(name) cannot be set to \(value)")
        }
    }
}
