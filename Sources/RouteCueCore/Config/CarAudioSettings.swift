#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `ducking` section: how playing media players (MPRIS, on the session bus) are lowered while cues speak.
/// Defaults from the anchors: Android ducks to about −14 dB with a ramp of several hundred milliseconds (PulseAudio's
/// module-role-ducking −20 dB, WirePlumber 0.3 of linear volume).
public struct DuckingSettings: Sendable, Equatable {
    /// How a player's MPRIS `Volume` maps to gain.
    public enum VolumeLaw: String, Sendable, Equatable, CaseIterable {
        /// Gain is the volume (the MPRIS specification's reading).
        case linear
        /// Gain is the cube of the volume (mpv: mpv-mpris hands MPRIS `Volume` × 100 to mpv's `volume`, whose
        /// software gain is cubic).
        case cubic
    }

    /// What happens to a playing player that has no volume control.
    public enum WithoutVolume: String, Sendable, Equatable, CaseIterable {
        /// Left playing.
        case leave
        /// Paused for the burst of cues and resumed after.
        case pause
    }

    /// Who lowers the music while the route in use gives its stream a PipeWire media role (`audio.routes.*.media_role`).
    public enum WhenMediaRole: String, Sendable, Equatable, CaseIterable {
        /// The session's role-based policy (WirePlumber, AGL): RouteCue's MPRIS ducking stays off, so nothing is
        /// ducked twice.
        case session
        /// RouteCue over MPRIS as well (a session whose policy does not duck by role).
        case mpris
    }

    /// Whether players are ducked at all.
    public var enabled = true
    /// Who ducks while the route's stream has a media role.
    public var whenMediaRole = WhenMediaRole.session
    /// The ducked level relative to the player's own, in dB of gain (−14: Android's transient duck).
    public var levelDecibels = -14.0
    /// Seconds the volume takes down, ending `leadSeconds` before the first voice sample.
    public var rampDownSeconds = 0.3
    /// Seconds the volume takes back up.
    public var rampUpSeconds = 0.6
    /// The ramp down ends this long before the first voice sample: the player's own output latency (mpv through ALSA
    /// is heard 0.4–0.7 s after a volume change).
    public var leadSeconds = 0.5
    /// Seconds after the last cue of a burst before the volume goes back up (against "pumping" between close cues).
    public var holdSeconds = 1.0
    /// Players without volume control.
    public var withoutVolume = WithoutVolume.leave
    /// Volume law per player (the part of the bus name after `org.mpris.MediaPlayer2.`, up to its first dot);
    /// players not named are `linear`.
    public var volumeLaws: [String: VolumeLaw] = ["mpv": .cubic]
    /// Players never ducked (same naming).
    public var ignoredPlayers: [String] = []
    /// The session bus the players are on: nil for `DBUS_SESSION_BUS_ADDRESS`, `none` for no ducking, else an address.
    public var sessionBus: String?

    /// The defaults.
    public init() {}

    /// Whether RouteCue ducks the MPRIS players while the route in use gives its stream `mediaRole` (nil: none).
    public func ducksOverMPRIS(routeMediaRole mediaRole: String?) -> Bool {
        enabled && (mediaRole == nil || whenMediaRole == .mpris)
    }

    /// The short name of a player's bus name: `mpv` for `org.mpris.MediaPlayer2.mpv.instance42`.
    public static func playerName(ofBusName busName: String) -> String {
        let prefix = "org.mpris.MediaPlayer2."
        let tail = busName.hasPrefix(prefix) ? busName.dropFirst(prefix.count) : Substring(busName)
        return String(tail.prefix { $0 != "." })
    }

    /// The volume law of the player on `busName`.
    public func volumeLaw(ofBusName busName: String) -> VolumeLaw {
        volumeLaws[Self.playerName(ofBusName: busName)] ?? .linear
    }

    /// The MPRIS volume that lowers `volume` by `levelDecibels` under `law`.
    public func duckedVolume(_ volume: Double, law: VolumeLaw) -> Double {
        Self.volume(volume, loweredBy: levelDecibels, law: law)
    }

    /// The MPRIS volume that changes the gain of `volume` by `decibels` (≤ 0) under `law`: the gain ratio itself
    /// when the volume is the gain, its cube root when the gain is the volume's cube.
    public static func volume(_ volume: Double, loweredBy decibels: Double, law: VolumeLaw) -> Double {
        guard decibels < 0 else { return volume }
        let gain = pow(10, decibels / 20)
        switch law {
        case .linear: return volume * gain
        case .cubic: return volume * cbrt(gain)
        }
    }
}

/// The `calls` section: how prompts are given while a phone call is going on (oFono, or PipeWire's oFono-compatible
/// telephony service).
public struct CallSettings: Sendable, Equatable {
    /// Whether calls are followed at all.
    public var enabled = true
    /// The prompt style during a call: `tone` (a chime; nothing on a hands-free link), `none`, `short` or `normal`.
    public var promptStyle = PromptStyle.tone

    /// The defaults.
    public init() {}
}

/// The `bluetooth` section: which hands-free device the `hfp` route speaks to.
public struct BluetoothSettings: Sendable, Equatable {
    /// The device preferred when it is connected (`AA:BB:CC:DD:EE:FF`); else the most recently connected.
    public var preferredAddress: String?
    /// The ALSA PCM of a device: `{address}` is replaced by its address.
    public var pcmTemplate = "bluealsa:DEV={address},PROFILE=sco"

    /// The defaults.
    public init() {}

    /// Whether `text` is a Bluetooth address (six pairs of hex digits separated by colons).
    public static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 6 && parts.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isHexDigit) }
    }
}
