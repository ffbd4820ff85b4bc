/// Spatial audio for maneuver cues: the cue starts at an azimuth toward the side of the turn, the sharper the
/// turn the further out, and sweeps `sweepDegrees` further toward that side over its length, so the voice seems
/// to lead the way (the "initial azimuth per direction and a sweep over the cue").
///
/// Choices (defaults): slight 30°, normal 60°, sharp 80°, a U-turn like a sharp turn (80°) toward the side it is
/// made on (left where traffic drives on the right, right where it drives on the left); straight on (and no
/// direction) stays centred without a sweep; the sweep adds 20° and stops at full left or right (±90°).
public struct SpatialPanning: Sendable, Equatable {
    /// First azimuth of a slight turn, degrees from the centre.
    public var slightAzimuth: Double
    /// First azimuth of a plain turn.
    public var normalAzimuth: Double
    /// First azimuth of a sharp turn.
    public var sharpAzimuth: Double
    /// First azimuth of a U-turn.
    public var uTurnAzimuth: Double
    /// Degrees the cue moves further toward the turn's side from its first sample to its last.
    public var sweepDegrees: Double

    /// Panning with the given azimuths (defaults above).
    public init(slightAzimuth: Double = 30, normalAzimuth: Double = 60, sharpAzimuth: Double = 80,
                uTurnAzimuth: Double = 80, sweepDegrees: Double = 20) {
        self.slightAzimuth = slightAzimuth
        self.normalAzimuth = normalAzimuth
        self.sharpAzimuth = sharpAzimuth
        self.uTurnAzimuth = uTurnAzimuth
        self.sweepDegrees = sweepDegrees
    }

    /// The sweep for a cue about a maneuver turning `modifier`, where traffic drives on `drivingSide`.
    public func sweep(for modifier: ManeuverModifier?, drivingSide: DrivingSide = .right) -> PanSweep {
        let side: Double
        let start: Double
        switch modifier {
        case nil, .straight?: return .centre
        case .slightLeft?: (side, start) = (-1, slightAzimuth)
        case .left?: (side, start) = (-1, normalAzimuth)
        case .sharpLeft?: (side, start) = (-1, sharpAzimuth)
        case .slightRight?: (side, start) = (1, slightAzimuth)
        case .right?: (side, start) = (1, normalAzimuth)
        case .sharpRight?: (side, start) = (1, sharpAzimuth)
        case .uTurn?: (side, start) = (drivingSide == .right ? -1 : 1, uTurnAzimuth)
        }
        let magnitude = abs(start)
        let sweep = sweepDegrees.isFinite ? max(0, sweepDegrees) : 0
        return PanSweep(startAzimuth: side * magnitude, endAzimuth: side * (magnitude + sweep))
    }
}
