import DBusKit
import DriveLab
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService

extension CarAudioBench {
    // MARK: 3. Outputs nobody planned, over music

    /// Issue 30: a UI's `Speak`, a `PlayFile` and a chime (a `Speak` with `PromptStyle` tone), each over full music:
    /// mpv's MPRIS Volume (read every 10 ms from the bench's connection) when the output's `WillPlay` arrives (its
    /// first sample follows within the route's latency: a file PCM here), how long it had been at the ducked volume
    /// then, how long the output waited after the call, and the volume after the last one.
    func unplannedOutputs(session: String, client: BenchClient, runs: Int) throws {
        guard let original = try client.get(Self.mpvName, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "Volume").number else {
            throw CarAudioBenchError("mpv's MPRIS Volume is not a number")
        }
        let settings = DuckingSettings()
        let target = settings.duckedVolume(original, law: .cubic)
        let arguments = try daemonArguments("prompts", config: "{}")
            + ["--bus", session, "--session-bus", session, "--device", "file:FILE=\(directory)/prompts.wav,FORMAT=wav", "--gpsd", "127.0.0.1:9"]
        let daemon = try processes.start("routecue-prompts", options.binary, arguments)
        defer { processes.stop(daemon) }
        try client.waitForOwner(Self.routecue.rawValue)
        let signals = SignalRecord()
        try client.subscribe(MatchRule(sender: Self.routecue, path: Self.guidancePath, interface: Self.audio, member: "WillPlay"), into: signals)
        let wav = directory + "/prompt.wav"
        let said = try CommandRunner.run(options.binary, ["say", "Your coffee is ready", "--wav", wav])
        guard said.status == 0 else { throw CarAudioBenchError("routecue say failed (\(said.status)): \(said.stderr)") }
        let trace = PeriodicSampler.mpvVolume(through: client, player: Self.mpvName, every: 0.01)
        defer { trace.stop() }
        // Waits (at most 15 s) until mpv's volume is back at the original.
        func waitForTheOriginalVolume() {
            let end = MonotonicClock.nanoseconds() + 15_000_000_000
            while trace.last?.value != original, MonotonicClock.nanoseconds() < end { usleep(20_000) }
        }
        usleep(1_000_000)
        func setPromptStyle(_ style: String) throws {
            _ = try client.call(Self.routecue, Self.guidancePath, .properties, "Set",
                                [.string(Self.audio.rawValue), .string("PromptStyle"), .variant(.string(style))])
        }
        let kinds: [(name: String, play: (Int) throws -> Int64?)] = [
            ("Speak", { run in
                try client.call(Self.routecue, Self.guidancePath, Self.audio, "Speak", [.string("Fuel station ahead, \(run)"), .string("application")]).first?.integer
            }),
            ("PlayFile", { _ in
                let fd = open(wav, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { throw CarAudioBenchError("\(wav): cannot open") }
                return try client.call(Self.routecue, Self.guidancePath, Self.audio, "PlayFile", [.unixFD(UnixFD(taking: fd))]).first?.integer
            }),
            ("chime", { run in
                try setPromptStyle("tone")
                defer { try? setPromptStyle("normal") }
                return try client.call(Self.routecue, Self.guidancePath, Self.audio, "Speak", [.string("Traffic ahead, \(run)"), .string("guidance")]).first?.integer
            }),
        ]
        print(String(format: "  outputs nobody planned over mpv (MPRIS Volume %.17g, target %.17g; read every 10 ms), %d of each, each over full music:",
                     original, target, runs))
        print("    kind       volume at WillPlay − target    at the target before it (p50 / min)    wait after the call (p50 / max)")
        for kind in kinds {
            var deltas: [Double] = [], downBefore: [Double] = [], waits: [Double] = []
            for run in 1...runs {
                waitForTheOriginalVolume()
                usleep(300_000)
                let asked = Double(MonotonicClock.nanoseconds()) / 1e9
                let before = signals.count
                guard let id = try kind.play(run) else { throw CarAudioBenchError("\(kind.name) answered no id") }
                guard let started = signals.wait(after: before, within: 10, { $0.values.first?.integer == id }) else {
                    throw CarAudioBenchError("\(kind.name) \(run): no WillPlay")
                }
                let at = Double(started.at) / 1e9
                usleep(100_000)
                let samples = trace.volumes
                deltas.append((samples.last { $0.at <= at }?.volume ?? .nan) - target)
                downBefore.append(samples.first { $0.at > asked && abs($0.volume - target) <= 1e-6 }.map { at - $0.at } ?? -.infinity)
                waits.append(at - asked)
            }
            let worst = deltas.map(abs).max() ?? .nan
            print("    " + kind.name.padding(toLength: 11, withPad: " ", startingAt: 0)
                  + String(format: "max |Δ| %.1e", worst).padding(toLength: 31, withPad: " ", startingAt: 0)
                  + String(format: "%.0f ms / %.0f ms", percentile(downBefore, 0.5) * 1000, (downBefore.min() ?? .nan) * 1000).padding(toLength: 39, withPad: " ", startingAt: 0)
                  + String(format: "%.0f ms / %.0f ms", percentile(waits, 0.5) * 1000, (waits.max() ?? .nan) * 1000))
        }
        waitForTheOriginalVolume()
        let restored = try client.get(Self.mpvName, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "Volume").number ?? .nan
        print(String(format: "    configured: ramp down %.2f s, lead %.2f s (a prompt waits at most %.2f s: the ramp, its last step a step early, and the lead); restored − original after the last: %.17g (goal exactly 0)",
                     settings.rampDownSeconds, settings.leadSeconds,
                     settings.rampDownSeconds - MediaDucker.stepSeconds + settings.leadSeconds, restored - original))
    }
}
