/// What becomes of the routing engine's answer to a `RerouteRequest`: it replaces the route, or it is dropped with
/// why (for the log). The request may have been asked seconds before; the car and the UI did not wait.
public enum RerouteAnswer: Sendable, Equatable {
    /// The new route replaces the one guided along.
    case take
    /// Another route was loaded while the engine was asked (a UI's, or an earlier answer).
    case dropAnotherRouteLoaded
    /// The car came back onto the old route meanwhile (only for `offRoute` and `wrongWay`).
    case dropBackOnTheRoute

    /// The verdict on an answer to `request`, asked while guidance was at route generation `askedAt`, now that it is
    /// at `current` (nil: no guidance any more) with the car in `state`. A skipped stop's answer and a tour's rest are
    /// taken on the route too; an off-route answer is not once the car is back on the old route.
    public static func verdict(on request: RerouteRequest, askedAt: Int?, current: Int?,
                               state: GuidanceState) -> RerouteAnswer {
        guard let current, current == askedAt else { return .dropAnotherRouteLoaded }
        guard request.reason.holdsOnTheRoute || state == .offRoute else { return .dropBackOnTheRoute }
        return .take
    }

    /// Why an answer is dropped, as the log says it ("" for `take`).
    public var dropReason: String {
        switch self {
        case .take: ""
        case .dropAnotherRouteLoaded: "another route was loaded meanwhile"
        case .dropBackOnTheRoute: "the car is back on the route"
        }
    }
}
