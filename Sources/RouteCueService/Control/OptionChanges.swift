import DBusKit
import RouteCueCore

/// SetOptions' dictionary read and checked (docs/dbus.md): every key known and its value of the right type and range,
/// or InvalidArgs naming the first bad key in key order, so the daemon sets all options or none. Pure (no daemon
/// state, no files: whether a language has phrases is checked later, off the loop), so the `dbus-arguments` fuzz
/// target runs it on any values.
public struct OptionChanges: Sendable, Equatable {
    /// Every option SetOptions takes, sorted (GetOptions answers the same names).
    public static let names = ["gps_lost_announcements", "included_stages", "language", "markup", "natural_guidance",
                               "safety_cameras", "spatial_audio", "timing_profile", "transport_mode", "units"]

    /// The options named, sorted.
    public private(set) var keys: [String] = []
    /// The BCP 47 tag asked for (not yet checked against the phrase packs).
    public private(set) var language: String?
    /// The units asked for.
    public private(set) var units: UnitSystem?
    /// The transport mode asked for.
    public private(set) var mode: TransportMode?
    /// The stages to say.
    public private(set) var includedStages: Set<CueStage>?
    /// Natural guidance (landmarks) on or off.
    public private(set) var naturalGuidance: Bool?
    /// Speed camera warnings on or off.
    public private(set) var safetyCameras: Bool?
    /// SSML with phonemes (true) or plain text (false).
    public private(set) var markup: Bool?
    /// The timing profile: `.some(nil)` is `auto`.
    public private(set) var timingProfile: TimingProfile??
    /// Spatial audio on or off.
    public private(set) var spatial: Bool?
    /// "GPS signal lost" and "regained" on or off.
    public private(set) var gpsLostAnnouncements: Bool?

    /// Reads `options`, refusing the whole dictionary at its first bad key.
    public init(_ options: [String: DBusValue]) throws(BusError) {
        func value<T>(_ key: String, _ read: (DBusValue) -> T?, _ expected: String) throws(BusError) -> T {
            guard let value = options[key].flatMap({ read($0.unwrapped) }) else {
                throw BusError(.invalidArgs, "option \(key) must be \(expected), not \(options[key]?.unwrapped.description ?? "nothing")")
            }
            return value
        }
        keys = options.keys.sorted()
        for key in keys {
            switch key {
            case "language":
                language = try value(key, { $0.string }, "a BCP 47 language tag (s)")
            case "units":
                units = try value(key, { $0.string.flatMap(UnitSystem.init(rawValue:)) },
                                  UnitSystem.allCases.map(\.rawValue).joined(separator: ", "))
            case "transport_mode":
                mode = try value(key, { $0.string.flatMap(TransportMode.init(rawValue:)) },
                                 TransportMode.allCases.map(\.rawValue).joined(separator: ", "))
            case "included_stages":
                let stages = try value(key, { v in v.elements?.map { $0.string.flatMap(CueStage.init(rawValue:)) } },
                                       "an array of " + CueStage.allCases.map(\.rawValue).joined(separator: ", "))
                guard !stages.contains(where: { $0 == nil }) else {
                    throw BusError(.invalidArgs, "option included_stages takes only " + CueStage.allCases.map(\.rawValue).joined(separator: ", "))
                }
                includedStages = Set(stages.compactMap { $0 })
            case "natural_guidance":
                naturalGuidance = try value(key, { $0.bool }, "a boolean")
            case "safety_cameras":
                safetyCameras = try value(key, { $0.bool }, "a boolean")
            case "markup":
                markup = try value(key, { $0.bool }, "a boolean")
            case "timing_profile":
                let profiles = "auto or " + TimingProfile.allCases.map(\.rawValue).joined(separator: ", ")
                let name = try value(key, { $0.string }, profiles)
                guard name == "auto" || TimingProfile(rawValue: name) != nil else {
                    throw BusError(.invalidArgs, "option timing_profile must be \(profiles), not '\(name)'")
                }
                timingProfile = .some(TimingProfile(rawValue: name))
            case "spatial_audio":
                spatial = try value(key, { $0.bool }, "a boolean")
            case "gps_lost_announcements":
                gpsLostAnnouncements = try value(key, { $0.bool }, "a boolean")
            default:
                throw BusError(.invalidArgs, "unknown option \(key) (options: \(Self.names.joined(separator: ", ")))")
            }
        }
    }

    /// `timing` with the timing options of these changes set.
    public func applied(to timing: TimingOptions) -> TimingOptions {
        var timing = timing
        if let units { timing.units = units }
        if let mode { timing.mode = mode }
        if let includedStages { timing.includedStages = includedStages }
        if let naturalGuidance { timing.naturalGuidance = naturalGuidance }
        if let safetyCameras {
            if safetyCameras { timing.warningKinds.insert("speed_camera") } else { timing.warningKinds.remove("speed_camera") }
        }
        if let timingProfile { timing.forcedProfile = timingProfile }
        if let gpsLostAnnouncements {
            timing.gpsCues.announceLost = gpsLostAnnouncements
            timing.gpsCues.announceRegained = gpsLostAnnouncements
        }
        return timing
    }

    /// SetOptions' values as the journal keeps them (each checked by `init`).
    public static func journalValues(_ options: [String: DBusValue]) -> [String: GuidanceJournal.OptionValue] {
        var kept: [String: GuidanceJournal.OptionValue] = [:]
        for (key, value) in options {
            let value = value.unwrapped
            if let s = value.string { kept[key] = .string(s) }
            else if let b = value.bool { kept[key] = .bool(b) }
            else if let list = value.elements?.compactMap({ $0.unwrapped.string }) { kept[key] = .strings(list) }
        }
        return kept
    }
}
