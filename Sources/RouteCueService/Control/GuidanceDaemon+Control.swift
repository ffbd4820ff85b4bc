import DBusKit
import EventLoopKit
import RouteCueCore
import Speech

/// The daemon behind `org.routecue.Guidance1` and `org.routecue.Audio1` (docs/dbus.md): what each method does to
/// the route, the guidance and the audio, the properties' values, and the signals the engine's actions and the
/// audio reports become.
extension GuidanceDaemon: GuidanceControl {
    /// Offers the control interface on `options.bus` (nothing with `--bus none`).
    func startControl() {
        guard let bus = options.bus else {
            log.info("control: no bus (--bus none)")
            return
        }
        let control = ControlBus(bus: bus, log: log, scheduler: scheduler, interfaces: { [unowned self] in
            ControlInterfaces.all(self, maxDocumentBytes: self.config.importOptions.maxBytes)
        }, owned: { [weak self] in self?.publishAll() })
        control.onFatal = { [weak self] why in
            self?.log.error("control: \(why); exiting")
            self?.end(.runtimeFailure)
        }
        self.control = control
        control.start()
    }

    // MARK: - Guidance1 methods

    func loadRoute(_ document: [UInt8], format: String, source: String, completion: @escaping @RouteCueLoop (Result<Int, BusError>) -> Void) {
        var forced: RouteFormat?
        if format != "auto" {
            guard let named = RouteFormat(rawValue: format) else {
                let known = ["auto"] + RouteFormat.allCases.map(\.rawValue)
                return completion(.failure(BusError(.invalidArgs, "format \"\(format)\" is not one of \(known.joined(separator: ", "))")))
            }
            forced = named
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
            publishProperties()
        }
        return route.maneuvers.count
    }

    func startGuidance() throws(BusError) {
        guard guidance == nil else { return }
        guard let route = loadedRoute else { throw BusError(name: ControlErrors.noRoute, message: "no route is loaded (LoadRoute first)") }
        load(route, from: "the loaded route")
    }

    func stopGuidance() {
        guard guidance != nil else { return }
        silenceGuidance()
        recorder?.detach()
        recorder = nil
        self.guidance = nil
        log.info("guidance stopped (the route stays loaded)")
        publishProperties()
        updateStatus(force: true)
    }

