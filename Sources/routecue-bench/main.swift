import DriveLab
import Foundation

// routecue-bench: the benchmarks `make bench` runs.
//
//   routecue-bench import FILE [--iterations N]            import time and peak memory of a route file
//   routecue-bench progress LONG_ROUTE SHORT_ROUTE          fixes per second through the engine, long vs short route
//   routecue-bench timing --trace FILE --trace FILE ROUTE…  cue timing error: this engine vs a fix-triggered baseline
//   routecue-bench outage --trace FILE… ROUTE… [--seconds S] cue timing error after a GPS outage of S s (4) while braking
//   routecue-bench timing-drives --trace FILE… ROUTE… --out DIR
//                                                           writes the timing set's drives as NMEA (make test-aarch64 replays them)
//   routecue-bench audio [--device PCM] [--cues N]           due → first sample to ALSA: cached, on demand, spawned espeak-ng
//   routecue-bench synthetic-gpx OUT POINTS                 writes a large GPX track for the import benchmark
//   routecue-bench daemon-startup ROUTECUE [--runs N]        exec → READY=1 of routecue run, next to routecue --version
//   routecue-bench daemon-drive ROUTECUE [--device PCM] --trace FILE… [--outage S [--rounds N]] ROUTE…
//                                                           generated drives through gpsd and routecue run in real time vs simulate;
//                                                           --outage: also with gpsd killed for S s while braking before cues
//   routecue-bench daemon-load ROUTECUE --route ROUTE --trace FILE [--seconds N] [--config FILE]
//                                                           memory and CPU of routecue run guiding ROUTE from gpsd at 1 Hz
//   routecue-bench daemon-bus ROUTECUE --route ROUTE --trace FILE [--seconds N]
//                                                           the D-Bus interface's round trips and CPU while guiding
//   routecue-bench car-audio ROUTECUE [--device PCM] [--runs N] [--epochs N] [--idle-seconds N]
//                                                           hfp → default fallback, ducking a real mpv, car-audio clients' CPU
//   routecue-bench drive-report ROUTECUE --drive DRIVE [--route ROUTE] [--speed S] --report DIR
//                                                           a recorded drive through gpsd and routecue run with mpv ducked: report.md,
//                                                           timeline.svg, cues.jsonl, guidance.wav, routecue.log
//   routecue-bench routing ROUTECUE [--runs N]               a real Valhalla on the test town: tour resolve and reroute times,
//                                                           map-matched vs geometric maneuvers, reroute → first cue in routecue run
//   routecue-bench names ROUTECUE [--device PCM] [--epochs N] [--rounds N]
//                                                           names in their own voice: synthesis time switched vs not, cache hit rate
//   routecue-bench cross-memory HOST_ROUTECUE ARCH_ROUTECUE --arch-binary PATH --route ROUTE --trace FILE [--seconds N]
//                                                           resident memory guiding ROUTE: this machine's build vs aarch64 under qemu
//   routecue-bench soak ROUTECUE --drive DRIVE [--speed S] [--minutes N] [--interval S] [--report DIR]
//                                                           memory growth, descriptors and late cues over a long drive with D-Bus traffic
//   routecue-bench readers [--only TEXT] [--slow-seconds S]
//                                                           every reader's time per MB at 1×, 4× and 16× its input, per input shape
//   routecue-bench journal ROUTECUE [--drive DRIVE [--route ROUTE]] [--cuts N] [--runs N] [--speed S]
//                                                           the guidance journal: bytes and writes per hour of driving, power cuts
//                                                           and resumes (stages heard twice, lost), exec → first cue fresh vs resumed

// An interrupted bench stops the gpsd and routecue processes it started (they run in process groups of their own).
ChildProcessCleanup.install()
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "import" where arguments.count >= 2:
    importBench(Array(arguments.dropFirst()))
case "progress" where arguments.count >= 3:
    progressBench(Array(arguments.dropFirst()))
case "timing" where arguments.count >= 2:
    timingBench(Array(arguments.dropFirst()))
case "outage" where arguments.count >= 2:
    outageBench(Array(arguments.dropFirst()))
case "timing-drives" where arguments.count >= 2:
    timingDrivesBench(Array(arguments.dropFirst()))
case "audio":
    audioBench(Array(arguments.dropFirst()))
case "daemon-startup" where arguments.count >= 2:
    daemonStartupBench(Array(arguments.dropFirst()))
case "daemon-drive" where arguments.count >= 2:
    daemonDriveBench(Array(arguments.dropFirst()))
case "daemon-load" where arguments.count >= 2:
    daemonLoadBench(Array(arguments.dropFirst()))
case "daemon-bus" where arguments.count >= 2:
    daemonBusBench(Array(arguments.dropFirst()))
case "car-audio" where arguments.count >= 2:
    carAudioBench(Array(arguments.dropFirst()))
case "drive-report" where arguments.count >= 2:
    driveReportBench(Array(arguments.dropFirst()))
case "routing" where arguments.count >= 2:
    routingBench(Array(arguments.dropFirst()))
case "names" where arguments.count >= 2:
    namesBench(Array(arguments.dropFirst()))
case "cross-memory" where arguments.count >= 2:
    crossMemoryBench(Array(arguments.dropFirst()))
case "soak" where arguments.count >= 2:
    soakBench(Array(arguments.dropFirst()))
case "journal" where arguments.count >= 2:
    journalBench(Array(arguments.dropFirst()))
case "readers":
    readersBench(Array(arguments.dropFirst()))
case "synthetic-gpx":
    syntheticGPXBench(Array(arguments.dropFirst()))
default:
    fail("usage: routecue-bench import FILE [--iterations N] | progress LONG_ROUTE SHORT_ROUTE | timing --trace FILE… ROUTE… | timing-drives --trace FILE… ROUTE… --out DIR | audio [--device PCM] [--cues N] | synthetic-gpx OUT POINTS", status: 2)
}
