/// When RouteCue resumes the guidance journal it finds at start (the configuration's `journal` section).
public enum JournalResumeMode: String, Sendable, CaseIterable {
    /// Resumed at once (at the first good fix).
    case auto
    /// Offered to the UI over D-Bus, which resumes or discards it.
    case ask
    /// Never written nor read.
    case off
}

/// What to do with a journal found at start: a value of the core, decided from the journal's age and the mode.
public struct JournalResumePolicy: Sendable, Equatable {
    /// What happens to the journal.
    public enum Verdict: Sendable, Equatable {
        /// Resume it.
        case resume
        /// Offer it to the UI.
        case offer
        /// Keep it aside for a bug report and start as if there were none, for `reason`.
        case setAside(reason: String)
    }

    /// The mode.
    public var mode: JournalResumeMode
    /// A journal older than this (seconds since it was last written) is not resumed.
    public var maxAgeSeconds: Double

    /// A policy in `mode` with `maxAgeSeconds` (default 12 h).
    public init(mode: JournalResumeMode = .auto, maxAgeSeconds: Double = 12 * 3600) {
        self.mode = mode
        self.maxAgeSeconds = maxAgeSeconds
    }

    /// The verdict on a journal written at `savedAt` (seconds since 1970), now `now`. A journal from the future (the
    /// clock was set back, or an RTC without battery) counts as new: its age is unknown, and the driver is better
    /// served by their route than by its loss.
    public func verdict(savedAt: Double, now: Double) -> Verdict {
        let age = now - savedAt
        if age > maxAgeSeconds {
            return .setAside(reason: "it is \(Self.describe(age)) old (journal.max_age_h is \(Self.describe(maxAgeSeconds)))")
        }
        return mode == .ask ? .offer : .resume
    }

    /// `seconds` in words for the log ("3 h 20 min", "12 min", "40 s").
    public static func describe(_ seconds: Double) -> String {
        let s = Int(max(0, seconds).rounded())
        if s >= 3600 { return s % 3600 / 60 == 0 ? "\(s / 3600) h" : "\(s / 3600) h \(s % 3600 / 60) min" }
        if s >= 60 { return "\(s / 60) min" }
        return "\(s) s"
    }
}
