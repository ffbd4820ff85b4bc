import EventLoopKit
import RouteCueCore

/// A journal read back from the state directory at start, its route read and checked: what resuming needs.
public struct StoredJournal: Sendable {
    /// The journal record.
    public var journal: GuidanceJournal
    /// Its route.
    public var route: Route

    /// Reads the journal in `directory`: nil when there is none; an error saying what is wrong with a journal that
    /// cannot be resumed (damaged, another version, its route file missing, changed or no longer read by this
    /// RouteCue). Blocking: call off the loop.
    public static func read(in directory: StateDirectory, importOptions: ImportOptions) throws(InputError) -> StoredJournal? {
        guard let bytes = try directory.read(GuidanceJournal.fileName, maxBytes: GuidanceJournal.maxBytes) else { return nil }
        let journal = try GuidanceJournal.parse(bytes)
        guard let routeBytes = try directory.read(journal.routeFile, maxBytes: max(importOptions.maxBytes, journal.routeBytes)) else {
            throw InputError(.missing, input: .stateDirectory, file: directory.path + "/" + journal.routeFile,
                             message: "the journal's route file is missing")
        }
        guard routeBytes.count == journal.routeBytes, JournalChecksum.of(routeBytes) == journal.routeChecksum else {
            throw InputError(.invalidValue, input: .stateDirectory, file: directory.path + "/" + journal.routeFile,
                             message: "the route file is not the one the journal was written with (\(routeBytes.count) bytes, checksum \(JournalChecksum.of(routeBytes)); expected \(journal.routeBytes) bytes, \(journal.routeChecksum))")
        }
        var options = importOptions
        options.format = .routecue
        options.maxBytes = max(options.maxBytes, routeBytes.count)
        let route = try RouteDocument(routeBytes, name: directory.path + "/" + journal.routeFile, options: options).read(options: options)
        guard journal.progress.fits(route) else {
            throw InputError(.invalidValue, input: .stateDirectory, file: directory.path + "/" + GuidanceJournal.fileName,
                             message: "its progress (leg \(journal.progress.leg), \(Int(journal.progress.distanceAlong)) m) does not fit its route")
        }
        return StoredJournal(journal: journal, route: route)
    }

    /// Moves the journal in `directory` aside (kept for a bug report, `StateDirectory.setAside`), with the route file
    /// it names when it still names one; returns the names they now have. Blocking: call off the loop.
    public static func setAside(in directory: StateDirectory) -> [String] {
        let now = WallClock.unixSeconds()
        var moved: [String] = []
        if let name = try? directory.setAside(GuidanceJournal.fileName, label: "set-aside", at: now) { moved.append(name) }
        if let bytes = try? directory.read(moved.first ?? GuidanceJournal.fileName, maxBytes: GuidanceJournal.maxBytes),
           let journal = try? GuidanceJournal.parse(bytes), let name = try? directory.setAside(journal.routeFile, label: "set-aside", at: now) {
            moved.append(name)
        }
        return moved
    }
}
