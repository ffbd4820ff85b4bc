/// `timing.stages`: transport mode → timing profile → stage → trigger or `null` (the stage is not used in that row).
/// A partial table overrides only the rows and stages it names.
enum StageTableSection {
    /// The stages a row holds (`continue` is placed by its own options).
    static let rowStages: [CueStage] = [.range, .reminder, .distance, .action]

    /// Reads the table over `timings`.
    static func read(_ table: JSONNode, into timings: inout [TransportMode: ModeTimings], problems: ConfigProblems) {
        ConfigObject.each(table, problems) { modeKey, modeNode in
            guard let mode = TransportMode(rawValue: modeKey) else {
                throw modeNode.error(.unsupported, "unknown transport mode (known: \(names(TransportMode.allCases.map(\.rawValue))))")
            }
            var modeTimings = timings[mode] ?? TimingDefaults.timings(for: mode)
            ConfigObject.each(modeNode, problems) { profileKey, profileNode in
                guard let profile = TimingProfile(rawValue: profileKey) else {
                    throw profileNode.error(.unsupported, "unknown timing profile (known: \(names(TimingProfile.allCases.map(\.rawValue))))")
                }
                var row = modeTimings[profile]
                ConfigObject.each(profileNode, problems) { stageKey, stageNode in
                    guard let stage = CueStage(rawValue: stageKey), rowStages.contains(stage) else {
                        throw stageNode.error(.unsupported, "unknown stage (known: \(names(rowStages.map(\.rawValue))))")
                    }
                    row[stage] = try StageTriggerSetting.read(stageNode, allowsNull: true)
                }
                modeTimings[profile] = row
            }
            timings[mode] = modeTimings
        }
    }

    static func names(_ list: [String]) -> String { list.joined(separator: ", ") }
}
