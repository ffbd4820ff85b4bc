import DBusKit
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService
import XCTest

/// The ducking policy on virtual time with stand-in players: when the ramp starts and ends against the planned first
/// voice sample, the volume law per player, the hold between close cues, the exact restore, the user's volume, a player
/// quitting, the record on disk before the first change and what a restart does with it. The real mpv runs in
/// `MediaDuckingMPVTests`.
final class MediaDuckerTests: XCTestCase {
    /// A player that records every volume set with the virtual time it came at.
    @RouteCueLoop
    final class FakePlayer: DuckablePlayer {
        let busName: String
        let owner: String
        var playbackStatus = "Playing"
        var volume: Double?
        var canControl = true
        var sets: [(at: Double, volume: Double)] = []
        var pauses = 0
        var plays = 0
        let loop: ManualLoop
        /// The record on disk at each set.
        var recordAtSet: [DuckingRecord?] = []
        var stateDirectory: String?
        /// Reports lag (as mpv-mpris's do, up to 100 ms): `volume` changes only when the test says.
        var reportsLag = false

        init(_ busName: String, owner: String = ":1.7", volume: Double?, loop: ManualLoop) {
            self.busName = busName
            self.owner = owner
            self.volume = volume
            self.loop = loop
        }

        func setVolume(_ volume: Double, completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void) {
            sets.append((loop.now.seconds, volume))
            if let stateDirectory {
                let path = stateDirectory + "/ducking.json"
                recordAtSet.append((try? Data(contentsOf: URL(fileURLWithPath: path))).flatMap { try? DuckingRecord.parse(Array($0)) })
            }
            if !reportsLag { self.volume = volume }
            completion(.success(()))
        }

        func pause(completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void) {
            pauses += 1
            playbackStatus = "Paused"
            completion(.success(()))
        }

        func play(completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void) {
            plays += 1
            playbackStatus = "Playing"
            completion(.success(()))
        }
    }

    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ducker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var recordPath: String { directory.appendingPathComponent("ducking.json").path }

    func test_aPlannedCue_rampsDownBeforeItsFirstSample_holds_andRestoresTheOriginalVolumeExactly() throws {
        let stateDirectory = directory.path
        let (mpvSets, otherSets, recordsAtSets, recordAfter) = try RouteCueLoop.runAndWait { () -> ([(at: Double, volume: Double)], [(at: Double, volume: Double)], [DuckingRecord?], Bool) in
            let loop = ManualLoop()
            let ducker = MediaDucker(settings: DuckingSettings(), stateDirectory: stateDirectory, scheduler: loop, log: DaemonLog(level: .error))
            let mpv = FakePlayer("org.mpris.MediaPlayer2.mpv", volume: 0.57, loop: loop)
            mpv.stateDirectory = stateDirectory
            let other = FakePlayer("org.mpris.MediaPlayer2.vlc", owner: ":1.9", volume: 0.8, loop: loop)
            ducker.playerAppeared(mpv)
            ducker.playerAppeared(other)
            ducker.playersListed()
            // The cue is to be heard at 10 s; it plays from 9.9 s (output latency) to 12 s.
            ducker.cuePlanned(MonotonicInstant(seconds: 10))
            loop.advance(to: MonotonicInstant(seconds: 9.9).nanoseconds)
            ducker.outputsChanged(busy: true)
            ducker.cuePlanned(nil)
            loop.advance(to: MonotonicInstant(seconds: 12).nanoseconds)
            ducker.outputsChanged(busy: false)
            loop.advance(bySeconds: 5)
            return (mpv.sets, other.sets, mpv.recordAtSet, FileManager.default.fileExists(atPath: stateDirectory + "/ducking.json"))
        }
        let settings = DuckingSettings()
        let first = try XCTUnwrap(mpvSets.first)
        let down = try XCTUnwrap(mpvSets.firstIndex { abs($0.volume - 0.57 * cbrt(pow(10, -14.0 / 20))) < 1e-12 })
        print("mpv volume trace: " + mpvSets.map { String(format: "%.2f s %.4f", $0.at, $0.volume) }.joined(separator: ", "))
        let rampStart = 10 - settings.leadSeconds - settings.rampDownSeconds
        XCTAssertEqual(first.at, rampStart, accuracy: 0.001, "the ramp starts lead + ramp before the first word: \(first.at)")
        XCTAssertLessThanOrEqual(mpvSets[down].at, 10 - settings.leadSeconds + 0.001, "fully down lead_s before the first voice sample")
        XCTAssertGreaterThanOrEqual(down, 4, "a ramp of several steps, not a jump")
        XCTAssertTrue(zip(mpvSets[..<down], mpvSets[1...down]).allSatisfy { $0.volume > $1.volume }, "the ramp goes only down")
        let up = try XCTUnwrap(mpvSets.firstIndex { $0.at > 12.5 })
        XCTAssertTrue(mpvSets[up].at >= 12 + settings.holdSeconds - 0.001 && mpvSets[up].at <= 12 + settings.holdSeconds + MediaDucker.stepSeconds + 0.001,
                      "the music stays down for hold_s after the last output, then comes back: \(mpvSets[up].at)")
        XCTAssertEqual(mpvSets.last?.volume, 0.57, "restored to the very Double it had")
        XCTAssertEqual(mpvSets.last!.at, 12 + settings.holdSeconds + settings.rampUpSeconds, accuracy: 0.06)
        XCTAssertEqual(otherSets.last?.volume, 0.8)
        XCTAssertEqual(try XCTUnwrap(otherSets.first { abs($0.at - mpvSets[down].at) < 0.001 }).volume, 0.8 * pow(10, -14.0 / 20), accuracy: 1e-12,
                       "a linear player's volume is the gain itself")
        XCTAssertEqual(recordsAtSets.first??.players.first { $0.busName == "org.mpris.MediaPlayer2.mpv" }?.volume, 0.57,
                       "the volume to restore was on disk before the first change")
        XCTAssertFalse(recordAfter, "the record is removed once everything is back")
    }

