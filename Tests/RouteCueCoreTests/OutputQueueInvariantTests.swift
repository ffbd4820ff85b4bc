import RouteCueCore
import TestSupport
import XCTest

/// Issue 5 "Output queue": the queue's promises under long random sequences of commands, policy changes and
/// audio-side reports (in time, late, duplicated, stale), from seeded `SplitMix64` runs: every output gets exactly
/// one `didPlay`; one plays at a time; none starts late; priorities and FIFO hold at each start; events come in
/// order; an output to be heard starts only once the car's audio is ready (issue 30), or at its latest start.
final class OutputQueueInvariantTests: XCTestCase {
    func test_randomSequences_everyOutputGetsExactlyOneDidPlay_andNoneStartsLateOrOverlaps() {
        var totals: [String: Int] = [:]
        for seed in UInt64(1)...150 {
            let checker = Checker(seed: seed)
            checker.run(steps: 400)
            checker.drain()
            checker.checkEveryOutputEndedOnce()
            for (k, v) in checker.tally { totals[k, default: 0] += v }
            if checker.failed { break }
        }
        print("random output queue runs, outcomes: \(totals.sorted { $0.key < $1.key })")
        XCTAssertGreaterThan(totals["completed", default: 0], 0)
        XCTAssertGreaterThan(totals["interrupted", default: 0], 0)
        XCTAssertGreaterThan(totals["cancelled: \(OutputReason.deadlinePassed)", default: 0], 0)
        XCTAssertGreaterThan(totals["cancelled: \(OutputReason.muted)", default: 0], 0)
        XCTAssertGreaterThan(totals["awaited audio", default: 0], 0)
        XCTAssertGreaterThan(totals["started at its latest start before the audio was ready", default: 0], 0)
    }
}

/// One random run: drives an `OutputQueue` and a simulated audio side, and checks every action as it comes.
private final class Checker {
    var rng: SplitMix64
    let seed: UInt64
    var queue = OutputQueue()
    var now = MonotonicInstant(seconds: 100)
    var nextID = 1
    /// Requests handed in, by id.
    var requests: [Int: OutputRequest] = [:]
    /// `didPlay` count by id.
    var ended: [Int: Int] = [:]
    /// Per id: the verdict given, whether announced, whether started.
    var verdicts: [Int: OutputVerdict] = [:]
    var announced: [Int: OutputRendition] = [:]
    var startedIDs: [Int] = []
    /// Outputs that said they wait for the car's audio.
    var awaited: Set<Int> = []
    /// The audio side: the output it plays, whether it reported it begun, the stop asked for.
    var live: (id: Int, begun: Bool, stop: OutputStopMode?)?
    /// Outcome names and counts.
    var tally: [String: Int] = [:]
    var failed = false

    init(seed: UInt64) {
        self.seed = seed
        rng = SplitMix64(seed: seed)
    }

    func run(steps: Int) {
        for _ in 0..<steps {
            now = now.advanced(bySeconds: rng.nextUnit() * 0.4)
            if let wake = queue.nextWakeup, wake <= now {
                send(.tick, at: max(wake, now.earlier(bySeconds: 0.2)))
            }
            send(randomInput(), at: now)
        }
    }

    /// Lets everything end: no veto, the audio side finishes what plays, time runs far ahead.
    func drain() {
        send(.setPolicy(OutputPolicy()), at: now)
        send(.setAudioReadiness(.ready), at: now)
        var guardSteps = 0
        while queue.current != nil || !queue.queued.isEmpty, guardSteps < 1000 {
            now = now.advanced(bySeconds: 1)
            if let id = queue.current?.id { send(.finished(id: id, nil), at: now) } else { send(.tick, at: now) }
            guardSteps += 1
        }
        check(queue.current == nil && queue.queued.isEmpty, "the queue drains")
    }

    func checkEveryOutputEndedOnce() {
        for id in requests.keys.sorted() {
            check(ended[id] == 1, "output \(id) ended \(ended[id] ?? 0) times")
        }
    }

    // MARK: Inputs

    func randomInput() -> OutputQueueInput {
        let r = rng.nextUnit()
        switch r {
        case ..<0.30: return .enqueue(newRequest())
        case ..<0.33: return .play(newRequest())
        case ..<0.36: return .clearQueue
        case ..<0.38: return .skipCurrent
        case ..<0.39: return .supersedeCurrent
        case ..<0.41: return .stopAndClear
        case ..<0.46:
            let styles = PromptStyle.allCases
            let style = styles[Int(rng.next() % UInt64(styles.count))]
            return .setPolicy(OutputPolicy(muted: rng.nextUnit() < 0.2, promptStyle: rng.nextUnit() < 0.6 ? .normal : style,
                                           volume: rng.nextUnit() * 1.2))
        case ..<0.48: return .setStartLatency(rng.nextUnit() * 0.6)
        case ..<0.50:
            switch rng.nextUnit() {
            case ..<0.4: return .setAudioReadiness(.ready)
            case ..<0.6: return .setAudioReadiness(.afterRequest(seconds: rng.nextUnit() * 1.5))
            default: return .setAudioReadiness(.at(now.advanced(bySeconds: rng.nextUnit() * 2 - 0.3)))
            }
        case ..<0.53: return .failed(id: Int(rng.next() % UInt64(nextID + 2)), message: "random failure")
        case ..<0.57:
            let stale = Int(rng.next() % UInt64(nextID + 2))
            return rng.nextUnit() < 0.5 ? .finished(id: stale, nil) : .started(id: stale)
        case ..<0.62: return .tick
        default: return audioSideReport() ?? .tick
        }
    }

