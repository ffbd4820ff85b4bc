/// What a phrase pack cannot say: every maneuver type × modifier × stage, full and short, and the other cues,
/// rendered without route names; each rendering that needed a value its templates do not provide is a gap.
public enum PhrasePackCoverage {
    /// The gaps of `pack` in `units`, as `type/modifier/stage` (or the cue's name) with the values missing.
    public static func gaps(of pack: PhrasePack, units: UnitSystem) -> [String] {
        let at = Coordinate(latitude: 0, longitude: 0)
        let provenance = Provenance(kind: .derived, sourceLeg: 0, sourceIndex: nil, sourcePath: "coverage")
        let distance = SpokenDistances.nearest(toMetres: 300, in: units)
        var gaps: [String] = []
        func check(_ name: String, _ subject: CuePhraseRequest.Subject) {
            for short in [false, true] {
                let missing = pack.rendering(CuePhraseRequest(subject: subject, short: short), units: units).missingValues
                if !missing.isEmpty { gaps.append("\(name)\(short ? " (short)" : ""): \(missing.joined(separator: ", "))") }
            }
        }
        for type in ManeuverType.allCases {
            for modifier in [nil] + ManeuverModifier.allCases.map(Optional.some) {
                var maneuver = Maneuver(type: type, modifier: modifier, location: at, provenance: provenance)
                maneuver.exitNumber = 2
                maneuver.bearingAfter = 90
                for stage in CueStage.allCases where stage != .continue {
                    let spoken = stage == .action ? nil : distance
                    check("\(type.rawValue)/\(modifier?.rawValue ?? "-")/\(stage.rawValue)",
                          .maneuver(maneuver, stage: stage, distance: spoken, then: nil, landmark: nil))
                }
            }
        }
        check("continue", .continueFor(SpokenDistances.nearest(toMetres: 12_000, in: units)))
        check("waypoint reached", .waypointReached(name: nil))
        check("destination reached", .destinationReached(name: nil))
        check("resumed", .resumed(destination: nil))
        for kind in ["speed_camera", "toll", "ferry", "border", "tunnel", "restricted", "other"] {
            check("warning \(kind)", .warning(RouteWarning(kind: kind, location: at), distance: distance))
        }
        check("recalculating", .offRoute)
        check("GPS lost", .gpsLost)
        check("GPS regained", .gpsRegained)
        return gaps
    }
}
