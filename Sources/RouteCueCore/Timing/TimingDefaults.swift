/// The shipped stage timings per transport mode and profile (also written out in `config/routecue.json`).
///
/// Where the values come from (the peers' published defaults):
/// - Car, fast: range 2000 m and reminder 1000 m as Navit's motorway "in X"/"soon" (2000/1000 m); distance 500 m, a
///   natural value below HERE's 1300 m default, so "In 500 meters" comes 14 s ahead at 130 km/h; action 8 s as
///   OsmAnd's longest turn-now lead.
/// - Car, regular: Navit rural 1000/400 m; action 6 s (OsmAnd √(3.6·v) at 70–90 km/h).
/// - Car, slow: Navit city 500/200 m; action 5 s; Organic Maps' "now" band (8 s·v, 35–150 m) agrees.
/// - Truck and bus: 30 % earlier than a car (longer braking, lane changes).
/// - Taxi: as a car.
/// - Scooter, bicycle, pedestrian: shorter distances in proportion to their speeds (Organic Maps' clamp floors).
/// The `action` stage is always moved earlier when the cue would not end `actionLeadSeconds` before the maneuver.
public enum TimingDefaults {
    /// Default rows of every transport mode.
    public static func timings(for mode: TransportMode) -> ModeTimings {
        switch mode {
        case .car, .taxi: return car
        case .truck, .bus: return scaled(car, by: 1.3)
        case .scooter:
            return ModeTimings(
                slowSpeed: row(300, nil, 100, 4), regularSpeed: row(600, nil, 200, 5), fastSpeed: row(1000, nil, 400, 6))
        case .bicycle:
            return ModeTimings(
                slowSpeed: row(200, nil, 50, 4), regularSpeed: row(300, nil, 100, 4), fastSpeed: row(500, nil, 150, 5))
        case .pedestrian:
            return ModeTimings(
                slowSpeed: row(150, nil, 50, 8), regularSpeed: row(150, nil, 50, 8), fastSpeed: row(200, nil, 50, 8))
        }
    }

    /// Car rows.
    static let car = ModeTimings(
        slowSpeed: row(500, nil, 200, 5),
        regularSpeed: row(1000, nil, 400, 6),
        fastSpeed: row(2000, 1000, 500, 8))

    private static func row(_ range: Double, _ reminder: Double?, _ distance: Double, _ actionSeconds: Double) -> StageTimings {
        StageTimings(range: .metres(range), reminder: reminder.map { .metres($0) }, distance: .metres(distance),
                     action: .seconds(actionSeconds))
    }

    private static func scaled(_ timings: ModeTimings, by factor: Double) -> ModeTimings {
        var result = timings
        for profile in TimingProfile.allCases {
            for stage in [CueStage.range, .reminder, .distance, .action] {
                switch result[profile][stage] {
                case .metres(let m)?: result[profile][stage] = .metres(centi(m * factor))
                case .seconds(let s)?: result[profile][stage] = .seconds(centi(s * factor))
                case nil: break
                }
            }
        }
        return result
    }

    /// Rounded to hundredths, so a scaled value is the one `config/routecue.json` writes (7.8 s, not 7.800000000000001).
    private static func centi(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
