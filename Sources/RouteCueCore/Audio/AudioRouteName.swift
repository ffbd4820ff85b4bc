/// The audio routes RouteCue knows (`audio.route`, `audio.routes`, D-Bus `RequestedRoute` and `ActiveRoute`): the
/// fallback, the car's speakers, and a Bluetooth hands-free (HFP/SCO) link. Its raw value is the name in the
/// configuration file and on D-Bus.
public enum AudioRouteName: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The fallback: `--device` or the configured PCM, always there.
    case `default`
    /// The car's speakers.
    case speaker
    /// The connected Bluetooth hands-free device (bluez-alsa's SCO PCM unless one is configured).
    case handsFree = "hfp"

    /// The name, as the configuration file and D-Bus spell it.
    public var description: String { rawValue }
}

/// The audio route cues play on, and why: the one asked for when it has a device now, else `default`.
public struct AudioRouteChoice: Sendable, Equatable {
    /// The route in use.
    public var active: AudioRouteName
    /// Its PCM.
    public var pcm: String
    /// Why it is in use (RouteChanged's reason): the caller's reason, or why the route asked for has no device.
    public var why: String

    /// The choice for `requested` (`RequestedRoute`, else the configuration's route) whose PCM now is `requestedPCM`
    /// (nil: no device now), falling back to `default` on `defaultPCM` (nil: ALSA's `default`). `reason` is why the
    /// route is looked at; `handsFreeAbsence` says why the hands-free route has no device (asked only then).
    public init(requested: AudioRouteName, requestedPCM: String?, defaultPCM: String?, reason: String,
                handsFreeAbsence: () -> String) {
        if let requestedPCM {
            self.init(active: requested, pcm: requestedPCM, why: reason)
        } else {
            let why = requested == .handsFree ? handsFreeAbsence() : "route \(requested) has no device"
            self.init(active: .default, pcm: defaultPCM ?? "default", why: why)
        }
    }

    /// A route chosen as given.
    public init(active: AudioRouteName, pcm: String, why: String) {
        self.active = active
        self.pcm = pcm
        self.why = why
    }
}
