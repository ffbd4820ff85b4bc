/// The `ducking`, `calls` and `bluetooth` sections of the configuration file.
enum CarAudioSection {
    /// Reads `ducking` over `settings`.
    static func readDucking(_ section: JSONNode, into settings: inout DuckingSettings, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "enabled": settings.enabled = try node.bool()
            case "level_db": settings.levelDecibels = try node.configNumber(in: -60...0, unit: "dB")
            case "ramp_down_s": settings.rampDownSeconds = try node.configNumber(in: 0...5, unit: "seconds")
            case "ramp_up_s": settings.rampUpSeconds = try node.configNumber(in: 0...10, unit: "seconds")
            case "lead_s": settings.leadSeconds = try node.configNumber(in: 0...5, unit: "seconds")
            case "hold_s": settings.holdSeconds = try node.configNumber(in: 0...60, unit: "seconds")
            case "without_volume":
                let text = try node.string()
                guard let choice = DuckingSettings.WithoutVolume(rawValue: text) else {
                    throw node.error(.invalidValue, "must be one of \(StageTableSection.names(DuckingSettings.WithoutVolume.allCases.map(\.rawValue))), not \"\(text.prefix(40))\"")
                }
                settings.withoutVolume = choice
            case "volume_law":
                var laws: [String: DuckingSettings.VolumeLaw] = [:]
                ConfigObject.each(node, problems) { player, value in
                    let text = try value.string()
                    guard let law = DuckingSettings.VolumeLaw(rawValue: text) else {
                        throw value.error(.invalidValue, "must be one of \(StageTableSection.names(DuckingSettings.VolumeLaw.allCases.map(\.rawValue))), not \"\(text.prefix(40))\"")
                    }
                    laws[player] = law
                }
                settings.volumeLaws = laws
            case "ignore":
                settings.ignoredPlayers = try node.array().map { item throws(InputError) in try item.string() }
            case "when_media_role":
                let text = try node.string()
                guard let value = DuckingSettings.WhenMediaRole(rawValue: text) else {
                    throw node.error(.invalidValue, "must be \"session\" or \"mpris\"")
                }
                settings.whenMediaRole = value
            case "session_bus":
                if case .null = node.value { settings.sessionBus = nil; return }
                let text = try node.string()
                guard !text.isEmpty, text.utf8.count <= 1024 else { throw node.error(.invalidValue, "must be null, \"none\" or a D-Bus address") }
                settings.sessionBus = text
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }

    /// Reads `calls` over `settings`.
    static func readCalls(_ section: JSONNode, into settings: inout CallSettings, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "enabled": settings.enabled = try node.bool()
            case "prompt_style": settings.promptStyle = try AudioSection.promptStyle(node)
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }

    /// Reads `bluetooth` over `settings`.
    static func readBluetooth(_ section: JSONNode, into settings: inout BluetoothSettings, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "address":
                if case .null = node.value { settings.preferredAddress = nil; return }
                let text = try node.string()
                guard BluetoothSettings.isAddress(text) else { throw node.error(.invalidValue, "must be a Bluetooth address such as \"AA:BB:CC:DD:EE:FF\" or null") }
                settings.preferredAddress = text.uppercased()
            case "pcm_template":
                let text = try node.string()
                guard text.contains("{address}"), text.utf8.count <= 256,
                      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    throw node.error(.invalidValue, "must be an ALSA PCM name containing {address}, such as \"bluealsa:DEV={address},PROFILE=sco\"")
                }
                settings.pcmTemplate = text
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }
}