    func test_closeCues_holdTheDuck_insteadOfPumping() throws {
        let sets = try RouteCueLoop.runAndWait { () -> [(at: Double, volume: Double)] in
            let loop = ManualLoop()
            let ducker = MediaDucker(settings: DuckingSettings(), stateDirectory: nil, scheduler: loop, log: DaemonLog(level: .error))
            let mpv = FakePlayer("org.mpris.MediaPlayer2.mpv", volume: 1, loop: loop)
            ducker.playerAppeared(mpv)
            ducker.cuePlanned(MonotonicInstant(seconds: 10))
            loop.advance(to: MonotonicInstant(seconds: 10).nanoseconds)
            ducker.outputsChanged(busy: true)
            // The next cue is 1.5 s after this one ends.
            ducker.cuePlanned(MonotonicInstant(seconds: 13.5))
            loop.advance(to: MonotonicInstant(seconds: 12).nanoseconds)
            ducker.outputsChanged(busy: false)
            loop.advance(to: MonotonicInstant(seconds: 13.5).nanoseconds)
            ducker.outputsChanged(busy: true)
            ducker.cuePlanned(nil)
            loop.advance(to: MonotonicInstant(seconds: 15).nanoseconds)
            ducker.outputsChanged(busy: false)
            loop.advance(bySeconds: 5)
            return mpv.sets
        }
        let between = sets.filter { $0.at > 10 && $0.at < 15 }
        XCTAssertTrue(between.isEmpty, "no volume change between cues 1.5 s apart: \(between)")
        XCTAssertEqual(sets.last?.volume, 1)
        XCTAssertGreaterThan(sets.last!.at, 15 + DuckingSettings().holdSeconds)
    }

