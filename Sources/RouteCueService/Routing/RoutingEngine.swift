import HTTPKit
import RouteCueCore

/// The routing engine RouteCue asks for the ways a tour does not carry, the maneuvers of lines without their own and
/// the traffic signals on routes: Valhalla's HTTP API (`/route`, `/trace_route` answered in OSRM form,
/// `/trace_attributes`), or, for a URL whose path holds `/route/v1/PROFILE`, any OSRM-compatible service
/// (`/route/v1`, `/match/v1`; no signals). Builds each request, reads the answer into a route, and turns every failure
/// into an `InputError` of the routing engine naming the station (`stations[2]: routing engine
/// http://127.0.0.1:8002: unreachable (Connection refused)`).
public struct RoutingEngine: Sendable {
    /// Where the engine listens.
    public var endpoint: HTTPEndpoint
    /// How each leg is asked for (costing, language, units).
    public var query: ValhallaRouteQuery
    /// With an OSRM-compatible service, how each leg is asked for there instead.
    public var osrm: OSRMRouteQuery?
    /// Seconds one request may take in all.
    public var timeout: Double
    /// The limits its answers are read under (the configuration's `import`): `maxFileBytes` bounds the HTTP body.
    public var limits: ImportLimits
    /// The largest answer read (`limits.maxFileBytes`).
    public var maxBytes: Int { limits.maxFileBytes }
    /// Whether routes are looked up for their traffic signals (`routing.traffic_signals`).
    public var trafficSignals: Bool

    /// The engine of `settings` for a guidance in `language` and `units` of transport `mode`; nil when none is
    /// configured; a URL that cannot be used is an error naming `routing.engine_url`.
    public init?(settings: RoutingSettings, language: String, units: UnitSystem, mode: TransportMode,
                 limits: ImportLimits = ImportLimits()) throws(InputError) {
        guard let url = settings.engineURL else { return nil }
        do {
            endpoint = try HTTPEndpoint(url)
        } catch {
            throw InputError(.invalidValue, input: .configuration, location: "routing.engine_url", message: error.description)
        }
        query = ValhallaRouteQuery(costing: settings.costing ?? ValhallaRouteQuery.costing(for: mode), language: language, units: units)
        if let (profile, prefix) = OSRMRouteQuery.parse(basePath: endpoint.basePath) {
            osrm = OSRMRouteQuery(profile: profile)
            endpoint.basePath = prefix
        }
        timeout = settings.timeoutSeconds
        // OSRM's API has no attributes of the matched way.
        trafficSignals = settings.trafficSignals && osrm == nil
        self.limits = limits
    }

    /// The HTTP request for `leg`.
    public func request(for leg: RoutingRequest) -> HTTPRequest {
        if let osrm { return HTTPRequest(method: "GET", path: osrm.path(for: leg) ?? "/") }
        return .postJSON(query.path(for: leg), query.body(for: leg))
    }

    /// The most points one map-matching request may carry.
    public var maxMatchPoints: Int { osrm == nil ? ManeuverMatching.maxPointsPerPiece : OSRMRouteQuery.maxMatchPoints }

    /// What kind of engine it is, for the log: `Valhalla (auto, en-US)`, `OSRM (driving)`.
    public var kind: String {
        if let osrm { return "OSRM (\(osrm.profile); no traffic signals)" }
        return "Valhalla (\(query.costing), \(query.language))"
    }

    /// The answer's response when it is a 200, else the failure naming `leg`'s station (transient for a connection
    /// problem or a server error, so the request is asked again).
    private func response(_ result: Result<HTTPResponse, HTTPError>, for leg: RoutingRequest) -> Result<HTTPResponse, InputError> {
        switch result {
        case .success(let r) where r.status == 200:
            return .success(r)
        case .success(let r):
            let code: InputError.Code = r.status >= 500 ? .engineServerError : .engineRefused
            return .failure(failure(leg, code, "routing engine \(endpoint) answered \(r.status)\(Self.reason(r))"))
        case .failure(let error):
            return .failure(failure(leg, Self.code(of: error), "routing engine \(error)"))
        }
    }

    /// What went wrong in an exchange that gave no response: only not reaching the engine is worth trying again.
    private static func code(of error: HTTPError) -> InputError.Code {
        switch error {
        case .unreachable, .timedOut, .connectionLost, .unknownHost: .engineUnreachable
        case .malformedResponse: .syntax
        case .responseTooLarge: .tooLarge
        case .badURL: .invalidValue
        case .cancelled: .cancelled
        }
    }

