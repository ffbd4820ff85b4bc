import ALSAOutput
import EventLoopKit
import RouteCueCore

/// A playback device on a loop's virtual time, for `routecue simulate` and service-level tests: it plays clips as a
/// real-time device would — back to back, each taking its length, heard `outputLatency` after its frames are handed
/// over — and answers with the `PlaybackEvent`s of `AudioPlaybackThread` at the virtual instants they would come:
/// `started` when a clip's first frame is handed over, `finished` when its last frame has been heard, a word-boundary
/// stop at the first word boundary after what was handed over (plus a 3 ms fade), an immediate stop at once.
/// Optionally it writes what is heard into a `DriveAudioSink` (mono at the sink's rate), each clip where it is heard.
///
/// Called on the loop (by the audio service); its events go back through the loop like the thread's do.
public final class VirtualPlaybackDevice: PlaybackDevice, Sendable {
    private struct Clip {
        var clip: PlaybackClip
        /// When its first frame was handed over, once it started.
        var handedAt: UInt64?
        /// Source frames it will have played when it ends (its length, or the boundary a stop cuts it at).
        var limit: Int
        var outcome: PlaybackOutcome = .completed
        /// Its handing-over end and its heard end.
        var handOverEnd: LoopTimerID?
        var heardEnd: LoopTimerID?
    }

    private struct Route {
        let request: PCMRequest
        var list: [Clip] = []
        /// Clips whose frames are all handed over, still being heard: id → heard end timer.
        var ending: [Int: LoopTimerID] = [:]
        /// Handing-over is busy until then (the next clip starts there).
        var busyUntil: UInt64 = 0
        var idleTimer: LoopTimerID?
        var closeRequested = false
    }

    private struct State {
        var routes: [String: Route] = [:]
        var idleHold: Double = 2
        var events: (@Sendable (PlaybackEvent) -> Void)?
        var shutDown = false
        var failing: [String: String] = [:]
    }

    private let scheduler: any LoopScheduler
    private let state = LockedValue(State())
    /// Seconds from a frame handed over to it being heard (what an ALSA device's buffer adds).
    public let outputLatency: Double
    /// Touched only on the thread that drives the loop (the sink is the replay's alone).
    nonisolated(unsafe) private let sink: DriveAudioSink?
    private let sinkRate: Int
    /// The first sink write error, if any.
    private let sinkError = LockedValue<String?>(nil)
    private static let fadeSeconds = 0.003

    /// A device on `scheduler` reporting to `events`, with `outputLatency` from hand-over to ear; with `sink`, what
    /// is heard is written there at `sinkRate` (mono), the sink's sample 0 being the loop's instant 0.
    public init(scheduler: any LoopScheduler, outputLatency: Double = 0, sink: DriveAudioSink? = nil, sinkRate: Int = 22050,
                events: @escaping @Sendable (PlaybackEvent) -> Void) {
        self.scheduler = scheduler
        self.outputLatency = max(0, outputLatency)
        self.sink = sink
        self.sinkRate = sinkRate
        state.withLock { $0.events = events }
    }

    /// Makes opening `device` fail with `message` from now on (a test's missing device); nil heals it.
    public func setFailure(_ message: String?, for device: String) {
        state.withLock { $0.failing[device] = message }
    }

    /// Why writing to the sink failed, if it did.
    public var sinkFailure: String? { sinkError.withLock { $0 } }

    public func send(_ command: PlaybackCommand) {
        let now = scheduler.nowNanoseconds
        var out: [PlaybackEvent] = []
        state.withLock { state in
            guard !state.shutDown else { return }
            switch command {
            case .open(let request):
                if route(request, in: &state, now: now, out: &out) { scheduleIdleClose(request.device, in: &state, now: now) }
            case .play(let clip, let request):
                guard clip.channels == 1 || clip.channels == 2, clip.sampleRate > 0 else {
                    out.append(.finished(id: clip.id, .failed("clip \(clip.id): \(clip.channels) channels at \(clip.sampleRate) Hz cannot be played"),
                                         playedSourceFrames: 0, monotonicNanoseconds: now))
                    return
                }
                guard route(request, in: &state, now: now, out: &out) else {
                    out.append(.finished(id: clip.id, .failed(state.failing[request.device] ?? ""), playedSourceFrames: 0, monotonicNanoseconds: now))
                    return
                }
                state.routes[request.device]!.closeRequested = false
                state.routes[request.device]!.list.append(Clip(clip: clip, limit: clip.frameCount))
                startNext(request.device, in: &state, now: now, out: &out)
            case .stop(let id, let mode):
                stop(id, mode: mode, in: &state, now: now, out: &out)
            case .stopAll:
                for name in state.routes.keys.sorted() {
                    for id in state.routes[name]!.list.map(\.clip.id) { stop(id, mode: .immediately, in: &state, now: now, out: &out) }
                }
            case .close:
                for name in state.routes.keys.sorted() {
                    state.routes[name]!.closeRequested = true
                    closeIfIdle(name, in: &state, now: now, out: &out)
                }
            case .setIdleHold(let seconds):
                state.idleHold = max(0, seconds)
            }
        }
        emit(out)
    }

