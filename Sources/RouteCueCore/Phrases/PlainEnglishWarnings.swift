/// Route warnings in US English ("Speed camera in 300 meters").
enum PlainEnglishWarnings {
    /// "Speed camera in 300 meters", "Toll road ahead", "Caution in 1 kilometer, Road works"; the source's
    /// text is spoken only for a warning of a kind without words of its own, and not in the short form.
    static func text(_ warning: RouteWarning, distance: String?, short: Bool) -> String {
        let noun = self.noun(warning.kind)
        let head = "\(noun ?? "caution") \(distance.map { "in \($0)" } ?? "ahead")"
        if noun == nil, !short, let detail = PhraseText.clean(warning.text) { return "\(head), \(detail)" }
        return head
    }

    /// The words for a warning kind, nil for a kind without its own (spoken as a generic caution).
    static func noun(_ kind: String) -> String? {
        switch PlainEnglishLandmarks.normalizedKind(kind) {
        case "speed_camera", "speed_trap", "enforcement", "camera": return "speed camera"
        case "toll", "toll_road", "toll_booth", "toll_section": return "toll road"
        case "ferry": return "ferry crossing"
        case "border", "border_crossing", "country_border", "state_border": return "border crossing"
        case "tunnel": return "tunnel"
        case "restricted", "restricted_access", "access_restriction": return "restricted road"
        default: return nil
        }
    }
}
