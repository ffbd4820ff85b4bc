import DBusKit
import EventLoopKit
import RouteCueCore
import Speech

/// The daemon behind `org.routecue.Guidance1` and `org.routecue.Audio1` (docs/dbus.md): what each method does to
/// the route, the guidance and the audio (through `RouteLoader`, `AudioRouting`, `ApplicationOutputs`), and the
/// properties' values. What the UI hears unasked (signals, PropertiesChanged) is `ControlSignals`.
extension GuidanceDaemon: GuidanceControl {
    /// Offers the control interface on `options.bus` (nothing with `--bus none`).
    func startControl() {
        guard let bus = options.bus else {
            log.info("control: no bus (--bus none)")
            return
        }
        let control = ControlBus(bus: bus, log: log, scheduler: scheduler, interfaces: { [unowned self] in
            ControlInterfaces.all(self, maxDocumentBytes: self.config.importOptions.maxBytes)
        }, owned: { [weak self] in self?.signals?.publishAll() })
        control.onFatal = { [weak self] why in
            self?.log.error("control: \(why); exiting")
            self?.end(.runtimeFailure)
        }
        self.control = control
        signals = ControlSignals(bus: control, scheduler: scheduler, guidanceValues: { [unowned self] in self.guidanceProperties() },
                                 audioValues: { [unowned self] in self.audioProperties() })
        control.start()
    }

    // MARK: - Guidance1 methods

    func loadRoute(_ document: [UInt8], format: String, source: String, completion: @escaping @RouteCueLoop (Result<Int, BusError>) -> Void) {
        let forced: RouteFormat?
        do throws(BusError) {
            forced = try ControlArguments.routeFormat(format)
        } catch {
            return completion(.failure(error))
        }
        // Stopping, the call is dropped unanswered: DBusKit replies Failed.
        routes.importDocument(document, name: "the document", source: source, format: forced) { [weak self] result in
            guard let self else { return completion(.failure(BusError(.failed, "RouteCue is stopping"))) }
            switch result {
            case .success(let route):
                completion(.success(self.loaded(route, from: source)))
            case .failure(let error):
                self.log.warning("\(source): route not loaded: \(error)")
                completion(.failure(BusError(name: error.isTransient ? ControlErrors.routingFailed : ControlErrors.badRoute, message: "\(error)")))
            }
        }
    }

    /// Takes `route` as the loaded one (guided at once while guiding); its number of maneuvers.
    private func loaded(_ route: Route, from source: String) -> Int {
        if guidance != nil {
            load(route, from: source)
        } else {
            loadedRoute = route
            announcedManeuvers = []
            log.info("route loaded from \(source): \(route.maneuvers.count) maneuvers, \(GuidanceStatus.distance(route.length)); Start guides along it")
            signals?.publishGuidance()
        }
        return route.maneuvers.count
    }

    func startGuidance() throws(BusError) {
        guard guidance == nil else { return }
        guard let route = loadedRoute else { throw BusError(name: ControlErrors.noRoute, message: "no route is loaded (LoadRoute first)") }
        load(route, from: "the loaded route")
    }

    func stopGuidance() {
        stopGuidance(endingJournal: true)
    }

    /// Stops guiding; the journal ends with it unless `endingJournal` is false (a journal resumed in its place).
    func stopGuidance(endingJournal: Bool) {
        guard guidance != nil else { return }
        if endingJournal { journal?.end(reason: "Stop") }
        silenceGuidance()
        recorder?.detach()
        recorder = nil
        self.guidance = nil
        log.info("guidance stopped (the route stays loaded)")
        signals?.publishGuidance()
        updateStatus(force: true)
    }

    func skipDestination() throws(BusError) {
        guard let guidance else { throw BusError(name: ControlErrors.noRoute, message: "guidance is not running") }
        guard guidance.engine.route.legs.count > 1 else {
            throw BusError(.failed, "the route has one leg: there is no waypoint to skip")
        }
        guidance.handle(.skipToNextDestination)
        signals?.publishGuidance()
    }

    func repeatInstruction() throws(BusError) {
        guard let guidance else { throw BusError(name: ControlErrors.noRoute, message: "guidance is not running") }
        guard guidance.engine.canRepeatInstruction(at: scheduler.now) else {
            throw BusError(.failed, "there is no instruction to repeat (not on the route yet, or past the last maneuver)")
        }
        guidance.handle(.repeatInstruction)
    }

    func maneuverDictionaries() -> [DBusValue] {
        guard let route = guidance?.engine.route ?? loadedRoute else { return [] }
        return route.maneuvers.map { Self.dictionary(of: $0, announced: announcedManeuvers.contains($0.index)) }
    }

