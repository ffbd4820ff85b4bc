import DBusKit
import EventLoopKit
import RouteCueCore

/// Lowers the music while cues speak and puts it back exactly (docs/car-audio.md).
///
/// Only players that are `Playing` and `CanControl` are touched. The gain goes down in a ramp, linear in dB, that
/// ends `leadSeconds` before the first voice sample of a burst: the engine says when the next cue is to be heard
/// (`cuePlanned`), so the ramp starts ahead of it; the departure cue waits `preparationSeconds` for it; an output
/// nobody planned (a UI's Speak, a file, a chime) asks first (`outputsChanged(busy:)` on the queue's
/// `awaitingAudio`) and waits for `readiness`, so its first sample too is heard over lowered music. The music stays
/// down through the burst, `holdSeconds` after its last output, then comes back in `rampUpSeconds` to the very volume
/// it had (the last step sets the original `Double`). A volume change RouteCue did not make is the
/// user's: it is kept and becomes what is restored; a player that quits is forgotten; one without volume control is
/// paused and resumed, or left, as configured. The volumes to restore are in the state directory before the first
/// one goes down (`DuckingStateFile`) and are put back at the next start if RouteCue dies mid-duck.
@RouteCueLoop
public final class MediaDucker {
    /// A player lowered (or paused) now.
    private final class Ducked {
        let player: any DuckablePlayer
        /// The volume to put back (nil: paused instead).
        var original: Double?
        let law: DuckingSettings.VolumeLaw
        /// Every volume RouteCue set during this duck: a reported volume among them is RouteCue's own echo.
        var sent: [Double] = []
        var lastSet: Double?
        var paused = false

        init(player: any DuckablePlayer, original: Double?, law: DuckingSettings.VolumeLaw) {
            self.player = player
            self.original = original
            self.law = law
        }
    }

    /// The settings (a reload takes effect at the next duck; the level of a duck in progress stays).
    public var settings: DuckingSettings {
        didSet { notePreparation() }
    }
    /// The gain reduction applied now, in dB (0: not ducked; `settings.levelDecibels` when fully down).
    public private(set) var attenuation = 0.0
    /// What happened, for the log.
    private let log: DaemonLog
    private let scheduler: any LoopScheduler
    private let stateFile: DuckingStateFile?
    /// Players known now, by bus name.
    private var players: [String: any DuckablePlayer] = [:]
    private var ducked: [String: Ducked] = [:]
    /// Players put back whose reports may still be echoes of the ramp (a player reports a change up to 100 ms
    /// later): their restored volume and what RouteCue sent, until a report says the restored volume or the user's.
    private var settling: [String: (player: any DuckablePlayer, original: Double, sent: [Double])] = [:]
    /// Players whose volume the user changed during this duck: left alone until it ends.
    private var leftToUser: Set<String> = []
    /// The record of an earlier run that still has to be put back (its players not yet seen).
    private var pendingRestore: DuckingRecord?
    /// Outputs play or wait.
    private var busy = false
    /// Whether prompts can be heard at all (not muted, not silenced by a call): the music is ducked only then.
    public var promptsAudible = true {
        didSet {
            guard promptsAudible != oldValue else { return }
            evaluate()
            notePreparation()
        }
    }
    /// Whether the session's role-based policy lowers the music for the route in use
    /// (`DuckingSettings.ducksOverMPRIS`): RouteCue then ducks no player, and puts back what it ducked.
    public var sessionDucks = false {
        didSet {
            guard sessionDucks != oldValue else { return }
            evaluate()
            notePreparation()
        }
    }
    /// Hears each change of `preparationSeconds`.
    public var onPreparationChanged: (@RouteCueLoop (Double) -> Void)?
    private var announcedPreparation = 0.0
    /// Hears each change of `readiness` (the output queue waits for it).
    public var onReadinessChanged: (@RouteCueLoop (AudioReadiness) -> Void)?
    private var announcedReadiness = AudioReadiness.ready
    /// When the last step of the ramp down was sent (nil: the music is not down).
    private var loweredAt: MonotonicInstant?
    /// Stopping: nothing is ducked any more.
    private var finished = false
    /// When the first word of the next planned cue is to be heard.
    private var nextCueHeard: MonotonicInstant?
    /// Since when nothing needs the music down (the hold runs from here).
    private var heldSince: MonotonicInstant?
    private var ramp: (from: Double, to: Double, start: MonotonicInstant, seconds: Double)?
    /// Volumes of an earlier run being put back (until the player answers, its reported volume is still the ducked one).
    private var restoring: [String: Double] = [:]
    /// Volume sets not yet answered.
    private var setsInFlight = 0
    private var whenSettled: [@RouteCueLoop () -> Void] = []
    private lazy var stepTimer = LoopTimer(on: scheduler) { [weak self] in self?.step() }
    private lazy var decisionTimer = LoopTimer(on: scheduler) { [weak self] in self?.evaluate() }