    public func shutdown() {
        let now = scheduler.nowNanoseconds
        var out: [PlaybackEvent] = []
        state.withLock { state in
            guard !state.shutDown else { return }
            for name in state.routes.keys.sorted() {
                for id in state.routes[name]!.list.map(\.clip.id) { stop(id, mode: .immediately, in: &state, now: now, out: &out) }
                for (id, timer) in state.routes[name]!.ending {
                    scheduler.cancel(timer: timer)
                    out.append(.finished(id: id, .stoppedImmediately, playedSourceFrames: 0, monotonicNanoseconds: now))
                }
                if let timer = state.routes[name]!.idleTimer { scheduler.cancel(timer: timer) }
                out.append(.closed(device: name))
            }
            state.routes.removeAll()
            state.shutDown = true
        }
        emit(out)
    }

    // MARK: Routes

    /// The open route for `request`, opened now if needed; false when it cannot open.
    private func route(_ request: PCMRequest, in state: inout State, now: UInt64, out: inout [PlaybackEvent]) -> Bool {
        if state.routes[request.device] != nil { return true }
        if let message = state.failing[request.device] {
            out.append(.deviceError(device: request.device, message: message))
            return false
        }
        state.routes[request.device] = Route(request: request, busyUntil: now)
        let periodFrames = max(1, Int(request.periodSeconds * Double(request.rate)))
        let configuration = PCMConfiguration(rate: request.rate, channels: request.channels, periodFrames: periodFrames,
                                             bufferFrames: periodFrames * max(2, request.periods))
        out.append(.opened(request, configuration, latencySeconds: outputLatency))
        return true
    }

    /// Starts the first listed clip if nothing is being handed over.
    private func startNext(_ name: String, in state: inout State, now: UInt64, out: inout [PlaybackEvent]) {
        guard var route = state.routes[name], let first = route.list.first, first.handedAt == nil else { return }
        cancelIdle(name, in: &state)
        route = state.routes[name]!
        let start = max(now, route.busyUntil)
        guard start <= now else { return }
        route.list[0].handedAt = start
        route.list[0].handOverEnd = scheduleHandOverEnd(name, id: first.clip.id, at: start + nanoseconds(frames: first.limit, rate: first.clip.sampleRate))
        state.routes[name] = route
        out.append(.started(id: first.clip.id, monotonicNanoseconds: start))
    }

    private func scheduleHandOverEnd(_ name: String, id: Int, at instant: UInt64) -> LoopTimerID? {
        try? scheduler.schedule(atNanoseconds: instant) { [weak self] in self?.handOverEnded(name, id: id) }
    }

    /// The last frame of clip `id` was handed over: the next one starts, and this one is heard to its end.
    private func handOverEnded(_ name: String, id: Int) {
        let now = scheduler.nowNanoseconds
        var out: [PlaybackEvent] = []
        var written: Clip?
        state.withLock { state in
            guard var route = state.routes[name], let index = route.list.firstIndex(where: { $0.clip.id == id }) else { return }
            let clip = route.list.remove(at: index)
            route.busyUntil = now
            let heardEnd = now + UInt64(outputLatency * 1e9)
            let outcome = clip.outcome, limit = clip.limit
            route.ending[id] = try? scheduler.schedule(atNanoseconds: heardEnd) { [weak self] in
                self?.heardEnded(name, id: id, outcome: outcome, played: limit)
            }
            state.routes[name] = route
            written = clip
            startNext(name, in: &state, now: now, out: &out)
        }
        if let written { write(written, played: written.limit) }
        emit(out)
    }

    private func heardEnded(_ name: String, id: Int, outcome: PlaybackOutcome, played: Int) {
        let now = scheduler.nowNanoseconds
        var out: [PlaybackEvent] = [.finished(id: id, outcome, playedSourceFrames: played, monotonicNanoseconds: now)]
        state.withLock { state in
            state.routes[name]?.ending[id] = nil
            closeIfIdle(name, in: &state, now: now, out: &out)
            if state.routes[name] != nil { scheduleIdleClose(name, in: &state, now: now) }
        }
        emit(out)
    }

