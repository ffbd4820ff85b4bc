import DBusKit
import EventLoopKit
import Glibc
import RouteCueService

/// `routecue ctl watch`: every signal of `org.routecue` at `/org/routecue/Guidance`, one line each as it comes
/// (standard output written per line), until SIGINT or SIGTERM (exit 0). RouteCue going away and coming back are
/// lines too, as `gdbus monitor` prints them; only the bus going away ends the watch (exit 1).
enum CtlWatch {
    /// The signals that end the watch.
    static let endingSignals = [SIGINT, SIGTERM]

    /// Blocks SIGINT and SIGTERM in the calling thread, to be read from a signalfd on the loop. Call before the
    /// loop's thread starts (before the first connection), so every thread inherits the block.
    static func blockSignals() throws(CtlFailure) {
        do { try ProcessSignals.block(endingSignals) } catch {
            throw .local("cannot block SIGINT and SIGTERM: \(error)")
        }
    }

    /// Watches until a signal (0) or the bus going away (1).
    static func run(_ client: CtlClient) throws(CtlFailure) -> Int32 {
        let end = Reply<Int32>()
        let subscribed = Reply<BusError?>()
        let connection = client.connection
        let bus = client.bus
        let watching: (signals: SignalWatch, disconnect: UInt64)
        do {
            watching = try RouteCueLoop.runAndWait {
                let watch = try RouteCueLoop.loop.watchSignals(endingSignals) { _ in end.set(0) }
                let disconnect = connection.onDisconnect { error in
                    CtlCommand.printError("\(CtlFailure.phrase(bus)) went away (\(error.name))")
                    end.set(1)
                }
                let rule = MatchRule(sender: CtlClient.name, path: CtlClient.path)
                connection.subscribe(rule, added: { error in
                    if let error { return subscribed.set(error) }
                    // Once the rule is in place: nothing the owner line announces can be missed after it.
                    connection.watchNameOwner(CtlClient.name) { owner in
                        if let owner {
                            line("\(CtlClient.name) is owned by \(owner)")
                        } else {
                            line("\(CtlClient.name) has no owner (waiting for routecue run)")
                        }
                    }
                    subscribed.set(nil)
                }) { message in
                    line(CtlOutput.signalLine(message))
                }
                return (watch, disconnect)
            }
        } catch {
            throw .local("cannot watch: \(error)")
        }
        defer {
            // Closing the connection afterwards is not the bus going away.
            _ = try? RouteCueLoop.runAndWait {
                watching.signals.cancel()
                connection.removeDisconnectHandler(watching.disconnect)
            }
        }
        guard let outcome = subscribed.wait(client.timeout + 1) else {
            throw .call(BusError(.noReply, "AddMatch: no reply within \(client.timeout) s"), bus: bus)
        }
        if let error = outcome { throw .call(error, bus: bus) }
        return end.wait(nil) ?? 1
    }

    /// Writes `text` and a newline to standard output at once (unbuffered: a pipe reader sees each line as it comes).
    private static func line(_ text: String) {
        StandardStream.output.write(text + "\n")
    }
}
