/// A turn as a GPX source describes it, before it is placed on the route.
struct GPXTurn: Sendable, Equatable {
    /// What the driver does.
    var type: ManeuverType
    /// The direction, where stated.
    var modifier: ManeuverModifier?
    /// The roundabout exit to take (1-based), where stated.
    var exitNumber: Int?

    /// Creates a turn.
    init(_ type: ManeuverType, _ modifier: ManeuverModifier? = nil, exit: Int? = nil) {
        self.type = type
        self.modifier = modifier
        self.exitNumber = exit
    }

    /// A plain turn (or U-turn, or straight continue) in the direction `modifier`.
    static func turn(_ modifier: ManeuverModifier) -> GPXTurn {
        switch modifier {
        case .uTurn: return GPXTurn(.uTurn, .uTurn)
        case .straight: return GPXTurn(.continue, .straight)
        default: return GPXTurn(.turn, modifier)
        }
    }
}