    /// How often a ramp changes the volume (mpv coalesces changes within about 50 ms anyway).
    public nonisolated static let stepSeconds = 0.05
    /// A planned cue this long past its moment without playing no longer keeps the music down.
    public nonisolated static let staleSeconds = 2.0
    /// Two volumes this close are the same (a volume comes back from mpv through its percent: 0.57 → 0.5699999999999999).
    static let sameVolume = 1e-6

    /// A ducker on `scheduler`, keeping its record in `stateDirectory` (none: no crash safety). A record left there by
    /// an earlier run is read now and put back as its players appear.
    public init(settings: DuckingSettings, stateDirectory: String?, scheduler: any LoopScheduler, log: DaemonLog) {
        self.settings = settings
        self.scheduler = scheduler
        self.log = log
        stateFile = stateDirectory.map { DuckingStateFile(directory: $0) }
        guard let stateFile else { return }
        do {
            if let record = try stateFile.read(), !record.players.isEmpty {
                pendingRestore = record
                log.warning("ducking: \(record.players.count) player\(record.players.count == 1 ? "" : "s") still ducked by an earlier run; restoring as they appear")
            }
        } catch {
            log.error("ducking: \(stateFile.path) is damaged (\(error)); removing it")
            try? stateFile.remove()
        }
    }

    /// Whether any player is lowered or paused now.
    public var isDucking: Bool { !ducked.isEmpty }

    /// Seconds from the start of a ramp down to the first word it clears the way for (`rampDownSeconds` +
    /// `leadSeconds`) while some player would be ducked, else 0: how long a cue nobody planned ahead has to wait to be
    /// heard over music already down.
    public var preparationSeconds: Double {
        let lowered = players.values.contains { isDuckable($0) && ($0.volume != nil || settings.withoutVolume == .pause) }
        guard ducksNow, lowered else { return 0 }
        return settings.rampDownSeconds + settings.leadSeconds
    }

    /// When an output's first sample can be heard over lowered music, the players' own output latency
    /// (`leadSeconds`) included: at once while nothing would be lowered; `leadSeconds` after the ramp's last step while
    /// the music goes down or is down; while it is up or coming back, a ramp's length plus `leadSeconds` after an
    /// output asks (the ramp starts then).
    public var readiness: AudioReadiness {
        guard preparationSeconds > 0 else { return .ready }
        if let ramp, ramp.to < ramp.from {
            return .at(ramp.start.advanced(bySeconds: max(0, ramp.seconds - Self.stepSeconds) + settings.leadSeconds))
        }
        if ramp == nil, let loweredAt { return .at(loweredAt.advanced(bySeconds: settings.leadSeconds)) }
        return .afterRequest(seconds: max(0, settings.rampDownSeconds - Self.stepSeconds) + settings.leadSeconds)
    }

    private func notePreparation() {
        let seconds = preparationSeconds
        if seconds != announcedPreparation {
            announcedPreparation = seconds
            onPreparationChanged?(seconds)
        }
        noteReadiness()
    }

    private func noteReadiness() {
        let now = readiness
        guard now != announcedReadiness else { return }
        announcedReadiness = now
        onReadinessChanged?(now)
    }

    /// Whether RouteCue ducks at all now: enabled, prompts audible, not stopping, and not left to the session.
    private var ducksNow: Bool { settings.enabled && promptsAudible && !finished && !sessionDucks }

    /// Whether a duck takes `player` in: it plays, may be controlled and is not ignored.
    private func isDuckable(_ player: any DuckablePlayer) -> Bool {
        player.playbackStatus == "Playing" && player.canControl
            && !settings.ignoredPlayers.contains(DuckingSettings.playerName(ofBusName: player.busName))
    }

    // MARK: - What the guidance says

    /// The next planned cue is to be heard at `heard` (nil: none planned).
    public func cuePlanned(_ heard: MonotonicInstant?) {
        nextCueHeard = heard
        evaluate()
    }

    /// Whether outputs play or wait now.
    public func outputsChanged(busy: Bool) {
        self.busy = busy
        evaluate()
    }

