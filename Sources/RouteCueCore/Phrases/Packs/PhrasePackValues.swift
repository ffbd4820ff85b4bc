/// Which value names each kind of template may use, and which of them are route data.
enum PhrasePackValues {
    /// Route data dropped in the short form (a group holding one is left out there).
    static let shortDropped: Set<String> = ["road", "ref", "destination", "rotary", "name", "exit", "text"]
    /// Route data: enters a phrase as `SpokenText.routeData`.
    static let routeData: Set<String> = shortDropped.union(["instruction"])
    /// Values of a maneuver clause.
    static let clause: Set<String> = ["modifier", "direction", "ordinal", "road", "ref", "destination", "exit",
                                      "rotary", "instruction", "now", "offside"]
    /// Values allowed in each sentence template.
    static let sentences: [String: Set<String>] = [
        "approach": ["distance", "clause"], "action": ["clause"], "then": ["sentence", "next"],
        "landmark": ["landmark", "clause"], "continue": ["distance"], "waypoint_reached": ["name"],
        "destination_reached": ["name"], "resumed": ["name"], "recalculating": [], "gps_lost": [], "gps_regained": [],
    ]
    /// Values of a warning template.
    static let warning: Set<String> = ["distance", "text"]
    /// Warning kinds a pack must have words for (others are spoken with `default`).
    static let warningKinds = ["speed_camera", "toll", "ferry", "border", "tunnel", "restricted", "default"]
    /// Landmark kinds a pack must have words for.
    static let landmarkKinds = ["traffic_signals", "stop_sign", "railway_crossing", "yield"]
    /// The eight compass points, clockwise from north.
    static let directions = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
    /// Sentence keys a pack must have.
    static let sentenceKeys = ["approach", "action", "then", "landmark", "continue", "waypoint_reached",
                               "destination_reached", "resumed", "recalculating", "gps_lost", "gps_regained"]
}
