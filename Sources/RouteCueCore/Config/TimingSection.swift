/// The `timing` section of the configuration file: the `TimingOptions` fields, keys named with their units, and
/// the stage table under `stages`.
enum TimingSection {
    /// The keys, in the order `config/routecue.json` writes them.
    static let keys = [
        "mode", "units", "included_stages", "action_lead_s", "action_min_m", "action_speedup_mps2", "slow_below_mps", "fast_from_mps",
        "chain_s", "chain_max_m", "continue_min_m", "continue_delay_s", "announce_departure", "gap_s",
        "warning_kinds", "warning_trigger", "warning_min_m", "natural_guidance", "use_source_announcements", "stages",
    ]

    /// Reads the section over `options`; keys not named keep their values.
    static func read(_ section: JSONNode, into options: inout TimingOptions, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "mode":
                let name = try node.string()
                guard let mode = TransportMode(rawValue: name) else {
                    throw node.error(.invalidValue, "unknown transport mode \"\(name)\" (known: \(StageTableSection.names(TransportMode.allCases.map(\.rawValue))))")
                }
                options.mode = mode
            case "units":
                let name = try node.string()
                guard let units = UnitSystem(rawValue: name) else {
                    throw node.error(.invalidValue, "unknown unit system \"\(name)\" (known: \(StageTableSection.names(UnitSystem.allCases.map(\.rawValue))))")
                }
                options.units = units
            case "included_stages": options.includedStages = try stages(node)
            case "action_lead_s": options.actionLeadSeconds = try node.configSeconds(max: 30)
            case "action_min_m": options.actionMinimumMetres = try node.configMetres()
            case "action_speedup_mps2": options.actionSpeedUpAllowance = try node.configFactor()
            case "slow_below_mps": options.slowBelowSpeed = try node.configSpeed()
            case "fast_from_mps": options.fastFromSpeed = try node.configSpeed()
            case "chain_s": options.chainSeconds = try node.configSeconds()
            case "chain_max_m": options.chainMaximumMetres = try node.configMetres()
            case "continue_min_m": options.continueMinimumMetres = try node.configMetres()
            case "continue_delay_s": options.continueDelaySeconds = try node.configSeconds()
            case "announce_departure": options.announceDeparture = try node.bool()
            case "gap_s": options.gapSeconds = try node.configSeconds(max: 10)
            case "warning_kinds": options.warningKinds = try warningKinds(node)
            case "warning_trigger": options.warningTrigger = try StageTriggerSetting.read(node, allowsNull: false) ?? options.warningTrigger
            case "warning_min_m": options.warningMinimumMetres = try node.configMetres()
            case "natural_guidance": options.naturalGuidance = try node.bool()
            case "use_source_announcements": options.useSourceAnnouncements = try node.bool()
            case "stages": StageTableSection.read(node, into: &options.timings, problems: problems)
            default: throw ConfigObject.unknownKey(node)
            }
        }
        if options.fastFromSpeed < options.slowBelowSpeed {
            let path = section.path.isEmpty ? "fast_from_mps" : "\(section.path).fast_from_mps"
            problems.add(InputError(.invalidValue, location: path, message: "must not be less than slow_below_mps "
                + "(\(JSONNode.plain(options.fastFromSpeed)) < \(JSONNode.plain(options.slowBelowSpeed)))"))
        }
    }

    /// `included_stages`: stage names, each once.
    private static func stages(_ node: JSONNode) throws(InputError) -> Set<CueStage> {
        var result: Set<CueStage> = []
        for item in try node.array() {
            let name = try item.string()
            guard let stage = CueStage(rawValue: name) else {
                throw item.error(.invalidValue, "unknown stage \"\(name)\" (known: \(StageTableSection.names(CueStage.allCases.map(\.rawValue))))")
            }
            guard result.insert(stage).inserted else { throw item.error(.invalidValue, "stage \"\(name)\" listed twice") }
        }
        return result
    }

    /// `warning_kinds`: words like `speed_camera` (an open list: sources name their own kinds), each once.
    private static func warningKinds(_ node: JSONNode) throws(InputError) -> Set<String> {
        var result: Set<String> = []
        for item in try node.array() {
            let kind = try item.string()
            guard !kind.isEmpty else { throw item.error(.invalidValue, "empty warning kind") }
            guard result.insert(kind).inserted else { throw item.error(.invalidValue, "warning kind \"\(kind)\" listed twice") }
        }
        return result
    }
}