    func test_theUsersVolumeDuringADuck_isKept_andAQuittingPlayerIsForgotten() throws {
        let stateDirectory = directory.path
        let (userSets, quitterSets, record) = try RouteCueLoop.runAndWait { () -> ([Double], [Double], DuckingRecord?) in
            let loop = ManualLoop()
            let ducker = MediaDucker(settings: DuckingSettings(), stateDirectory: stateDirectory, scheduler: loop, log: DaemonLog(level: .error))
            let user = FakePlayer("org.mpris.MediaPlayer2.mpv", volume: 0.9, loop: loop)
            let quitter = FakePlayer("org.mpris.MediaPlayer2.mpv.instance42", owner: ":1.8", volume: 0.6, loop: loop)
            ducker.playerAppeared(user)
            ducker.playerAppeared(quitter)
            ducker.outputsChanged(busy: true)
            loop.advance(bySeconds: 0.5)
            // Echoes of RouteCue's own sets change nothing.
            for set in user.sets { ducker.playerVolumeChanged(user, to: set.volume) }
            // The user turns the volume up to 0.75; the other player quits.
            user.volume = 0.75
            ducker.playerVolumeChanged(user, to: 0.75)
            ducker.playerVanished(quitter)
            let record = try? DuckingRecord.parse(Array(Data(contentsOf: URL(fileURLWithPath: stateDirectory + "/ducking.json"))))
            loop.advance(bySeconds: 1)
            ducker.outputsChanged(busy: false)
            loop.advance(bySeconds: 5)
            return (user.sets.map(\.volume), quitter.sets.map(\.volume), record)
        }
        XCTAssertEqual(userSets.last.map { $0 < 0.9 }, true, "nothing set after the user's change (the last set is a ducked one)")
        XCTAssertFalse(userSets.contains(0.9), "the old volume is not forced back over the user's")
        XCTAssertEqual(quitterSets.last.map { $0 < 0.6 }, true, "a player that quit is not restored")
        XCTAssertNil(record, "nothing left to restore: no record (\(String(describing: record)))")
    }

    func test_aRecordOfAnEarlierRun_restoresThatVeryPlayer_andLeavesANewProcessAlone() throws {
        let stateDirectory = directory.path
        let record = DuckingRecord(players: [
            .init(busName: "org.mpris.MediaPlayer2.mpv", owner: ":1.7", volume: 0.57, paused: false),
            .init(busName: "org.mpris.MediaPlayer2.vlc", owner: ":1.3", volume: 0.8, paused: false),
            .init(busName: "org.mpris.MediaPlayer2.gone", owner: ":1.4", volume: 0.8, paused: false),
        ])
        try record.jsonText.write(toFile: recordPath, atomically: false, encoding: .utf8)
        let (same, other, fileLeft) = try RouteCueLoop.runAndWait { () -> ([Double], [Double], Bool) in
            let loop = ManualLoop()
            let ducker = MediaDucker(settings: DuckingSettings(), stateDirectory: stateDirectory, scheduler: loop, log: DaemonLog(level: .error))
            let same = FakePlayer("org.mpris.MediaPlayer2.mpv", owner: ":1.7", volume: 0.3, loop: loop)
            let other = FakePlayer("org.mpris.MediaPlayer2.vlc", owner: ":1.12", volume: 0.5, loop: loop)
            ducker.playerAppeared(same)
            ducker.playerAppeared(other)
            ducker.playersListed()
            return (same.sets.map(\.volume), other.sets.map(\.volume), FileManager.default.fileExists(atPath: stateDirectory + "/ducking.json"))
        }
        XCTAssertEqual(same, [0.57], "the player ducked when RouteCue died gets its volume back")
        XCTAssertEqual(other, [], "another process under the same name keeps its own volume")
        XCTAssertFalse(fileLeft, "the record is gone once handled")
    }

    func test_pausedStoppedAndUncontrollablePlayersAreLeftAlone_andOneWithoutVolumeIsPausedWhenConfigured() throws {
        var settings = DuckingSettings()
        settings.withoutVolume = .pause
        let (paused, uncontrollable, noVolume) = try RouteCueLoop.runAndWait { () -> (Int, Int, (pauses: Int, plays: Int)) in
            let loop = ManualLoop()
            let ducker = MediaDucker(settings: settings, stateDirectory: nil, scheduler: loop, log: DaemonLog(level: .error))
            let paused = FakePlayer("org.mpris.MediaPlayer2.a", volume: 1, loop: loop)
            paused.playbackStatus = "Paused"
            let uncontrollable = FakePlayer("org.mpris.MediaPlayer2.b", volume: 1, loop: loop)
            uncontrollable.canControl = false
            let noVolume = FakePlayer("org.mpris.MediaPlayer2.c", volume: nil, loop: loop)
            for player in [paused, uncontrollable, noVolume] { ducker.playerAppeared(player) }
            ducker.outputsChanged(busy: true)
            loop.advance(bySeconds: 2)
            ducker.outputsChanged(busy: false)
            loop.advance(bySeconds: 5)
            return (paused.sets.count, uncontrollable.sets.count, (noVolume.pauses, noVolume.plays))
        }
        XCTAssertEqual(paused, 0)
        XCTAssertEqual(uncontrollable, 0)
        XCTAssertEqual(noVolume.pauses, 1, "paused for the cue")
        XCTAssertEqual(noVolume.plays, 1, "and resumed after it")
    }

