import EventLoopKit
import Glibc

/// One open PCM and its play list, as the audio thread drives it: keeps at most two periods queued, plays the
/// listed clips back to back and silence between them. Owned by the audio thread.
final class PlaybackRoute {
    /// A clip fully written whose last frame is still in the device queue.
    struct PendingFinish {
        let id: Int
        let outcome: PlaybackOutcome
        let playedSourceFrames: Int
        /// The route's written-frame count just after the clip's last frame.
        let endFrame: Int
    }

    /// When the route next wants the loop to come back, and whether it waits for device room (poll the PCM).
    struct Wake {
        var atNanoseconds: UInt64
        var needsDeviceRoom: Bool
    }

    let request: PCMRequest
    let device: PCMDevice
    /// Clips to play; the first is the one playing (or about to).
    var list: [ClipPlayer] = []
    /// Clips written to the end, waiting for their last frame to play.
    var pendingFinishes: [PendingFinish] = []
    /// Set by `close`: close once idle instead of holding.
    var closeRequested = false
    /// When the route last became idle (nothing listed, nothing pending).
    private(set) var idleSince: UInt64
    /// Frames written since the device opened.
    private(set) var written = 0
    private var hasReportedOpen = false
    private var reportedUnderruns = 0
    private var silenceClockStart: UInt64
    private var silenceWritten = 0
    private let silence: [Int16]
    private var lastPlayed = 0
    /// Silence frames written since the last clip frame (some may have played already).
    private var silenceTail = 0
    private var lastProgressAt: UInt64
    /// A device holding frames that plays none of them for this long has stopped (its server or link died).
    private let stallNanoseconds: UInt64 = 2_000_000_000

    /// Frames the loop keeps queued at most: two periods.
    var targetFrames: Int { 2 * device.configuration.periodFrames }

    /// A route on a freshly opened device.
    init(request: PCMRequest, device: PCMDevice, now: UInt64) {
        self.request = request
        self.device = device
        idleSince = now
        silenceClockStart = now
        lastProgressAt = now
        silence = [Int16](repeating: 0, count: 2 * device.configuration.periodFrames * device.configuration.channels)
    }

    /// Whether nothing is listed or waiting to finish.
    var isIdle: Bool { list.isEmpty && pendingFinishes.isEmpty }

    /// Frames the device has played so far (written minus what is still queued).
    func playedFrames() throws(ALSAError) -> Int { written - (try device.delay()) }

    /// Tops the device queue up to two periods (clip frames first, else silence paced by the clock), reports
    /// clips that started or finished, and says when to come back.
    func service(now: UInt64, emit: (PlaybackEvent) -> Void) throws(ALSAError) -> Wake {
        let rate = device.configuration.rate
        let period = device.configuration.periodFrames
        var queued = try device.delay()
        if !hasReportedOpen {
            // Two periods kept queued, plus whatever delay the device reports before any frame is written.
            hasReportedOpen = true
            let latency = Double(targetFrames + queued - written) / Double(rate)
            emit(.opened(request, device.configuration, latencySeconds: latency))
        }
        reportUnderruns(emit)
        try checkProgress(played: written - queued, queued: queued, now: now)
        reportFinishes(played: written - queued, now: now, emit: emit)

        if let player = list.first, player.deviceStart == nil, silenceTail > 0 {
            // A clip after silence replaces the silence still queued instead of waiting behind it.
            let rewound = try device.rewind(upTo: min(silenceTail, queued))
            written -= rewound
            queued -= rewound
            silenceTail = 0
        }
        var room = targetFrames - queued
        var deviceFull = false
        var silenceBlocked = false
        if room > 0 { room = min(room, try device.available()) }
        while room > 0 {
            if let player = list.first {
                // A clip's first write is one period: its first frame reaches the device after converting
                // half as much, and the rest of the room is filled in the next turn of this loop.
                let chunk = player.next(frames: player.deviceStart == nil ? min(room, period) : room)
                let frames = chunk.count / device.configuration.channels
                if frames == 0 {
                    if player.isExhausted { finishCurrent(now: now, emit: emit); continue }
                    break
                }
                let handedAt = MonotonicClock.nanoseconds()
                let accepted = try device.write(chunk)
                if accepted > 0 && player.deviceStart == nil {
                    player.deviceStart = written
                    emit(.started(id: player.clip.id, monotonicNanoseconds: handedAt))
                }
                player.consumed(frames: accepted)
                if accepted > 0 { silenceTail = 0 }
                written += accepted
                queued += accepted
                room -= accepted
                if accepted < frames { deviceFull = true; break }
                if player.isExhausted { finishCurrent(now: now, emit: emit) }
            } else {
                // Unpaced PCMs (file, null) take everything at once: pace silence by the clock as well.
                let elapsed = Int((now > silenceClockStart ? now - silenceClockStart : 0) * UInt64(rate) / 1_000_000_000)
                let allowed = min(room, elapsed + 2 * targetFrames - silenceWritten)
                if allowed <= 0 { silenceBlocked = true; break }
                let accepted = try device.write(silence[0..<(allowed * device.configuration.channels)])
                silenceWritten += accepted
                silenceTail += accepted
                written += accepted
                queued += accepted
                room -= accepted
                if accepted < allowed { deviceFull = true; break }
            }
        }
        reportUnderruns(emit)
        // Measured again: an unpaced PCM (file, null) has already taken everything and can take more at once.
        queued = try device.delay()
        return wake(now: now, queued: queued, rate: rate, period: period, deviceFull: deviceFull, silenceBlocked: silenceBlocked)
    }

