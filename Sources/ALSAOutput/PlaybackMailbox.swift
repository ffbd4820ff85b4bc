import CALSA
import Glibc
import Synchronization

/// Commands waiting for the audio thread, behind a mutex, and the eventfd that wakes it when one arrives.
final class PlaybackMailbox: Sendable {
    private struct Contents {
        var commands: [PlaybackCommand] = []
        var isShuttingDown = false
    }

    /// The eventfd the audio thread polls.
    let wakeDescriptor: Int32
    private let contents = Mutex(Contents())

    /// A mailbox with a fresh non-blocking eventfd.
    init() {
        let descriptor = eventfd(0, routecue_EFD_NONBLOCK | routecue_EFD_CLOEXEC)
        precondition(descriptor >= 0, "eventfd failed: errno \(errno)")
        wakeDescriptor = descriptor
    }

    deinit { close(wakeDescriptor) }

    /// Queues a command and wakes the thread.
    func post(_ command: PlaybackCommand) {
        contents.withLock { $0.commands.append(command) }
        wake()
    }

    /// Asks the thread to end and wakes it.
    func postShutdown() {
        contents.withLock { $0.isShuttingDown = true }
        wake()
    }

    /// Takes every waiting command (oldest first) and whether shutdown was asked; clears the eventfd.
    func take() -> (commands: [PlaybackCommand], isShuttingDown: Bool) {
        var counter: eventfd_t = 0
        _ = eventfd_read(wakeDescriptor, &counter)
        return contents.withLock { contents in
            let taken = contents.commands
            contents.commands.removeAll()
            return (taken, contents.isShuttingDown)
        }
    }

    private func wake() {
        _ = eventfd_write(wakeDescriptor, 1)
    }
}
