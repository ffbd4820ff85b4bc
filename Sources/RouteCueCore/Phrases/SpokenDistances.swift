/// The natural spoken distances of each unit system, and how remaining distances map onto them.
///
/// "Nearest" is always by metres: a configured 1300 m stage triggers at 1.5 km (200 m away), not at 1 km
/// (300 m away); an exact midpoint goes to the larger value. `nearest`, `spoken` and `trueRange` agree:
/// for every remaining distance `d` at or above the smallest value's lower bound, `spoken(forRemaining: d)`
/// is `nearest(toMetres: d)` and `trueRange(of:)` of it contains `d`.
public enum SpokenDistances {
    /// All natural values of `units`, ascending.
    public static func values(for units: UnitSystem) -> [SpokenDistance] {
        SpokenDistanceLadder.ladder(for: units).values
    }

    /// The natural value nearest `metres` (by metres): the trigger point for a stage configured at that
    /// distance. Below the smallest value's range (or for NaN and negatives) it is the smallest value.
    public static func nearest(toMetres metres: Double, in units: UnitSystem) -> SpokenDistance {
        let ladder = SpokenDistanceLadder.ladder(for: units)
        return ladder.values[ladder.index(forRemaining: metres) ?? 0]
    }

    /// What a driver is told for `metres` still to go: the nearest natural value; nil when `metres` is below
    /// the smallest value's lower bound (half of it), too close to announce a distance at all.
    public static func spoken(forRemaining metres: Double, in units: UnitSystem) -> SpokenDistance? {
        let ladder = SpokenDistanceLadder.ladder(for: units)
        guard let i = ladder.index(forRemaining: metres) else { return nil }
        return ladder.values[i]
    }

    /// The half-open range of remaining distances for which `distance` is what `spoken(forRemaining:)`
    /// gives: from the midpoint to the value below (half the smallest value for the smallest) to the
    /// midpoint to the value above (unbounded for the largest). Its lower bound is the latest moment the
    /// value is still true, the cue's deadline. A distance that is not one of the natural values of `units`
    /// gets the range of the natural value nearest it.
    public static func trueRange(of distance: SpokenDistance, in units: UnitSystem) -> Range<Double> {
        let ladder = SpokenDistanceLadder.ladder(for: units)
        return ladder.range(at: ladder.index(forRemaining: distance.metres) ?? 0)
    }
}