    private func stop(_ id: Int, mode: PlaybackStopMode, in state: inout State, now: UInt64, out: inout [PlaybackEvent]) {
        for name in state.routes.keys.sorted() {
            guard var route = state.routes[name], let index = route.list.firstIndex(where: { $0.clip.id == id }) else { continue }
            var clip = route.list[index]
            guard let handed = clip.handedAt else {
                route.list.remove(at: index)
                state.routes[name] = route
                out.append(.finished(id: id, mode == .immediately ? .stoppedImmediately : .stoppedAtWordBoundary,
                                     playedSourceFrames: 0, monotonicNanoseconds: now))
                return
            }
            let rate = clip.clip.sampleRate
            let position = min(clip.limit, Int(Double(now - min(now, handed)) / 1e9 * Double(rate)))
            switch mode {
            case .immediately:
                if let timer = clip.handOverEnd { scheduler.cancel(timer: timer) }
                route.list.remove(at: index)
                route.busyUntil = now
                state.routes[name] = route
                out.append(.finished(id: id, .stoppedImmediately, playedSourceFrames: position, monotonicNanoseconds: now))
                clip.limit = position
                let stopped = clip
                // Written after the lock: the sink is not touched under it.
                pendingWrites.withLock { $0.append((stopped, position)) }
                startNext(name, in: &state, now: now, out: &out)
            case .atWordBoundary:
                if clip.outcome == .completed { clip.outcome = .stoppedAtWordBoundary }
                let fade = Int(Self.fadeSeconds * Double(rate))
                let boundary = clip.clip.boundaries.first { $0 >= position + fade && $0 <= clip.limit } ?? clip.limit
                clip.limit = boundary
                if let timer = clip.handOverEnd { scheduler.cancel(timer: timer) }
                clip.handOverEnd = scheduleHandOverEnd(name, id: id, at: handed + nanoseconds(frames: boundary, rate: rate))
                route.list[index] = clip
                state.routes[name] = route
            }
            return
        }
    }

    /// Clips stopped at once, to be written to the sink once the state lock is released.
    private let pendingWrites = LockedValue<[(Clip, Int)]>([])

    private func closeIfIdle(_ name: String, in state: inout State, now: UInt64, out: inout [PlaybackEvent]) {
        guard let route = state.routes[name], route.closeRequested, route.list.isEmpty, route.ending.isEmpty else { return }
        if let timer = route.idleTimer { scheduler.cancel(timer: timer) }
        state.routes[name] = nil
        out.append(.closed(device: name))
    }

    private func cancelIdle(_ name: String, in state: inout State) {
        if let timer = state.routes[name]?.idleTimer { scheduler.cancel(timer: timer) }
        state.routes[name]?.idleTimer = nil
    }

    /// Closes the route after the idle hold once nothing is listed or being heard.
    private func scheduleIdleClose(_ name: String, in state: inout State, now: UInt64) {
        guard let route = state.routes[name], route.list.isEmpty, route.ending.isEmpty else { return }
        cancelIdle(name, in: &state)
        state.routes[name]?.idleTimer = try? scheduler.schedule(atNanoseconds: now + UInt64(state.idleHold * 1e9)) { [weak self] in
            self?.idleHoldEnded(name)
        }
    }

    private func idleHoldEnded(_ name: String) {
        var out: [PlaybackEvent] = []
        state.withLock { state in
            guard let route = state.routes[name], route.list.isEmpty, route.ending.isEmpty else { return }
            state.routes[name] = nil
            out.append(.closed(device: name))
        }
        emit(out)
    }

    private func nanoseconds(frames: Int, rate: Int) -> UInt64 {
        UInt64((Double(frames) / Double(max(1, rate)) * 1e9).rounded())
    }

    private func emit(_ events: [PlaybackEvent]) {
        for (clip, played) in pendingWrites.withLock({ list -> [(Clip, Int)] in defer { list.removeAll() }; return list }) {
            write(clip, played: played)
        }
        guard let handler = state.withLock({ $0.events }) else { return }
        for event in events { handler(event) }
    }

    // MARK: The sink

    /// Writes the first `played` frames of `clip` (downmixed to mono, at the sink's rate, with its gain) at the
    /// instant its first frame is heard.
    private func write(_ clip: Clip, played: Int) {
        guard let sink, let handed = clip.handedAt, played > 0, sinkError.withLock({ $0 == nil }) else { return }
        let heard = Double(handed) / 1e9 + outputLatency
        let startSample = Int((heard * Double(sinkRate)).rounded())
        let source = clip.clip
        let outFrames = Int((Double(played) * Double(sinkRate) / Double(source.sampleRate)).rounded())
        var samples = [Int16](repeating: 0, count: outFrames)
        for index in 0..<outFrames {
            let frame = min(played - 1, index * source.sampleRate / sinkRate)
            var value = 0.0
            for channel in 0..<source.channels { value += Double(source.samples[frame * source.channels + channel]) }
            value = value / Double(source.channels) * source.gain
            samples[index] = Int16(max(-32768, min(32767, value.rounded())))
        }
        do {
            if startSample > sink.sampleCount { try sink.appendSilence(sampleCount: startSample - sink.sampleCount) }
            try sink.append(samples)
        } catch {
            sinkError.withLock { $0 = $0 ?? "\(error)" }
        }
    }
}