    func test_preparation_isTheRampAndLeadWhileAPlayerWouldBeDucked_andEachChangeIsHeard() throws {
        let (values, heard) = try RouteCueLoop.runAndWait { () -> ([Double], [Double]) in
            let loop = ManualLoop()
            let ducker = MediaDucker(settings: DuckingSettings(), stateDirectory: nil, scheduler: loop, log: DaemonLog(level: .error))
            var heard: [Double] = []
            ducker.onPreparationChanged = { heard.append($0) }
            var values = [ducker.preparationSeconds]                        // no player
            let mpv = FakePlayer("org.mpris.MediaPlayer2.mpv", volume: 0.5, loop: loop)
            mpv.playbackStatus = "Paused"
            ducker.playerAppeared(mpv)
            values.append(ducker.preparationSeconds)                        // paused: nothing to duck
            mpv.playbackStatus = "Playing"
            ducker.playerStateChanged(mpv)
            values.append(ducker.preparationSeconds)                        // playing: ramp + lead
            ducker.promptsAudible = false
            values.append(ducker.preparationSeconds)                        // prompts silenced: no duck
            ducker.promptsAudible = true
            let silent = FakePlayer("org.mpris.MediaPlayer2.radio", volume: nil, loop: loop)
            ducker.playerAppeared(silent)                                   // no volume, left alone: changes nothing
            ducker.playerVanished(mpv)
            values.append(ducker.preparationSeconds)                        // only the one without volume is left
            return (values, heard)
        }
        let down = DuckingSettings().rampDownSeconds + DuckingSettings().leadSeconds
        XCTAssertEqual(down, 0.8, accuracy: 1e-9, "the shipped ramp (0.3 s) and lead (0.5 s)")
        XCTAssertEqual(values, [0, 0, down, 0, 0])
        XCTAssertEqual(heard, [down, 0, down, 0], "each change once")
    }

    /// Issue 30: the ducker and the real `OutputQueue` wired as the daemon wires them, on virtual time. An output
    /// nobody planned asks (`awaitingAudio`), the ramp starts then, and the output's first sample is heard `lead_s`
    /// after the ramp's last step; an output while the music is down starts at once; the restore stays exact.
    func test_anUnplannedOutput_asksFirst_andIsHeardLeadSecondsAfterTheRampsLastStep() throws {
        let settings = DuckingSettings()
        let (sets, heard, readiness, restored) = try RouteCueLoop.runAndWait { () -> ([(at: Double, volume: Double)], [Double], [AudioReadiness], Double?) in
            let loop = ManualLoop(startingAt: MonotonicInstant(seconds: 100).nanoseconds)
            let ducker = MediaDucker(settings: settings, stateDirectory: nil, scheduler: loop, log: DaemonLog(level: .error))
            let mpv = FakePlayer("org.mpris.MediaPlayer2.mpv", volume: 0.8, loop: loop)
            var queue = OutputQueue(startLatency: 0.05)
            var heard: [Double] = []
            var readiness: [AudioReadiness] = []
            var pending: [OutputQueueInput] = []
            // The daemon's wiring: the queue's events reach the ducker, the ducker's readiness reaches the queue.
            @RouteCueLoop func feed(_ input: OutputQueueInput) {
                pending.append(input)
                guard pending.count == 1 else { return }
                while let next = pending.first {
                    for action in queue.handle(next, at: loop.now) {
                        switch action {
                        case .event(.awaitingAudio): ducker.outputsChanged(busy: true)
                        case .event(.willPlay): ducker.outputsChanged(busy: true)
                        case .start: heard.append(loop.now.seconds + queue.startLatency)
                        default: break
                        }
                    }
                    pending.removeFirst()
                }
            }
            ducker.onReadinessChanged = { readiness.append($0); feed(.setAudioReadiness($0)) }
            readiness.append(ducker.readiness)
            ducker.playerAppeared(mpv)
            ducker.playersListed()
            @RouteCueLoop func run(until seconds: Double) {
                while loop.now.seconds < seconds - 1e-9 {
                    if let wake = queue.nextWakeup, wake <= loop.now { feed(.tick) }
                    loop.advance(bySeconds: 0.001)
                }
            }
            // A Speak at 110 s over full music, 1.5 s long.
            run(until: 110)
            feed(.enqueue(OutputRequest(id: 1, content: .speech(text: "Fuel station ahead", language: "en-US"), priority: .application)))
            run(until: 112)
            feed(.finished(id: 1, nil))
            // A second one while the music is still held down: no wait.
            run(until: 112.5)
            feed(.enqueue(OutputRequest(id: 2, content: .audioFile(path: "/prompt.wav"), priority: .application)))
            run(until: 113.5)
            feed(.finished(id: 2, nil))
            ducker.outputsChanged(busy: false)
            run(until: 120)
            return (mpv.sets, heard, readiness, mpv.volume)
        }
        let target = 0.8 * cbrt(pow(10, settings.levelDecibels / 20))
        let lastStep = try XCTUnwrap(sets.first { abs($0.volume - target) < 1e-12 }).at
        XCTAssertEqual(try XCTUnwrap(sets.first).at, 110, accuracy: 0.0015, "the ramp starts when the output asks")
        XCTAssertEqual(heard.count, 2)
        XCTAssertEqual(heard[0] - lastStep, settings.leadSeconds, accuracy: 0.0015, "heard lead_s after the last step")
        XCTAssertEqual(heard[0] - 110, settings.rampDownSeconds - MediaDucker.stepSeconds + settings.leadSeconds, accuracy: 0.0025,
                       "the wait: the ramp (its last step one step before its end) and the lead")
        XCTAssertEqual(heard[1], 112.5 + 0.05, accuracy: 0.0015, "music already down: at once")
        XCTAssertEqual(readiness.first, .ready, "nothing to lower before the player came")
        XCTAssertTrue(readiness.contains(.afterRequest(seconds: settings.rampDownSeconds - MediaDucker.stepSeconds + settings.leadSeconds)))
        XCTAssertEqual(restored, 0.8, "restored exactly")
        XCTAssertTrue(sets.filter { $0.at < 113.5 }.allSatisfy { $0.volume < 0.8 }, "down through both outputs")
    }

