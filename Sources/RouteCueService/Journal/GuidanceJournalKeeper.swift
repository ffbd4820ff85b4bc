import EventLoopKit
import RouteCueCore

/// Keeps the guidance journal (docs/journal.md) of one guidance in the state directory: the route once (RouteCue
/// JSON, its own file), and a small record of the options, the progress and the cues heard, written again only when
/// something the journal must not lose happened — a cue heard whole, a waypoint, a new route, an option — at once,
/// and at most once a minute for the rest (a maneuver passed). One write at a time; changes during a write are
/// coalesced into the next. Writes run where `Writing` says (a thread of their own in the daemon, inline in
/// `simulate`), each through a temporary file, fsync, rename and a directory fsync, so a power cut leaves the old
/// journal or the new one, never a torn one.
@RouteCueLoop
public final class GuidanceJournalKeeper {
    /// What the keeper wrote, for the log and the bench.
    public struct Statistics: Sendable, Equatable {
        /// Journal records written, and their bytes.
        public var writes = 0
        /// Bytes of the journal records written.
        public var journalBytes = 0
        /// Route files written, and their bytes.
        public var routeWrites = 0
        /// Bytes of the route files written.
        public var routeBytes = 0
        /// Writes that failed (a full disk, …).
        public var failures = 0

        /// Nothing written yet.
        public init() {}
    }

    /// Where writes run.
    public enum Writing {
        /// On the loop, at once (the simulator: its virtual clock does not move while a write blocks).
        case inline
        /// On a worker thread (the daemon: the loop never waits on a disk).
        case background(BackgroundWork)
    }

    /// A change written at most this often when nothing urgent happened (a maneuver passed, the leg's position).
    public static let lazySeconds = 60.0

    /// What was written so far.
    public private(set) var statistics = Statistics()
    /// The options the UI set, by their D-Bus names; setting them writes the journal.
    public var options: [String: GuidanceJournal.OptionValue] = [:] {
        didSet { if options != oldValue { requestWrite(urgent: true) } }
    }

    private let directory: StateDirectory
    private let writing: Writing
    private let scheduler: any LoopScheduler
    private let log: DaemonLog
    private let wallClock: @Sendable () -> Double
    private var guidance: GuidanceAudio?
    private var arrivalListener: ListenerID?
    private var source = ""
    /// The route file on disk that the journal names, and the route generation it holds.
    private var routeOnDisk: (file: String, bytes: Int, checksum: String, generation: Int)?
    private var written: (revision: Int, progress: JournalProgress, at: MonotonicInstant)?
    /// When a lazy look last found nothing worth writing.
    private var lazyLookedAt: MonotonicInstant?
    /// The engine's revision and route generation the write in flight holds (nil: none in flight).
    private var inFlight: (revision: Int, generation: Int)?
    /// Counts the guidances followed: a write taken from an earlier one says nothing about this one's files.
    private var following = 0
    private var writeAgain = false
    private var failing = false
    private lazy var lazyTimer = LoopTimer(on: scheduler) { [weak self] in self?.requestWrite(urgent: false) }

    /// A keeper writing into `directory`, where `writing` says, on `scheduler`; `wallClock` gives the time written
    /// into the record (seconds since 1970).
    public init(directory: StateDirectory, writing: Writing, scheduler: any LoopScheduler, log: DaemonLog,
                wallClock: @escaping @Sendable () -> Double = { WallClock.unixSeconds() }) {
        self.directory = directory
        self.writing = writing
        self.scheduler = scheduler
        self.log = log
        self.wallClock = wallClock
    }

    /// Keeps the journal of `guidance` (whose route came from `source`), writing it now; `resumed` is the journal it
    /// was resumed from, whose route file is on disk unless another route was journaled since (then it is written again).
    public func follow(_ guidance: GuidanceAudio, source: String, resumed: GuidanceJournal? = nil) {
        unfollow()
        following += 1
        self.guidance = guidance
        self.source = source
        written = nil
        // Its route file was on disk at start; a write checks that the file it names is still there (another route
        // journaled while it was offered removes it) and writes the route again if not.
        routeOnDisk = resumed.map { ($0.routeFile, $0.routeBytes, $0.routeChecksum, guidance.engine.routeGeneration) }
        guidance.afterHandling = { [weak self] in self?.look() }
        arrivalListener = guidance.addListener { [weak self] event in
            // The destination reached ends the journal (a tour's stop up to which it is resolved does not).
            guard case .action(.progress(.arrived)) = event, let self, let engine = self.guidance?.engine,
                  engine.route.unresolvedWaypoints.isEmpty else { return }
            self.scheduler.deliver { [weak self] in self?.end(reason: "the destination reached") }
        }
        requestWrite(urgent: true)
    }

