/// A stage trigger as the configuration file writes it: `{"m": 500}`, `{"s": 8}`, or `null` where a stage is allowed
/// to be unused.
enum StageTriggerSetting {
    /// Reads a trigger object; `null` gives nil when `allowsNull`.
    static func read(_ node: JSONNode, allowsNull: Bool) throws(InputError) -> StageTrigger? {
        if node.isNull {
            if allowsNull { return nil }
            throw node.error(.invalidValue, "expected a trigger object ({\"m\": metres} or {\"s\": seconds}), found null")
        }
        var trigger: StageTrigger?
        for (key, child) in try ConfigObject(node).members() {
            let value: StageTrigger
            switch key {
            case "m": value = .metres(try child.configMetres())
            case "s": value = .seconds(try child.configSeconds())
            default: throw ConfigObject.unknownKey(child)
            }
            guard trigger == nil else { throw node.error(.invalidValue, "give either \"m\" or \"s\", not both") }
            trigger = value
        }
        guard let trigger else { throw node.error(.missing, "expected \"m\" (metres) or \"s\" (seconds)") }
        return trigger
    }
}
