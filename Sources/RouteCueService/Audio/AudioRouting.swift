import EventLoopKit
import RouteCueCore

/// Which audio route speaks and how: the route the UI requested (Audio1's RequestedRoute, else the configuration's
/// `audio.route`) or `default` while it has no device (`hfp` without a hands-free device), the extra latency the UI
/// set, and the queue's policy in force (the configuration's, muted, louder or quieter as the UI set it, and during a
/// phone call the in-call style, or nothing on a hands-free link). It hands the audio service the route's PCM and
/// timing and the policy; `onTiming` and `onActiveRoute` hear what changed.
@RouteCueLoop
public final class AudioRouting {
    /// The route the UI requested (nil: the configuration's).
    public private(set) var requested: AudioRouteName?
    /// The route in use (nil before the first `apply`).
    public private(set) var active: AudioRouteName?
    /// The extra output latency the UI set (LatencyCompensationMs).
    public private(set) var latencyCompensationMs: UInt32 = 0
    /// Muted, PromptStyle and Volume as the UI set them (they outlive a configuration reload).
    public var ui = UIAudioSettings()
    /// The configuration in force.
    public var config: RouteCueConfiguration
    /// The car's audio world (hands-free device, calls, ducking), once started.
    public var carAudio: CarAudio?
    /// Hears the timing of the route in force (bluez-alsa's delay and the UI's compensation included) and its
    /// open-ahead, each time a route is applied.
    public var onTiming: @RouteCueLoop (_ timing: AudioRouteTiming, _ openAheadSeconds: Double?) -> Void = { _, _ in }
    /// Hears the active route change, with why.
    public var onActiveRoute: @RouteCueLoop (_ route: AudioRouteName, _ why: String) -> Void = { _, _ in }

    private let audio: AudioOutputService
    /// `--device`: the `default` route's PCM instead of the configuration's.
    private let defaultDevice: String?
    /// Whether BlueZ is followed (there is a system bus): says why `hfp` has no device yet.
    private let followsBlueZ: Bool

    /// Routing for `audio` per `config`, `--device` (`defaultDevice`), with BlueZ followed or not.
    public init(audio: AudioOutputService, config: RouteCueConfiguration, defaultDevice: String?, followsBlueZ: Bool) {
        self.audio = audio
        self.config = config
        self.defaultDevice = defaultDevice
        self.followsBlueZ = followsBlueZ
    }

    /// The PCM of route `name`: `--device` or the configuration's for `default`, the configuration's for the others
    /// (`hfp`: the connected hands-free device's, unless configured); nil when the route has no device now.
    public func pcm(forRoute name: AudioRouteName) -> String? {
        Self.pcm(forRoute: name, config: config, defaultDevice: defaultDevice, handsFreePCM: carAudio?.handsFreePCM)
    }

    /// The PCM of route `name` per `config` and `--device` (`defaultDevice`), with `handsFreePCM` the connected
    /// hands-free device's.
    public nonisolated static func pcm(forRoute name: AudioRouteName, config: RouteCueConfiguration, defaultDevice: String?,
                                       handsFreePCM: String?) -> String? {
        switch name {
        case .default: defaultDevice ?? config.audio.routes[.default]?.device
        case .handsFree: config.audio.routes[name]?.device ?? handsFreePCM
        case .speaker: config.audio.routes[name]?.device
        }
    }

    /// The PipeWire media role route `name` gives its stream (nil: none, or `--device` replaces the `default` route's PCM).
    public func mediaRole(ofRoute name: AudioRouteName) -> String? {
        name == .default && defaultDevice != nil ? nil : config.audio.routes[name]?.mediaRole
    }

    /// Whether the `hfp` route plays on the device BlueZ gives (no PCM configured for it).
    public var handsFreeFollowsBlueZ: Bool { config.audio.routes[.handsFree]?.pcm == nil }

    /// The queue's policy in force.
    public var policy: OutputPolicy {
        config.audio.policy.inForce(ui: ui, call: CallPresence(inCall: carAudio?.inCall ?? false, outputIsHandsFree: active == .handsFree),
                                    inCallStyle: config.calls.promptStyle)
    }

    /// Hands the queue the policy in force; the music is ducked only while prompts can be heard at all.
    public func applyPolicy() {
        let policy = policy
        audio.setPolicy(policy)
        carAudio?.ducker.promptsAudible = policy.promptsAudible
        if let active { leaveDuckingToTheSessionIfItDucks(on: active) }
    }

    /// RouteCue's MPRIS ducking stands down while `route`, the one in use, gives its stream a media role the session's
    /// policy ducks for (unless configured to duck as well).
    private func leaveDuckingToTheSessionIfItDucks(on route: AudioRouteName) {
        carAudio?.ducker.sessionDucks = !config.ducking.ducksOverMPRIS(routeMediaRole: mediaRole(ofRoute: route))
    }

    /// Asks for route `name` (it must be configured); applied at once.
    public func request(_ name: AudioRouteName) {
        requested = name
        apply(reason: "requested")
    }

    /// Sets the UI's extra output latency; applied at once.
    public func setLatencyCompensation(milliseconds: UInt32) {
        latencyCompensationMs = milliseconds
        apply(reason: "latency compensation")
    }

    /// Switches audio to the requested route, or to `default` when that route has no device now; `handsFreeLoss` says
    /// how the hands-free device was lost. The route's timing is its configured one plus bluez-alsa's delay and the
    /// UI's compensation.
    public func apply(reason: String, handsFreeLoss: String? = nil) {
        let requested = requested ?? config.audio.route
        let choice = AudioRouteChoice(requested: requested, requestedPCM: pcm(forRoute: requested),
                                      defaultPCM: pcm(forRoute: .default), reason: reason) {
            handsFreeLoss ?? carAudio?.handsFreeAbsence
                ?? (followsBlueZ ? "no hands-free device known yet" : "no hands-free device (BlueZ is not followed without a system bus)")
        }
        let active = choice.active
        var timing = config.audioRoute(active)
        timing.outputLatency += Double(latencyCompensationMs) / 1000
        if active == .handsFree, handsFreeFollowsBlueZ, let device = carAudio?.handsFreeDevice { timing.outputLatency += device.delaySeconds }
        audio.setRoute(device: AudioServiceSettings.request(pcm: choice.pcm, device: config.audio.device), timing: timing)
        onTiming(timing, config.audio.routes[active]?.openAheadSeconds)
        // Also on a reload that keeps the route: its role or `ducking.when_media_role` may have changed.
        leaveDuckingToTheSessionIfItDucks(on: active)
        guard active != self.active else { return }
        self.active = active
        // A call on the hands-free link depends on the route.
        if carAudio?.inCall == true { applyPolicy() }
        onActiveRoute(active, choice.why)
    }
}
