import EventLoopKit
import Glibc
import RouteCueService

// `routecue run` reads SIGTERM, SIGINT and SIGHUP from a signalfd on its event loop: they are blocked here, before
// any thread exists, so every thread inherits the block and none of them is interrupted by a handler.
let arguments = Array(CommandLine.arguments.dropFirst())
// Before any thread exists (setenv is not thread-safe): the name of RouteCue's stream in a PipeWire session.
PipeWireStreamIdentity.export()
if arguments.first == "run" {
    // A long-running process on a head unit short of memory: one malloc arena for all its threads.
    ProcessMemory.useOneHeapArena()
    do {
        try ProcessSignals.block(ProcessSignals.daemon)
    } catch {
        StandardStream.error.write("routecue: cannot block the daemon's signals: \(error)\n")
        exit(1)
    }
}
exit(CLI.main(arguments))