    // MARK: - Players

    /// A player appeared (with its properties known).
    public func playerAppeared(_ player: any DuckablePlayer) {
        players[player.busName] = player
        restoreFromEarlierRun(player)
        if wantsDown || ramp != nil || !ducked.isEmpty { duck(player) }
        notePreparation()
    }

    /// The player list was read once the bus came up: players of an earlier run's record that are not there are gone.
    public func playersListed() {
        guard let record = pendingRestore else { return }
        let absent = record.players.filter { players[$0.busName]?.owner != $0.owner }
        for player in absent { log.info("ducking: \(player.busName) of the earlier run is gone; nothing to restore") }
        pendingRestore = nil
        writeRecord()
    }

    /// A player quit: forgotten, nothing to restore.
    public func playerVanished(_ player: any DuckablePlayer) {
        let busName = player.busName
        guard players[busName] === player else { return }
        players[busName] = nil
        settling[busName] = nil
        leftToUser.remove(busName)
        if ducked[busName]?.player === player, ducked.removeValue(forKey: busName) != nil {
            log.info("ducking: \(busName) quit while ducked; forgotten")
            writeRecord()
        }
        notePreparation()
    }

    /// The session bus went away: every player with it (the record stays, for players that come back as they were).
    public func busLost() {
        let names = Array(players.keys)
        players = [:]
        ducked = [:]
        settling = [:]
        leftToUser = []
        if !names.isEmpty { log.warning("ducking: the session bus went away with \(names.count) player\(names.count == 1 ? "" : "s")") }
        notePreparation()
    }

    /// A player reported its volume: RouteCue's own echo, or the user's choice.
    public func playerVolumeChanged(_ player: any DuckablePlayer, to volume: Double) {
        if let settled = settling[player.busName], settled.player === player,
           abs(volume - settled.original) <= Self.sameVolume || !settled.sent.contains(where: { abs($0 - volume) <= Self.sameVolume }) {
            // The restored volume reported, or the user's own: the player's reports are its own again.
            settling[player.busName] = nil
        }
        guard let entry = ducked[player.busName], entry.player === player else { return }
        if entry.sent.contains(where: { abs($0 - volume) <= Self.sameVolume }) { return }
        // Not a volume RouteCue set: the user turned it. That is the volume to restore, and it is theirs now.
        log.info("ducking: the volume of \(player.busName) was set to \(volume) while ducked; keeping it")
        ducked[player.busName] = nil
        leftToUser.insert(player.busName)
        writeRecord()
    }

    /// A player's playback status or controllability changed: one that starts playing during a duck is lowered too.
    public func playerStateChanged(_ player: any DuckablePlayer) {
        players[player.busName] = player
        if ducked[player.busName] == nil, wantsDown || ramp != nil { duck(player) }
        notePreparation()
    }

    // MARK: - Stopping

    /// Puts every player back at once (SIGTERM) and calls `done` when the players have answered.
    public func restoreNow(_ done: @escaping @RouteCueLoop () -> Void) {
        finished = true
        decisionTimer.set(nil)
        stepTimer.set(nil)
        ramp = nil
        loweredAt = nil
        noteReadiness()
        if !ducked.isEmpty {
            attenuation = 0
            resumePaused()
            apply()
            log.info("ducking: restored \(ducked.count) player\(ducked.count == 1 ? "" : "s") before exit")
        }
        afterSets { [weak self] in
            self?.finishRestore()
            done()
        }
    }

    // MARK: - Deciding

    /// The next planned cue's first word, unless it is stale (it passed `staleSeconds` ago without playing), while
    /// ducking is allowed at all.
    private func plannedCue(at now: MonotonicInstant) -> MonotonicInstant? {
        guard ducksNow, let heard = nextCueHeard,
              heard.advanced(bySeconds: Self.staleSeconds) > now else { return nil }
        return heard
    }

    /// Whether something needs the music down now: an output plays or waits, or the next planned cue's ramp is due.
    private func wantsDown(at now: MonotonicInstant) -> Bool {
        guard ducksNow else { return false }
        if busy { return true }
        return plannedCue(at: now).map { rampStart(for: $0) <= now } ?? false
    }

    private var wantsDown: Bool { wantsDown(at: scheduler.now) }

    private func rampStart(for heard: MonotonicInstant) -> MonotonicInstant {
        heard.earlier(bySeconds: settings.leadSeconds + settings.rampDownSeconds)
    }

