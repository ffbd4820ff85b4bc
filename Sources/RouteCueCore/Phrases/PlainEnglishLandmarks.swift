/// Natural-guidance references in US English ("at the next traffic light").
enum PlainEnglishLandmarks {
    /// The phrase for a landmark of a kind drivers can see at a junction, nil for any other kind.
    static func phrase(_ landmark: Landmark) -> String? {
        switch normalizedKind(landmark.kind) {
        case "traffic_signals", "traffic_signal", "traffic_lights", "traffic_light": return "at the next traffic light"
        case "stop_sign", "stop": return "at the next stop sign"
        case "yield", "yield_sign", "give_way": return "at the next yield sign"
        case "railway_crossing", "level_crossing", "railroad_crossing": return "after the railroad crossing"
        default: return nil
        }
    }

    /// `kind` in lower case with spaces and hyphens as underscores ("Traffic Signals" → "traffic_signals").
    static func normalizedKind(_ kind: String) -> String {
        String(kind.lowercased().map { $0 == " " || $0 == "-" ? "_" : $0 })
    }
}
