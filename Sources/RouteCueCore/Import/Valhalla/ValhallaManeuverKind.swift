/// Valhalla's maneuver types, the numeric `type` of a native maneuver (`DirectionsLeg_Maneuver_Type` in
/// Valhalla's `directions.proto`, `kNone` = 0 … `kBuildingExit` = 43), and what each one is in RouteCue's model.
public enum ValhallaManeuverKind: Int, Sendable, CaseIterable {
    case none = 0
    case start = 1
    case startRight = 2
    case startLeft = 3
    case destination = 4
    case destinationRight = 5
    case destinationLeft = 6
    case becomes = 7
    case `continue` = 8
    case slightRight = 9
    case right = 10
    case sharpRight = 11
    case uturnRight = 12
    case uturnLeft = 13
    case sharpLeft = 14
    case left = 15
    case slightLeft = 16
    case rampStraight = 17
    case rampRight = 18
    case rampLeft = 19
    case exitRight = 20
    case exitLeft = 21
    case stayStraight = 22
    case stayRight = 23
    case stayLeft = 24
    case merge = 25
    case roundaboutEnter = 26
    case roundaboutExit = 27
    case ferryEnter = 28
    case ferryExit = 29
    case transit = 30
    case transitTransfer = 31
    case transitRemainOn = 32
    case transitConnectionStart = 33
    case transitConnectionTransfer = 34
    case transitConnectionDestination = 35
    case postTransitConnectionDestination = 36
    case mergeRight = 37
    case mergeLeft = 38
    case elevatorEnter = 39
    case stepsEnter = 40
    case escalatorEnter = 41
    case buildingEnter = 42
    case buildingExit = 43

    /// The RouteCue maneuver type and modifier for this Valhalla type. Types a car driver does not act on
    /// (`kNone`, transit, elevators, steps, buildings) become silent `notification`s; a ferry exit is a
    /// `continue` off the ferry; the U-turns keep no side (modifier `uturn`); the "stay" types are `keep`.
    public var mapped: (type: ManeuverType, modifier: ManeuverModifier?) {
        switch self {
        case .none: (.notification, nil)
        case .start: (.depart, nil)
        case .startRight: (.depart, .right)
        case .startLeft: (.depart, .left)
        case .destination: (.arrive, nil)
        case .destinationRight: (.arrive, .right)
        case .destinationLeft: (.arrive, .left)
        case .becomes: (.newName, .straight)
        case .continue: (.continue, .straight)
        case .slightRight: (.turn, .slightRight)
        case .right: (.turn, .right)
        case .sharpRight: (.turn, .sharpRight)
        case .uturnRight, .uturnLeft: (.uTurn, .uTurn)
        case .sharpLeft: (.turn, .sharpLeft)
        case .left: (.turn, .left)
        case .slightLeft: (.turn, .slightLeft)
        case .rampStraight: (.onRamp, .straight)
        case .rampRight: (.onRamp, .right)
        case .rampLeft: (.onRamp, .left)
        case .exitRight: (.offRamp, .right)
        case .exitLeft: (.offRamp, .left)
        case .stayStraight: (.keep, .straight)
        case .stayRight: (.keep, .slightRight)
        case .stayLeft: (.keep, .slightLeft)
        case .merge: (.merge, .straight)
        case .roundaboutEnter: (.roundabout, nil)
        case .roundaboutExit: (.exitRoundabout, nil)
        case .ferryEnter: (.ferry, nil)
        case .ferryExit: (.continue, .straight)
        case .transit, .transitTransfer, .transitRemainOn, .transitConnectionStart, .transitConnectionTransfer,
             .transitConnectionDestination, .postTransitConnectionDestination:
            (.notification, nil)
        case .mergeRight: (.merge, .slightRight)
        case .mergeLeft: (.merge, .slightLeft)
        case .elevatorEnter, .stepsEnter, .escalatorEnter, .buildingEnter, .buildingExit: (.notification, nil)
        }
    }

    /// The mapping of a raw `type` number; numbers this table does not know (newer Valhalla versions)
    /// become a silent `notification` rather than an error, so the rest of the route still imports.
    public static func mapped(code: Int) -> (type: ManeuverType, modifier: ManeuverModifier?) {
        ValhallaManeuverKind(rawValue: code)?.mapped ?? (.notification, nil)
    }
}