    /// Decides from the state whether to ramp down, hold, or ramp back, and when to look again (never at an instant
    /// already past: a stale plan is no plan).
    private func evaluate() {
        let now = scheduler.now
        let planned = plannedCue(at: now)
        if wantsDown(at: now) {
            heldSince = nil
            if ducked.isEmpty && ramp == nil { beginDuck() }
            if attenuation > settings.levelDecibels, ramp?.to != settings.levelDecibels {
                startRamp(to: settings.levelDecibels, seconds: settings.rampDownSeconds)
            }
            // Look again when a planned cue that has not started goes stale.
            decisionTimer.set(busy ? nil : planned.map { $0.advanced(bySeconds: Self.staleSeconds) })
            return
        }
        // Not wanted down: the next cue's ramp (if any) starts later than now.
        let upcoming = planned.map(rampStart(for:))
        var next = upcoming
        let down = attenuation < 0 || (ramp.map { $0.to < 0 } ?? false)
        if down {
            let held = heldSince ?? now
            heldSince = held
            let releaseAt = held.advanced(bySeconds: settings.holdSeconds)
            if now < releaseAt {
                next = min(releaseAt, upcoming ?? releaseAt)
            } else if let upcoming, upcoming <= now.advanced(bySeconds: settings.rampUpSeconds + settings.holdSeconds) {
                // A cue due soon after the ramp back would only take the music down again: stay down for it.
            } else if ramp?.to != 0 {
                resumePaused()
                startRamp(to: 0, seconds: settings.rampUpSeconds)
            }
        }
        decisionTimer.set(next)
    }

    /// Takes note of the playing players and writes them down before any volume changes.
    private func beginDuck() {
        leftToUser = []
        for player in players.values.sorted(by: { $0.busName < $1.busName }) { duck(player, writing: false) }
        writeRecord()
        if !ducked.isEmpty {
            let names = ducked.keys.sorted().joined(separator: ", ")
            log.info("ducking: lowering \(names) by \(Self.decibels(-settings.levelDecibels)) dB")
        }
    }

    /// Adds `player` to the duck if it plays and may be controlled.
    private func duck(_ player: any DuckablePlayer, writing: Bool = true) {
        let name = player.busName
        guard ducked[name] == nil, !leftToUser.contains(name), isDuckable(player) else { return }
        // Just put back, its report may still be an echo of the ramp: the volume it was restored to is its own.
        var original = restoring[name] ?? player.volume
        var sent: [Double] = restoring[name].map { [$0] } ?? []
        if let settled = settling.removeValue(forKey: name), settled.player === player {
            if let reported = player.volume, settled.sent.contains(where: { abs($0 - reported) <= Self.sameVolume }) {
                original = settled.original
            }
            sent += settled.sent
        }
        let entry = Ducked(player: player, original: original, law: settings.volumeLaw(ofBusName: name))
        entry.lastSet = player.volume
        entry.sent = sent
        if entry.original == nil {
            guard settings.withoutVolume == .pause else { return }
            entry.paused = true
        }
        ducked[name] = entry
        if writing { writeRecord() }
        if entry.paused {
            player.pause { [weak self] result in
                if case .failure(let error) = result { self?.log.warning("ducking: cannot pause \(name): \(error)") }
            }
        } else if attenuation < 0 {
            apply(entry)
        }
    }

    private func resumePaused() {
        for entry in ducked.values where entry.paused {
            entry.paused = false
            let name = entry.player.busName
            entry.player.play { [weak self] result in
                if case .failure(let error) = result { self?.log.warning("ducking: cannot resume \(name): \(error)") }
            }
        }
    }

    // MARK: - Ramping

    private func startRamp(to target: Double, seconds: Double) {
        ramp = (from: attenuation, to: target, start: scheduler.now, seconds: seconds)
        loweredAt = nil
        noteReadiness()
        step()
    }

    private func step() {
        guard let ramp else { return }
        // Each step sets the level the ramp reaches one step later, so the first change is made at once and the last
        // one a step before the ramp's end: the music is down `leadSeconds` before the first word, not a step after.
        let elapsed = scheduler.now.seconds(since: ramp.start) + Self.stepSeconds
        let done = ramp.seconds <= 0 || elapsed >= ramp.seconds - 1e-9
        attenuation = done ? ramp.to : ramp.from + (ramp.to - ramp.from) * elapsed / ramp.seconds
        apply()
        if done {
            self.ramp = nil
            loweredAt = ramp.to < ramp.from ? scheduler.now : nil
            noteReadiness()
            stepTimer.set(nil)
            if attenuation == 0 { afterSets { [weak self] in self?.rampedBack() } }
            evaluate()
        } else {
            stepTimer.set(scheduler.now.advanced(bySeconds: Self.stepSeconds))
        }
    }