    /// GetManeuvers' keys for one maneuver.
    static func dictionary(of maneuver: Maneuver, announced: Bool) -> DBusValue {
        .vardict([
            "index": .uint32(UInt32(maneuver.index)), "type": .string(maneuver.type.rawValue),
            "modifier": .string(maneuver.modifier?.rawValue ?? ""), "road_name": .string(maneuver.roadName ?? ""),
            "distance_along_m": .double(maneuver.distanceAlong),
            "location": .array(.double, [.double(maneuver.location.longitude), .double(maneuver.location.latitude)]),
            "leg": .uint32(UInt32(maneuver.leg)), "announced": .boolean(announced),
        ])
    }

    // MARK: - Options

    func optionValues() -> [String: DBusValue] {
        let timing = config.timingOptions
        return [
            "language": .string(language?.language ?? PhrasePackLibrary.defaultLanguage),
            "units": .string(timing.units.rawValue),
            "transport_mode": .string(timing.mode.rawValue),
            "included_stages": .strings(CueStage.allCases.filter { timing.includedStages.contains($0) }.map(\.rawValue)),
            "natural_guidance": .boolean(timing.naturalGuidance),
            "safety_cameras": .boolean(timing.warningKinds.contains("speed_camera")),
            "markup": .boolean(wording.markup != .plain),
            "gps_lost_announcements": .boolean(timing.gpsCues.announceLost),
            "timing_profile": .string(timing.forcedProfile?.rawValue ?? "auto"),
            "spatial_audio": .boolean(audio.settings.spatial != nil),
        ]
    }

    func setOptions(_ options: [String: DBusValue], completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void) {
        // Checked here, all of them; applied together once the language's phrases are read (off the loop), on the
        // options in force then.
        let changes: OptionChanges
        do throws(BusError) {
            changes = try OptionChanges(options)
        } catch {
            return completion(.failure(error))
        }
        let markup = changes.markup.map { $0 ? CueMarkup.ssmlWithPhonemes : .plain } ?? wording.markup
        let phrases = self.options.phrases, current = language, names = config.names, wordingMarkup = markup, tag = changes.language
        files.run({ () -> Result<(LanguageChoice?, CueWording), BusError> in
            let choice: LanguageChoice?
            if let tag {
                do {
                    choice = try LanguageChoice(language: tag, phrases: phrases)
                } catch {
                    return .failure(BusError(.invalidArgs, "option language: \(error)"))
                }
            } else {
                choice = current
            }
            do {
                return .success((choice, try Self.wording(choice, markup: wordingMarkup, names: names)))
            } catch {
                return .failure(BusError(.failed, "the phrases of \(choice?.language ?? "en-US") cannot be read: \(error)"))
            }
        }) { [weak self] result in
            guard let self, !self.phase.isStopping else { return }
            switch result {
            case .failure(let error):
                completion(.failure(error))
            case .success(let (choice, newWording)):
                self.applyOptions(language: choice, wording: newWording, changes: changes)
                self.journal?.options.merge(OptionChanges.journalValues(options)) { _, new in new }
                completion(.success(()))
            }
        }
    }

    /// Everything SetOptions checked, applied at once: the language and its wording, the timing options in force with
    /// `changes`, spatial audio.
    private func applyOptions(language choice: LanguageChoice?, wording newWording: CueWording, changes: OptionChanges) {
        let timing = changes.applied(to: config.timingOptions)
        language = choice
        wording = newWording
        config.timingOptions = timing
        var voice = audio.settings.voice
        voice.voice = choice?.voice ?? "en-us"
        voice.markup = SpeechMarkup(newWording.markup)
        audio.setVoice(voice)
        if let spatial = changes.spatial { audio.setSpatial(spatial ? config.audio.spatial : nil) }
        guidance?.reconfigure(timing: timing, progress: config.progressOptions, wording: newWording)
        log.info("options set over D-Bus: \(changes.keys.joined(separator: ", ")) (language \(newWording.language), units \(timing.units.rawValue), mode \(timing.mode.rawValue))")
        signals?.publishGuidance()
    }

    // MARK: - Audio1

    func speak(_ text: String, priority: String) throws(BusError) -> Int {
        let prompt = try ControlArguments.prompt(text, priority: priority)
        return outputs.speak(prompt.text, language: language?.language ?? "en-US", priority: prompt.priority)
    }

