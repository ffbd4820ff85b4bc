/// What the routing engine is doing for guidance (D-Bus `RoutingState`), most telling first.
public enum RoutingState: String, Sendable, Equatable, CaseIterable {
    /// No routing engine is configured.
    case none
    /// The last request did not reach the engine; RouteCue keeps trying.
    case unreachable
    /// A reroute request is with the engine.
    case rerouting
    /// A tour's ways are asked for.
    case routing
    /// A tour waits for the first fix, to route its first way from where the car is.
    case waitingForFix = "waiting-for-fix"
    /// An engine is there and nothing is asked of it.
    case ready

    /// The state for an engine that is configured (`engineConfigured`), last unreachable, answering a reroute,
    /// busy with a tour's ways, or waiting for a fix to route from: the first of these that holds.
    public init(engineConfigured: Bool, unreachable: Bool, rerouting: Bool, busy: Bool, awaitingFix: Bool) {
        self = !engineConfigured ? .none : unreachable ? .unreachable : rerouting ? .rerouting : busy ? .routing
            : awaitingFix ? .waitingForFix : .ready
    }
}

/// Where guidance stands, as the control interface says it (D-Bus `State`).
public enum GuidancePhase: String, Sendable, Equatable, CaseIterable {
    /// No guidance (no route, or stopped).
    case idle
    /// Guidance started, no fix has placed the car on the route yet.
    case waitingForFix = "waiting-for-fix"
    /// Following the route.
    case guiding
    /// Off the route.
    case offRoute = "off-route"
    /// At the destination.
    case arrived

    /// The phase of guidance in `state` (nil: no guidance).
    public init(_ state: GuidanceState?) {
        switch state {
        case nil: self = .idle
        case .acquiring: self = .waitingForFix
        case .onRoute: self = .guiding
        case .offRoute: self = .offRoute
        case .arrived: self = .arrived
        }
    }
}
