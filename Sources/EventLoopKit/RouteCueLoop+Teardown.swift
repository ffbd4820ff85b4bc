#if !compiler(>=6.2)
import Glibc

extension RouteCueLoop {
    /// Swift 6.0's stand-in for `isolated deinit` (Swift 6.2): runs `teardown` as loop-isolated code before the deinit
    /// returns. On the loop's thread it runs at once. On another thread the loop runs it while that thread waits, as
    /// 6.2 runs an isolated deinit on the actor's executor (the object's storage lives until its deinit returns, so
    /// the teardown may still use it); once the loop has stopped, no other thread touches loop state and it runs where
    /// it is. Only for deinits: the loop must not itself wait for the releasing thread.
    public static func deinitTeardown(_ teardown: @RouteCueLoop () -> Void) {
        if loop.isCurrent {
            assumeIsolated(teardown)
            return
        }
        typealias Isolated = @RouteCueLoop () -> Void
        typealias Plain = () -> Void
        withoutActuallyEscaping(teardown) { (isolated: @escaping Isolated) in
            let job = TeardownJob(unsafeBitCast(isolated, to: Plain.self))
            do {
                try loop.execute { job.run() }
                job.waitUntilDone()
            } catch {
                job.run()
            }
            job.letGo()
        }
    }
}

/// A teardown handed to the loop, and the semaphore its releasing thread waits on.
private final class TeardownJob: @unchecked Sendable {
    private var body: (() -> Void)?
    private let done = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init(_ body: @escaping () -> Void) {
        self.body = body
        sem_init(done, 0, 0)
    }

    deinit {
        sem_destroy(done)
        done.deallocate()
    }

    /// Runs the teardown (on the loop) and wakes the waiting thread.
    func run() {
        body?()
        sem_post(done)
    }

    /// Waits until `run` has finished.
    func waitUntilDone() {
        while sem_wait(done) != 0, errno == EINTR {}
    }

    /// Drops the teardown before `withoutActuallyEscaping` checks that it did not escape (the loop's queue may
    /// still hold this job for a moment).
    func letGo() {
        body = nil
    }
}
#endif
