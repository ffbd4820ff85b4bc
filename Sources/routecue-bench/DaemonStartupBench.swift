import DriveLab
import EventLoopKit
import Foundation

// `routecue-bench daemon-startup ROUTECUE [--runs N]`: from exec to READY=1 of `routecue run` (no gpsd listening, the
// null PCM), next to the exec of `routecue --version` in the same run (the process, the Swift runtime and the C libraries
// starting, with nothing of RouteCue's own), and the resident memory at READY.

func daemonStartupBench(_ args: [String]) {
    guard let binary = args.first else { fail("daemon-startup needs the routecue binary", status: 2) }
    let runs = args.firstIndex(of: "--runs").flatMap { Int(args[$0 + 1]) } ?? 10
    // Interleaved: the default (the control interface connecting to the system bus, on its own thread) and
    // `--bus none`, so the bus's share of start-up is a difference within one run.
    var ready: [Double] = [], readyNoBus: [Double] = [], version: [Double] = [], rss: [Double] = []
    func startOnce(_ extra: [String]) -> (ms: Double, rss: Double) {
        let notify = NotifyListener()
        let started = MonotonicClock.nanoseconds()
        let process = spawn(binary, ["run", "--gpsd", "127.0.0.1:1", "--device", "null"] + extra,
                            environment: ["NOTIFY_SOCKET": notify.path])
        guard let message = notify.wait(for: "READY=1", timeout: 10) else {
            process.terminate()
            fail("daemon-startup: no READY=1 within 10 s")
        }
        let result = (Double(message.at - started) / 1e6, Double(residentKiB(of: process.processIdentifier)) / 1024)
        process.terminate()
        process.waitUntilExit()
        return result
    }
    for _ in 0..<runs {
        let withBus = startOnce([])
        ready.append(withBus.ms)
        rss.append(withBus.rss)
        readyNoBus.append(startOnce(["--bus", "none"]).ms)
        let versionStart = MonotonicClock.nanoseconds()
        let plain = spawn(binary, ["--version"], environment: [:])
        plain.waitUntilExit()
        version.append(Double(MonotonicClock.nanoseconds() - versionStart) / 1e6)
    }
    print("bench daemon-startup: \(runs) runs each of routecue run (release, no gpsd, null PCM), with and without the bus, and of routecue --version, interleaved")
    print(String(format: "  exec → READY=1         p50 %6.1f ms  max %6.1f ms   (goal ≤ 150 ms; --bus system, the default)", median(ready), ready.max() ?? 0))
    print(String(format: "  exec → READY=1 --bus none p50 %6.1f ms  max %6.1f ms", median(readyNoBus), readyNoBus.max() ?? 0))
    print(String(format: "  exec → exit of --version p50 %6.1f ms  max %6.1f ms   (process, Swift runtime, C libraries)", median(version), version.max() ?? 0))
    print(String(format: "  READY ÷ --version: %.1f×; resident memory at READY p50 %.1f MB", median(ready) / max(0.001, median(version)), median(rss)))
}

/// Starts `binary` with `arguments`, its output discarded (standard error into the file `stderr` when given),
/// `environment` added to this process's.
func spawn(_ binary: String, _ arguments: [String], environment: [String: String], stderr: String? = nil) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "JOURNAL_STREAM"] { env[key] = nil }
    env.merge(environment) { $1 }
    process.environment = env
    process.standardOutput = FileHandle.nullDevice
    if let stderr, FileManager.default.createFile(atPath: stderr, contents: nil), let handle = FileHandle(forWritingAtPath: stderr) {
        process.standardError = handle
    } else {
        process.standardError = FileHandle.nullDevice
    }
    do { try ChildProcessCleanup.run(process) } catch { fail("cannot start \(binary): \(error)") }
    return process
}

/// Resident set size of process `pid` (KiB), from /proc.
func residentKiB(of pid: Int32) -> Int {
    procStatus(pid, "VmRSS:")
}

/// A `kB` field of /proc/PID/status.
func procStatus(_ pid: Int32, _ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field) {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

/// User + system CPU seconds of process `pid` so far, from /proc/PID/stat.
func cpuSeconds(of pid: Int32) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command: state(0) ppid … utime is field 14 of the line, index 11 here; stime index 12.
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
