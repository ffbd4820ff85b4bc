import DriveLab
import Foundation
import RouteCueCore

// `routecue-bench cross-memory HOST_ROUTECUE ARCH_ROUTECUE --arch-binary PATH --route ROUTE --trace SPEED_DRIVE
// [--seconds N]` (make bench-cross): resident memory of `routecue run` guiding ROUTE from gpsd at 1 Hz, once for this
// machine's binary and once for the aarch64 binary under qemu, one after the other, each sampled every second.
//
// Under qemu's user-mode emulation the process is qemu, whose own memory (its code, the translated-code buffer, its
// heap) is not the program's. The aarch64 program's own memory is what lies in its address space: the wrapper is run
// with QEMU_RESERVED_VA, so qemu reserves that whole space as one region, and every mapping of the program (its
// binary, libraries, heap, stacks) falls inside it, contiguous; the sum of their resident pages is what the kernel of
// an aarch64 board would count for it (the same 4 KiB pages). ARCH_ROUTECUE is a script running PATH under qemu.

/// The resident memory bench of the cross build.
func crossMemoryBench(_ args: [String]) {
    var a = DriveBenchArguments([])
    var binaries: [String] = [], archBinary = ""
    var i = 0
    while i < args.count {
        switch args[i] {
        case "--arch-binary" where i + 1 < args.count: archBinary = args[i + 1]; i += 2
        case "--route" where i + 1 < args.count: a.routes.append(args[i + 1]); i += 2
        case "--trace" where i + 1 < args.count: a.traces.append(args[i + 1]); i += 2
        case "--seconds" where i + 1 < args.count: a.seconds = Double(args[i + 1]) ?? a.seconds; i += 2
        default: binaries.append(args[i]); i += 1
        }
    }
    guard binaries.count == 2, !archBinary.isEmpty, let routeArgument = a.routes.first, let tracePath = a.traces.first else {
        fail("cross-memory needs HOST_ROUTECUE ARCH_ROUTECUE --arch-binary PATH --route ROUTE --trace SPEED_DRIVE", status: 2)
    }
    guard GPSDProcess.isInstalled else {
        print("bench cross-memory: SKIPPED, gpsd is not installed (Debian package gpsd)")
        return
    }
    // Absolute: the host binary runs in a chroot whose working folder is its root.
    let routePath = URL(fileURLWithPath: routeArgument).standardizedFileURL.path
    let archPath = URL(fileURLWithPath: archBinary).resolvingSymlinksInPath().path
    let route = readRoute(routePath)
    let drive = generatedDrive(route, tracePath: tracePath, seed: 7, bench: "cross-memory")
    // 1 TiB of address space for the guest, reserved (PROT_NONE, no memory) so that its mappings are one region.
    setenv("QEMU_RESERVED_VA", "0x10000000000", 1)
    print("bench cross-memory: routecue run guiding \((routePath as NSString).lastPathComponent) (\(Int(route.length / 1000)) km) from gpsd at 1 Hz for \(Int(a.seconds)) s each, sampled every second")
    var peaks: [Double] = []
    for (label, binary, guest) in [("\(machineName()) (native)", binaries[0], nil as String?), ("aarch64 under qemu", binaries[1], archPath)] {
        let d: DaemonDrive
        do {
            d = try DaemonDrive(name: label, routePath: routePath, route: route, drive: drive, delivery: SimulationOptions(),
                                binary: binary, device: "null")
        } catch {
            fail("cross-memory: \(error)")
        }
        let pid = d.daemon.processIdentifier
        var samples: [Double] = []
        let end = Date().addingTimeInterval(a.seconds)
        while Date() < end, d.daemon.isRunning {
            usleep(1_000_000)
            let kib = guest.map { guestResidentKiB(pid: pid, binary: $0) } ?? procStatus(pid, "VmRSS:")
            if kib > 0 { samples.append(Double(kib) / 1024) }
        }
        let running = d.daemon.isRunning
        let cues = ((try? String(contentsOfFile: d.cues, encoding: .utf8)) ?? "").split(separator: "\n").count
        let fixes = d.feeder.sent.count
        d.stop()
        guard running, let peak = samples.max() else {
            print("  \(label): " + (running ? "no memory sample (no mapping of \(guest ?? binary) found)" : "routecue run stopped during the drive"))
            printTail(of: d.log)
            d.removeFiles()
            exit(1)
        }
        d.removeFiles()
        let last = samples.last ?? .nan
        peaks.append(peak)
        print(String(format: "  %-22@ resident %.1f MB at the end, peak %.1f MB (%d samples; %d fixes, %d cue log lines)",
                     label as NSString, last, peak, samples.count, fixes, cues))
    }
    print(String(format: "  aarch64 ÷ native peak: %.3f (goal: within 10 %%)", peaks[1] / peaks[0]))
}

/// The last lines of the daemon's log, indented.
private func printTail(of path: String) {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n").suffix(5) { print("    " + line) }
}

/// The resident KiB of the guest program qemu runs as `pid` or as a process below it (a wrapper script may fork
/// before qemu starts): the mappings of the one contiguous region (qemu's reserved guest address space) that holds a
/// mapping of `binary` or of the guest's dynamic loader (qemu may read the binary rather than map it).
func guestResidentKiB(pid: Int32, binary: String) -> Int {
    for candidate in [pid] + descendants(of: pid) {
        let kib = guestResidentKiB(process: candidate, binary: binary)
        if kib > 0 { return kib }
    }
    return 0
}

/// The processes below `pid`, from the parent field of /proc/*/stat.
private func descendants(of pid: Int32) -> [Int32] {
    var parents: [Int32: Int32] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let child = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 1, let parent = Int32(fields[1]) { parents[child] = parent }
    }
    var found: [Int32] = [], frontier = [pid]
    while let next = frontier.popLast() {
        let children = parents.filter { $0.value == next }.map(\.key)
        found += children
        frontier += children
    }
    return found
}

private func guestResidentKiB(process pid: Int32, binary: String) -> Int {
    // Read to the end: /proc files report no size, and a reader that trusts the size stops after one page.
    guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps") else { return 0 }
    defer { try? handle.close() }
    let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    var mappings: [(start: UInt64, end: UInt64, path: Substring, rss: Int)] = []
    for line in text.split(separator: "\n") {
        if line.hasPrefix("Rss:"), !mappings.isEmpty {
            mappings[mappings.count - 1].rss = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
            continue
        }
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count >= 5, let dash = fields[0].firstIndex(of: "-"),
              let start = UInt64(fields[0][..<dash], radix: 16), let end = UInt64(fields[0][fields[0].index(after: dash)...], radix: 16)
        else { continue }
        mappings.append((start, end, fields.count == 6 ? fields[5].drop { $0 == " " } : "", 0))
    }
    mappings.sort { $0.start < $1.start }
    guard let at = mappings.firstIndex(where: { $0.path == binary || $0.path.hasSuffix("/ld-linux-aarch64.so.1") }) else { return 0 }
    var low = at, high = at
    while low > 0, mappings[low - 1].end == mappings[low].start { low -= 1 }
    while high + 1 < mappings.count, mappings[high].end == mappings[high + 1].start { high += 1 }
    return mappings[low...high].reduce(0) { $0 + $1.rss }
}

/// This machine's architecture (uname -m).
func machineName() -> String {
    var name = utsname()
    uname(&name)
    return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
}