    /// Stops hearing the guidance.
    private func unfollow() {
        guidance?.afterHandling = nil
        if let arrivalListener { guidance?.removeListener(arrivalListener) }
        arrivalListener = nil
        guidance = nil
        lazyTimer.set(nil)
        writeAgain = false
    }

    /// The route is done with (`reason`: the destination reached, Stop): the journal and its route file are removed.
    public func end(reason: String) {
        guard guidance != nil else { return }
        unfollow()
        let directory = self.directory
        routeOnDisk = nil
        perform({ () -> Result<Int, InputError> in
            do throws(InputError) {
                try directory.remove(GuidanceJournal.fileName)
                // Every route file: a write still in flight when the journal ended may have written one.
                Self.removeRouteFiles(in: directory, except: nil)
                return .success(0)
            } catch {
                return .failure(error)
            }
        }) { [weak self] result in
            if case .failure(let error) = result { self?.log.warning("journal: not removed: \(error)") }
            else { self?.log.info("journal: ended (\(reason))") }
        }
    }

    /// Writes the journal as it stands now and stops keeping it (the daemon stopping: what is cut off afterwards was
    /// not heard whole); `done` is called once it is on disk (or failed).
    public func finish(_ done: @escaping @RouteCueLoop () -> Void) {
        guard let guidance else { return done() }
        let snapshot = self.snapshot(of: guidance)
        unfollow()
        perform({ [directory] in Self.write(snapshot, into: directory) }) { [weak self] result in
            self?.record(result, snapshot: snapshot)
            self?.log.info("journal: \(self?.summary ?? "")")
            done()
        }
    }

    /// One line for the log: writes and bytes so far.
    public var summary: String {
        "\(statistics.writes) write\(statistics.writes == 1 ? "" : "s") of \(statistics.journalBytes) bytes, \(statistics.routeWrites) route file\(statistics.routeWrites == 1 ? "" : "s") of \(statistics.routeBytes) bytes\(statistics.failures > 0 ? ", \(statistics.failures) failed" : "")"
    }

    // MARK: - Deciding to write

    /// After the engine handled something: an urgent change is written at once, the rest within `lazySeconds`.
    private func look() {
        guard let engine = guidance?.engine else { return }
        // What is on disk, or on its way there.
        if let inFlight, inFlight.revision == engine.journalRevision, inFlight.generation == engine.routeGeneration { return }
        guard let written else { return requestWrite(urgent: true) }
        if engine.journalRevision != written.revision || engine.routeGeneration != routeOnDisk?.generation {
            requestWrite(urgent: true)
        } else if lazyTimer.instant == nil {
            lazyTimer.set(max(written.at, lazyLookedAt ?? written.at).advanced(bySeconds: Self.lazySeconds))
        }
    }

    private func requestWrite(urgent: Bool) {
        guard let guidance else { return }
        lazyTimer.set(nil)
        if !urgent, let written {
            let progress = guidance.engine.journalProgress
            guard progress.passedManeuver != written.progress.passedManeuver || progress.leg != written.progress.leg
                    || abs(progress.distanceAlong - written.progress.distanceAlong) >= 1000 else {
                lazyLookedAt = scheduler.now
                return
            }
        }
        guard inFlight == nil else {
            writeAgain = true
            return
        }
        let snapshot = self.snapshot(of: guidance)
        inFlight = (snapshot.revision, snapshot.generation)
        perform({ [directory] in Self.write(snapshot, into: directory) }) { [weak self] result in
            guard let self else { return }
            self.inFlight = nil
            self.record(result, snapshot: snapshot)
            if self.writeAgain {
                self.writeAgain = false
                self.requestWrite(urgent: true)
            }
        }
    }

    // MARK: - Writing

