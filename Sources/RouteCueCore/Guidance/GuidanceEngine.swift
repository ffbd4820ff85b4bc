/// The guidance engine: route progress plus notification timing, as one state machine on an injected
/// monotonic clock. Fixes, ticks and commands go in (`handle(_:at:)`); cues to speak, decisions for the log,
/// texts to render and reroute requests come out. It fires cues on timers predicted from the motion
/// (`nextWakeup`), not on fix arrival, and never starts a cue that would be late or overlap another.
public struct GuidanceEngine: Sendable {
    /// Progress along the current route.
    public internal(set) var progress: RouteProgress
    /// Timing options.
    public private(set) var timing: TimingOptions
    /// The active audio route's latency and pre-roll.
    public private(set) var audio: AudioRouteTiming
    /// Seconds the car's audio needs before a cue nobody could plan (`GuidanceInput.audioPreparation`).
    public private(set) var audioPreparation = 0.0
    /// Where the words come from (a phrase pack, or the built-in plain English).
    public private(set) var wording: CueWording
    /// Language tag written to the cue log.
    public var language: String { wording.language }
    /// Spoken durations, measured or estimated.
    public internal(set) var durations = CueDurations()
    /// The texts (full and short forms) of the cues that can come next, as of the last look: what is worth keeping
    /// rendered, each once, in the order the look considered their cues (so rendering them ahead goes in the same
    /// order in every run: espeak-ng carries state from one synthesis to the next). A text leaves it once its cue is
    /// said, skipped or passed.
    public internal(set) var upcomingTexts: [String] = []
    /// 0 for the first route, +1 for each new one.
    public private(set) var routeGeneration = 0
    /// When the engine next wants a `.tick`.
    public internal(set) var nextWakeup: MonotonicInstant?
    /// When the first word of the next planned cue is to be heard, as the last look placed it (nil: none placed).
    /// What must happen before a cue — music ducked, a hands-free link opened — starts from this.
    public internal(set) var nextCueHeard: MonotonicInstant?

    var plans: [Int: ManeuverPlan] = [:]
    var done: Set<CueKey> = []
    var spokenKeys: Set<CueKey> = []
    var memory = SpokenCueMemory()
    var playingUntil: MonotonicInstant?
    var playingID: Int?
    /// The candidate the playing cue came from, and whether it was an immediate one (for `audioInterrupted`).
    var playingCandidate: (candidate: CueCandidate, immediate: Bool)?
    var sequence = 0
    var pendingImmediate: [CueCandidate] = []
    var offRouteEpisodes = 0
    /// GPS outages seen (progress's `gpsLost` events), numbering the lost/regained cues.
    var gpsOutages = 0
    /// The outage whose lost cue was queued, and the one whose lost cue was heard.
    var gpsLostQueued: Int?
    var gpsLostSpoken: Int?
    /// When the departure cue is to be heard at the earliest (set as the route is acquired; nil: none due).
    var departureAt: MonotonicInstant?
    /// Instructions repeated on request (numbering their cues).
    var repeats = 0
    /// +1 each time something the journal must not lose happened: a cue of the route heard whole, a waypoint
    /// reached, the destination reached, a new route (`GuidanceEngine+Journal`).
    public internal(set) var journalRevision = 0
    /// Guidance resumed from the journal: the progress it was resumed with (until the car is placed on the route),
    /// and the destination to name once it is ("Continuing to …").
    var resumed: ResumedJournal?

    /// An engine guiding along `route`.
    public init(route: Route, progress options: ProgressOptions = ProgressOptions(), timing: TimingOptions = TimingOptions(),
                audio: AudioRouteTiming = AudioRouteTiming(), wording: CueWording = .plainEnglish) {
        self.progress = RouteProgress(route: route, options: options)
        self.timing = timing
        self.audio = audio
        self.wording = wording
    }

    /// The route being followed.
    public var route: Route { progress.route }

    /// Gives the engine new options (a configuration reload) keeping its route, its progress along it, what it has
    /// said and its sequence numbers: the next maneuvers are planned again with the new options (their units, stage
    /// table, wording), and nothing already spoken is repeated.
    public mutating func reconfigure(timing: TimingOptions, progress options: ProgressOptions, wording: CueWording,
                                     at now: MonotonicInstant) -> [GuidanceAction] {
        self.timing = timing
        self.wording = wording
        progress.reconfigure(options)
        plans.removeAll()
        var actions: [GuidanceAction] = []
        schedule(at: now, into: &actions)
        return actions
    }

