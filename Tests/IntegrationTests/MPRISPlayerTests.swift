import DBusKit
import EventLoopKit
import Foundation
import Glibc
import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

/// The MPRIS client layer against a real mpv with mpv-mpris on a private session bus (and, for players that are
/// not mpv, a small python-dbus player): the directory finds players at start and later, follows each through its
/// properties and sees it vanish; Volume set by us or by a user is reported as the player reports it. The tests
/// print what they measure of mpv-mpris (Volume round trip, PropertiesChanged delay and coalescing, the gain law).
final class MPRISPlayerTests: XCTestCase {
    private var bus: DBusDaemonProcess?
    private var connection: BusConnection?
    private var directory: MediaPlayerDirectory?
    private var mpvs: [MPVPlayerProcess] = []
    private var fakes: [FakeMPRISPlayer] = []
    private var helpers: [Process] = []
    private var folder: URL?
    private let records = Collected<Record>()

    /// One event or change the directory and its players reported, with when it arrived.
    struct Record: Sendable, CustomStringConvertible {
        enum Kind: String, Sendable { case appeared, vanished, status, volume, canControl, gone, listed }
        let kind: Kind
        let name: String
        let volume: Double?
        /// PlaybackStatus at the moment (for appeared and status records).
        var status: String?
        let at: UInt64
        var description: String { "\(kind.rawValue) \(name)" + (volume.map { " \($0)" } ?? "") }
    }

