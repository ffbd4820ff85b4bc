import EventLoopKit
import RouteCueCore

/// How the daemon answers the car's audio world (`CarAudio`): the audio route follows the hands-free device, a cue
/// cut off on a lost device is said again, and the prompt policy follows phone calls.
extension GuidanceDaemon {
    /// Starts the car's audio: the ducker and the clients of BlueZ, oFono, the players and PipeWire's telephony.
    func startCarAudio() {
        let carAudio = CarAudio(config: config, stateDirectory: options.stateDirectory, scheduler: scheduler, log: log)
        carAudio.ducker.onPreparationChanged = { [weak self] seconds in
            self?.log.debug("ducking: the departure cue waits \(seconds) s for the music to be down")
            self?.guidance?.handle(.audioPreparation(seconds: seconds))
        }
        // An output the guidance did not plan waits for the music to be down (the queue asks with `awaitingAudio`).
        carAudio.ducker.onReadinessChanged = { [weak self] readiness in
            self?.audio.perform(.setAudioReadiness(readiness))
        }
        audio.perform(.setAudioReadiness(carAudio.ducker.readiness))
        carAudio.onHandsFree = { [weak self] change in self?.handsFreeChanged(change) }
        carAudio.onCall = { [weak self] inCall in self?.callChanged(inCall) }
        self.carAudio = carAudio
        routing.carAudio = carAudio
        routing.applyPolicy()
        carAudio.start(systemLink: control?.link, sessionBus: options.sessionBus ?? config.ducking.sessionBus ?? "session")
    }

    /// The `hfp` route's device came, changed or went: the audio route and the cue playing follow.
    private func handsFreeChanged(_ change: CarAudio.HandsFreeChange) {
        switch change {
        case .retimed(let device):
            routing.apply(reason: "hands-free latency \(Int((device.delaySeconds * 1000).rounded())) ms")
        case .connected(let device, let replacing):
            routing.apply(reason: "hands-free device \(device.name ?? device.address) connected")
            if replacing { interruptOnLostDevice(reason: "hands-free device changed") }
        case .lost(let reason):
            // `default` takes over at once, and a cue cut off on the old device is said again.
            routing.apply(reason: reason, handsFreeLoss: reason)
            interruptOnLostDevice(reason: reason)
        }
    }

    /// Stops the output playing on the hands-free PCM (it cannot be heard any more); the engine says its cue again on
    /// the route now in force if its words still hold.
    private func interruptOnLostDevice(reason: String) {
        guard let playingOn = audio.currentDevice, playingOn != audio.settings.device.device, let current = audio.current else { return }
        log.info("hands-free: the output on \(playingOn) is cut off; saying it again on \(audio.settings.device.device) if it still holds")
        // The UI's Speak is said again whole, under its id (a second WillPlay, then its DidPlay).
        if outputs.interruptToSayAgain(current, reason: reason) { return }
        if let guidance {
            guidance.interruptCurrent(reason: reason)
        } else {
            audio.perform(.interruptCurrent(reason: reason))
        }
    }

    /// A call began or the last one ended: the prompt style follows.
    private func callChanged(_ inCall: Bool) {
        let policy = routing.policy
        if inCall {
            log.info("phone call: prompts \(policy.call == .onOutputLink ? "silent (the call is on the hands-free link)" : "as \(policy.promptStyle.rawValue)")")
        } else {
            log.info("phone call ended: prompts as \(policy.promptStyle.rawValue)")
        }
        routing.applyPolicy()
        signals?.audioChanged([.inCall: .boolean(inCall), .promptStyle: .string(policy.promptStyle.rawValue)])
    }
}
