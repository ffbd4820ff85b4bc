/// Turns an OSRM v5 step into an instruction sentence with osrm-text-instructions language files, following
/// upstream's `compile`: template chosen by mode, maneuver type and modifier (unknown types read as `turn`),
/// then by what the step has (destinations, exits, junction name, road name, waypoint name), then filled.
public struct OSRMTextCompiler: Sendable {
    /// The languages this compiler can use.
    public let languages: OSRMTextLanguageSet

    /// A compiler over loaded languages.
    public init(languages: OSRMTextLanguageSet) {
        self.languages = languages
    }

    /// The instruction for `step` in language `code`.
    /// Throws for an unknown language, a missing modifier (except depart/arrive), missing lanes on a
    /// `use lane` step, a bearing outside 0…360 or a language file without the needed template.
    public func compile(_ step: OSRMTextStep, language code: String, options: OSRMTextOptions = OSRMTextOptions()) throws(InputError) -> String {
        let language = try self.language(code)
        let templates = language.templates
        let modifier = step.modifier
        guard step.type == "depart" || step.type == "arrive" || modifier != nil else {
            throw InputError(.missing, input: .textInstructions, location: "step.maneuver.modifier", message: "missing modifier for maneuver type \(step.type)")
        }
        // OSRM may add maneuver types without a major version: unknown ones are read as turns.
        let type = templates.object(at: [step.type]) != nil ? step.type : "turn"

        var objectPath = templateObjectPath(step: step, type: type, language: language)
        var laneInstruction: String? = nil
        switch type {
        case "use lane":
            guard let validity = step.laneValidity else {
                throw InputError(.missing, input: .textInstructions, location: "step.intersections[0].lanes", message: "a use lane step needs lanes")
            }
            laneInstruction = templates.string(at: ["constants", "lanes", OSRMTextConstants.laneDiagram(validity)])
            if laneInstruction == nil { objectPath = ["use lane", "no_lanes"] }
        case "rotary", "roundabout":
            objectPath.append(roundaboutVariant(step: step, objectPath: objectPath, templates: templates))
        default:
            break
        }

        let wayName = OSRMTextWayName.wayName(for: step, options: options, language: language, english: languages["en"])
        let key = instructionKey(step: step, wayName: wayName, options: options, objectPath: objectPath, templates: templates)
        guard let template = templates.string(at: objectPath + [key]) else {
            throw InputError(.missing, input: .textInstructions, file: "\(code).json", location: "v5." + (objectPath + [key]).joined(separator: "."), message: "missing template")
        }

        var tokens: [String: String] = [
            "way_name": wayName,
            "destination": Self.firstDestination(step.destinations),
            "exit": OSRMTextWayName.firstRef(step.exits ?? ""),
            "exit_number": OSRMTextConstants.ordinal(step.exit.flatMap { $0 == 0 ? nil : $0 } ?? 1, in: language),
            "direction": try OSRMTextConstants.direction(degrees: step.bearingAfter, in: language),
            "nth": nthWaypoint(options: options, language: language),
        ]
        tokens["rotary_name"] = step.rotaryName
        tokens["lane_instruction"] = laneInstruction
        if let modifier { tokens["modifier"] = templates.string(at: ["constants", "modifier", modifier]) }
        tokens["waypoint_name"] = options.waypointName
        tokens["junction_name"] = step.junctionName
        return OSRMTextTokenizer.fill(template, tokens: tokens, language: language)
    }

    /// A `phrase` template of language `code` (`two linked`, `one in distance`, `name and ref`,
    /// `exit with number`, …) filled with `tokens`.
    public func phrase(_ key: String, language code: String, tokens: [String: String]) throws(InputError) -> String {
        let language = try self.language(code)
        guard let template = language.templates.string(at: ["phrase", key]) else {
            throw InputError(.missing, input: .textInstructions, file: "\(code).json", location: "v5.phrase.\(key)", message: "missing phrase")
        }
        return OSRMTextTokenizer.fill(template, tokens: tokens, language: language)
    }

    private func language(_ code: String) throws(InputError) -> OSRMTextLanguage {
        guard let language = languages[code] else {
            throw InputError(.unsupported, input: .textInstructions, message: "language \(code) is not loaded")
        }
        return language
    }

    /// The object of templates for the step: the travel mode's (ferry…), else the modifier's, else the
    /// type's default. An off ramp on the driving side says no side.
    private func templateObjectPath(step: OSRMTextStep, type: String, language: OSRMTextLanguage) -> [String] {
        let templates = language.templates
        if let mode = step.mode, templates.object(at: ["modes", mode]) != nil { return ["modes", mode] }
        guard let modifier = step.modifier else { return [type, "default"] }
        let side = step.drivingSide ?? "undefined"
        let omitSide = type == "off ramp" && (side.isEmpty || modifier.contains(side))
        if !omitSide && templates.has([type, modifier]) { return [type, modifier] }
        return [type, "default"]
    }

    /// `name_exit`, `name`, `exit` or `default` for a roundabout or rotary, by what the step has.
    private func roundaboutVariant(step: OSRMTextStep, objectPath: [String], templates: OSRMTextTemplates) -> String {
        let hasName = !(step.rotaryName ?? "").isEmpty
        let hasExit = (step.exit ?? 0) != 0
        if hasName && hasExit && templates.has(objectPath + ["name_exit"]) { return "name_exit" }
        if hasName && templates.has(objectPath + ["name"]) { return "name" }
        if hasExit && templates.has(objectPath + ["exit"]) { return "exit" }
        return "default"
    }

    /// Which template of the object: destinations take precedence over exits, a junction name, the road
    /// name and the waypoint name, in that order.
    private func instructionKey(step: OSRMTextStep, wayName: String, options: OSRMTextOptions, objectPath: [String],
                                templates: OSRMTextTemplates) -> String {
        let hasDestinations = !(step.destinations ?? "").isEmpty
        let hasExits = !(step.exits ?? "").isEmpty
        func has(_ key: String) -> Bool { templates.has(objectPath + [key]) }
        if hasDestinations && hasExits && has("exit_destination") { return "exit_destination" }
        if hasDestinations && has("destination") { return "destination" }
        if hasExits && has("exit") { return "exit" }
        if !(step.junctionName ?? "").isEmpty && has("junction_name") { return "junction_name" }
        if !wayName.isEmpty && has("name") { return "name" }
        if !(options.waypointName ?? "").isEmpty && has("named") { return "named" }
        return "default"
    }

    /// "1st" for the first of several legs; "" for the last leg or without leg numbers.
    private func nthWaypoint(options: OSRMTextOptions, language: OSRMTextLanguage) -> String {
        guard let legIndex = options.legIndex, legIndex >= 0 else { return "" }
        if let legCount = options.legCount, legIndex == legCount - 1 { return "" }
        return OSRMTextConstants.ordinal(legIndex + 1, in: language)
    }

    /// The first destination of `"ref1,ref2: place1,place2"`: `"ref1: place1"`, or whichever part exists.
    static func firstDestination(_ destinations: String?) -> String {
        guard let destinations, !destinations.isEmpty else { return "" }
        let parts = destinations.split(separator: ": ", omittingEmptySubsequences: false)
        let ref = parts[0].split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let place = parts.count > 1 ? parts[1].split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)[0] : ""
        if !ref.isEmpty && !place.isEmpty { return "\(ref): \(place)" }
        return !ref.isEmpty ? String(ref) : String(place)
    }
}
