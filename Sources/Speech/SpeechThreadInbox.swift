/// The state shared between a `SpeechThread`'s callers and its thread, kept under one lock (`LockedValue`).
struct SpeechThreadInbox: ~Copyable {
    /// Queued `.now` jobs, oldest first.
    var now: [PendingSpeechJob] = []
    /// Queued `.ahead` jobs, oldest first.
    var ahead: [PendingSpeechJob] = []
    /// The job the thread is synthesizing, with the flag that aborts it.
    var running: (job: SpeechJob, abort: SpeechAbortFlag)?
    /// The id of the next job submitted.
    var nextID: UInt64 = 1
    /// Set by `shutdown()`: the thread ends once it sees it, no job is taken any more.
    var isShutDown = false

    /// Takes the next job to run: the oldest `.now` job, else the oldest `.ahead` job.
    mutating func takeNext() -> PendingSpeechJob? {
        if !now.isEmpty { return now.removeFirst() }
        if !ahead.isEmpty { return ahead.removeFirst() }
        return nil
    }

    /// Removes the queued job `job` and returns it (nil when it is not queued).
    mutating func removeQueued(_ job: SpeechJob) -> PendingSpeechJob? {
        if let index = now.firstIndex(where: { $0.job == job }) { return now.remove(at: index) }
        if let index = ahead.firstIndex(where: { $0.job == job }) { return ahead.remove(at: index) }
        return nil
    }

    /// Empties both queues and returns what they held.
    mutating func removeAllQueued() -> [PendingSpeechJob] {
        defer { now = []; ahead = [] }
        return now + ahead
    }
}