    /// Everything a write needs, taken on the loop.
    struct Snapshot: Sendable {
        var journal: GuidanceJournal
        /// The route, with its generation.
        var route: Route
        var generation: Int
        /// Whether the route file must be written first (a new route, or its file gone).
        var writeRoute: Bool
        var revision: Int
        var instant: MonotonicInstant
        /// The guidance it was taken from (`following`).
        var following: Int
    }

    /// What a write did.
    struct Outcome: Sendable {
        var journalBytes: Int
        var routeFile: (file: String, bytes: Int, checksum: String, written: Int)?
    }

    private func snapshot(of guidance: GuidanceAudio) -> Snapshot {
        let engine = guidance.engine
        let route = engine.route
        let onDisk = routeOnDisk?.generation == engine.routeGeneration ? routeOnDisk : nil
        let journal = GuidanceJournal(
            savedAt: wallClock(), routeFile: onDisk?.file ?? "", routeBytes: onDisk?.bytes ?? 0, routeChecksum: onDisk?.checksum ?? "",
            routeSource: source, destination: route.waypoints.last { $0.role == .destination }?.name, options: options,
            progress: engine.journalProgress)
        return Snapshot(journal: journal, route: route, generation: engine.routeGeneration, writeRoute: onDisk == nil,
                        revision: engine.journalRevision, instant: scheduler.now, following: following)
    }

    /// Writes the route file when the snapshot has a new route (or its file has gone: another route was journaled
    /// since the one resumed), then the journal naming it, then removes older route files. Blocking.
    private nonisolated static func write(_ snapshot: Snapshot, into directory: StateDirectory) -> Result<Outcome, InputError> {
        do throws(InputError) {
            var journal = snapshot.journal
            var routeFile: (file: String, bytes: Int, checksum: String, written: Int)?
            if snapshot.writeRoute || !FileSystem.exists(directory.path + "/" + journal.routeFile) {
                let bytes = RouteCueJSON.write(snapshot.route)
                let checksum = JournalChecksum.of(bytes)
                let file = GuidanceJournal.routeFileName(checksum: checksum)
                let written = try directory.writeAtomically(bytes, to: file)
                journal.routeFile = file
                journal.routeBytes = bytes.count
                journal.routeChecksum = checksum
                routeFile = (file, bytes.count, checksum, written)
            }
            let bytes = try directory.writeAtomically(journal.jsonBytes, to: GuidanceJournal.fileName)
            if let routeFile { removeRouteFiles(in: directory, except: routeFile.file) }
            return .success(Outcome(journalBytes: bytes, routeFile: routeFile))
        } catch {
            return .failure(error)
        }
    }

    /// Removes route files other than `keep` (an older route's, once the journal no longer names it).
    nonisolated static func removeRouteFiles(in directory: StateDirectory, except keep: String?) {
        let names = FileSystem.listDirectory(directory.path) ?? []
        for name in names where name.hasPrefix("journal-route-") && name.hasSuffix(".json") && name != keep {
            try? directory.remove(name)
        }
    }

    private func record(_ result: Result<Outcome, InputError>, snapshot: Snapshot) {
        switch result {
        case .success(let outcome):
            statistics.writes += 1
            statistics.journalBytes += outcome.journalBytes
            if let file = outcome.routeFile {
                statistics.routeWrites += 1
                statistics.routeBytes += file.written
            }
            if failing {
                failing = false
                log.info("journal: written again")
            }
            // A write taken from the guidance followed before (its route, its revisions) is not this one's.
            guard snapshot.following == following else { break }
            if let file = outcome.routeFile {
                routeOnDisk = (file.file, file.bytes, file.checksum, snapshot.generation)
            }
            written = (snapshot.revision, snapshot.journal.progress, snapshot.instant)
        case .failure(let error):
            statistics.failures += 1
            // Logged once until a write succeeds again; guidance goes on either way, and the next change tries again.
            if !failing { log.warning("journal: not written (guidance goes on; the next change tries again): \(error)") }
            failing = true
            // Not tried again until something changes (each record holds the whole state): no write a second on a full disk.
            if snapshot.following == following { written = (snapshot.revision, snapshot.journal.progress, snapshot.instant) }
        }
    }

    private func perform<T: Sendable>(_ work: @escaping @Sendable () -> T, then: @escaping @RouteCueLoop (T) -> Void) {
        switch writing {
        case .inline: then(work())
        case .background(let worker): worker.run(work, then: then)
        }
    }
}
