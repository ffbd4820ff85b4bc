import EventLoopKit

/// Commands waiting for the audio thread, behind a mutex, and the eventfd that wakes it when one arrives.
final class PlaybackMailbox: Sendable {
    private struct Contents {
        var commands: [PlaybackCommand] = []
        var isShuttingDown = false
    }

    /// The eventfd the audio thread polls.
    var wakeDescriptor: Int32 { wakeup.descriptor }
    private let wakeup: EventFD
    private let contents = LockedValue(Contents())

    /// A mailbox with a fresh non-blocking eventfd.
    init() {
        do {
            wakeup = try EventFD(nonBlocking: true)
        } catch {
            preconditionFailure("the audio thread cannot start: \(error)")
        }
    }

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
        wakeup.drain()
        return contents.withLock { contents in
            let taken = contents.commands
            contents.commands.removeAll()
            return (taken, contents.isShuttingDown)
        }
    }

    private func wake() {
        wakeup.signal()
    }
}
