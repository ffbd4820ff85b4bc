import EventLoopKit
import RouteCueCore
import RouteCueService

/// `routecue simulate`: run the guidance engine on a route and a recorded drive, on a virtual clock.
enum SimulateCommand {
    static let usage = """
        usage: routecue simulate --route FILE --fixes FILE --cues OUT.jsonl [--wav OUT.wav | --device PCM] [--config FILE]
                                 [--lang TAG] [--phrases DIR] [--markup plain|ssml|ssml-phonemes]
                                 [--units metric|imperial_us|imperial_uk] [--mode MODE]
                                 [--fix-latency MS] [--fix-jitter MS] [--audio-route default|speaker|hfp]
                                 [--engine URL] [--max-size BYTES] [--state-dir DIR [--power-cut S]] [--quiet]
        """

    static let help = """
        routecue simulate — guidance on a recorded drive, as it would sound in the car

        \(usage)

          --route FILE      the route (any format `routecue route inspect` reads)
          --fixes FILE      the drive: NMEA 0183, gpsd JSON or a GPX track
          --cues OUT.jsonl  the cue log: one JSON object per cue spoken, cancelled or skipped
          --wav OUT.wav     also write the guidance audio of the whole drive (22050 Hz mono), each cue where it is heard
          --device PCM      play the drive's guidance timeline into an ALSA PCM instead, converted to the device's rate
                            and channels (e.g. file:FILE=out.wav,FORMAT=wav; a real device plays it in real time)
          --config FILE     timing, progress and audio settings (default: the built-in defaults)
          --lang TAG        language of the cues, a BCP 47 tag (default en-US); without a pack for it, the closest
                            one along BCP 47 fallback (es-AR → es-419 → es → en-US), said on standard error
          --phrases DIR     the phrase packs (default: $ROUTECUE_PHRASES, <prefix>/share/routecue/phrases beside the
                            binary, /usr/share/routecue/phrases, config/phrases)
          --markup M        plain text (default), ssml, or ssml-phonemes (phonetic names espeak-ng can honour);
                            route names are spoken literally in every mode
          --units U         metric (default), imperial_us or imperial_uk
          --mode MODE       transport mode: car (default), truck, bus, taxi, scooter, bicycle, pedestrian
          --fix-latency MS  mean delay of each fix before it reaches RouteCue (default 300)
          --fix-jitter MS   uniform jitter around it (default 100)
          --audio-route R   whose latency and pre-roll apply (default: default)
          --engine URL      a routing engine (Valhalla's HTTP API) for a tour's missing ways, asked in the guidance's
                            language and units; the first way starts at the drive's first fix; a drive that leaves
                            the route is rerouted by it to the waypoints still ahead; a GPX trk or step-less route
                            gets the engine's maneuvers by map matching (default: routing.engine_url of the
                            configuration)
          --max-size BYTES  refuse larger route and drive files (default: the configuration's, 64 MB)
          --state-dir DIR   keep the guidance journal in DIR as `routecue run` does (docs/journal.md); a journal
                            found there is resumed as `run` resumes it (its route, its position, the cues it heard;
                            --route is then not read, and the journal's options are not: simulate takes its own)
          --power-cut S     end the drive S seconds after its first fix arrives as a power cut would: no last
                            journal write, the cue playing cut off (the journal then holds what a car would find)
          --quiet           no summary on standard output
        Every cue is synthesized with espeak-ng to learn its real duration. The summary lists every cue spoken
        with the distance left when its first word is heard and where it was meant to be heard.
        """

