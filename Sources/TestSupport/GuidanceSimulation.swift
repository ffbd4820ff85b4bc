import RouteCueCore

/// Replays a drive through a `GuidanceEngine` alone, for the engine's unit tests: fixes arrive with injected latency
/// and jitter, the engine's timers fire exactly when it asks, every text it wants rendered is measured by `render`,
/// and each cue it speaks is taken as heard exactly when and as long as the engine predicted. The audio side's own
/// decisions (the output queue's deadlines, what the device reports) are not here: `routecue simulate` and the drive
/// tests replay through the daemon's wiring (`DriveSimulator` in RouteCueService).
public struct GuidanceSimulation {
    /// What the run produced.
    public struct Result: Sendable {
        /// The cue log, in decision order.
        public var log: [CueLogEntry]
        /// The cues spoken, in order.
        public var spoken: [Cue]
        /// Reroute requests, with the instant they were made.
        public var reroutes: [(instant: MonotonicInstant, request: RerouteRequest)]
        /// Progress events, with their instants.
        public var events: [(instant: MonotonicInstant, event: ProgressEvent)]
        /// Maps the virtual clock to fix time.
        public var mapping: FixTimeMapping
        /// Fixes processed.
        public var fixCount: Int
    }

    /// Answers a reroute request with a new route (or nil: none comes), at an instant of the virtual clock.
    public typealias Router = (RerouteRequest, MonotonicInstant) -> Route?

    /// Runs `engine` over `fixes` (in file order, with `received` from the reader's virtual receive clock).
    /// `render` returns the spoken duration of a text in seconds; `played` sees each cue as it is played.
    public static func run(engine: inout GuidanceEngine, fixes: [Fix], options: SimulationOptions = SimulationOptions(),
                           render: (String) -> Double, router: Router? = nil,
                           played: ((Cue) -> Void)? = nil) -> Result {
        let arrivals = FixDelivery.arrivals(of: fixes, options: options)
        let lastArrival = arrivals.last?.received ?? .zero
        var result = Result(log: [], spoken: [], reroutes: [], events: [], mapping: FixTimeMapping(fixes: fixes),
                            fixCount: fixes.count)
        let end = lastArrival.advanced(bySeconds: options.tailSeconds)
        var next = 0
        var now = MonotonicInstant.zero
        while true {
            let fixAt = next < arrivals.count ? arrivals[next].received : nil
            let wake = options.fixTriggeredOnly ? nil : engine.nextWakeup.flatMap { $0 <= end ? $0 : nil }
            let input: GuidanceInput
            if let fixAt, wake.map({ fixAt <= $0 }) ?? true {
                now = max(now, fixAt)
                input = .fix(arrivals[next])
                next += 1
            } else if let wake {
                now = max(now, wake)
                input = .tick
            } else {
                break
            }
            var pending: [GuidanceInput] = [input]
            while !pending.isEmpty {
                let actions = engine.handle(pending.removeFirst(), at: now)
                for action in actions {
                    switch action {
                    case .render(let text):
                        pending.append(.rendered(text: text, seconds: render(text)))
                    case .speak(let cue):
                        result.log.append(CueLogEntry(seq: cue.id, event: .spoken, cue: cue, lang: engine.language,
                                                      audioStart: cue.audioStart, audioEnd: cue.audioEnd))
                        result.spoken.append(cue)
                        played?(cue)
                    case .logged(let entry):
                        result.log.append(entry)
                    case .reroute(let request):
                        result.reroutes.append((now, request))
                        if let route = router?(request, now) { pending.append(.newRoute(route)) }
                    case .progress(let event):
                        result.events.append((now, event))
                    }
                }
            }
            if engine.progress.state == .arrived, next >= arrivals.count, engine.nextWakeup == nil { break }
        }
        return result
    }
}
