import CEventLoop
import Glibc
import Synchronization

/// The thread that owns RouteCue's mutable state (docs/architecture.md), in the spirit of swift-nio's
/// `SelectableEventLoop`: one dedicated thread that runs, in turn,
/// - jobs: the `RouteCueLoop` global actor's jobs (it is that actor's `SerialExecutor`) and plain closures handed
///   to `execute`, in one FIFO;
/// - timers on `CLOCK_MONOTONIC`, in a min-heap;
/// - readiness handlers of file descriptors registered on it (the gpsd socket, D-Bus watches, a signalfd), run
///   synchronously on the thread, with the descriptors polled between job batches so a stream of jobs never
///   starves I/O.
///
/// Never Swift's shared task pool (two threads on the head unit) and never blocking work: synthesis and ALSA
/// writes have threads of their own and report back with `execute`.
public final class EventLoop: SerialExecutor, LoopScheduler, Sendable {
    /// A job in the FIFO.
    private enum Job {
        case actor(UnownedJob)
        case closure(@Sendable () -> Void)
    }

    /// What any thread may touch, under the lock.
    private struct Inbox {
        var jobs: [Job] = []
        var timers = TimerHeap()
        var stopping = false
        var stopped = false
    }

    private let inbox = LockedValue(Inbox())
    /// Registered descriptors; touched only on the loop thread (the lock is uncontended).
    let registry = LockedValue(Registry())
    /// Wakes the thread when a job, timer or stop arrives; closed only in `deinit`.
    private let wakeup: EventFD
    /// The loop thread's id, set once it runs (for `isCurrent` and `checkIsolated`).
    private let threadID = Atomic<UInt>(0)
    private let thread: SystemThread
    /// The name in messages and the thread's name.
    public let name: String

    /// Starts the loop's thread; `name` names it in messages and in `ps -L`.
    public init(name: String) {
        self.name = name
        do {
            wakeup = try EventFD(nonBlocking: true)
        } catch {
            preconditionFailure("the \(name) event loop cannot start: \(error)")
        }
        // The loop's thread holds the loop until `run` returns (a stopped loop then goes when its owners let go).
        let box = ThreadHandover<EventLoop>()
        do {
            thread = try SystemThread(name: name) {
                let loop = box.take()
                loop.threadID.store(UInt(pthread_self()), ordering: .releasing)
                loop.run()
            }
        } catch {
            preconditionFailure("the \(name) event loop cannot start: \(error)")
        }
        box.hand(self)
        thread.detach()
        while threadID.load(ordering: .acquiring) == 0 { sched_yield() }
    }

    // MARK: - SerialExecutor

