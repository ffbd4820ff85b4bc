import CEventLoop
import Glibc

/// Signals delivered through a `signalfd` on the event loop instead of asynchronous handlers: blocked in every
/// thread (`block` first thing in `main`, before any thread starts, so every thread inherits the mask), then read
/// as data by `EventLoop.watchSignals`.
public enum ProcessSignals {
    /// The signals `routecue run` handles: SIGTERM and SIGINT (stop), SIGHUP (reload).
    public static let daemon: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Blocks `signals` in the calling thread; threads started afterwards inherit the mask.
    public static func block(_ signals: [Int32]) throws(SystemCallError) {
        let status = signals.withUnsafeBufferPointer { routecue_block_signals($0.baseAddress, Int32($0.count)) }
        guard status == 0 else { throw SystemCallError("pthread_sigmask", code: status) }
    }

    /// Unblocks `signals` in the calling thread (a child started from it would otherwise inherit the block).
    public static func unblock(_ signals: [Int32]) throws(SystemCallError) {
        let status = signals.withUnsafeBufferPointer { routecue_unblock_signals($0.baseAddress, Int32($0.count)) }
        guard status == 0 else { throw SystemCallError("pthread_sigmask", code: status) }
    }
}

/// A signalfd registered on a loop: `cancel()` deregisters and closes it (on the loop thread).
public final class SignalWatch: Sendable {
    private let loop: EventLoop
    private let fd: Int32
    private let registration: DescriptorRegistration

    fileprivate init(loop: EventLoop, fd: Int32, registration: DescriptorRegistration) {
        self.loop = loop
        self.fd = fd
        self.registration = registration
    }

    /// Stops watching and closes the signalfd; the signals stay blocked. Call on the loop thread.
    public func cancel() {
        if loop.deregister(registration) { close(fd) }
    }
}

extension EventLoop {
    /// Reads `signals` (which must be blocked in every thread, see `ProcessSignals.block`) from a signalfd on this
    /// loop: `handler` runs on the loop thread once per delivered signal, with its number. Call on the loop thread.
    public func watchSignals(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) throws(SystemCallError) -> SignalWatch {
        let fd = signals.withUnsafeBufferPointer { routecue_signalfd($0.baseAddress, Int32($0.count)) }
        guard fd >= 0 else { throw .last("signalfd") }
        let registration = register(fd: fd, interest: .read) { _ in
            var info = signalfd_siginfo()
            let size = MemoryLayout<signalfd_siginfo>.size
            while true {
                let n = withUnsafeMutableBytes(of: &info) { read(fd, $0.baseAddress, size) }
                if n == size {
                    handler(Int32(bitPattern: info.ssi_signo))
                    continue
                }
                if n < 0, errno == EINTR { continue }
                return
            }
        }
        return SignalWatch(loop: self, fd: fd, registration: registration)
    }
}
