/// Maps the landmark and warning kinds sources use onto the kinds a pack has words for.
enum PhrasePackKinds {
    /// The pack's landmark kind for a source's kind, nil for a kind drivers cannot be pointed to.
    static func landmark(_ kind: String) -> String? {
        switch PlainEnglishLandmarks.normalizedKind(kind) {
        case "traffic_signals", "traffic_signal", "traffic_lights", "traffic_light": return "traffic_signals"
        case "stop_sign", "stop": return "stop_sign"
        case "yield", "yield_sign", "give_way": return "yield"
        case "railway_crossing", "level_crossing", "railroad_crossing": return "railway_crossing"
        default: return nil
        }
    }

    /// The pack's warning kind for a source's kind; `default` for a kind without words of its own.
    static func warning(_ kind: String) -> String {
        switch PlainEnglishLandmarks.normalizedKind(kind) {
        case "speed_camera", "speed_trap", "enforcement", "camera": return "speed_camera"
        case "toll", "toll_road", "toll_booth", "toll_section": return "toll"
        case "ferry": return "ferry"
        case "border", "border_crossing", "country_border", "state_border": return "border"
        case "tunnel": return "tunnel"
        case "restricted", "restricted_access", "access_restriction": return "restricted"
        default: return "default"
        }
    }
}
