import DBusKit
import EventLoopKit
import RouteCueCore

/// The car's audio world around the guidance voice: the hands-free device of the `hfp` route (BlueZ and bluez-alsa
/// on the system bus), the music lowered while cues speak (MPRIS players on the session bus), and phone calls (oFono
/// on the system bus, PipeWire's telephony on the session bus). Each service may be missing, vanish or come back at
/// any moment: RouteCue logs it, degrades (default route, no ducking, normal prompts) and recovers.
extension GuidanceDaemon {
    /// The services whose calls are followed, and the bus each is on.
    static let ofono: BusName = "org.ofono"
    static let pipewireTelephony: BusName = "org.pipewire.Telephony"

    /// Starts the ducker and the clients of the services; the buses connect on their own threads.
    func startCarAudio() {
        ducker = MediaDucker(settings: config.ducking, stateDirectory: options.stateDirectory, scheduler: RouteCueLoop.loop, log: log)
        ducker?.onPreparationChanged = { [weak self] seconds in
            self?.log.debug("ducking: the departure cue waits \(seconds) s for the music to be down")
            self?.guidance?.handle(.audioPreparation(seconds: seconds))
        }
        applyAudioPolicy()
        if options.stateDirectory == nil {
            log.debug("ducking: no --state-dir, so ducked volumes cannot be put back after a crash")
        }
        if let link = control?.link {
            followSystemServices(on: link)
        } else {
            log.info("no system bus (--bus none): the hfp route has no device, phone calls on oFono are not followed")
        }
        startSessionBus()
    }

    /// Stops every client and closes the session bus.
    func stopCarAudio() {
        sessionLink?.stop()
        sessionLink = nil
        mediaDirectory?.stop()
        mediaDirectory = nil
        for monitor in callMonitors.values { monitor.stop() }
        callMonitors = [:]
        handsFree?.stop()
        handsFree = nil
    }

    // MARK: - The system bus: BlueZ, bluez-alsa, oFono

    private func followSystemServices(on link: BusLink) {
        link.onConnected { [weak self] connection in
            guard let self, !self.stopping else { return }
            let devices = HandsFreeDevices(connection: connection, settings: self.handsFreeSettings) { [weak self] devices in
                self?.handsFreeChanged(devices)
            }
            self.handsFree = devices
            devices.start()
            self.followCalls(of: Self.ofono, on: connection)
        }
        link.onLost { [weak self] in
            guard let self else { return }
            self.handsFree?.stop()
            self.handsFree = nil
            self.callMonitors[Self.ofono.rawValue]?.stop()
            self.callMonitors[Self.ofono.rawValue] = nil
            self.callsChanged()
            if self.hfpDevice != nil { self.lostHandsFreeDevice(reason: "the system bus went away") }
        }
    }

    var handsFreeSettings: HandsFreeDevices.Settings {
        HandsFreeDevices.Settings(preferredAddress: config.bluetooth.preferredAddress, pcmTemplate: config.bluetooth.pcmTemplate)
    }

    /// BlueZ or bluez-alsa changed what the `hfp` route can speak to.
    private func handsFreeChanged(_ devices: HandsFreeDevices) {
        let old = hfpDevice
        let new = devices.chosen
        guard old != new else { return }
        if let new {
            hfpDevice = new
            if old?.pcm == new.pcm {
                // The same device, its delay or codec changed: the timing follows.
                applyAudioRoute(reason: "hands-free latency \(Int((new.delaySeconds * 1000).rounded())) ms")
            } else {
                failedHandsFreePCM = nil
                log.info("hands-free: \(new.name ?? new.address) (\(new.address)) on \(new.pcm)\(new.codec.map { ", \($0)" } ?? ""), bluez-alsa delay \(Int((new.delaySeconds * 1000).rounded())) ms")
                applyAudioRoute(reason: "hands-free device \(new.name ?? new.address) connected")
                if old != nil { interruptOnLostDevice(reason: "hands-free device changed") }
            }
        } else {
            lostHandsFreeDevice(reason: devices.absenceReason)
        }
    }

    /// The hands-free device went away: `default` takes over at once, and a cue cut off on the old device is said again.
    private func lostHandsFreeDevice(reason: String) {
        log.warning("hands-free: device gone (\(reason))")
        hfpDevice = nil
        failedHandsFreePCM = nil
        applyAudioRoute(reason: reason, handsFreeLoss: reason)
        interruptOnLostDevice(reason: reason)
    }

    /// The hands-free PCM failed under a cue (the SCO link broke) while BlueZ may still list the device: `default`
    /// until the device changes or connects again.
    func handsFreePCMFailed(_ device: String, message: String) {
        failedHandsFreePCM = device
        let reason = "hands-free PCM failed: \(message)"
        applyAudioRoute(reason: reason, handsFreeLoss: reason)
        interruptOnLostDevice(reason: reason)
    }