    /// Issue 30: while the session's role policy ducks for the route in use, RouteCue ducks nobody (nothing ducked
    /// twice), asks outputs to wait for nothing, and puts back a player it had lowered when the route changed to one.
    func test_whileTheSessionDucks_nothingIsDuckedTwice_andADuckInProgressIsPutBack() throws {
        let (setsWhileSession, readiness, preparation, restored) = try RouteCueLoop.runAndWait { () -> (Int, AudioReadiness, Double, Double?) in
            let loop = ManualLoop()
            let ducker = MediaDucker(settings: DuckingSettings(), stateDirectory: nil, scheduler: loop, log: DaemonLog(level: .error))
            let mpv = FakePlayer("org.mpris.MediaPlayer2.mpv", volume: 0.6, loop: loop)
            ducker.playerAppeared(mpv)
            ducker.sessionDucks = true
            ducker.cuePlanned(MonotonicInstant(seconds: 5))
            loop.advance(to: MonotonicInstant(seconds: 5).nanoseconds)
            ducker.outputsChanged(busy: true)
            loop.advance(bySeconds: 2)
            let setsWhileSession = mpv.sets.count
            let readiness = ducker.readiness, preparation = ducker.preparationSeconds
            // Back on a route without a role, mid-burst: lowered; then the route changes to one with a role again.
            ducker.sessionDucks = false
            loop.advance(bySeconds: 1)
            ducker.sessionDucks = true
            loop.advance(bySeconds: 5)
            return (setsWhileSession, readiness, preparation, mpv.volume)
        }
        XCTAssertEqual(setsWhileSession, 0, "RouteCue leaves the music to the session")
        XCTAssertEqual(readiness, .ready)
        XCTAssertEqual(preparation, 0)
        XCTAssertEqual(restored, 0.6, "put back exactly once the session ducks")
    }