    private func apply() {
        for entry in ducked.values { apply(entry) }
    }

    /// Sets `entry`'s volume for the current attenuation; at 0 dB that is its original value itself.
    private func apply(_ entry: Ducked) {
        guard let original = entry.original, !entry.paused else { return }
        let volume = DuckingSettings.volume(original, loweredBy: attenuation, law: entry.law)
        guard volume != entry.lastSet else { return }
        entry.lastSet = volume
        entry.sent.append(volume)
        if entry.sent.count > 256 { entry.sent.removeFirst(entry.sent.count - 256) }
        let name = entry.player.busName
        send(volume, to: entry.player) { [weak self] result in
            if case .failure(let error) = result { self?.log.warning("ducking: volume of \(name) not set: \(error)") }
        }
    }

    /// Sets a player's volume, counting the sets in flight (a restore is done when they are answered).
    private func send(_ volume: Double, to player: any DuckablePlayer,
                      _ completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void) {
        setsInFlight += 1
        player.setVolume(volume) { [weak self] result in
            completion(result)
            guard let self else { return }
            self.setsInFlight -= 1
            guard self.setsInFlight == 0 else { return }
            let waiting = self.whenSettled
            self.whenSettled = []
            for body in waiting { body() }
        }
    }

    private func afterSets(_ body: @escaping @RouteCueLoop () -> Void) {
        if setsInFlight == 0 { body() } else { whenSettled.append(body) }
    }

    /// The ramp back ended and the players answered: the duck is over, unless a new one began meanwhile.
    private func rampedBack() {
        guard attenuation == 0, ramp == nil, !wantsDown else { return }
        let count = ducked.count
        finishRestore()
        if count > 0 { log.info("ducking: restored \(count) player\(count == 1 ? "" : "s")") }
    }

    private func finishRestore() {
        for (name, entry) in ducked where !entry.paused {
            if let original = entry.original { settling[name] = (entry.player, original, entry.sent) }
        }
        ducked = [:]
        leftToUser = []
        heldSince = nil
        writeRecord()
    }

    private static func decibels(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }

    // MARK: - The record

    /// Puts back a player the record of an earlier run names, if it is that very player.
    private func restoreFromEarlierRun(_ player: any DuckablePlayer) {
        guard var record = pendingRestore, let index = record.players.firstIndex(where: { $0.busName == player.busName }) else { return }
        let saved = record.players.remove(at: index)
        pendingRestore = record
        guard saved.owner == player.owner else {
            log.info("ducking: \(player.busName) is another process than the one ducked by the earlier run; left alone")
            writeRecord()
            return
        }
        if let volume = saved.volume {
            log.info("ducking: restoring \(player.busName) to volume \(volume) (ducked when RouteCue last stopped)")
            restoring[player.busName] = volume
            send(volume, to: player) { [weak self] result in
                guard let self else { return }
                if case .failure(let error) = result { self.log.warning("ducking: \(player.busName) not restored: \(error)") }
                self.restoring[player.busName] = nil
                self.writeRecord()
            }
        } else if saved.paused {
            log.info("ducking: resuming \(player.busName) (paused when RouteCue last stopped)")
            player.play { _ in }
            writeRecord()
        }
    }

    /// Writes what must be put back now (the players ducked and those of an earlier run not yet seen), or removes
    /// the file when there is nothing.
    private func writeRecord() {
        guard let stateFile else { return }
        var players = (pendingRestore?.players ?? [])
        for (name, volume) in restoring.sorted(by: { $0.key < $1.key }) where ducked[name] == nil {
            if let player = self.players[name] { players.append(DuckingRecord.Player(busName: name, owner: player.owner, volume: volume, paused: false)) }
        }
        for name in ducked.keys.sorted() {
            guard let entry = ducked[name] else { continue }
            players.append(DuckingRecord.Player(busName: name, owner: entry.player.owner, volume: entry.original, paused: entry.paused))
        }
        do {
            if players.isEmpty { try stateFile.remove() } else { try stateFile.write(DuckingRecord(players: players)) }
        } catch {
            log.error("ducking: \(stateFile.path): \(error); a crash now would leave the music ducked")
        }
    }
}
