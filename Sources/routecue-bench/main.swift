import Foundation

// routecue-bench: the benchmarks `make bench` runs.
//
//   routecue-bench import FILE [--iterations N]            import time and peak memory of a route file
//   routecue-bench progress LONG_ROUTE SHORT_ROUTE          fixes per second through the engine, long vs short route
//   routecue-bench timing --trace FILE --trace FILE ROUTE…  cue timing error: this engine vs a fix-triggered baseline

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "import" where arguments.count >= 2:
    importBench(Array(arguments.dropFirst()))
case "progress" where arguments.count >= 3:
    progressBench(Array(arguments.dropFirst()))
case "timing" where arguments.count >= 2:
    timingBench(Array(arguments.dropFirst()))
default:
    fail("usage: routecue-bench import FILE [--iterations N] | progress LONG_ROUTE SHORT_ROUTE | timing --trace FILE… ROUTE…", status: 2)
}