    /// Reads what the engine answered for `leg`.
    public func route(from result: Result<HTTPResponse, HTTPError>, for leg: RoutingRequest) -> Result<Route, InputError> {
        let response: HTTPResponse
        switch self.response(result, for: leg) {
        case .success(let r): response = r
        case .failure(let error): return .failure(error)
        }
        do throws(InputError) {
            var answerOptions = ImportOptions(limits: limits)
            answerOptions.format = .osrm
            let route = try RouteReader.read(response.body, name: "answer of \(endpoint)", options: answerOptions)
            // A station far from any road of the map: the engine snaps it to the nearest one, kilometres away.
            if leg.purpose == .approach, let end = route.geometry.coordinates.last,
               case let gap = GeoMath.distance(end, leg.to), gap > TourImporter.maxRouteSnap {
                return .failure(failure(leg, .invalidValue, "routing engine \(endpoint) has no road near the station: its way ends \(Int(gap)) m from it"))
            }
            return .success(route)
        } catch {
            return .failure(failure(leg, error.code, "routing engine \(endpoint) gave an unreadable route: \(error)"))
        }
    }

    /// Reads the traffic signals the engine answered for `request` (a `signals` lookup).
    public func signals(from result: Result<HTTPResponse, HTTPError>, for request: RoutingRequest) -> Result<[Coordinate], InputError> {
        let response: HTTPResponse
        switch self.response(result, for: request) {
        case .success(let r): response = r
        case .failure(let error): return .failure(error)
        }
        do throws(InputError) {
            return .success(try TrafficSignalLandmarks.signals(inTraceAttributes: response.body, limits: limits))
        } catch {
            return .failure(failure(request, error.code, "routing engine \(endpoint) gave unreadable attributes: \(error)"))
        }
    }

    /// Asks for `leg` and waits (a command-line tool, or a thread made for it; never the event loop).
    public func routeBlocking(_ leg: RoutingRequest) -> Result<Route, InputError> {
        route(from: HTTPExchange.perform(request(for: leg), at: endpoint, timeout: timeout, maxBodyBytes: maxBytes), for: leg)
    }

    /// Reads the tour (or any route document) in `bytes`, asking the engine, blocking, for every way it lacks, or for
    /// the maneuvers of lines that bring none (`ManeuverMatching`; a line it cannot match keeps its derived maneuvers
    /// and `report` says why), then, with `trafficSignals`, for the signals on the route (`report` says how many).
    /// With `partly`, a tour whose later ways are missing is read up to the last stop before them (`report` says so).
    public func readBlocking(_ bytes: [UInt8], name: String, options: ImportOptions, partly: Bool = false,
                             report: (String) -> Void = { _ in }) throws(InputError) -> Route {
        let document = try RouteDocument(bytes, name: name, options: options)
        let legs = try TourRouting.legRequests(in: document, options: options)
        var route: Route
        if legs.isEmpty {
            let outcome = matchManeuversBlocking(try document.read(options: options))
            for note in Self.fallbackNotes(outcome, name: name) { report(note) }
            route = outcome.route
        } else {
            let missing: InputError?
            (route, missing) = try Self.readPartially(document, options: options, legs: legs, partly: partly) { _, leg in routeBlocking(leg) }
            if let missing { report(Self.partialNote(route, missing)) }
        }
        let note: String?
        (route, note) = withTrafficSignalsBlocking(route)
        if let note { report("\(name): \(note)") }
        return route
    }

    /// `route` with the traffic signals on its line as landmarks when `trafficSignals` is on, asked for blocking; a
    /// failed lookup leaves it as it is and says why in the note.
    public func withTrafficSignalsBlocking(_ route: Route) -> (route: Route, note: String?) {
        guard trafficSignals else { return (route, nil) }
        let requests = TrafficSignalLandmarks.requests(for: route)
        let answers = requests.map { signals(from: HTTPExchange.perform(self.request(for: $0), at: endpoint, timeout: timeout, maxBodyBytes: maxBytes), for: $0) }
        return Self.withTrafficSignals(route, answers)
    }

    /// `route` with the signals of `answers` (one per `TrafficSignalLandmarks.requests(for:)`), and a note.
    public static func withTrafficSignals(_ route: Route, _ answers: [Result<[Coordinate], InputError>]) -> (route: Route, note: String?) {
        var pieces: [[Coordinate]] = []
        for answer in answers {
            switch answer {
            case .success(let signals): pieces.append(signals)
            case .failure(let error): return (route, "traffic signals not looked up: \(error)")
            }
        }
        let (marked, placed) = TrafficSignalLandmarks.apply(TrafficSignalLandmarks.merged(pieces), to: route)
        return (marked, "\(placed) traffic signal\(placed == 1 ? "" : "s") marked as landmarks")
    }

    /// What to say about each leg of `outcome` that kept the maneuvers derived from its geometry.
    public static func fallbackNotes(_ outcome: ManeuverMatching.Outcome, name: String) -> [String] {
        outcome.fallbacks.map { "\(name): leg \($0.leg) keeps the maneuvers derived from its geometry: \($0.reason)" }
    }