    /// Drops what the device holds (`snd_pcm_drop` + `snd_pcm_prepare`); clips waiting on their last frames
    /// are reported as stopped immediately.
    func dropQueued(now: UInt64, emit: (PlaybackEvent) -> Void) throws(ALSAError) {
        try device.dropAndPrepare()
        silenceTail = 0
        lastPlayed = written
        lastProgressAt = now
        for pending in pendingFinishes {
            emit(.finished(id: pending.id, .stoppedImmediately, playedSourceFrames: pending.playedSourceFrames, monotonicNanoseconds: now))
        }
        pendingFinishes.removeAll()
        restartSilenceClock(now)
        markIdleIfNeeded(now)
    }

    /// Removes the listed clip at `index` (after a stop) and notes idleness.
    func remove(at index: Int, now: UInt64) {
        list.remove(at: index)
        if index == 0 { restartSilenceClock(now) }
        markIdleIfNeeded(now)
    }

    /// Adds a clip to the end of the list.
    func append(_ player: ClipPlayer) {
        if isIdle { restartSilenceClock(MonotonicClock.nanoseconds()) }
        list.append(player)
    }

    private func finishCurrent(now: UInt64, emit: (PlaybackEvent) -> Void) {
        let player = list.removeFirst()
        pendingFinishes.append(PendingFinish(id: player.clip.id, outcome: player.outcome, playedSourceFrames: player.limit, endFrame: written))
        if player.deviceStart == nil {
            player.deviceStart = written
            emit(.started(id: player.clip.id, monotonicNanoseconds: now))
        }
        restartSilenceClock(now)
    }

    /// Throws when the device holds frames but has played none of them for `stallNanoseconds`: a dead JACK
    /// server or Bluetooth link leaves the PCM open but stuck, with no error from alsa-lib.
    private func checkProgress(played: Int, queued: Int, now: UInt64) throws(ALSAError) {
        if played != lastPlayed || queued == 0 {
            lastPlayed = played
            lastProgressAt = now
            return
        }
        guard now > lastProgressAt, now - lastProgressAt > stallNanoseconds else { return }
        throw ALSAError(call: "snd_pcm_delay", device: request.device, code: -EIO,
                        message: "the device stopped playing: \(queued) frames queued, none played for \(stallNanoseconds / 1_000_000) ms (state \(device.stateName))")
    }

    private func reportFinishes(played: Int, now: UInt64, emit: (PlaybackEvent) -> Void) {
        while let first = pendingFinishes.first, first.endFrame <= played {
            pendingFinishes.removeFirst()
            emit(.finished(id: first.id, first.outcome, playedSourceFrames: first.playedSourceFrames, monotonicNanoseconds: now))
        }
        markIdleIfNeeded(now)
    }

    private func reportUnderruns(_ emit: (PlaybackEvent) -> Void) {
        while reportedUnderruns < device.underrunCount {
            reportedUnderruns += 1
            emit(.underrun(device: request.device))
        }
    }

    private var wasIdle = true
    private func markIdleIfNeeded(_ now: UInt64) {
        if isIdle && !wasIdle { idleSince = now }
        wasIdle = isIdle
    }

    private func restartSilenceClock(_ now: UInt64) {
        silenceClockStart = now
        silenceWritten = 0
    }

    private func wake(now: UInt64, queued: Int, rate: Int, period: Int, deviceFull: Bool, silenceBlocked: Bool) -> Wake {
        func after(frames: Int) -> UInt64 { now + UInt64(max(0, frames)) * 1_000_000_000 / UInt64(rate) }
        let millisecond: UInt64 = 1_000_000
        // Come back when one period is left in the queue (never later than one period from now).
        var at: UInt64
        if silenceBlocked {
            at = after(frames: period / 2)
        } else if queued < period && !deviceFull {
            at = now
        } else {
            at = max(now + millisecond, after(frames: min(queued - period, period)))
        }
        if let first = pendingFinishes.first {
            at = min(at, max(now + millisecond / 2, after(frames: first.endFrame - (written - queued))))
        }
        return Wake(atNanoseconds: at, needsDeviceRoom: deviceFull)
    }
}