    func skipDestination() throws(BusError) {
        guard let guidance else { throw BusError(name: ControlErrors.noRoute, message: "guidance is not running") }
        guard guidance.engine.route.legs.count > 1 else {
            throw BusError(.failed, "the route has one leg: there is no waypoint to skip")
        }
        guidance.handle(.skipToNextDestination)
        publishProperties()
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

    func setOptions(_ options: [String: DBusValue]) throws(BusError) {
        var timing = config.timingOptions
        var newLanguage: LanguageChoice?
        var markup = wording.markup
        var spatial: Bool?
        func value<T>(_ key: String, _ read: (DBusValue) -> T?, _ expected: String) throws(BusError) -> T {
            guard let value = options[key].flatMap({ read($0.unwrapped) }) else {
                throw BusError(.invalidArgs, "option \(key) must be \(expected), not \(options[key]?.unwrapped.description ?? "nothing")")
            }
            return value
        }
        for key in options.keys.sorted() {
            switch key {
            case "language":
                let tag = try value(key, { $0.string }, "a BCP 47 language tag (s)")
                do {
                    newLanguage = try LanguageChoice(language: tag, phrases: self.options.phrases)
                } catch {
                    throw BusError(.invalidArgs, "option language: \(error)")
                }
            case "units":
                timing.units = try value(key, { $0.string.flatMap(UnitSystem.init(rawValue:)) },
                                         UnitSystem.allCases.map(\.rawValue).joined(separator: ", "))
            case "transport_mode":
                timing.mode = try value(key, { $0.string.flatMap(TransportMode.init(rawValue:)) },
                                        TransportMode.allCases.map(\.rawValue).joined(separator: ", "))
            case "included_stages":
                let stages = try value(key, { v in v.elements?.map { $0.string.flatMap(CueStage.init(rawValue:)) } },
                                       "an array of " + CueStage.allCases.map(\.rawValue).joined(separator: ", "))
                guard !stages.contains(where: { $0 == nil }) else {
                    throw BusError(.invalidArgs, "option included_stages takes only " + CueStage.allCases.map(\.rawValue).joined(separator: ", "))
                }
                timing.includedStages = Set(stages.compactMap { $0 })
            case "natural_guidance":
                timing.naturalGuidance = try value(key, { $0.bool }, "a boolean")
            case "safety_cameras":
                if try value(key, { $0.bool }, "a boolean") { timing.warningKinds.insert("speed_camera") } else { timing.warningKinds.remove("speed_camera") }
            case "markup":
                markup = try value(key, { $0.bool }, "a boolean") ? .ssmlWithPhonemes : .plain
            case "timing_profile":
                let name = try value(key, { $0.string }, "auto or " + TimingProfile.allCases.map(\.rawValue).joined(separator: ", "))
                guard name == "auto" || TimingProfile(rawValue: name) != nil else {
                    throw BusError(.invalidArgs, "option timing_profile must be auto or " + TimingProfile.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(name)'")
                }
                timing.forcedProfile = TimingProfile(rawValue: name)
            case "spatial_audio":
                spatial = try value(key, { $0.bool }, "a boolean")
            case "gps_lost_announcements":
                let on = try value(key, { $0.bool }, "a boolean")
                timing.gpsCues.announceLost = on
                timing.gpsCues.announceRegained = on
            default:
                throw BusError(.invalidArgs, "unknown option \(key) (options: \(optionValues().keys.sorted().joined(separator: ", ")))")
            }
        }
        let choice = newLanguage ?? language
        let newWording: CueWording
        do {
            newWording = try Self.wording(choice, markup: markup, names: config.names)
        } catch {
            throw BusError(.failed, "the phrases of \(choice?.language ?? "en-US") cannot be read: \(error)")
        }
        // Everything checked: apply it all.
        language = choice
        wording = newWording
        config.timingOptions = timing
        var voice = audio.settings.voice
        voice.voice = choice?.voice ?? "en-us"
        voice.markup = SpeechMarkup(newWording.markup)
        audio.setVoice(voice)
        if let spatial { audio.setSpatial(spatial ? config.audio.spatial : nil) }
        guidance?.reconfigure(timing: timing, progress: config.progressOptions, wording: newWording)
        log.info("options set over D-Bus: \(options.keys.sorted().joined(separator: ", ")) (language \(newWording.language), units \(timing.units.rawValue), mode \(timing.mode.rawValue))")
        publishProperties()
    }

    // MARK: - Audio1

    func speak(_ text: String, priority: String) throws(BusError) -> Int {
        let trimmed = String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !trimmed.isEmpty else { throw BusError(.invalidArgs, "nothing to speak") }
        guard trimmed.utf8.count <= 4096 else { throw BusError(.invalidArgs, "the text is over 4096 bytes") }
        let names: [String: OutputPriority] = ["application": .application, "message": .message, "guidance": .guidance, "urgent": .urgent]
        guard let level = names[priority.isEmpty ? "application" : priority] else {
            throw BusError(.invalidArgs, "priority \"\(priority)\" is not one of \(names.keys.sorted().joined(separator: ", "))")
        }
        nextApplicationOutput += 1
        let id = nextApplicationOutput
        applicationTexts[id] = trimmed
        audio.perform(.enqueue(OutputRequest(id: id, content: .speech(text: trimmed, language: language?.language ?? "en-US"),
                                             priority: level, kind: .app)))
        return id
    }

    func playFile(_ document: [UInt8]) throws(BusError) -> Int {
        let clip: WAVDecoder.Audio
        do {
            clip = try WAVDecoder.decode(document)
        } catch {
            throw BusError(.invalidArgs, "not a WAV file RouteCue plays: \(error)")
        }
        nextApplicationOutput += 1
        let id = nextApplicationOutput
        let name = "playfile-\(id)"
        audio.registerApplicationAudio(clip, named: name)
        applicationClips[id] = name
        audio.perform(.enqueue(OutputRequest(id: id, content: .application(name: name), priority: .application, kind: .app)))
        return id
    }

    func audioCommand(_ command: AudioCommand) {
        switch command {
        case .skipCurrent: audio.perform(.skipCurrent)
        case .clearQueue: audio.perform(.clearQueue)
        case .stopAndClear: audio.perform(.stopAndClear)
        }
    }

    /// The queue's policy: the configuration's, muted and with the prompt style as the UI set them; during a phone call
    /// the in-call style (or the UI's, when quieter), and nothing at all on a hands-free link.
    var effectiveAudioPolicy: OutputPolicy {
        config.audio.policy.inForce(ui: uiAudio, call: CallPresence(inCall: inCall, outputIsHandsFree: activeRoute == .handsFree),
                                    inCallStyle: config.calls.promptStyle)
    }

    /// Hands the queue the policy in force; the music is ducked only while prompts can be heard at all.
    func applyAudioPolicy() {
        let policy = effectiveAudioPolicy
        audio.setPolicy(policy)
        ducker?.promptsAudible = policy.promptsAudible
    }

    /// Switches audio to the requested route (RequestedRoute, else the configuration's), or to `default` when that
    /// route has no device now (`hfp` with no hands-free device connected); RouteChanged tells the UI when the active
    /// route changes, with why (`handsFreeLoss`: how the hands-free device was lost). The engine times cues for the new
    /// route's latency (bluez-alsa's delay included) plus LatencyCompensationMs.
    func applyAudioRoute(reason: String, handsFreeLoss: String? = nil) {
        let requested = requestedRoute ?? config.audio.route
        let choice = AudioRouteChoice(requested: requested, requestedPCM: pcm(forRoute: requested),
                                      defaultPCM: pcm(forRoute: .default), reason: reason) {
            handsFreeLoss ?? carAudio?.handsFreeAbsence
                ?? (options.bus == nil ? "no hands-free device (BlueZ is not followed without a system bus)" : "no hands-free device known yet")
        }
        let active = choice.active, why = choice.why
        var timing = config.audioRoute(active)
        timing.outputLatency += Double(latencyCompensationMs) / 1000
        if active == .handsFree, config.audio.routes[.handsFree]?.pcm == nil, let device = carAudio?.handsFreeDevice { timing.outputLatency += device.delaySeconds }
        audio.setRoute(device: AudioServiceSettings.request(pcm: choice.pcm, device: config.audio.device), timing: timing)
        guidance?.handle(.audioRoute(timing))
        if let openAhead = config.audio.routes[active]?.openAheadSeconds { guidance?.openAheadSeconds = openAhead }
        guard active != activeRoute else { return }
        activeRoute = active
        // A call on the hands-free link depends on the route.
        if inCall { applyAudioPolicy() }
        log.info("audio route: \(active) (\(why))")
        control?.emit(ControlInterfaces.audio, "RouteChanged", [.string(active.rawValue), .string(why)])
        control?.propertiesChanged(ControlInterfaces.audio, [AudioProperty.activeRoute: .string(active.rawValue)].byName)
    }

    func audioProperties() -> PropertyValues<AudioProperty> {
        let policy = effectiveAudioPolicy
        return PropertyValues { property in
            switch property {
            case .requestedRoute: .string((requestedRoute ?? config.audio.route).rawValue)
            case .activeRoute: .string((activeRoute ?? config.audio.route).rawValue)
            case .latencyCompensationMs: .uint32(latencyCompensationMs)
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
        switch (property, value) {
        case (.muted, .boolean(let muted)):
            uiAudio.muted = muted
        case (.promptStyle, .string(let style)):
            guard let parsed = PromptStyle(rawValue: style) else {
                throw BusError(.invalidArgs, "PromptStyle must be one of \(PromptStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            uiAudio.promptStyle = parsed
        case (.requestedRoute, .string(let route)):
            guard let routeName = AudioRouteName(rawValue: route), config.audio.routes[routeName] != nil else {
                throw BusError(.invalidArgs, "RequestedRoute must be one of \(config.audio.routes.keys.map(\.rawValue).sorted().joined(separator: ", ")), not \(route)")
            }
            requestedRoute = routeName
            applyAudioRoute(reason: "requested")
            control?.propertiesChanged(ControlInterfaces.audio, [property: value].byName)
            return
        case (.latencyCompensationMs, .uint32(let ms)):
            guard ms <= 2000 else { throw BusError(.invalidArgs, "LatencyCompensationMs must be 0…2000, not \(ms)") }
            latencyCompensationMs = ms
            applyAudioRoute(reason: "latency compensation")
            log.info("audio latency compensation \(ms) ms over D-Bus")
            control?.propertiesChanged(ControlInterfaces.audio, [property: value].byName)
            return
        case (.volume, .double(let volume)):
            guard volume.isFinite, volume >= 0, volume <= 1 else { throw BusError(.invalidArgs, "Volume must be between 0 and 1, not \(volume)") }
            uiAudio.volume = volume
        default:
            throw BusError(.invalidArgs, "\(name) cannot be set to \(value)")
        }
        applyAudioPolicy()
        log.info("audio \(name) set to \(value) over D-Bus")
        // During a call PromptStyle reads the style in force, which a quieter UI style changes and a louder one does not.
        let published = property == .promptStyle ? DBusValue.string(effectiveAudioPolicy.promptStyle.rawValue) : value
        control?.propertiesChanged(ControlInterfaces.audio, [property: published].byName)
    }

    // MARK: - Properties

    func guidanceProperties() -> PropertyValues<GuidanceProperty> {
        let timing = config.timingOptions
        let engine = guidance?.engine
        let phase = GuidancePhase(engine?.progress.state)
        // Where the car is along the route: while guiding or off the route only.
        let estimate = [.guiding, .offRoute].contains(phase) ? engine?.progress.estimate(at: scheduler.now) : nil
        return PropertyValues { property in
            switch property {
            case .state: return .string(phase.rawValue)
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
            }
        }
    }

    /// Sends PropertiesChanged for what changed since the last one: a change of state at once, the position-driven
    /// distances and time at most once a second (whole metres and seconds, so a car standing still sends nothing);
    /// a distance held back goes out with the next signal a second after the last one.
    func publishProperties() {
        guard let control, control.ownsName else { return }
        let (changed, lookAgain) = guidancePublishing.changes(in: guidanceProperties().all, at: scheduler.now)
        if let lookAgain { publishTimer.set(lookAgain) }
        guard !changed.isEmpty else { return }
        control.propertiesChanged(ControlInterfaces.guidance, changed.byName)
    }

    /// Every property of both interfaces, as they are now (the name was just acquired: the UI learns the state).
    func publishAll() {
        let all = guidanceProperties().all
        guidancePublishing.sentAll(all, at: scheduler.now)
        control?.propertiesChanged(ControlInterfaces.guidance, all.byName)
        // SpeechCacheBytes is read on demand, never signalled (it changes with every cue rendered).
        control?.propertiesChanged(ControlInterfaces.audio, audioProperties().all.filter(\.key.emitsChanged).byName)
    }

    // MARK: - Signals

    /// The signals of the engine's actions.
    func emitGuidanceSignals(_ event: GuidanceAudio.Event) {
        guard let control else { return }
        switch event {
        case .action(.speak(let cue)):
            spokenCues[cue.id] = cue
        case .action(.progress(.waypointReached(let leg, _))):
            control.emit(ControlInterfaces.guidance, "WaypointReached", [.uint32(UInt32(leg))])
        case .action(.progress(.arrived)):
            control.emit(ControlInterfaces.guidance, "DestinationReached", [])
        case .action(.progress(.offRoute)):
            control.emit(ControlInterfaces.guidance, "OffRoute", [])
        case .action(.progress(.backOnRoute)):
            control.emit(ControlInterfaces.guidance, "BackOnRoute", [])
        case .action(.reroute(let request)):
            if let position = request.position {
                control.emit(ControlInterfaces.guidance, "RerouteNeeded",
                             [.double(position.latitude), .double(position.longitude), .double(request.course ?? -1)])
            }
        case .action(.logged(let entry)):
            if entry.event == .spoken, let maneuver = entry.maneuver { announcedManeuvers.insert(maneuver) }
        default:
            break
        }
    }

    /// The language of the names in `cue` (its maneuver's, on the route it was said for), where the route says.
    private func nameLanguage(of cue: Cue) -> String? {
        guard let engine = guidance?.engine, engine.routeGeneration == cue.routeGeneration, let index = cue.maneuver,
              engine.route.maneuvers.indices.contains(index) else { return nil }
        return engine.route.maneuvers[index].nameLanguage
    }

    /// The signals of the audio reports: EventText and WillPlay as a cue starts, DidPlay as any output ends.
    func emitAudioSignals(_ report: AudioOutputService.Report) {
        guard let control else { return }
        switch report {
        case .output(.willPlay(let id, let rendition)):
            if let cue = spokenCues[id] {
                let language = language?.language ?? PhrasePackLibrary.defaultLanguage
                var details: [String: DBusValue] = ["id": .uint32(UInt32(id)), "leg": .uint32(UInt32(cue.leg)),
                                                    "lang": .string(language), "short": .boolean(cue.short),
                                                    "rendition": .string(rendition == .tone ? "tone" : "speech")]
                if let stage = cue.stage { details["stage"] = .string(stage.rawValue) }
                if let maneuver = cue.maneuver { details["maneuver"] = .uint32(UInt32(maneuver)) }
                if let distance = cue.distanceAtStart { details["distance_m"] = .double(distance.rounded()) }
                // SSML (configured, or a cue switching to a name's own voice) goes in `ssml`; the text is its words.
                let ssml = wording.markup(of: cue.text) != .plain
                if ssml { details["ssml"] = .string(cue.text) }
                if let nameLanguage = nameLanguage(of: cue) { details["name_lang"] = .string(nameLanguage) }
                details["name_voice"] = .boolean(CueWording.speaksNameInOwnVoice(cue.text))
                let words = CueWording.words(of: cue.text)
                control.emit(ControlInterfaces.guidance, "EventText", [.string(words), .string(cue.kind.rawValue), .vardict(details)])
                control.emit(ControlInterfaces.audio, "WillPlay", [.uint32(UInt32(id)), .string(words), .string(cue.kind.rawValue)])
            } else if let text = applicationTexts[id] {
                control.emit(ControlInterfaces.audio, "WillPlay", [.uint32(UInt32(id)), .string(text), .string(CueKind.app.rawValue)])
            } else if applicationClips[id] != nil {
                control.emit(ControlInterfaces.audio, "WillPlay", [.uint32(UInt32(id)), .string(""), .string("file")])
            }
            if rendition == .tone, inCall { tonesForCall.insert(id) }
            control.propertiesChanged(ControlInterfaces.audio, [AudioProperty.speaking: .boolean(true)].byName)
        case .output(.didPlay(let id, let outcome)):
            spokenCues[id] = nil
            applicationTexts[id] = nil
            if let name = applicationClips.removeValue(forKey: id) { audio.unregisterApplicationAudio(named: name) }
            let toneForCall = tonesForCall.remove(id) != nil
            let (word, reason): (String, String) = switch outcome {
            case .completed: ("spoken", toneForCall ? "a chime in place of speech during a phone call" : "")
            case .interrupted(let why): ("interrupted", why)
            case .cancelled(let why): (why == OutputReason.skipped ? "skipped" : "cancelled", why)
            }
            control.emit(ControlInterfaces.audio, "DidPlay", [.uint32(UInt32(id)), .string(word), .string(reason)])
            if audio.current == nil { control.propertiesChanged(ControlInterfaces.audio, [AudioProperty.speaking: .boolean(false)].byName) }
        default:
            break
        }
    }
}