    func test_restoreNow_putsTheVolumeBackAtOnce() throws {
        let (sets, doneCalled) = try RouteCueLoop.runAndWait { () -> ([Double], Bool) in
            let loop = ManualLoop()
            let ducker = MediaDucker(settings: DuckingSettings(), stateDirectory: nil, scheduler: loop, log: DaemonLog(level: .error))
            let mpv = FakePlayer("org.mpris.MediaPlayer2.mpv", volume: 0.7, loop: loop)
            ducker.playerAppeared(mpv)
            ducker.outputsChanged(busy: true)
            loop.advance(bySeconds: 1)
            var done = false
            ducker.restoreNow { done = true }
            return (mpv.sets.map(\.volume), done)
        }
        XCTAssertEqual(sets.last, 0.7)
        XCTAssertTrue(doneCalled)
    }

    func test_aDuckRightAfterARestore_takesTheRestoredVolume_notALateEchoOfTheRamp() throws {
        let sets = try RouteCueLoop.runAndWait { () -> [Double] in
            let loop = ManualLoop()
            var settings = DuckingSettings()
            settings.holdSeconds = 0
            let ducker = MediaDucker(settings: settings, stateDirectory: nil, scheduler: loop, log: DaemonLog(level: .error))
            let mpv = FakePlayer("org.mpris.MediaPlayer2.mpv", volume: 0.8, loop: loop)
            mpv.reportsLag = true
            ducker.playerAppeared(mpv)
            ducker.outputsChanged(busy: true)
            loop.advance(bySeconds: 1)
            ducker.outputsChanged(busy: false)
            loop.advance(bySeconds: 1)
            // Back at 0.8, but the player's last report is still a step of the ramp up.
            let stale = try! XCTUnwrap(mpv.sets.dropLast().last).volume
            mpv.volume = stale
            ducker.playerVolumeChanged(mpv, to: stale)
            ducker.outputsChanged(busy: true)
            loop.advance(bySeconds: 1)
            ducker.outputsChanged(busy: false)
            loop.advance(bySeconds: 2)
            return mpv.sets.map(\.volume)
        }
        XCTAssertEqual(sets.last, 0.8, "restored to the volume before the first duck, not the echo: \(sets)")
        XCTAssertEqual(sets.min() ?? 0, DuckingSettings().duckedVolume(0.8, law: .cubic), accuracy: 1e-12,
                       "the second duck lowers from 0.8 too, not from the echo")
        XCTAssertLessThanOrEqual(sets.max() ?? 1, 0.8)
    }

    func test_aPlannedCueThatNeverPlays_goesStale_andTheMusicComesBack() throws {
        let (sets, pending) = try RouteCueLoop.runAndWait { () -> ([(at: Double, volume: Double)], Int) in
            let loop = ManualLoop()
            let ducker = MediaDucker(settings: DuckingSettings(), stateDirectory: nil, scheduler: loop, log: DaemonLog(level: .error))
            let mpv = FakePlayer("org.mpris.MediaPlayer2.mpv", volume: 0.9, loop: loop)
            ducker.playerAppeared(mpv)
            // Planned at 10 s, but nothing ever plays and the plan is never updated.
            ducker.cuePlanned(MonotonicInstant(seconds: 10))
            loop.advance(to: MonotonicInstant(seconds: 30).nanoseconds)
            return (mpv.sets, loop.pendingTimerCount)
        }
        XCTAssertEqual(sets.first.map { $0.at } ?? 0, 9.25, accuracy: 0.06, "ducked ahead of the plan")
        XCTAssertEqual(sets.last?.volume, 0.9, "back once the plan went stale and the hold passed")
        XCTAssertLessThan(sets.last!.at, 10 + MediaDucker.staleSeconds + DuckingSettings().holdSeconds + 1)
        XCTAssertEqual(pending, 0, "nothing left armed (no timer chasing a past instant)")
    }

    func test_volumeLaws() {
        let settings = DuckingSettings()
        XCTAssertEqual(settings.volumeLaw(ofBusName: "org.mpris.MediaPlayer2.mpv.instance123"), .cubic)
        XCTAssertEqual(settings.volumeLaw(ofBusName: "org.mpris.MediaPlayer2.spotify"), .linear)
        // -14 dB: ×0.1995 of gain; mpv's gain is the cube of its volume.
        let mpv = settings.duckedVolume(1, law: .cubic)
        XCTAssertEqual(mpv * mpv * mpv, pow(10, -14.0 / 20), accuracy: 1e-12)
        XCTAssertEqual(settings.duckedVolume(0.5, law: .linear), 0.5 * pow(10, -14.0 / 20), accuracy: 1e-12)
    }
}
