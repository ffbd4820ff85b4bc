#if canImport(Glibc)
import Glibc
#endif
import ALSAOutput
import Synchronization

/// The thread that owns RouteCue's mutable state (DESIGN.md, "Threads and time"): a serial executor running
/// the jobs of the `RouteCueLoop` global actor one at a time on one dedicated thread, with timers on the
/// monotonic clock. Never Swift's shared task pool (two threads on the head unit) and never blocking work:
/// synthesis and ALSA writes have threads of their own and report back by enqueueing jobs here.
public final class EventLoop: SerialExecutor, Sendable {
    /// A timer's handle, for `cancel(timer:)`.
    public struct TimerID: Hashable, Sendable { let value: UInt64 }

    private struct Timer {
        let id: TimerID
        let due: UInt64
        let action: @Sendable () -> Void
    }

    private struct Inbox {
        var jobs: [UnownedJob] = []
        var timers: [Timer] = []
        var nextTimerID: UInt64 = 1
        var stopping = false
    }

    private let inbox = Mutex(Inbox())
    /// A non-blocking pipe the thread polls: a byte is written whenever a job or timer arrives, so it wakes at once.
    private let wakeReader: Int32
    private let wakeWriter: Int32
    /// The loop thread's id, set once it runs (for `checkIsolated`).
    private let threadID = Atomic<UInt>(0)
    private let name: String

    /// Starts the loop's thread; `name` appears in its precondition messages.
    public init(name: String) {
        self.name = name
        var pipeEnds: [Int32] = [-1, -1]
        precondition(pipe(&pipeEnds) == 0, "pipe failed: the event loop cannot start")
        for end in pipeEnds {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeReader = pipeEnds[0]
        wakeWriter = pipeEnds[1]
        let box = Unmanaged.passRetained(self)
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { argument in
            let loop = Unmanaged<EventLoop>.fromOpaque(argument!).takeRetainedValue()
            loop.run()
            return nil
        }, box.toOpaque())
        precondition(status == 0, "pthread_create failed: the event loop cannot start")
        pthread_detach(thread)
    }

    /// Swift concurrency hands the actor's jobs here; they run in order on the loop thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        inbox.withLock { $0.jobs.append(unowned) }
        wake()
    }

    /// The executor reference Swift keeps for the global actor.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    /// Traps unless called on the loop thread (what `assumeIsolated` relies on).
    public func checkIsolated() {
        precondition(isCurrent, "not on the \(name) event loop thread")
    }

    /// True on the loop's own thread.
    public var isCurrent: Bool { threadID.load(ordering: .acquiring) == UInt(pthread_self()) }

    /// Runs `action` on the loop thread at `monotonicNanoseconds` (CLOCK_MONOTONIC), or at once if that has passed.
    @discardableResult
    public func schedule(atNanoseconds due: UInt64, _ action: @escaping @Sendable () -> Void) -> TimerID {
        let id = inbox.withLock { inbox -> TimerID in
            let id = TimerID(value: inbox.nextTimerID)
            inbox.nextTimerID += 1
            inbox.timers.append(Timer(id: id, due: due, action: action))
            return id
        }
        wake()
        return id
    }

    /// Forgets a timer that has not fired yet (no effect once it has).
    public func cancel(timer: TimerID) {
        inbox.withLock { $0.timers.removeAll { $0.id == timer } }
    }

    /// Asks the thread to finish the jobs it has and stop; jobs enqueued afterwards never run.
    public func stop() {
        inbox.withLock { $0.stopping = true }
        wake()
    }

    private func wake() {
        // A full pipe already guarantees a wake-up, so a failed write loses nothing.
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    private func run() {
        threadID.store(UInt(pthread_self()), ordering: .releasing)
        while true {
            let (jobs, timers, stopping, nextDue) = inbox.withLock { inbox -> ([UnownedJob], [Timer], Bool, UInt64?) in
                let now = MonotonicClock.nanoseconds()
                let due = inbox.timers.filter { $0.due <= now }
                inbox.timers.removeAll { $0.due <= now }
                let jobs = inbox.jobs
                inbox.jobs.removeAll(keepingCapacity: true)
                return (jobs, due.sorted { $0.due < $1.due }, inbox.stopping, inbox.timers.map(\.due).min())
            }
            for job in jobs { job.runSynchronously(on: asUnownedSerialExecutor()) }
            for timer in timers { timer.action() }
            if stopping { break }
            if !jobs.isEmpty || !timers.isEmpty { continue }
            var descriptor = pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0)
            let timeout: Int32
            if let nextDue {
                let now = MonotonicClock.nanoseconds()
                timeout = nextDue <= now ? 0 : Int32(min((nextDue - now + 999_999) / 1_000_000, 60_000))
            } else {
                timeout = 60_000
            }
            _ = poll(&descriptor, 1, timeout)
            var drain = [UInt8](repeating: 0, count: 64)
            while read(wakeReader, &drain, drain.count) > 0 {}
        }
        close(wakeReader)
        close(wakeWriter)
    }
}

/// The global actor whose executor is RouteCue's event loop: state isolated to it is touched only on that thread,
/// and Swift 6 checks it.
@globalActor
public actor RouteCueLoop {
    /// The actor instance.
    public static let shared = RouteCueLoop()
    /// The loop all `@RouteCueLoop` code runs on.
    public static let loop = EventLoop(name: "routecue-loop")

    /// Jobs of this actor run on `loop`.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { Self.loop.asUnownedSerialExecutor() }
}