    /// What a player showed at one moment, read on the loop.
    struct PlayerState: Sendable, Equatable {
        let busName: String
        let owner: String
        let identity: String?
        let playbackStatus: String
        let volume: Double?
        let canControl: Bool
        let isReady: Bool
        let hasVanished: Bool
    }

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        let bus = try DBusDaemonProcess(.session)
        self.bus = bus
        folder = try CommandRunner.temporaryDirectory()
        connection = try connectToBus(bus.address)
    }

    override func tearDown() {
        let (connection, directory) = (connection, directory)
        _ = try? onLoop {
            directory?.stop()
            connection?.close()
        }
        self.directory = nil
        for mpv in mpvs { mpv.stop() }
        for fake in fakes { fake.stop() }
        for helper in helpers where helper.isRunning {
            kill(helper.processIdentifier, SIGKILL)
            helper.waitUntilExit()
        }
        bus?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    // MARK: - Fixtures

    /// A 10 s stereo tone (written in Swift, no sox needed), made once per test.
    private var tone: URL {
        get throws {
            let url = folder!.appendingPathComponent("tone.wav")
            if !FileManager.default.fileExists(atPath: url.path) { try MPVPlayerProcess.writeTone(to: url) }
            return url
        }
    }

    @discardableResult
    private func startMPV(volume: Double = 100, extraArguments: [String] = [], file: URL? = nil) throws -> MPVPlayerProcess {
        try MPVPlayerProcess.require()
        let mpv = try MPVPlayerProcess(on: bus!, playing: file ?? tone, volume: volume, extraArguments: extraArguments)
        mpvs.append(mpv)
        print("MEASURED: mpv PID \(mpv.pid) took \(mpv.busName) \(String(format: "%.3f", mpv.secondsToBusName)) s after spawn")
        return mpv
    }

    private func startFake(_ mode: FakeMPRISPlayer.Mode, name: String = "org.mpris.MediaPlayer2.fake",
                           nameFlags: FakeMPRISPlayer.NameFlags = .doNotQueue) throws -> FakeMPRISPlayer {
        try FakeMPRISPlayer.require()
        let fake = try FakeMPRISPlayer(mode, name: name, nameFlags: nameFlags, on: bus!, in: folder!)
        fakes.append(fake)
        return fake
    }

    /// Starts the directory, recording its events and every change of the players it announces.
    @discardableResult
    private func startDirectory() throws -> MediaPlayerDirectory {
        let connection = connection!
        let records = records
        let directory = try onLoop {
            let directory = MediaPlayerDirectory(connection: connection) { event in
                let now = MonotonicClock.nanoseconds()
                switch event {
                case .appeared(let player):
                    records.append(Record(kind: .appeared, name: player.busName, volume: player.volume,
                                          status: player.playbackStatus, at: now))
                    player.onChange = { player, change in
                        let now = MonotonicClock.nanoseconds()
                        switch change {
                        case .playbackStatus:
                            records.append(Record(kind: .status, name: player.busName, volume: nil, status: player.playbackStatus, at: now))
                        case .volume(let volume): records.append(Record(kind: .volume, name: player.busName, volume: volume, at: now))
                        case .canControl: records.append(Record(kind: .canControl, name: player.busName, volume: nil, at: now))
                        case .vanished: records.append(Record(kind: .gone, name: player.busName, volume: nil, at: now))
                        }
                    }
                case .vanished(let player):
                    records.append(Record(kind: .vanished, name: player.busName, volume: nil, at: now))
                }
            }
            directory.onListed = { records.append(Record(kind: .listed, name: "", volume: nil, at: MonotonicClock.nanoseconds())) }
            directory.start()
            return directory
        }
        self.directory = directory
        return directory
    }

    private func state(_ name: String) -> PlayerState? {
        let directory = directory!
        return try? onLoop {
            directory.players[name].map {
                PlayerState(busName: $0.busName, owner: $0.owner, identity: $0.identity, playbackStatus: $0.playbackStatus,
                            volume: $0.volume, canControl: $0.canControl, isReady: $0.isReady, hasVanished: $0.hasVanished)
            }
        }
    }

    private var playerNames: [String] {
        let directory = directory!
        return (try? onLoop { directory.players.keys.sorted() }) ?? []
    }

    private var isListed: Bool {
        let directory = directory!
        return (try? onLoop { directory.isListed }) ?? false
    }

    private func count(_ kind: Record.Kind, _ name: String) -> Int {
        records.all.count(where: { $0.kind == kind && $0.name == name })
    }

    /// Waits until a record of `kind` for `name` beyond the first `after` ones arrives (of `volume`, or of a volume
    /// other than `otherThan`, when given); that record.
    @discardableResult
    private func waitFor(_ kind: Record.Kind, _ name: String, after: Int = 0, volume: Double? = nil, otherThan: Double? = nil,
                         within seconds: Double = 5, file: StaticString = #filePath, line: UInt = #line) -> Record? {
        var found: Record?
        let arrived = PollingWait.until(timeout: seconds) {
            found = records.all.filter { $0.kind == kind && $0.name == name }.dropFirst(after)
                .first { (volume == nil || $0.volume == volume) && (otherThan == nil || $0.volume != otherThan) }
            return found != nil
        }
        if !arrived { XCTFail("no \(kind.rawValue) of \(name) within \(seconds) s; records: \(records.all)", file: file, line: line) }
        return found
    }

    private func setVolume(_ name: String, _ volume: Double, file: StaticString = #filePath, line: UInt = #line) throws -> Result<Void, BusError> {
        let directory = directory!
        let done = Awaited<Result<Void, BusError>>()
        try onLoop {
            guard let player = directory.players[name] else { return done.set(.failure(BusError(.serviceUnknown, "no \(name)"))) }
            player.setVolume(volume) { done.set($0) }
        }
        return try done.wait(10, "the answer to setVolume(\(volume))", file: file, line: line)
    }

    private func ownerOnBus(_ name: String) throws -> String {
        let reply = try bus!.dbusSend(destination: "org.freedesktop.DBus", path: "/", method: "org.freedesktop.DBus.GetNameOwner",
                                      ["string:\(name)"])
        return reply.stdout.split(separator: "\"").dropFirst().first.map(String.init) ?? "?"
    }

    // MARK: - Finding players

    func test_anMPVRunningAtStart_isListedPlaying_andOneStartedLater_isAPlayerOfItsOwn() throws {
        let first = try startMPV(volume: 40)
        try startDirectory()
        waitFor(.appeared, first.busName)
        waitFor(.listed, "")
        XCTAssertEqual(records.all.map(\.kind).prefix(2), [.appeared, .listed], "the listed player appears before isListed")
        XCTAssertTrue(isListed)
        let player = try XCTUnwrap(state(first.busName))
        XCTAssertEqual(player.busName, "org.mpris.MediaPlayer2.mpv")
        XCTAssertEqual(player.owner, try ownerOnBus(first.busName))
        XCTAssertEqual(player.identity, "mpv")
        XCTAssertEqual(player.playbackStatus, "Playing")
        XCTAssertTrue(player.canControl)
        XCTAssertTrue(player.isReady)
        XCTAssertEqual(player.volume, 0.4, "--volume=40 at start is MPRIS Volume 0.4")
        print("MEASURED: --volume=40 at start → GetAll Volume \(player.volume.map { "\($0)" } ?? "nil")")

        let second = try startMPV(volume: 70)
        XCTAssertEqual(second.busName, "org.mpris.MediaPlayer2.mpv.instance\(second.pid)")
        waitFor(.appeared, second.busName)
        let other = try XCTUnwrap(state(second.busName))
        XCTAssertNotEqual(other.owner, player.owner)
        XCTAssertEqual(other.volume, 0.7)
        XCTAssertEqual(playerNames, [first.busName, second.busName])

        // Each player is its own: a set on the second leaves the first alone.
        XCTAssertNoThrow(try setVolume(second.busName, 0.2).get())
        waitFor(.volume, second.busName, volume: 0.2)
        XCTAssertEqual(try first.mprisVolume(), 0.4)
        // mpv-mpris may send its start-up values once in a PropertiesChanged soon after taking its name (when its
        // first 100 ms emit tick comes after it got its bus connection): the first's only report is its own 0.4.
        let firstReports = records.all.filter { $0.kind == .volume && $0.name == first.busName }.compactMap(\.volume)
        XCTAssertTrue(firstReports.allSatisfy { $0 == 0.4 }, "\(firstReports)")
    }

    func test_aDirectoryStartedOnABusWithoutPlayers_isListedEmpty_thenAPlayerAppears() throws {
        try startDirectory()
        waitFor(.listed, "")
        XCTAssertEqual(playerNames.count, 0)
        let mpv = try startMPV()
        let appeared = try XCTUnwrap(waitFor(.appeared, mpv.busName))
        XCTAssertEqual(appeared.volume, 1.0)
        XCTAssertEqual(state(mpv.busName)?.canControl, true)
        // Seen as soon as it takes its name, mpv-mpris still says Stopped (its initial status) until the file plays.
        let statusAtAppearance = appeared.status ?? "?"
        if statusAtAppearance != "Playing" {
            let playing = waitFor(.status, mpv.busName)
            XCTAssertEqual(state(mpv.busName)?.playbackStatus, "Playing")
            print("MEASURED: mpv seen at its name's appearance says \(statusAtAppearance), then Playing "
                  + "\(String(format: "%.0f", Double((playing?.at ?? appeared.at) - appeared.at) / 1e6)) ms later")
        }
        XCTAssertEqual(state(mpv.busName)?.playbackStatus, "Playing")
        XCTAssertEqual(count(.listed, ""), 1)
    }

    func test_mpvKilled_isVanished_andItsPlayerRefusesCalls() throws {
        let mpv = try startMPV()
        let directory = try startDirectory()
        waitFor(.appeared, mpv.busName)
        let player = try XCTUnwrap(try onLoop { directory.players[mpv.busName] })
        mpv.kill()
        waitFor(.vanished, mpv.busName)
        XCTAssertEqual(count(.gone, mpv.busName), 1, "the player's own onChange hears .vanished")
        XCTAssertNil(state(mpv.busName))
        XCTAssertTrue(try onLoop { player.hasVanished })
        let refused = Awaited<Result<Void, BusError>>()
        try onLoop { player.setVolume(0.3) { refused.set($0) } }
        XCTAssertTrue(failure(try refused.wait())?.is(.serviceUnknown) == true)
    }

    func test_aNameTakenByAnotherProcess_isTheOldPlayerVanished_andANewOne() throws {
        let first = try startFake(.withVolume, nameFlags: .allowReplacement)
        try startDirectory()
        waitFor(.appeared, first.name)
        let before = try XCTUnwrap(state(first.name))
        _ = try startFake(.withVolume, nameFlags: .replaceExisting)
        waitFor(.vanished, first.name)
        waitFor(.appeared, first.name, after: 1)
        let after = try XCTUnwrap(state(first.name))
        XCTAssertNotEqual(after.owner, before.owner)
        XCTAssertEqual(after.owner, try ownerOnBus(first.name))
        XCTAssertEqual(records.all.filter { $0.name == first.name }.map(\.kind), [.appeared, .gone, .vanished, .appeared])
    }

    func test_playerctld_isNotTakenForAPlayer() throws {
        try MPVPlayerProcess.requirePlayerctl()
        let playerctld = "/usr/bin/playerctld"
        let mpv = try startMPV()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: playerctld)
        process.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": bus!.address]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        helpers.append(process)
        XCTAssertTrue(bus!.waitForOwner(of: "org.mpris.MediaPlayer2.playerctld"))
        try startDirectory()
        waitFor(.listed, "")
        XCTAssertEqual(playerNames, [mpv.busName])
    }

    // MARK: - Following a player

    func test_setVolume_isReportedAsThePlayerReportsIt_roundTripAndDelay() throws {
        let mpv = try startMPV()
        try startDirectory()
        waitFor(.appeared, mpv.busName)
        XCTAssertTrue(PollingWait.until(timeout: 5) { self.state(mpv.busName)?.volume != nil }, "the player's volume is known")
        var delays: [Double] = []
        var lines: [String] = []
        for requested in [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 0.3333, 0.123456789] {
            // Not a wait for anything: a random phase against mpv-mpris's 100 ms emit timer, so the delays measured
            // spread over it instead of following the rhythm of this loop.
            usleep(UInt32.random(in: 0...100_000))
            let before = count(.volume, mpv.busName)
            // A late report of the volume the player had (mpv-mpris emits on a 100 ms timer, the first one just after
            // it appears) is not the answer to this Set.
            let had = state(mpv.busName)?.volume
            let sent = MonotonicClock.nanoseconds()
            XCTAssertNoThrow(try setVolume(mpv.busName, requested).get())
            guard let report = waitFor(.volume, mpv.busName, after: before, otherThan: had), let reported = report.volume else { continue }
            delays.append(Double(report.at - sent) / 1e9)
            let readBack = try mpv.mprisVolume()
            let mpvPercent = try mpv.mpvProperty("volume")
            XCTAssertEqual(reported, readBack, "what the player reports is what it answers to Get")
            XCTAssertEqual(state(mpv.busName)?.volume, reported)
            XCTAssertEqual(reported, requested, accuracy: 1e-6)
            if (1...10).map({ Double($0) / 10 }).contains(requested) {
                XCTAssertEqual(reported, requested, "tenths survive mpv's float percent exactly")
            }
            lines.append("set \(requested) → reported \(reported) (\(reported == requested ? "exact" : "Δ \(reported - requested)")), "
                         + "mpv volume \(mpvPercent), after \(String(format: "%.0f", delays.last! * 1000)) ms")
        }
        print("MEASURED: Volume round trip through mpv-mpris:\n  " + lines.joined(separator: "\n  "))

        // Every whole percent comes back exactly; a double near one (0.6 + 0.06 = 0.6599999999999999) comes back as
        // mpv's float percent makes it (0.66): an echo is equal to the Set only within ~1e-7.
        let connection = connection!
        let owner = try XCTUnwrap(state(mpv.busName)?.owner)
        var inexact: [String] = []
        let wholePercents: [Double] = (0...100).map { Double($0) / 100 }
        let nearWholePercents: [Double] = [0.6 + 0.06, 0.1 + 0.2, 1.0 / 3]
        for requested in wholePercents + nearWholePercents {
            XCTAssertNoThrow(try setVolume(mpv.busName, requested).get())
            let got = try callAndWait(connection, try BusName(owner), MPRISPlayer.objectPath, .properties, "Get",
                                      [.string(MPRISPlayer.playerInterface.rawValue), .string("Volume")]).get()
            guard case .variant(.double(let readBack))? = got.first else { XCTFail("Get Volume answered \(got)"); continue }
            XCTAssertEqual(readBack, requested, accuracy: 1e-6)
            if readBack != requested { inexact.append("\(requested) → \(readBack)") }
        }
        XCTAssertEqual(inexact.count, 3, "only the three values that are not whole percents differ: \(inexact)")
        print("MEASURED: of 0.00…1.00 in whole percents every Set reads back exactly; others: " + inexact.joined(separator: ", "))
        let sorted = delays.sorted()
        if !sorted.isEmpty {
            print(String(format: "MEASURED: PropertiesChanged after a Set: min %.0f ms, median %.0f ms, max %.0f ms (%d sets)",
                         sorted.first! * 1000, sorted[sorted.count / 2] * 1000, sorted.last! * 1000, sorted.count))
        }
        XCTAssertLessThan(sorted.last ?? 99, 1.0, "mpv-mpris reports a Set within its 100 ms emit timer, far below 1 s")
    }

    func test_setsCloseTogether_areCoalesced_andTheSameVolumeAgain_isNotReported() throws {
        // Under ThreadSanitizer a report of the previous pair arrived after the next pair began (make check-sanitizers).
        try XCTSkipIf(SanitizerRun.isThreadSanitizer, "measures what mpv-mpris's 100 ms emit ticks coalesce, which a process slowed by ThreadSanitizer does not keep to")
        let mpv = try startMPV()
        try startDirectory()
        waitFor(.appeared, mpv.busName)
        let directory = directory!
        let name = mpv.busName
        // Pairs of Sets `gap` ms apart: how many PropertiesChanged each pair brings.
        var reportsPerPair: [Int: [Int]] = [:]
        for (trial, gap) in [0, 0, 0, 0, 0, 30, 30, 30, 30, 30].enumerated() {
            // Whole percents: they come back exactly (see the round-trip test), so reports can be matched with ==.
            let (low, high) = (Double(20 + trial) / 100, Double(60 + trial) / 100)
            let before = count(.volume, name)
            let answers = Collected<Bool>()
            try onLoop {
                let player = directory.players[name]!
                player.setVolume(low) { answers.append((try? $0.get()) != nil) }
                let second = { @Sendable in
                    RouteCueLoop.assumeIsolated { player.setVolume(high) { answers.append((try? $0.get()) != nil) } }
                }
                if gap == 0 {
                    second()
                } else {
                    _ = try RouteCueLoop.loop.schedule(atNanoseconds: MonotonicClock.nanoseconds() + UInt64(gap) * 1_000_000, second)
                }
            }
            waitFor(.volume, name, after: before, volume: high)
            // Nothing more is due; more than two reports within two of mpv-mpris's 100 ms emit ticks would fail.
            PollingWait.until(timeout: 0.25) { self.count(.volume, name) > before + 2 }
            XCTAssertEqual(answers.all, [true, true])
            let reports = records.all.filter { $0.kind == .volume && $0.name == name }.dropFirst(before).compactMap(\.volume)
            XCTAssertEqual(reports.last, high, "the last report is the last Set")
            XCTAssertLessThanOrEqual(reports.count, 2)
            if reports.count == 2 { XCTAssertEqual(reports.first, low) }
            reportsPerPair[gap, default: []].append(reports.count)
        }
        for (gap, counts) in reportsPerPair.sorted(by: { $0.key < $1.key }) {
            print("MEASURED: two Sets \(gap) ms apart gave \(counts) PropertiesChanged (1 = coalesced into the last value)")
        }

        XCTAssertNoThrow(try setVolume(name, 0.5).get())
        waitFor(.volume, name, volume: 0.5)
        let before = count(.volume, name)
        XCTAssertNoThrow(try setVolume(name, 0.5).get())
        let echoed = PollingWait.until(timeout: 0.5) { self.count(.volume, name) > before }
        XCTAssertFalse(echoed, "mpv reports changes only: a Set of the volume it has brings no PropertiesChanged")
        print("MEASURED: a Set of the current volume again → \(echoed ? "a" : "no") PropertiesChanged within 0.5 s")
    }

    func test_aUsersVolumeChange_fromAnotherConnection_arrivesAsVolume() throws {
        try MPVPlayerProcess.requirePlayerctl()
        let mpv = try startMPV()
        try startDirectory()
        waitFor(.appeared, mpv.busName)
        try mpv.setMPRISVolumeAsUser(0.55)
        waitFor(.volume, mpv.busName, volume: 0.55)
        XCTAssertEqual(state(mpv.busName)?.volume, 0.55)
        let playerctl = try mpv.playerctl(["volume", "0.35"])
        XCTAssertEqual(playerctl.status, 0, playerctl.stderr)
        waitFor(.volume, mpv.busName, volume: 0.35)
        XCTAssertEqual(try mpv.playerctl(["volume"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0.350000")
        XCTAssertEqual(state(mpv.busName)?.volume, 0.35)
    }

    func test_pauseAndPlay_areReportedAsPlaybackStatus() throws {
        let mpv = try startMPV()
        try startDirectory()
        waitFor(.appeared, mpv.busName)
        let directory = directory!
        let paused = Awaited<Result<Void, BusError>>()
        try onLoop { directory.players[mpv.busName]!.pause { paused.set($0) } }
        XCTAssertNoThrow(try paused.wait().get())
        waitFor(.status, mpv.busName)
        XCTAssertEqual(state(mpv.busName)?.playbackStatus, "Paused")
        XCTAssertEqual(try mpv.mpvProperty("pause"), "true")
        let played = Awaited<Result<Void, BusError>>()
        try onLoop { directory.players[mpv.busName]!.play { played.set($0) } }
        XCTAssertNoThrow(try played.wait().get())
        waitFor(.status, mpv.busName, after: 1)
        XCTAssertEqual(state(mpv.busName)?.playbackStatus, "Playing")
    }

    // MARK: - Players that are not mpv

    func test_aPlayerWithoutVolume_hasNoVolume_andSetVolumeFailsWithoutACall() throws {
        let fake = try startFake(.withoutVolume)
        try startDirectory()
        waitFor(.appeared, fake.name)
        let player = try XCTUnwrap(state(fake.name))
        XCTAssertNil(player.volume)
        XCTAssertEqual(player.playbackStatus, "Playing")
        XCTAssertTrue(player.canControl)
        XCTAssertEqual(player.identity, "fake player")
        let error = failure(try setVolume(fake.name, 0.3))
        XCTAssertTrue(error?.is(.notSupported) == true, "\(String(describing: error))")
        XCTAssertFalse(fake.log.contains("Set "), "no Set reached the player: \(fake.log)")
    }

    func test_aPlayerRefusingAVolumeSet_isTreatedAsWithoutVolumeControl() throws {
        let fake = try startFake(.readOnlyVolume)
        try startDirectory()
        waitFor(.appeared, fake.name)
        XCTAssertEqual(state(fake.name)?.volume, 0.8)
        let refused = failure(try setVolume(fake.name, 0.3))
        XCTAssertEqual(refused?.name, "org.freedesktop.DBus.Error.PropertyReadOnly")
        XCTAssertNil(state(fake.name)?.volume)
        let again = failure(try setVolume(fake.name, 0.3))
        XCTAssertTrue(again?.is(.notSupported) == true, "\(String(describing: again))")
    }

    func test_malformedProperties_areIgnored() throws {
        let malformed = try startFake(.malformed, name: "org.mpris.MediaPlayer2.malformed")
        let fake = try startFake(.withVolume)
        try startDirectory()
        waitFor(.appeared, malformed.name)
        waitFor(.appeared, fake.name)
        let bad = try XCTUnwrap(state(malformed.name))
        XCTAssertEqual(bad.playbackStatus, "", "PlaybackStatus int32 3 is ignored")
        XCTAssertNil(bad.volume, "Volume 'loud' is ignored")
        XCTAssertFalse(bad.canControl, "CanControl 'yes' is ignored")

        XCTAssertEqual(state(fake.name)?.volume, 0.8)
        try fake.call("EmitMalformedThenValid")
        waitFor(.volume, fake.name, volume: 0.25)
        let changes = records.all.filter { $0.name == fake.name && $0.kind != .appeared }.map(\.description)
        XCTAssertEqual(changes, ["status \(fake.name)", "volume \(fake.name) 0.25"])
        XCTAssertEqual(state(fake.name)?.playbackStatus, "Paused")
        XCTAssertEqual(state(fake.name)?.canControl, true)
    }

    // MARK: - mpv's volume law

    func test_mpvGain_isTheCubeOfTheMPRISVolume() throws {
        let short = folder!.appendingPathComponent("short.wav")
        try MPVPlayerProcess.writeTone(to: short, seconds: 1, amplitude: 0.5)
        let output = folder!.appendingPathComponent("out.wav")
        // Unpaced file output, so no --loop: paused until the volume is set, then played to the end at once.
        let mpv = try startMPV(extraArguments: ["--ao=pcm", "--ao-pcm-file=\(output.path)", "--audio-format=s16", "--loop=no", "--pause"],
                               file: short)
        try startDirectory()
        waitFor(.appeared, mpv.busName)
        XCTAssertEqual(state(mpv.busName)?.playbackStatus, "Paused")
        XCTAssertNoThrow(try setVolume(mpv.busName, 0.5).get())
        waitFor(.volume, mpv.busName, volume: 0.5)
        XCTAssertEqual(try mpv.mpvProperty("volume"), "50.000000", "mpv-mpris sets mpv's volume to 100 × MPRIS Volume")
        let played = Awaited<Result<Void, BusError>>()
        let directory = directory!
        try onLoop { directory.players[mpv.busName]!.play { played.set($0) } }
        XCTAssertNoThrow(try played.wait().get())
        XCTAssertTrue(mpv.waitForExit(within: 10), "mpv played the file to its end")
        let audio = try WAVDecoder.decode(Array(try Data(contentsOf: output)))
        let input = try WAVDecoder.decode(Array(try Data(contentsOf: short)))
        XCTAssertGreaterThan(audio.duration, 0.9)
        let peakOut = Double(audio.samples.map { abs(Int($0)) }.max() ?? 0)
        let peakIn = Double(input.samples.map { abs(Int($0)) }.max() ?? 1)
        let gain = peakOut / peakIn
        print(String(format: "MEASURED: MPRIS Volume 0.5 → mpv volume 50 → gain %.4f (cube 0.125, linear 0.5)", gain))
        XCTAssertEqual(gain, 0.125, accuracy: 0.002)
    }
}

/// A small MPRIS player in python-dbus (Debian's /usr/bin/python3, python3-dbus, python3-gi) on a test's bus, for
/// the players mpv cannot be: without Volume, refusing to set it, with malformed properties. Stopped by its PID.
final class FakeMPRISPlayer: @unchecked Sendable {
    enum Mode: String { case withVolume, withoutVolume, readOnlyVolume, malformed }
    /// How it asks for its name (RequestName flags).
    enum NameFlags: Int { case allowReplacement = 1, replaceExisting = 2, doNotQueue = 4 }

    let name: String
    private let process: Process
    private let logFile: URL
    private let bus: DBusDaemonProcess

    /// Skips the calling test, printing why, when Debian's python3 lacks python3-dbus or python3-gi.
    static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        let probe = try CommandRunner.run("/usr/bin/python3", ["-c", "import dbus, dbus.mainloop.glib; from gi.repository import GLib"])
        guard probe.status == 0 else {
            let message = "SKIPPED: /usr/bin/python3 cannot import dbus and gi (Debian packages python3-dbus, python3-gi): fake-player tests skipped"
            print(message)
            throw XCTSkip(message, file: file, line: line)
        }
    }

    init(_ mode: Mode, name: String, nameFlags: NameFlags, on bus: DBusDaemonProcess, in folder: URL) throws {
        self.name = name
        self.bus = bus
        let script = folder.appendingPathComponent("fake-mpris-player.py")
        try Data(Self.script.utf8).write(to: script)
        logFile = folder.appendingPathComponent("fake-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, name, mode.rawValue, String(nameFlags.rawValue)]
        process.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }
        process.standardInput = FileHandle.nullDevice
        let log = try FileHandle(forWritingTo: logFile)
        process.standardOutput = log
        process.standardError = log
        try process.run()
        try? log.close()
        // It prints "owner :1.N" once it owns the name (or has taken it over).
        guard PollingWait.until(timeout: 10, { self.log.contains("owner ") || !self.process.isRunning }), process.isRunning else {
            stop()
            throw DBusDaemonError(message: "the fake player \(name) did not start: \(log)")
        }
    }

    deinit { stop() }

    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Calls one of its `org.routecue.FakePlayer` methods.
    func call(_ method: String) throws {
        let reply = try bus.gdbusCall(destination: name, path: "/org/mpris/MediaPlayer2", method: "org.routecue.FakePlayer.\(method)")
        guard reply.status == 0 else { throw DBusDaemonError(message: "\(method): \(reply.stderr)") }
    }

    func stop() {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        if !PollingWait.until(timeout: 1, { !self.process.isRunning }) { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    private static let script = #"""
    import sys
    import dbus
    import dbus.service
    import dbus.mainloop.glib
    from gi.repository import GLib

    name, mode, flags = sys.argv[1], sys.argv[2], int(sys.argv[3])
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    ROOT = 'org.mpris.MediaPlayer2'
    PLAYER = 'org.mpris.MediaPlayer2.Player'
    PROPS = 'org.freedesktop.DBus.Properties'

    def error(kind, text):
        return dbus.exceptions.DBusException(text, name='org.freedesktop.DBus.Error.' + kind)

    class Player(dbus.service.Object):
        def __init__(self):
            super().__init__(bus, '/org/mpris/MediaPlayer2')
            self.props = {ROOT: {'Identity': dbus.String('fake player')},
                          PLAYER: {'PlaybackStatus': dbus.String('Playing'), 'CanControl': dbus.Boolean(True)}}
            if mode in ('withVolume', 'readOnlyVolume'):
                self.props[PLAYER]['Volume'] = dbus.Double(0.8)
            if mode == 'malformed':
                self.props[PLAYER] = {'PlaybackStatus': dbus.Int32(3), 'Volume': dbus.String('loud'),
                                      'CanControl': dbus.String('yes')}

        @dbus.service.method(PROPS, in_signature='ss', out_signature='v')
        def Get(self, interface, prop):
            if prop not in self.props.get(interface, {}):
                raise error('UnknownProperty', 'no property ' + prop)
            return self.props[interface][prop]

        @dbus.service.method(PROPS, in_signature='s', out_signature='a{sv}')
        def GetAll(self, interface):
            if interface not in self.props:
                raise error('UnknownInterface', 'no interface ' + interface)
            return dbus.Dictionary(self.props[interface], signature='sv')

        @dbus.service.method(PROPS, in_signature='ssv')
        def Set(self, interface, prop, value):
            print('Set %s %s %s' % (interface, prop, value), flush=True)
            if prop not in self.props.get(interface, {}):
                raise error('UnknownProperty', 'no property ' + prop)
            if mode == 'readOnlyVolume':
                raise error('PropertyReadOnly', prop + ' is read-only')
            self.props[interface][prop] = value
            self.PropertiesChanged(interface, {prop: value}, [])

        @dbus.service.signal(PROPS, signature='sa{sv}as')
        def PropertiesChanged(self, interface, changed, invalidated):
            pass

        @dbus.service.method('org.routecue.FakePlayer')
        def EmitMalformedThenValid(self):
            self.PropertiesChanged(PLAYER, {'Volume': dbus.String('loud'), 'PlaybackStatus': dbus.Int32(7),
                                            'CanControl': dbus.String('x')}, [])
            self.PropertiesChanged(PLAYER, {'Volume': dbus.Double(0.25), 'PlaybackStatus': dbus.String('Paused')}, [])

    player = Player()

    result = bus.request_name(name, flags)
    print('RequestName', result, flush=True)
    if result in (dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER, dbus.bus.REQUEST_NAME_REPLY_ALREADY_OWNER):
        print('owner', bus.get_unique_name(), flush=True)
    GLib.MainLoop().run()
    """#
}
