import DBusKit
import EventLoopKit
import Foundation

extension CarAudioBench {
    // MARK: 1. hfp → default

    func handsFreeFallback(system: String, client: BenchClient) throws {
        var environment: [String: String] = [:]
        let template: String
        if options.paced {
            // The paced PCM with a file tap in front (as ALSATestEnvironment.pacedTap), added to the configuration path.
            let tap = directory + "/alsa-tap.conf"
            try """
                pcm.routecue_bench_tap {
                    @args [ FILE ]
                    @args.FILE { type string }
                    type file
                    slave.pcm "\(options.device)"
                    file $FILE
                    format "wav"
                }

                """.write(toFile: tap, atomically: true, encoding: .utf8)
            let inherited = ProcessInfo.processInfo.environment["ALSA_CONFIG_PATH"] ?? "/usr/share/alsa/alsa.conf"
            environment["ALSA_CONFIG_PATH"] = inherited + ":" + tap
            template = "routecue_bench_tap:FILE=\(directory)/hfp-{address}.wav"
        } else {
            template = "file:FILE=\(directory)/hfp-{address}.wav,FORMAT=wav"
        }
        let arguments = try daemonArguments("hfp", config: #"{"audio": {"route": "hfp"}, "bluetooth": {"pcm_template": "\#(template)"}}"#)
            + ["--bus", system, "--session-bus", "none", "--device", "file:FILE=\(directory)/default.wav,FORMAT=wav", "--gpsd", "127.0.0.1:9"]
        let daemon = try processes.start("routecue-hfp", options.binary, arguments, environment: environment)
        defer { processes.stop(daemon) }
        try client.waitForOwner(Self.routecue.rawValue)
        let signals = SignalRecord()
        for member in ["RouteChanged", "WillPlay", "DidPlay"] {
            try client.subscribe(MatchRule(sender: Self.routecue, path: Self.guidancePath, interface: Self.audio, member: MemberName(stringLiteral: member)),
                                 into: signals)
        }
        let device = try ObjectPath("/org/bluez/hci0/dev_" + Self.headset.replacingOccurrences(of: ":", with: "_"))
        _ = try client.call("org.bluez", .root, Self.bluezMock, "AddDevice", [.string("hci0"), .string(Self.headset), .string("Helmet")])
        _ = try client.call("org.bluez", device, "org.freedesktop.DBus.Mock", "UpdateProperties",
                            [.string("org.bluez.Device1"), .vardict(["UUIDs": .strings([Self.handsFreeUUID])])])
        _ = try client.call("org.bluez", .root, Self.bluezMock, "ConnectDevice", [.string("hci0"), .string(Self.headset)])
        _ = try client.call("org.bluealsa", "/org/bluealsa", "org.bluealsa.Mock", "AddPCM",
                            [.objectPath(device), .string("HFP-AG"), .string("sink"), .string("CVSD"), .uint16(250)])

        var fallbacks: [Double] = [], resays: [Double] = [], replies: [Double] = []
        var wholeOnDefault = 0, cueDoneFirst = 0
        for run in 1...options.runs {
            try waitForActiveRoute("hfp", client: client, within: 5, run: run)
            let text = "Run \(run): in eight hundred meters, at the roundabout, take the third exit onto the long road to the harbour"
            guard let id = try client.call(Self.routecue, Self.guidancePath, Self.audio, "Speak", [.string(text), .string("guidance")]).first?.integer else {
                throw CarAudioBenchError("Speak answered no id")
            }
            guard signals.wait(within: 5, { $0.member == "WillPlay" && $0.values.first?.integer == id }) != nil else {
                throw CarAudioBenchError("run \(run): no WillPlay for Speak \(id)")
            }
            usleep(800_000)
            let mark = signals.count
            let sent = LoopAwaited<UInt64>(), replied = LoopAwaited<UInt64>()
            let connection = client.connection
            runOnLoop {
                sent.set(MonotonicClock.nanoseconds())
                connection.call(destination: "org.bluez", path: .root, interface: Self.bluezMock, member: "DisconnectDevice",
                                arguments: [.string("hci0"), .string(Self.headset)]) { _ in replied.set(MonotonicClock.nanoseconds()) }
            }
            guard let change = signals.wait(after: mark, within: 5, { $0.member == "RouteChanged" && $0.values.first?.string == "default" }),
                  let t0 = sent.wait(1) else {
                throw CarAudioBenchError("run \(run): no RouteChanged(\"default\") within 5 s of DisconnectDevice")
            }
            fallbacks.append(Double(change.at - t0) / 1e6)
            if let back = replied.wait(5) { replies.append(Double(back - t0) / 1e6) }
            let again = signals.wait(after: mark, within: options.paced ? 5 : 1) { $0.member == "WillPlay" && $0.values.first?.integer == id }
            if let again { resays.append(Double(again.at - t0) / 1e6) }
            // Its ends: interrupted on the headset, then spoken whole on default (or spoken before the link went).
            _ = signals.wait(within: 20) { entry in entry.member == "DidPlay" && entry.values.first?.integer == id && entry.values.dropFirst().first?.string == "spoken" }
            let ends = signals.all.filter { $0.member == "DidPlay" && $0.values.first?.integer == id }.compactMap { $0.values.dropFirst().first?.string }
            if ends.first == "interrupted", ends.last == "spoken" { wholeOnDefault += 1 }
            if again == nil, ends.first == "spoken" { cueDoneFirst += 1 }
            _ = try client.call("org.bluez", .root, Self.bluezMock, "ConnectDevice", [.string("hci0"), .string(Self.headset)])
        }
        print("  hfp → default, DisconnectDevice sent from the bench's own connection 0.8 s after the cue's WillPlay (\(options.runs) runs)")
        print(String(format: "    → RouteChanged(\"default\")         p50 %6.1f ms  max %6.1f ms   (DisconnectDevice's own reply p50 %.1f ms: the mock emits, then answers)",
                     percentile(fallbacks, 0.5), fallbacks.max() ?? .nan, percentile(replies, 0.5)))
        if resays.isEmpty {
            print("    → said again on default (WillPlay)  none: \(cueDoneFirst) of \(options.runs) cues had finished on the unpaced hfp link before it went")
        } else {
            print(String(format: "    → said again on default (WillPlay)  p50 %6.1f ms  max %6.1f ms   (%d runs; the re-said cue ÷ the route change p50 %.1f×)",
                         percentile(resays, 0.5), resays.max() ?? .nan, resays.count,
                         percentile(resays, 0.5) / max(0.001, percentile(fallbacks, 0.5))))
        }
        print("    interrupted on hfp and then spoken whole on default: \(wholeOnDefault) of \(options.runs) runs")
    }

    private func waitForActiveRoute(_ route: String, client: BenchClient, within seconds: Double, run: Int) throws {
        let end = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        while MonotonicClock.nanoseconds() < end {
            if (try? client.get(Self.routecue, Self.guidancePath, Self.audio, "ActiveRoute"))?.string == route { return }
            usleep(10_000)
        }
        throw CarAudioBenchError("run \(run): ActiveRoute did not become \(route) within \(seconds) s")
    }
}