    /// The journal in `directory` to resume, as `routecue run` decides it; one that cannot be resumed is set aside
    /// (said on standard error).
    private static func resumable(in directory: StateDirectory, importOptions: ImportOptions,
                                  policy: JournalResumePolicy) throws -> StoredJournal? {
        guard policy.mode != .off else { return nil }
        let reason: String
        do {
            guard let stored = try StoredJournal.read(in: directory, importOptions: importOptions) else { return nil }
            switch policy.verdict(savedAt: stored.journal.savedAt, now: WallClock.unixSeconds()) {
            case .resume, .offer: return stored
            case .setAside(let why): reason = why
            }
        } catch {
            reason = "\(error)"
        }
        let moved = StoredJournal.setAside(in: directory)
        CLI.printError("journal: not resumed, \(reason); kept as \(moved.isEmpty ? "nothing (it could not be moved)" : moved.joined(separator: ", "))")
        return nil
    }

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") { print(help); return 0 }
        return CLI.exitStatus(usage: usage) {
            let args = try ArgumentList(arguments, valued: ["route", "fixes", "cues", "wav", "device", "config", "lang", "phrases", "markup", "units", "mode",
                                                            "fix-latency", "fix-jitter", "audio-route", "max-size", "engine",
                                                            "state-dir", "power-cut"],
                                        flagNames: ["quiet", "help"])
            guard args.positional.isEmpty else { throw ArgumentList.UsageError(description: "unexpected argument '\(args.positional[0])'") }
            let stateDirectory = args.value("state-dir").map(StateDirectory.init(path:))
            let powerCut = try args.value("power-cut").map { (text: String) throws(ArgumentList.UsageError) -> Double in
                guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                    throw ArgumentList.UsageError(description: "--power-cut takes seconds ≥ 0, not '\(text)'")
                }
                return seconds
            }
            if powerCut != nil, stateDirectory == nil { throw ArgumentList.UsageError(description: "--power-cut needs --state-dir") }
            guard let fixesPath = args.value("fixes") else { throw ArgumentList.UsageError(description: "missing --fixes FILE") }
            guard let cuesPath = args.value("cues") else { throw ArgumentList.UsageError(description: "missing --cues OUT.jsonl") }
            let settings = try SimulationSettings(args)
            let fixBytes = try InputFile.read(fixesPath, maxBytes: settings.maxBytes, as: .fixes)
            let read = try FixReader.read(fixBytes, name: fixesPath, options: FixReadOptions(limits: settings.limits))
            guard !read.fixes.isEmpty else { throw InputError(.empty, input: .fixes, file: fixesPath, message: "holds no fixes") }
            let routing = try RouteCommand.routingEngine(args, limits: settings.limits, language: settings.wording.language,
                                                         units: settings.timing.units, mode: settings.timing.mode)
            var importOptions = ImportOptions(limits: settings.limits)
            importOptions.regionLanguage = settings.config.names.language
            // With an engine, a tour's first way starts where the drive does (without one, at the first station).
            if routing != nil { importOptions.vehiclePosition = read.fixes.lazy.compactMap(\.position).first }
            let stored: StoredJournal?
            if let stateDirectory {
                try stateDirectory.create()
                stateDirectory.removeStaleTemporaries()
                stored = try Self.resumable(in: stateDirectory, importOptions: importOptions, policy: settings.config.journal)
            } else {
                stored = nil
            }
            let routePath = stored?.journal.routeSource ?? args.value("route")
            guard let routePath else { throw ArgumentList.UsageError(description: "missing --route FILE") }
            let route = try stored?.route ?? RouteCommand.load(routePath, options: importOptions, engine: routing, partly: true)
            do { try FileSystem.writeAtomically([], to: cuesPath) } catch {
                throw InputError(.unwritable, input: .cueLog, file: cuesPath, message: "cannot create the cue log")
            }
            var engine = GuidanceEngine(route: route, progress: settings.progress, timing: settings.timing,
                                        audio: settings.audio, wording: settings.wording)
            if let stored {
                engine.resume(from: stored.journal.progress, destination: stored.journal.destination)
                CLI.printError("journal: resuming the route from \(stored.journal.routeSource) at leg \(stored.journal.progress.leg), \(Int(stored.journal.progress.distanceAlong)) m along, \(stored.journal.progress.heard.count) cues heard")
            }
            if let note = settings.languageNote { CLI.printError(note) }
            let simulator = try DriveSimulator(settings: settings.serviceSettings)
            if args.value("wav") != nil, args.value("device") != nil {
                throw ArgumentList.UsageError(description: "give --wav or --device, not both")
            }
            var sink: DriveAudioSink?
            if let wav = args.value("wav") {
                sink = try WAVFileWriter(path: wav, sampleRate: simulator.sampleRate)
            } else if let device = args.value("device") {
                sink = try PCMTimelineWriter(pcm: device, device: settings.audioSettings.device, sourceRate: simulator.sampleRate)
            }
            // With an engine, a drive that leaves the route is rerouted by it, as `routecue run` does.
            let rerouteOptions = ImportOptions(limits: settings.limits)
            let router = routing.map { routing in
                { @Sendable (request: RerouteRequest, _: MonotonicInstant) -> Route? in
                    switch routing.rerouteBlocking(request, options: rerouteOptions) {
                    case .success(let route): return route
                    case .failure(let error): CLI.printError("reroute (attempt \(request.attempt)) failed: \(error)"); return nil
                    }
                }
            }
            let journal = stateDirectory.map { directory in
                SimulationJournal(directory: directory, source: routePath, resumed: stored?.journal, powerCutSeconds: powerCut,
                                  log: DaemonLog(level: .warning), report: { statistics in
                    CLI.printError("journal: \(statistics.writes) writes, \(statistics.journalBytes) bytes; route files \(statistics.routeWrites), \(statistics.routeBytes) bytes\(statistics.failures > 0 ? "; \(statistics.failures) failed" : "")")
                })
            }
            let result = try simulator.run(engine: &engine, fixes: read.fixes, options: settings.simulation, audio: sink,
                                           router: router, journal: journal)
            let lines = result.log.map { $0.jsonLine(fixTime: result.mapping.fixTime(at:)) }
            let text = lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
            do { try FileSystem.writeAtomically(Array(text.utf8), to: cuesPath) } catch {
                throw InputError(.unwritable, input: .cueLog, file: cuesPath, message: "cannot write the cue log")
            }
            if !args.flag("quiet") { print(SimulationSummary(result: result, route: route).text) }
            return 0
        }
    }
}