    /// Swift concurrency hands the actor's jobs here; they run in order on the loop thread. A job enqueued after the
    /// loop has stopped can never run: that is a programming error and traps with the loop's name.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let accepted = inbox.withLock { inbox -> Bool in
            guard !inbox.stopped else { return false }
            inbox.jobs.append(.actor(unowned))
            return true
        }
        precondition(accepted, "an actor job was enqueued on the stopped \(name) event loop; it would never run")
        wakeup.signal()
    }

    /// The executor reference Swift keeps for the global actor.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    /// Traps unless called on the loop thread (what `assumeIsolated` relies on).
    public func checkIsolated() {
        precondition(isCurrent, "not on the \(name) event loop thread")
    }

    /// True on the loop's own thread.
    public var isCurrent: Bool { threadID.load(ordering: .acquiring) == UInt(pthread_self()) }

    // MARK: - LoopScheduler

    /// `CLOCK_MONOTONIC` now.
    public var nowNanoseconds: UInt64 { MonotonicClock.nanoseconds() }

    @discardableResult
    public func schedule(atNanoseconds due: UInt64, _ action: @escaping @Sendable () -> Void) throws(EventLoopError) -> LoopTimerID {
        let id = inbox.withLock { inbox -> UInt64? in
            guard !inbox.stopping else { return nil }
            return inbox.timers.add(due: due, action)
        }
        guard let id else { throw .stopped(loop: name) }
        if !isCurrent { wakeup.signal() }
        return LoopTimerID(value: id)
    }

    public func cancel(timer: LoopTimerID) {
        inbox.withLock { $0.timers.cancel(timer.value) }
    }

    public func execute(_ action: @escaping @Sendable () -> Void) throws(EventLoopError) {
        let accepted = inbox.withLock { inbox -> Bool in
            guard !inbox.stopped else { return false }
            inbox.jobs.append(.closure(action))
            return true
        }
        guard accepted else { throw .stopped(loop: name) }
        wakeup.signal()
    }

    // MARK: - Stopping

    /// Asks the thread to stop: the jobs already queued and those handed in while it finishes still run (FIFO),
    /// pending timers are dropped, and once the thread has ended `execute` and `schedule` throw
    /// `EventLoopError.stopped` (an actor job then traps). Registered descriptors are not closed: their owners close
    /// them.
    public func stop() {
        inbox.withLock { $0.stopping = true }
        wakeup.signal()
    }

    /// True once the thread has ended.
    public var hasStopped: Bool { inbox.withLock { $0.stopped } }

    // MARK: - The loop

    private func run() {
        while true {
            runJobs()
            runDueTimers()
            let (jobsWaiting, nextDue, finished) = inbox.withLock { inbox -> (Bool, UInt64?, Bool) in
                if inbox.stopping, inbox.jobs.isEmpty {
                    inbox.stopped = true
                    inbox.timers.removeAll()
                    return (false, nil, true)
                }
                return (!inbox.jobs.isEmpty, inbox.timers.nextDue(), false)
            }
            if finished { break }
            let timeout: Int64
            if jobsWaiting {
                timeout = 0
            } else if let nextDue {
                let now = MonotonicClock.nanoseconds()
                timeout = nextDue <= now ? 0 : Int64(min(nextDue - now, 3_600_000_000_000))
            } else {
                timeout = -1
            }
            pollDescriptors(timeoutNanoseconds: timeout)
        }
    }

    /// Runs the jobs queued when the batch starts (those added meanwhile wait for the next batch, after a poll).
    private func runJobs() {
        let batch = inbox.withLock { inbox -> [Job] in
            let jobs = inbox.jobs
            inbox.jobs.removeAll(keepingCapacity: true)
            return jobs
        }
        for job in batch {
            switch job {
            case .actor(let job): job.runSynchronously(on: asUnownedSerialExecutor())
            case .closure(let action): action()
            }
        }
    }

    /// Runs every timer due now, in due order; a timer cancelled by one that ran before it in the batch is skipped.
    private func runDueTimers() {
        let now = MonotonicClock.nanoseconds()
        let due = inbox.withLock { $0.timers.popDue(atOrBefore: now) }
        for id in due {
            guard let action = inbox.withLock({ $0.timers.take(id) }) else { continue }
            action()
        }
    }

    /// Waits for the wake-up or a registered descriptor (at most `timeoutNanoseconds`, negative: no limit) and
    /// runs the handlers of those that became ready.
    private func pollDescriptors(timeoutNanoseconds: Int64) {
        let watched = registry.withLock { $0.pollList() }
        var descriptors = [pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0)]
        descriptors += watched.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
        let result = descriptors.withUnsafeMutableBufferPointer { buffer in
            routecue_poll_nanoseconds(buffer.baseAddress, nfds_t(buffer.count), timeoutNanoseconds)
        }
        guard result > 0 else { return }
        if descriptors[0].revents != 0 { wakeup.drain() }
        for (index, entry) in watched.enumerated() {
            let revents = descriptors[index + 1].revents
            guard revents != 0 else { continue }
            dispatch(entry.id, revents: revents)
        }
    }
}
