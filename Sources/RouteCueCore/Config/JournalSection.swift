/// The `journal` section: whether guidance survives a power loss through the journal in the state directory, and how
/// old a journal may be to be resumed (docs/journal.md).
enum JournalSection {
    static func read(_ section: JSONNode, into policy: inout JournalResumePolicy, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "resume":
                let text = try node.string()
                guard let mode = JournalResumeMode(rawValue: text) else {
                    throw node.error(.invalidValue, "must be one of \(JournalResumeMode.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"")
                }
                policy.mode = mode
            case "max_age_h": policy.maxAgeSeconds = try node.configNumber(in: 0.01...720, unit: "hours") * 3600
            default: throw ConfigObject.unknownKey(node)
            }
        }
    }
}