    /// Stops the output playing on the hands-free PCM (it cannot be heard any more); the engine says its cue again on
    /// the route now in force if its words still hold.
    private func interruptOnLostDevice(reason: String) {
        guard let playingOn = audio.currentDevice, playingOn != audio.settings.device.device, let current = audio.current else { return }
        log.info("hands-free: the output on \(playingOn) is cut off; saying it again on \(audio.settings.device.device) if it still holds")
        if let text = applicationTexts[current.id] {
            // The UI's Speak: said again whole, under its id (a second WillPlay, then its DidPlay).
            resaid[current.id] = (current, text)
            audio.perform(.interruptCurrent(reason: reason))
        } else if let guidance {
            guidance.interruptCurrent(reason: reason)
        } else {
            audio.perform(.interruptCurrent(reason: reason))
        }
    }

    /// An interrupted Speak ended: it goes into the queue again, on the route now in force.
    func resayIfInterrupted(_ id: Int) {
        guard let (request, text) = resaid.removeValue(forKey: id) else { return }
        applicationTexts[id] = text
        audio.perform(.enqueue(request))
    }

    // MARK: - The session bus: MPRIS players, PipeWire's telephony

    private func startSessionBus() {
        let argument = options.sessionBus ?? config.ducking.sessionBus ?? "session"
        guard argument != "none" else {
            log.info("no session bus (none): media players are not ducked")
            return
        }
        let bus = BusAddress(argument: argument)
        if case .session = bus, (try? bus.resolved(environment: ProcessEnvironment.variables())) == nil {
            log.info("no session bus (DBUS_SESSION_BUS_ADDRESS is not set): media players are not ducked, PipeWire's telephony is not followed")
            return
        }
        let link = BusLink(bus: bus, label: "media", log: log)
        link.onConnected { [weak self] connection in
            guard let self, !self.stopping else { return }
            self.log.info("media: following MPRIS players on the \(bus) (\(connection.uniqueName))")
            let directory = MediaPlayerDirectory(connection: connection) { [weak self] event in self?.mediaEvent(event) }
            directory.onListed = { [weak self] in self?.ducker?.playersListed() }
            self.mediaDirectory = directory
            directory.start()
            self.followCalls(of: Self.pipewireTelephony, on: connection)
        }
        link.onLost { [weak self] in
            guard let self else { return }
            self.mediaDirectory?.stop()
            self.mediaDirectory = nil
            self.ducker?.busLost()
            self.callMonitors[Self.pipewireTelephony.rawValue]?.stop()
            self.callMonitors[Self.pipewireTelephony.rawValue] = nil
            self.callsChanged()
        }
        sessionLink = link
        link.start()
    }

    private func mediaEvent(_ event: MediaPlayerDirectory.Event) {
        guard let ducker else { return }
        switch event {
        case .appeared(let player):
            log.debug("media: \(player.busName) (\(player.identity ?? "?")) \(player.playbackStatus), volume \(player.volume.map { "\($0)" } ?? "none")")
            player.onChange = { [weak ducker] player, change in
                guard let ducker else { return }
                switch change {
                case .volume(let volume): ducker.playerVolumeChanged(player, to: volume)
                case .playbackStatus, .canControl: ducker.playerStateChanged(player)
                case .vanished: break  // the directory's .vanished follows
                }
            }
            ducker.playerAppeared(player)
        case .vanished(let player):
            ducker.playerVanished(player)
        }
    }

    // MARK: - Phone calls

    private func followCalls(of service: BusName, on connection: BusConnection) {
        guard config.calls.enabled else { return }
        callMonitors[service.rawValue]?.stop()
        let monitor = CallMonitor(connection: connection, service: service) { [weak self] _ in self?.callsChanged() }
        callMonitors[service.rawValue] = monitor
        monitor.start()
    }

    /// A call began or the last one ended: the prompt style follows.
    func callsChanged() {
        let now = config.calls.enabled && callMonitors.values.contains { $0.inCall }
        guard now != inCall else { return }
        inCall = now
        let policy = effectiveAudioPolicy
        if now {
            log.info("phone call: prompts \(policy.call == .onOutputLink ? "silent (the call is on the hands-free link)" : "as \(policy.promptStyle.rawValue)")")
        } else {
            log.info("phone call ended: prompts as \(policy.promptStyle.rawValue)")
        }
        applyAudioPolicy()
        control?.propertiesChanged(ControlInterfaces.audio, [AudioProperty.inCall: .boolean(now), .promptStyle: .string(policy.promptStyle.rawValue)].byName)
    }
}

extension MPRISPlayer: DuckablePlayer {}
