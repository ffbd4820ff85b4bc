/// Turns a `Route` into the RouteCue JSON document tree, keys in the documented order. Absent optional
/// values and empty lists are left out; everything else the model holds is written.
enum RouteCueJSONWriter {
    /// The whole document.
    static func document(_ route: Route) -> JSONValue {
        var o = JSONObject()
        o[RouteCueJSON.versionKey] = .number(Double(RouteCueJSON.version))
        o["source"] = source(route.source)
        o["geometry"] = geometry(route.geometry)
        o["legs"] = .array(route.legs.map(leg))
        o["maneuvers"] = .array(route.maneuvers.map(maneuver))
        o["waypoints"] = .array(route.waypoints.map(waypoint))
        o["warnings"] = .array(route.warnings.map(warning))
        return .object(o)
    }

    static func source(_ s: RouteSource) -> JSONValue {
        var o = JSONObject()
        o["format"] = .string(s.format.rawValue)
        o["alternative"] = int(s.alternative)
        o["alternative_count"] = int(s.alternativeCount)
        o["language"] = string(s.language)
        o["polyline_precision"] = int(s.polylinePrecision)
        o["stated_distance_m"] = number(s.statedDistance)
        o["stated_duration_s"] = number(s.statedDuration)
        return .object(o)
    }

    static func geometry(_ g: RouteGeometry) -> JSONValue {
        var o = JSONObject()
        o["coordinates"] = .array(g.coordinates.map(lonLat))
        if let e = g.elevations { o["elevations"] = .array(e.map { .number($0) }) }
        return .object(o)
    }

    static func leg(_ l: RouteLeg) -> JSONValue {
        var o = JSONObject()
        o["index"] = int(l.index)
        o["geometry_start"] = int(l.geometryStart)
        o["geometry_end"] = int(l.geometryEnd)
        o["distance_start_m"] = .number(l.distanceStart)
        o["distance_end_m"] = .number(l.distanceEnd)
        o["summary"] = string(l.summary)
        o["stated_distance_m"] = number(l.statedDistance)
        o["stated_duration_s"] = number(l.statedDuration)
        return .object(o)
    }

    static func maneuver(_ m: Maneuver) -> JSONValue {
        var o = JSONObject()
        o["index"] = int(m.index)
        o["leg"] = int(m.leg)
        o["type"] = .string(m.type.rawValue)
        o["modifier"] = string(m.modifier?.rawValue)
        o["location"] = lonLat(m.location)
        o["geometry_index"] = int(m.geometryIndex)
        o["distance_along_m"] = .number(m.distanceAlong)
        o["road_name"] = string(m.roadName)
        o["ref"] = string(m.ref)
        o["destinations"] = string(m.destinations)
        o["exits"] = string(m.exits)
        o["exit_number"] = int(m.exitNumber)
        o["rotary_name"] = string(m.rotaryName)
        o["phonetic_name"] = string(m.phoneticName)
        o["country_code"] = string(m.countryCode)
        o["name_language"] = string(m.nameLanguage)
        o["driving_side"] = string(m.drivingSide?.rawValue)
        o["approach_road_class"] = string(m.approachRoadClass)
        o["mode"] = string(m.mode)
        o["bearing_before"] = number(m.bearingBefore)
        o["bearing_after"] = number(m.bearingAfter)
        if !m.lanes.isEmpty { o["lanes"] = .array(m.lanes.map(lane)) }
        if !m.landmarks.isEmpty { o["landmarks"] = .array(m.landmarks.map(landmark)) }
        o["instruction"] = string(m.instruction)
        if !m.announcements.isEmpty { o["announcements"] = .array(m.announcements.map(announcement)) }
        o["source_distance_m"] = number(m.sourceDistance)
        o["source_duration_s"] = number(m.sourceDuration)
        o["announced"] = .bool(m.announced)
        o["provenance"] = provenance(m.provenance)
        return .object(o)
    }

    static func lane(_ l: Lane) -> JSONValue {
        var o = JSONObject()
        o["indications"] = .array(l.indications.map { .string($0) })
        o["valid"] = .bool(l.valid)
        if let a = l.active { o["active"] = .bool(a) }
        return .object(o)
    }

    static func landmark(_ l: Landmark) -> JSONValue {
        var o = JSONObject()
        o["kind"] = .string(l.kind)
        o["name"] = string(l.name)
        o["distance_before_maneuver_m"] = number(l.distanceBeforeManeuver)
        return .object(o)
    }

    static func announcement(_ a: SourceAnnouncement) -> JSONValue {
        var o = JSONObject()
        o["kind"] = .string(a.kind)
        o["text"] = .string(a.text)
        o["ssml"] = string(a.ssml)
        o["distance_along_m"] = number(a.distanceAlong)
        return .object(o)
    }

    static func provenance(_ p: Provenance) -> JSONValue {
        var o = JSONObject()
        o["kind"] = .string(p.kind.rawValue)
        o["source_leg"] = int(p.sourceLeg)
        o["source_index"] = int(p.sourceIndex)
        o["source_path"] = .string(p.sourcePath)
        return .object(o)
    }

    static func waypoint(_ w: Waypoint) -> JSONValue {
        var o = JSONObject()
        o["name"] = string(w.name)
        o["location"] = lonLat(w.location)
        o["role"] = .string(w.role.rawValue)
        o["announced"] = .bool(w.announced)
        o["distance_along_m"] = .number(w.distanceAlong)
        o["leg_ending"] = int(w.legEnding)
        o["course"] = number(w.course)
        return .object(o)
    }

    static func warning(_ w: RouteWarning) -> JSONValue {
        var o = JSONObject()
        o["kind"] = .string(w.kind)
        o["location"] = lonLat(w.location)
        o["distance_along_m"] = .number(w.distanceAlong)
        o["text"] = string(w.text)
        return .object(o)
    }

    private static func lonLat(_ c: Coordinate) -> JSONValue { .array([.number(c.longitude), .number(c.latitude)]) }
    /// An integer member, or no member for `nil` (one function: an `Int` / `Int?` overload pair is ambiguous for an
    /// `Int` argument in Swift 6.0).
    private static func int(_ i: Int?) -> JSONValue? { i.map { .number(Double($0)) } }
    private static func number(_ d: Double?) -> JSONValue? { d.map { .number($0) } }
    private static func string(_ s: String?) -> JSONValue? { s.map { .string($0) } }
}