    func playFile(_ document: [UInt8]) throws(BusError) -> Int {
        let clip: WAVDecoder.Audio
        do {
            clip = try WAVDecoder.decode(document)
        } catch {
            throw BusError(.invalidArgs, "not a WAV file RouteCue plays: \(error)")
        }
        return outputs.play(clip)
    }

    func audioCommand(_ command: AudioCommand) {
        switch command {
        case .skipCurrent: audio.perform(.skipCurrent)
        case .clearQueue: audio.perform(.clearQueue)
        case .stopAndClear: audio.perform(.stopAndClear)
        }
    }

    func audioProperties() -> PropertyValues<AudioProperty> {
        let policy = routing.policy
        return PropertyValues { property in
            switch property {
            case .requestedRoute: .string((routing.requested ?? config.audio.route).rawValue)
            case .activeRoute: .string((routing.active ?? config.audio.route).rawValue)
            case .latencyCompensationMs: .uint32(routing.latencyCompensationMs)
            case .muted: .boolean(policy.muted)
            case .promptStyle: .string(policy.promptStyle.rawValue)
            case .volume: .double(policy.clampedVolume)
            case .speaking: .boolean(audio.current != nil)
            case .inCall: .boolean(inCall)
            case .speechCacheBytes: .uint32(UInt32(clamping: audio.cache.bytesUsed))
            }
        }
    }

    func setAudioProperty(_ property: AudioProperty, _ value: DBusValue) throws(BusError) {
        let name = property.rawValue
        switch try AudioPropertyChange(name, value, routes: config.audio.routes.keys) {
        case .muted(let muted):
            routing.ui.muted = muted
        case .promptStyle(let style):
            routing.ui.promptStyle = style
            journal?.options["prompt_style"] = .string(style.rawValue)
        case .requestedRoute(let routeName):
            routing.request(routeName)
            signals?.audioChanged([property: value])
            return
        case .latencyCompensation(let ms):
            routing.setLatencyCompensation(milliseconds: ms)
            log.info("audio latency compensation \(ms) ms over D-Bus")
            signals?.audioChanged([property: value])
            return
        case .volume(let volume):
            routing.ui.volume = volume
        }
        routing.applyPolicy()
        log.info("audio \(name) set to \(value) over D-Bus")
        // During a call PromptStyle reads the style in force, which a quieter UI style changes and a louder one does not.
        let published = property == .promptStyle ? DBusValue.string(routing.policy.promptStyle.rawValue) : value
        signals?.audioChanged([property: published])
    }

    // MARK: - Properties

    func guidanceProperties() -> PropertyValues<GuidanceProperty> {
        let timing = config.timingOptions
        let engine = guidance?.engine
        let guidancePhase = GuidancePhase(engine?.progress.state)
        // Where the car is along the route: while guiding or off the route only.
        let estimate = [.guiding, .offRoute].contains(guidancePhase) ? engine?.progress.estimate(at: scheduler.now) : nil
        return PropertyValues { property in
            switch property {
            case .state: return .string(guidancePhase.rawValue)
            case .gpsState: return .string(gps?.state.name ?? "connecting")
            case .language: return .string(language?.language ?? PhrasePackLibrary.defaultLanguage)
            case .units: return .string(timing.units.rawValue)
            case .transportMode: return .string(timing.mode.rawValue)
            case .routingState: return .string(routes.routingState.rawValue)
            case .leg: return .uint32(UInt32(max(0, estimate?.leg ?? 0)))
            case .nextManeuver:
                guard let engine, let index = estimate?.nextAnnouncedManeuver, index < engine.route.maneuvers.count else { return .vardict([:]) }
                return Self.dictionary(of: engine.route.maneuvers[index], announced: announcedManeuvers.contains(index))
            case .distanceToManeuver: return .double((estimate?.distanceToNextManeuver ?? 0).rounded())
            case .distanceRemaining: return .double((estimate?.remainingRouteDistance ?? 0).rounded())
            case .timeRemaining: return .double((estimate?.remainingRouteTime ?? 0).rounded())
            case .journal: return .string(journalState.rawValue)
            case .offeredJournal:
                guard let offered = offeredJournal else { return .vardict([:]) }
                let progress = offered.journal.progress
                return .vardict([
                    "destination": .string(offered.journal.destination ?? ""),
                    "saved_at": .double(offered.journal.savedAt),
                    "source": .string(offered.journal.routeSource), "leg": .uint32(UInt32(progress.leg)),
                    "distance_along_m": .double(progress.distanceAlong.rounded()),
                    "remaining_m": .double(max(0, offered.route.length - progress.distanceAlong).rounded()),
                ])
            }
        }
    }
}
