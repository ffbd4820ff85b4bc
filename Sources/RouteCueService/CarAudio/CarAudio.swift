import DBusKit
import EventLoopKit
import RouteCueCore

/// The car's audio world around the guidance voice: the hands-free device of the `hfp` route (BlueZ and bluez-alsa
/// on the system bus), the music lowered while cues speak (MPRIS players on the session bus), and phone calls (oFono
/// on the system bus, PipeWire's telephony on the session bus). Each service may be missing, vanish or come back at
/// any moment: this part logs it and says so (`onHandsFree`, `onCall`), and the daemon degrades (default route, no
/// ducking, normal prompts) and recovers.
@RouteCueLoop
public final class CarAudio {
    /// What became of the `hfp` route's device.
    public enum HandsFreeChange: Sendable, Equatable {
        /// A device to speak to, new (`replacing` one that was in use) or the first.
        case connected(HandsFreeDevice, replacing: Bool)
        /// The same device, its delay or codec changed: the timing follows.
        case retimed(HandsFreeDevice)
        /// No device any more (BlueZ, bluez-alsa or the system bus gone, the PCM failed): why.
        case lost(reason: String)
    }

    /// The services whose calls are followed, and the bus each is on.
    static let ofono: BusName = "org.ofono"
    static let pipewireTelephony: BusName = "org.pipewire.Telephony"

    /// Lowers the music while cues speak.
    public let ducker: MediaDucker
    /// Whether a phone call is going on.
    public private(set) var inCall = false
    /// The hands-free device the `hfp` route plays on now.
    public private(set) var handsFreeDevice: HandsFreeDevice?
    /// Hears the `hfp` route's device come, change and go.
    public var onHandsFree: @RouteCueLoop (HandsFreeChange) -> Void = { _ in }
    /// Hears a call begin (true) or the last one end (false).
    public var onCall: @RouteCueLoop (Bool) -> Void = { _ in }

    private let log: DaemonLog
    private let scheduler: any LoopScheduler
    private var calls: CallSettings
    private var bluetooth: BluetoothSettings
    private var stopped = false
    /// The session bus of the media players and PipeWire's telephony.
    private var sessionLink: BusLink?
    private var mediaDirectory: MediaPlayerDirectory?
    /// Phone-call followers, by service name.
    private var callMonitors: [String: CallMonitor] = [:]
    /// BlueZ and bluez-alsa: the `hfp` route's device.
    private var handsFree: HandsFreeDevices?
    /// A hands-free PCM that failed while BlueZ still lists its device: not used until the device changes.
    private var failedHandsFreePCM: String?

    /// The car's audio per `config`, ducked-volume records in `stateDirectory`, on `scheduler`.
    public init(config: RouteCueConfiguration, stateDirectory: String?, scheduler: any LoopScheduler, log: DaemonLog) {
        self.log = log
        self.scheduler = scheduler
        calls = config.calls
        bluetooth = config.bluetooth
        ducker = MediaDucker(settings: config.ducking, stateDirectory: stateDirectory, scheduler: scheduler, log: log)
        if stateDirectory == nil {
            log.debug("ducking: no --state-dir, so ducked volumes cannot be put back after a crash")
        }
    }

    /// The PCM the `hfp` route can play on now (nil: no device, or its PCM failed while BlueZ still lists it).
    public var handsFreePCM: String? {
        guard let device = handsFreeDevice, device.pcm != failedHandsFreePCM else { return nil }
        return device.pcm
    }

    /// Why the `hfp` route has no device, when BlueZ is followed.
    public var handsFreeAbsence: String? { handsFree?.absenceReason }

    /// Follows BlueZ, bluez-alsa and oFono on `systemLink` (nil: no system bus) and the players and PipeWire's
    /// telephony on `sessionBus` (`none`, or unset without DBUS_SESSION_BUS_ADDRESS: no ducking); the buses connect
    /// on their own threads.
    public func start(systemLink: BusLink?, sessionBus: String) {
        if let systemLink {
            followSystemServices(on: systemLink)
        } else {
            log.info("no system bus (--bus none): the hfp route has no device, phone calls on oFono are not followed")
        }
        startSessionBus(sessionBus)
    }

    /// Stops every client and closes the session bus.
    public func stop() {
        stopped = true
        sessionLink?.stop()
        sessionLink = nil
        mediaDirectory?.stop()
        mediaDirectory = nil
        for monitor in callMonitors.values { monitor.stop() }
        callMonitors = [:]
        handsFree?.stop()
        handsFree = nil
    }

