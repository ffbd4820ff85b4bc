import DBusKit
import EventLoopKit
import RouteCueCore

/// The daemon's guidance journal (docs/journal.md): read at start and resumed, offered or set aside as the
/// configuration's `journal` section says; kept by a `GuidanceJournalKeeper` while guiding; ended at the destination
/// and by Stop; written one last time on SIGTERM.
extension GuidanceDaemon {
    /// Opens the journal in the state directory and decides what to do with one found there; `then(resumed)` runs
    /// once that is decided (at once without a state directory, or with `journal.resume` off).
    func openJournal(then: @escaping @RouteCueLoop (_ resumed: Bool) -> Void) {
        guard let path = options.stateDirectory, config.journal.mode != .off else { return then(false) }
        let directory = StateDirectory(path: path)
        journal = GuidanceJournalKeeper(directory: directory, writing: .background(files), scheduler: scheduler, log: log)
        let importOptions = config.importOptions
        files.run({ () -> Result<StoredJournal?, InputError> in
            directory.removeStaleTemporaries()
            do throws(InputError) {
                return .success(try StoredJournal.read(in: directory, importOptions: importOptions))
            } catch {
                return .failure(error)
            }
        }) { [weak self] result in
            guard let self, !self.phase.isStopping else { return }
            switch result {
            case .success(nil):
                self.journalState = .none
                then(false)
            case .failure(let error):
                self.setJournalAside(in: directory, because: "\(error)")
                then(false)
            case .success(let stored?):
                switch self.config.journal.verdict(savedAt: stored.journal.savedAt, now: WallClock.unixSeconds()) {
                case .resume:
                    self.resume(stored)
                    then(true)
                case .offer:
                    self.offeredJournal = stored
                    self.journalState = .offered
                    self.log.info("journal: offered to the UI (route to \(stored.journal.destination ?? "its destination") from \(stored.journal.routeSource), saved \(Self.age(of: stored.journal)) ago)")
                    self.signals?.journalOffered(destination: stored.journal.destination,
                                                 ageSeconds: WallClock.unixSeconds() - stored.journal.savedAt)
                    then(false)
                case .setAside(let reason):
                    self.setJournalAside(in: directory, because: reason)
                    then(false)
                }
            }
        }
    }

    /// Guides along the journal's route from where it was: its options in force again, its heard cues not said again.
    func resume(_ stored: StoredJournal) {
        let journal = stored.journal
        log.info("journal: resuming the route to \(journal.destination ?? "its destination") from \(journal.routeSource) (saved \(Self.age(of: journal)) ago; leg \(journal.progress.leg), \(GuidanceStatus.distance(journal.progress.distanceAlong)) along, \(journal.progress.heard.count) cue\(journal.progress.heard.count == 1 ? "" : "s") already heard)")
        offeredJournal = nil
        journalState = .resumed
        if guidance != nil { stopGuidance(endingJournal: false) }
        load(stored.route, from: journal.routeSource, resuming: journal)
        applyJournalOptions(journal.options)
    }

    /// The options the UI had set, set again (as SetOptions and PromptStyle would).
    private func applyJournalOptions(_ options: [String: GuidanceJournal.OptionValue]) {
        var values: [String: DBusValue] = [:]
        for (key, value) in options {
            switch value {
            case .string(let s): values[key] = .string(s)
            case .bool(let b): values[key] = .boolean(b)
            case .strings(let list): values[key] = .strings(list)
            }
        }
        if let style = values.removeValue(forKey: "prompt_style") {
            do {
                try setAudioProperty(.promptStyle, style)
            } catch {
                log.warning("journal: prompt style not set again: \(error)")
            }
        }
        journal?.options = options
        guard !values.isEmpty else { return }
        setOptions(values) { [weak self] result in
            if case .failure(let error) = result { self?.log.warning("journal: options not set again: \(error.message)") }
        }
    }

    /// Moves a journal that will not be resumed aside (kept for a bug report) and says why.
    private func setJournalAside(in directory: StateDirectory, because reason: String) {
        journalState = .setAside
        signals?.publishGuidance()
        files.run({ StoredJournal.setAside(in: directory) }) { [weak self] moved in
            self?.log.warning("journal: not resumed, \(reason); kept as \(moved.isEmpty ? "nothing (it could not be moved)" : moved.joined(separator: ", ")) in \(directory.path)")
        }
    }

    /// The UI resumes the journal it was offered.
    func resumeOfferedJournal() throws(BusError) {
        guard let stored = offeredJournal else { throw BusError(name: ControlErrors.noJournal, message: "no journal is offered") }
        resume(stored)
        signals?.publishGuidance()
    }

    /// The UI discards the journal it was offered: the route it held is forgotten.
    func discardOfferedJournal() throws(BusError) {
        guard let stored = offeredJournal else { throw BusError(name: ControlErrors.noJournal, message: "no journal is offered") }
        offeredJournal = nil
        journalState = .discarded
        log.info("journal: discarded by the UI (route to \(stored.journal.destination ?? "its destination"))")
        if guidance == nil, let path = options.stateDirectory {
            let directory = StateDirectory(path: path), file = stored.journal.routeFile
            files.run({ () -> Bool in
                (try? directory.remove(GuidanceJournal.fileName)) != nil && (try? directory.remove(file)) != nil
            }) { _ in }
        }
        signals?.publishGuidance()
    }

    /// How long ago `journal` was written, in words.
    nonisolated static func age(of journal: GuidanceJournal) -> String {
        JournalResumePolicy.describe(WallClock.unixSeconds() - journal.savedAt)
    }
}

/// What became of the journal found at start (the `Journal` property).
public enum JournalState: String, Sendable {
    /// None was found (or there is no state directory, or `journal.resume` is off).
    case none
    /// It was resumed.
    case resumed
    /// It is offered to the UI (`journal.resume: ask`).
    case offered
    /// The UI discarded it.
    case discarded
    /// It could not be resumed (damaged, too old, its route no longer read) and was set aside.
    case setAside = "set_aside"
}