    func newRequest() -> OutputRequest {
        let id = nextID
        nextID += 1
        let priority = OutputPriority.allCases[Int(rng.next() % 4)]
        let contents: [OutputContent] = [.speech(text: "cue \(id)", language: "en-US"), .audioFile(path: "/x.wav"),
                                         .application(name: "ui")]
        let content = contents[rng.nextUnit() < 0.7 ? 0 : Int(rng.next() % 3)]
        let deadline: MonotonicInstant? = rng.nextUnit() < 0.3 ? nil : now.advanced(bySeconds: rng.nextUnit() * 6)
            .earlier(bySeconds: rng.nextUnit() < 0.1 ? 1 : 0)
        let request = OutputRequest(id: id, content: content, priority: priority, deadline: deadline)
        requests[id] = request
        return request
    }

    /// What the simulated audio side reports about the output it plays.
    func audioSideReport() -> OutputQueueInput? {
        guard let live else { return nil }
        if !live.begun, rng.nextUnit() < 0.5 { return .started(id: live.id) }
        switch live.stop {
        case .immediately?: return .finished(id: live.id, .stopped(.immediately))
        case .atWordBoundary?: return rng.nextUnit() < 0.8 ? .finished(id: live.id, .stopped(.atWordBoundary)) : .finished(id: live.id, nil)
        case nil: return rng.nextUnit() < 0.4 ? .finished(id: live.id, nil) : nil
        }
    }

    // MARK: Checks

    func send(_ input: OutputQueueInput, at instant: MonotonicInstant) {
        let latency = queue.startLatency
        let readiness = queue.audioReadiness
        let actions = queue.handle(input, at: instant)
        var startedNow: OutputRequest?
        for (index, action) in actions.enumerated() {
            switch action {
            case .prepare(let r):
                check(queue.queued.contains(r), "prepare \(r.id) is for a waiting output")
            case .start(let r, let rendition, let volume):
                check(live == nil, "start \(r.id) while \(live?.id ?? -1) plays")
                check(ended[r.id] == nil && !startedIDs.contains(r.id), "start \(r.id) once, before it ended")
                check(announced[r.id] == rendition, "willPlay \(r.id) before its start, same rendition")
                if index > 0 { check(actions[index - 1] == .event(.willPlay(id: r.id, rendition: rendition)), "willPlay just before start") }
                if let d = r.deadline { check(instant.advanced(bySeconds: latency) <= d, "start \(r.id) is heard by its deadline") }
                // Under the readiness and latency in force (an input that changes one starts by the new one).
                let inForce = if case .setAudioReadiness(let new) = input { new } else { readiness }
                let startLatency = if case .setStartLatency = input { queue.startLatency } else { latency }
                if case .at(let ready) = inForce, instant.advanced(bySeconds: startLatency) < ready {
                    let latest = r.deadline.map { instant >= $0.earlier(bySeconds: startLatency) } ?? false
                    check(latest, "start \(r.id) heard before the audio is ready and before its latest start")
                    if latest { tally["started at its latest start before the audio was ready", default: 0] += 1 }
                }
                check((0...1).contains(volume), "volume \(volume) within 0…1")
                if case .speech = r.content {} else { check(rendition == .asIs, "files and app audio are never toned") }
                live = (r.id, false, nil)
                startedIDs.append(r.id)
                startedNow = r
            case .stop(let id, let mode):
                check(live?.id == id, "stop \(id) is for the output that plays")
                if live?.stop != .immediately { live?.stop = mode }
            case .event(.awaitingAudio(let id)):
                check(!awaited.contains(id), "awaitingAudio \(id) once")
                check(verdicts[id] == nil && !startedIDs.contains(id) && ended[id] == nil, "awaitingAudio \(id) before shouldPlay, while it waits")
                check(live == nil, "awaitingAudio \(id) only while nothing plays")
                awaited.insert(id)
                tally["awaited audio", default: 0] += 1
            case .event(.shouldPlay(let id, let verdict)):
                check(verdicts[id] == nil && ended[id] == nil, "shouldPlay \(id) once, before it ended")
                verdicts[id] = verdict
            case .event(.willPlay(let id, let rendition)):
                let expected: OutputRendition? = switch verdicts[id] { case .play?: .asIs; case .tone?: .tone; default: nil }
                check(expected == rendition, "willPlay \(id) follows a shouldPlay that let it play")
                announced[id] = rendition
            case .event(.didPlay(let id, let outcome)):
                ended[id, default: 0] += 1
                check(requests[id] != nil, "didPlay \(id) for an output handed in")
                let wasStarted = startedIDs.contains(id)
                switch outcome {
                case .completed:
                    check(wasStarted, "\(id) completed without a start")
                    tally["completed", default: 0] += 1
                case .interrupted:
                    check(wasStarted, "\(id) interrupted without a start")
                    tally["interrupted", default: 0] += 1
                case .cancelled(let reason):
                    check(!wasStarted || reason == "random failure", "\(id) cancelled after its start: \(reason)")
                    tally["cancelled: \(reason)", default: 0] += 1
                }
                if live?.id == id { live = nil }
            }
        }
        if let r = startedNow {
            check(queue.queued.allSatisfy { $0.priority <= r.priority }, "\(r.id) started ahead of a higher priority")
            let samePriority = startedIDs.filter { requests[$0]?.priority == r.priority }
            check(samePriority == samePriority.sorted(), "FIFO within \(r.priority)")
        }
        check(queue.current?.id == live?.id, "the queue's current output is the one the audio side plays")
        for r in queue.queued {
            if let d = r.deadline { check(instant.advanced(bySeconds: queue.startLatency) < d, "\(r.id) waits past its latest start") }
        }
    }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition, !failed else { return }
        failed = true
        XCTFail("seed \(seed): \(message())")
    }
}