    /// Takes a reloaded configuration's ducking, Bluetooth and call settings.
    public func reconfigure(_ config: RouteCueConfiguration) {
        ducker.settings = config.ducking
        bluetooth = config.bluetooth
        calls = config.calls
        handsFree?.settings = handsFreeSettings
        callsChanged()
    }

    // MARK: - The system bus: BlueZ, bluez-alsa, oFono

    private func followSystemServices(on link: BusLink) {
        link.onConnected { [weak self] connection in
            guard let self, !self.stopped else { return }
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
            if self.handsFreeDevice != nil { self.lostHandsFreeDevice(reason: "the system bus went away") }
        }
    }

    private var handsFreeSettings: HandsFreeDevices.Settings {
        HandsFreeDevices.Settings(preferredAddress: bluetooth.preferredAddress, pcmTemplate: bluetooth.pcmTemplate)
    }

    /// BlueZ or bluez-alsa changed what the `hfp` route can speak to.
    private func handsFreeChanged(_ devices: HandsFreeDevices) {
        let old = handsFreeDevice
        guard let new = devices.chosen else { return lostHandsFreeDevice(reason: devices.absenceReason) }
        guard old != new else { return }
        handsFreeDevice = new
        if old?.pcm == new.pcm { return onHandsFree(.retimed(new)) }
        failedHandsFreePCM = nil
        log.info("hands-free: \(new.name ?? new.address) (\(new.address)) on \(new.pcm)\(new.codec.map { ", \($0)" } ?? ""), bluez-alsa delay \(Int((new.delaySeconds * 1000).rounded())) ms")
        onHandsFree(.connected(new, replacing: old != nil))
    }

    /// The hands-free device went away.
    private func lostHandsFreeDevice(reason: String) {
        guard handsFreeDevice != nil else { return }
        log.warning("hands-free: device gone (\(reason))")
        handsFreeDevice = nil
        failedHandsFreePCM = nil
        onHandsFree(.lost(reason: reason))
    }

    /// The hands-free PCM failed under a cue (the SCO link broke) while BlueZ may still list the device: not used
    /// until the device changes or connects again.
    public func handsFreePCMFailed(_ pcm: String, message: String) {
        guard pcm == handsFreeDevice?.pcm else { return }
        failedHandsFreePCM = pcm
        onHandsFree(.lost(reason: "hands-free PCM failed: \(message)"))
    }

    // MARK: - The session bus: MPRIS players, PipeWire's telephony

    private func startSessionBus(_ argument: String) {
        guard argument != "none" else {
            log.info("no session bus (none): media players are not ducked")
            return
        }
        let bus = BusAddress(argument: argument)
        if case .session = bus, (try? bus.resolved(environment: ProcessEnvironment.variables())) == nil {
            log.info("no session bus (DBUS_SESSION_BUS_ADDRESS is not set): media players are not ducked, PipeWire's telephony is not followed")
            return
        }
        let link = BusLink(bus: bus, label: "media", log: log, scheduler: scheduler)
        link.onConnected { [weak self] connection in
            guard let self, !self.stopped else { return }
            self.log.info("media: following MPRIS players on the \(bus) (\(connection.uniqueName))")
            let directory = MediaPlayerDirectory(connection: connection) { [weak self] event in self?.mediaEvent(event) }
            directory.onListed = { [weak self] in self?.ducker.playersListed() }
            self.mediaDirectory = directory
            directory.start()
            self.followCalls(of: Self.pipewireTelephony, on: connection)
        }
        link.onLost { [weak self] in
            guard let self else { return }
            self.mediaDirectory?.stop()
            self.mediaDirectory = nil
            self.ducker.busLost()
            self.callMonitors[Self.pipewireTelephony.rawValue]?.stop()
            self.callMonitors[Self.pipewireTelephony.rawValue] = nil
            self.callsChanged()
        }
        sessionLink = link
        link.start()
    }

    private func mediaEvent(_ event: MediaPlayerDirectory.Event) {
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
        guard calls.enabled else { return }
        callMonitors[service.rawValue]?.stop()
        let monitor = CallMonitor(connection: connection, service: service) { [weak self] _ in self?.callsChanged() }
        callMonitors[service.rawValue] = monitor
        monitor.start()
    }

    /// A call began or the last one ended (or calls are no longer followed): `onCall` hears it.
    private func callsChanged() {
        let now = calls.enabled && callMonitors.values.contains { $0.inCall }
        guard now != inCall else { return }
        inCall = now
        onCall(now)
    }
}

extension MPRISPlayer: DuckablePlayer {}