    /// What to say about a tour read only up to a stop because `missing` failed.
    public static func partialNote(_ route: Route, _ missing: InputError) -> String {
        let stop = route.waypoints.last { $0.role == .via }?.name.map { " (\($0))" } ?? ""
        return "guiding to the last stop that has its way\(stop) for now, \(route.unresolvedWaypoints.count) waypoint\(route.unresolvedWaypoints.count == 1 ? "" : "s") after it asked for again: \(missing)"
    }

    /// `route` with the engine's maneuvers for the legs that have only derived ones, asked for blocking.
    public func matchManeuversBlocking(_ route: Route) -> ManeuverMatching.Outcome {
        let pieces = ManeuverMatching.pieces(for: route, maxPoints: maxMatchPoints)
        return ManeuverMatching.apply(pieces.map { routeBlocking($0.request) }, of: pieces, to: route)
    }

    /// The new route for `request` (from the car to the waypoints still ahead, as `RerouteTour` writes it), asked for
    /// blocking (a command-line tool's replay, or a thread made for it; never the event loop).
    public func rerouteBlocking(_ request: RerouteRequest, options: ImportOptions) -> Result<Route, InputError> {
        guard let bytes = RerouteTour.document(for: request) else {
            return .failure(InputError(.missing, input: .route, file: "reroute", message: request.position == nil ? "no position to route from" : "no waypoint left to route to"))
        }
        return Result { () throws(InputError) in
            try readBlocking(bytes, name: "reroute", options: RerouteTour.options(for: request, base: options))
        }
    }

    /// Reads `bytes` with the ways found for `legs` (`ways` gives each leg's by its index in `legs`, in station
    /// order); the first leg that has none fails the whole import with its error.
    static func read(_ bytes: [UInt8], name: String, options: ImportOptions, legs: [RoutingRequest],
                     ways: (Int, RoutingRequest) -> Result<Route, InputError>) throws(InputError) -> Route {
        let (route, missing) = try readPartially(RouteDocument(bytes, name: name, options: options), options: options, legs: legs,
                                                 partly: false, ways: ways)
        if let missing { throw missing }
        return route
    }

    /// Reads `document` with the ways found for `legs`. When a way is missing and `partly`, the tour up to the last
    /// regular stop before it, with the later stations as `Route.unresolvedWaypoints` (guidance asks for them again),
    /// and the missing way's error; else, or with no stop before it, or no more than 50 m to drive to it, that error is
    /// thrown.
    static func readPartially(_ document: RouteDocument, options: ImportOptions, legs: [RoutingRequest], partly: Bool,
                              ways: (Int, RoutingRequest) -> Result<Route, InputError>) throws(InputError) -> (Route, InputError?) {
        var options = options
        var missing: (station: Int, error: InputError)?
        for (k, leg) in legs.enumerated() {
            switch ways(k, leg) {
            case .success(let route):
                switch leg.purpose {
                case .approach: options.routedLegs[leg.station] = route
                case .traceThrough, .traceMatch: options.routedTraces[leg.station] = route
                case .lineMatch, .signals: break
                }
            case .failure(let error):
                if missing == nil { missing = (leg.station, error.inFile(document.name)) }
            }
        }
        guard let missing else { return (try document.read(options: options), nil) }
        guard partly, let limit = TourRouting.resolvableStations(in: document, before: missing.station) else { throw missing.error }
        options.resolvedStations = limit
        let route: Route
        do {
            route = try document.read(options: options)
        } catch {
            throw missing.error
        }
        // Only a part worth driving (not a car standing at the first stop with nothing routed yet).
        guard route.length > TourImporter.maxStraightGap else { throw missing.error }
        return (route, missing.error)
    }

    /// A failure of the engine for `leg`, named by its station: `code` says what went wrong, `message` in words.
    private func failure(_ leg: RoutingRequest, _ code: InputError.Code, _ message: String) -> InputError {
        InputError(code, input: .routingEngine, location: leg.path, message: message)
    }

    /// `: why` from a Valhalla (`error`, `error_code`) or OSRM (`code`, `message`) error body, if it has one.
    private static func reason(_ response: HTTPResponse) -> String {
        guard let root = try? RouteReader.parseJSON(response.body) else { return "" }
        let text = (try? root["error"]?.string()) ?? (try? root["message"]?.string()) ?? nil
        let code = (try? root["error_code"]?.int()).map { " (error \($0))" } ?? ((try? root["code"]?.string()).map { " (\($0))" } ?? "")
        guard let text else { return code }
        return ": \(text.prefix(200))\(code)"
    }
}