    /// Handles one input at monotonic `now` and says what to do.
    public mutating func handle(_ input: GuidanceInput, at now: MonotonicInstant) -> [GuidanceAction] {
        var actions: [GuidanceAction] = []
        switch input {
        case .fix(let fix):
            let wasAcquiring = progress.state == .acquiring
            let events = progress.update(with: fix)
            if wasAcquiring, progress.state == .onRoute, routeGeneration == 0, resumed == nil,
               progress.estimate(at: now).distanceAlong < 150 {
                departureAt = timing.announceDeparture ? now.advanced(bySeconds: audioPreparation) : nil
            }
            handle(events, at: now, into: &actions)
        case .tick:
            handle(progress.tick(at: now), at: now, into: &actions)
        case .newRoute(let route):
            routeGeneration += 1
            journalRevision += 1
            resumed = nil
            playingCandidate = nil
            plans.removeAll()
            done.removeAll()
            spokenKeys.removeAll()
            pendingImmediate.removeAll { $0.kind != .reroute }
            departureAt = nil
            handle(progress.replaceRoute(route), at: now, into: &actions)
        case .skipToNextDestination:
            handle(progress.skipToNextDestination(at: now), at: now, into: &actions)
        case .repeatInstruction:
            queueRepeatedInstruction(now: now)
        case .rendered(let text, let seconds):
            durations.record(text, seconds: seconds)
        case .audioFinished(let id):
            if id == playingID, let key = playingCandidate?.candidate.key, HeardCue(key) != nil { journalRevision += 1 }
            if id == playingID { playingUntil = now.advanced(bySeconds: timing.gapSeconds); playingID = nil; playingCandidate = nil }
        case .audioInterrupted(let id):
            guard id == playingID else { break }
            playingUntil = nil
            playingID = nil
            if let (candidate, immediate) = playingCandidate {
                // Due again at once: the scheduler chooses its full words, its short form, or skips it, as for any cue.
                done.remove(candidate.key)
                spokenKeys.remove(candidate.key)
                if immediate { pendingImmediate.append(candidate) }
            }
            playingCandidate = nil
        case .audioRoute(let timing):
            audio = timing
        case .audioPreparation(let seconds):
            audioPreparation = max(0, seconds)
        }
        schedule(at: now, into: &actions)
        return actions
    }

    /// Turns progress events into actions and immediate cues.
    private mutating func handle(_ events: [ProgressEvent], at now: MonotonicInstant, into actions: inout [GuidanceAction]) {
        for event in events {
            actions.append(.progress(event))
            switch event {
            case .rerouteRequested(let request):
                actions.append(.reroute(request))
            case .offRoute:
                offRouteEpisodes += 1
                let text = wording.text(for: CuePhraseRequest(subject: .offRoute), units: timing.units)
                pendingImmediate.append(immediate(.offRoute(episode: offRouteEpisodes), kind: .reroute, leg: progress.leg,
                                                  text: text, now: now, within: 10))
            case .acquired:
                announceResumption(now: now, actions: &actions)
            case .waypointReached(let leg, let waypoint):
                journalRevision += 1
                guard let waypoint, waypoint.announced else { break }
                arrival(leg: leg, kind: .waypoint,
                        subject: .waypointReached(name: waypoint.name, nameLanguage: arrivalNameLanguage(endingLeg: leg)), now: now)
            case .gpsLost:
                gpsOutages += 1
            case .gpsRegained:
                gpsRegained(now: now)
            case .arrived:
                journalRevision += 1
                let leg = max(0, route.legs.count - 1)
                if route.unresolvedWaypoints.isEmpty {
                    let name = route.waypoints.last { $0.role == .destination }?.name
                    arrival(leg: leg, kind: .arrival,
                            subject: .destinationReached(name: name, nameLanguage: arrivalNameLanguage(endingLeg: leg)), now: now)
                } else {
                    // A tour resolved up to a stop: that stop is reached, not the destination.
                    let name = route.waypoints.last { $0.role == .via }?.name
                    arrival(leg: leg, kind: .waypoint,
                            subject: .waypointReached(name: name, nameLanguage: arrivalNameLanguage(endingLeg: leg)), now: now)
                }
            default:
                break
            }
        }
    }

    /// Reaching the end of `leg` is announced once: by the action cue of its `waypoint`/`arrive` maneuver when that
    /// was spoken, else now (the arrival radius was reached first, or the action had no time).
    private mutating func arrival(leg: Int, kind: CueKind, subject: CuePhraseRequest.Subject, now: MonotonicInstant) {
        let m = arrivalManeuver(endingLeg: leg)
        let key = m.map { CueKey.stage(maneuver: $0, .action) } ?? .arrival(leg: leg)
        guard !spokenKeys.contains(key), !pendingImmediate.contains(where: { $0.key == key }) else { return }
        done.remove(key)
        let text = wording.text(for: CuePhraseRequest(subject: subject), units: timing.units)
        var cue = immediate(key, kind: kind, leg: leg, text: text, now: now, within: 15)
        cue.maneuver = m
        cue.stage = m == nil ? nil : .action
        pendingImmediate.append(cue)
    }

    /// The language of the names where `leg` ends (its arrival maneuver's), for the name of the stop reached there.
    private func arrivalNameLanguage(endingLeg leg: Int) -> String? {
        route.maneuvers.last { $0.leg == leg && ($0.type == .waypoint || $0.type == .arrive) }?.nameLanguage
    }

    /// The `waypoint` or `arrive` maneuver at the end of `leg`, if the route has one.
    func arrivalManeuver(endingLeg leg: Int) -> Int? {
        route.maneuvers.last { $0.leg == leg && ($0.type == .waypoint || $0.type == .arrive) }?.index
    }

    /// A cue with no distance, to be spoken as soon as nothing else is playing, within `within` seconds.
    func immediate(_ key: CueKey, kind: CueKind, leg: Int, text: String, now: MonotonicInstant,
                           within: Double) -> CueCandidate {
        CueCandidate(key: key, kind: kind, stage: nil, maneuver: nil, leg: leg, full: text, short: nil, reference: nil,
                     heardAt: nil, target: nil, trueLower: -.infinity, endLeadSeconds: 0,
                     latestStart: now.advanced(bySeconds: within), priority: 5)
    }

    /// The next sequence number of the cue log.
    mutating func nextSequence() -> Int {
        sequence += 1
        return sequence
    }
}
