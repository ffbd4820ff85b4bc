/// The `progress` section of the configuration file: every `ProgressOptions` field, keys named with their units.
enum ProgressSection {
    /// The keys, in the order `config/routecue.json` writes them.
    static let keys = [
        "fix_latency_floor_s", "outage_after_s", "max_prediction_s", "outage_speak_s", "outage_acceleration_mps2",
        "outage_margin_max_m", "corridor_min_m", "corridor_error_factor",
        "off_route_s", "off_route_heading_deg", "off_route_far_factor", "back_on_route_corridor_fraction",
        "back_on_route_fixes", "wrong_way_deg", "wrong_way_s", "reroute_backoff_s", "reroute_backoff_max_s",
        "arrival_radius_m", "via_pass_m", "outlier_m", "outlier_confirm_fixes", "standing_mps",
    ]

    /// Reads the section over `options`; keys not named keep their values.
    static func read(_ section: JSONNode, into options: inout ProgressOptions, problems: ConfigProblems) {
        ConfigObject.each(section, problems) { key, node in
            switch key {
            case "fix_latency_floor_s": options.fixLatencyFloorSeconds = try node.configSeconds(max: 10)
            case "outage_after_s": options.outageAfterSeconds = try node.configSeconds()
            case "max_prediction_s": options.maxPredictionSeconds = try node.configSeconds()
            case "outage_speak_s": options.outageSpeakSeconds = try node.configSeconds()
            case "outage_acceleration_mps2": options.outageAcceleration = try node.configFactor()
            case "outage_margin_max_m": options.outageMarginMaximum = try node.configMetres()
            case "corridor_min_m": options.corridorMinimumMetres = try node.configMetres()
            case "corridor_error_factor": options.corridorErrorFactor = try node.configFactor()
            case "off_route_s": options.offRouteSeconds = try node.configSeconds()
            case "off_route_heading_deg": options.offRouteHeadingDegrees = try node.configDegrees()
            case "off_route_far_factor": options.offRouteFarFactor = try node.configFactor()
            case "back_on_route_corridor_fraction": options.backOnRouteCorridorFraction = try node.configFraction()
            case "back_on_route_fixes": options.backOnRouteFixes = try node.configCount()
            case "wrong_way_deg": options.wrongWayDegrees = try node.configDegrees()
            case "wrong_way_s": options.wrongWaySeconds = try node.configSeconds()
            case "reroute_backoff_s": options.rerouteBackoffSeconds = try node.configSeconds()
            case "reroute_backoff_max_s": options.rerouteBackoffMaxSeconds = try node.configSeconds()
            case "arrival_radius_m": options.arrivalRadiusMetres = try node.configMetres()
            case "via_pass_m": options.viaPassMetres = try node.configMetres()
            case "outlier_m": options.outlierMetres = try node.configMetres()
            case "outlier_confirm_fixes": options.outlierConfirmFixes = try node.configCount()
            case "standing_mps": options.standingSpeed = try node.configSpeed()
            default: throw ConfigObject.unknownKey(node)
            }
        }
        if options.rerouteBackoffMaxSeconds < options.rerouteBackoffSeconds {
            let path = section.path.isEmpty ? "reroute_backoff_max_s" : "\(section.path).reroute_backoff_max_s"
            problems.add(InputError(.invalidValue, location: path, message: "must not be less than reroute_backoff_s "
                + "(\(JSONNode.plain(options.rerouteBackoffMaxSeconds)) < \(JSONNode.plain(options.rerouteBackoffSeconds)))"))
        }
    }
}
