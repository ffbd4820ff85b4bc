/// Valhalla's maneuver types, the numeric `type` of a native maneuver (`DirectionsLeg_Maneuver_Type` in
/// Valhalla's `directions.proto`, `kNone` = 0 … `kBuildingExit` = 43), and what each one is in RouteCue's model.
public enum ValhallaManeuverKind: Int, Sendable, CaseIterable {
    /// Valhalla `kNone` (0).
    case none = 0
    /// Valhalla `kStart` (1).
    case start = 1
    /// Valhalla `kStartRight` (2).
    case startRight = 2
    /// Valhalla `kStartLeft` (3).
    case startLeft = 3
    /// Valhalla `kDestination` (4).
    case destination = 4
    /// Valhalla `kDestinationRight` (5).
    case destinationRight = 5
    /// Valhalla `kDestinationLeft` (6).
    case destinationLeft = 6
    /// Valhalla `kBecomes` (7).
    case becomes = 7
    /// Valhalla `kContinue` (8).
    case `continue` = 8
    /// Valhalla `kSlightRight` (9).
    case slightRight = 9
    /// Valhalla `kRight` (10).
    case right = 10
    /// Valhalla `kSharpRight` (11).
    case sharpRight = 11
    /// Valhalla `kUturnRight` (12).
    case uturnRight = 12
    /// Valhalla `kUturnLeft` (13).
    case uturnLeft = 13
    /// Valhalla `kSharpLeft` (14).
    case sharpLeft = 14
    /// Valhalla `kLeft` (15).
    case left = 15
    /// Valhalla `kSlightLeft` (16).
    case slightLeft = 16
    /// Valhalla `kRampStraight` (17).
    case rampStraight = 17
    /// Valhalla `kRampRight` (18).
    case rampRight = 18
    /// Valhalla `kRampLeft` (19).
    case rampLeft = 19
    /// Valhalla `kExitRight` (20).
    case exitRight = 20
    /// Valhalla `kExitLeft` (21).
    case exitLeft = 21
    /// Valhalla `kStayStraight` (22).
    case stayStraight = 22
    /// Valhalla `kStayRight` (23).
    case stayRight = 23
    /// Valhalla `kStayLeft` (24).
    case stayLeft = 24
    /// Valhalla `kMerge` (25).
    case merge = 25
    /// Valhalla `kRoundaboutEnter` (26).
    case roundaboutEnter = 26
    /// Valhalla `kRoundaboutExit` (27).
    case roundaboutExit = 27
    /// Valhalla `kFerryEnter` (28).
    case ferryEnter = 28
    /// Valhalla `kFerryExit` (29).
    case ferryExit = 29
    /// Valhalla `kTransit` (30).
    case transit = 30
    /// Valhalla `kTransitTransfer` (31).
    case transitTransfer = 31
    /// Valhalla `kTransitRemainOn` (32).
    case transitRemainOn = 32
    /// Valhalla `kTransitConnectionStart` (33).
    case transitConnectionStart = 33
    /// Valhalla `kTransitConnectionTransfer` (34).
    case transitConnectionTransfer = 34
    /// Valhalla `kTransitConnectionDestination` (35).
    case transitConnectionDestination = 35
    /// Valhalla `kPostTransitConnectionDestination` (36).
    case postTransitConnectionDestination = 36
    /// Valhalla `kMergeRight` (37).
    case mergeRight = 37
    /// Valhalla `kMergeLeft` (38).
    case mergeLeft = 38
    /// Valhalla `kElevatorEnter` (39).
    case elevatorEnter = 39
    /// Valhalla `kStepsEnter` (40).
    case stepsEnter = 40
    /// Valhalla `kEscalatorEnter` (41).
    case escalatorEnter = 41
    /// Valhalla `kBuildingEnter` (42).
    case buildingEnter = 42
    /// Valhalla `kBuildingExit` (43).
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
