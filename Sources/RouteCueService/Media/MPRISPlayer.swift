import DBusKit
import EventLoopKit

/// One MPRIS media player on the session bus, followed through its properties: `org.mpris.MediaPlayer2` (Identity)
/// and `org.mpris.MediaPlayer2.Player` (PlaybackStatus, Volume, CanControl) at `/org/mpris/MediaPlayer2`, read once
/// with GetAll, then kept current from the PropertiesChanged its unique owner emits. Every call goes to that unique
/// owner, so a process that later takes the well-known name is never mistaken for this one (it is a new player).
/// Made by `MediaPlayerDirectory`, which also tells it when it vanishes.
@RouteCueLoop
public final class MPRISPlayer {
    /// What changed, as `onChange` hears it.
    public enum Change {
        /// `playbackStatus` changed.
        case playbackStatus
        /// The player reported this Volume (in a PropertiesChanged or a GetAll answer), also when it is the echo of
        /// our own `setVolume` or the same value again.
        case volume(Double)
        /// `canControl` changed.
        case canControl
        /// The player left the bus (or its name went to another process); nothing more comes from this object.
        case vanished
    }

    /// The object path every MPRIS player serves.
    public nonisolated static let objectPath: ObjectPath = "/org/mpris/MediaPlayer2"
    /// The root interface (Identity, CanQuit, …).
    public nonisolated static let rootInterface: InterfaceName = "org.mpris.MediaPlayer2"
    /// The player interface (PlaybackStatus, Volume, Play, Pause, …).
    public nonisolated static let playerInterface: InterfaceName = "org.mpris.MediaPlayer2.Player"

    /// The player's well-known name, `org.mpris.MediaPlayer2.mpv`.
    public let busName: String
    /// Its owner's unique name (`:1.42`) when it was found; calls and subscriptions use this one.
    public let owner: String
    /// `org.mpris.MediaPlayer2` Identity ("mpv"); nil until read or when the player has none.
    public private(set) var identity: String?
    /// PlaybackStatus: "Playing", "Paused" or "Stopped"; "" before it is known.
    public private(set) var playbackStatus = ""
    /// Volume as the player last reported it (1.0 is full volume; mpv accepts more); nil when the player exposes no
    /// Volume or refused to set it.
    public private(set) var volume: Double?
    /// CanControl: whether the player accepts Play, Pause and Volume at all.
    public private(set) var canControl = false
    /// True once the first GetAll of the player interface has been answered.
    public private(set) var isReady = false
    /// True once the player has vanished.
    public private(set) var hasVanished = false
    /// Hears every change after the player is ready.
    public var onChange: (@RouteCueLoop (MPRISPlayer, Change) -> Void)?

    /// How long a call to the player may take before it counts as failed (NoReply).
    let callTimeout: Double
    private weak var connection: BusConnection?
    private let ownerName: BusName
    private var subscription: SignalSubscription?
    /// False once GetAll lacked Volume or a Set of it was refused: the player has no volume control for us.
    private var volumeControllable = true
    /// Counts property reads, so only the newest answer is applied.
    private var readGeneration = 0

    /// A player `busName` owned by `owner`; nothing happens before `start`.
    init(connection: BusConnection, busName: String, owner: String, callTimeout: Double) throws(BusError) {
        self.connection = connection
        self.busName = busName
        self.owner = owner
        self.callTimeout = callTimeout
        ownerName = try BusName(owner)
    }

    #if compiler(>=6.2)
    isolated deinit { detach() }
    #else
    deinit { RouteCueLoop.deinitTeardown { detach() } }  // Swift 6.0: no isolated deinit
    #endif

    /// Subscribes to the owner's PropertiesChanged, then reads Identity and the player's properties; `ready` runs
    /// once with nil when the player interface was read, or the error that prevented it.
    func start(_ ready: @escaping @RouteCueLoop (BusError?) -> Void) {
        guard let connection, subscription == nil, !hasVanished else {
            ready(BusError(.disconnected, "\(busName): not connected"))
            return
        }
        // The rule goes first: the bus handles our messages in order, so nothing emitted after GetAll's answer is lost.
        subscription = connection.subscribePropertiesChanged(sender: ownerName, path: Self.objectPath) { [weak self] change in
            self?.propertiesChanged(change)
        }
        connection.getAllProperties(destination: ownerName, path: Self.objectPath, interface: Self.rootInterface,
                                    timeout: callTimeout) { [weak self] result in
            guard let self, !self.hasVanished, case .success(let properties) = result else { return }
            if let identity = properties["Identity"]?.string { self.identity = identity }
        }
        readPlayerProperties { [weak self] error in
            guard let self, !self.hasVanished else { return }
            ready(error)
        }
    }

    /// Stops following the player (its calls still work while the owner is on the bus).
    func detach() {
        if let subscription { connection?.unsubscribe(subscription) }
        subscription = nil
    }

    /// The player left the bus: stop following it and say so.
    func vanish() {
        guard !hasVanished else { return }
        detach()
        hasVanished = true
        onChange?(self, .vanished)
    }

    // MARK: - Commands

    /// Sets Volume (Properties.Set, org.mpris.MediaPlayer2.Player); completion with the bus's answer. `volume` keeps
    /// the player's last report until the player reports the new value. An error answer from the player (read-only,
    /// unknown property, …) means it has no volume control for us: `volume` becomes nil and later sets fail at once
    /// with NotSupported, as they do for a player whose GetAll had no Volume. No reply in time or a lost bus changes
    /// nothing. A negative or non-finite volume is refused with InvalidArgs without a call.
    public func setVolume(_ volume: Double, completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void = { _ in }) {
        guard volume.isFinite, volume >= 0 else {
            completion(.failure(BusError(.invalidArgs, "\(busName): volume \(volume) is not a finite value ≥ 0")))
            return
        }
        guard volumeControllable else {
            completion(.failure(BusError(.notSupported, "\(busName) has no volume control")))
            return
        }
        guard let connection, !hasVanished else {
            completion(.failure(vanishedError))
            return
        }
        connection.setProperty(destination: ownerName, path: Self.objectPath, interface: Self.playerInterface,
                               name: "Volume", value: .double(volume), timeout: callTimeout) { [weak self] result in
            if case .failure(let error) = result, let self, Self.isRefusal(error) {
                self.volumeControllable = false
                self.volume = nil
            }
            completion(result)
        }
    }

    /// Pauses playback (org.mpris.MediaPlayer2.Player.Pause); completion with the bus's answer.
    public func pause(completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void = { _ in }) {
        callPlayer("Pause", completion)
    }

    /// Starts or resumes playback (org.mpris.MediaPlayer2.Player.Play); completion with the bus's answer.
    public func play(completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void = { _ in }) {
        callPlayer("Play", completion)
    }

    private func callPlayer(_ member: MemberName, _ completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void) {
        guard let connection, !hasVanished else {
            completion(.failure(vanishedError))
            return
        }
        connection.call(destination: ownerName, path: Self.objectPath, interface: Self.playerInterface, member: member,
                        timeout: callTimeout) { result in
            completion(result.map { _ in () })
        }
    }

    private var vanishedError: BusError {
        BusError(.serviceUnknown, "\(busName) (\(owner)) is no longer on the bus")
    }

    /// An answer that says the player will not take a Volume (rather than that it, or the bus, did not answer).
    private nonisolated static func isRefusal(_ error: BusError) -> Bool {
        let notARefusal: [BusError.Standard] = [.noReply, .timeout, .disconnected, .noMemory, .serviceUnknown,
                                                .nameHasNoOwner, .limitsExceeded]
        return !notARefusal.contains { error.is($0) }
    }

    // MARK: - Properties

    /// GetAll of the player interface; its answer replaces what is known (the newest read wins).
    private func readPlayerProperties(_ done: @escaping @RouteCueLoop (BusError?) -> Void) {
        guard let connection else { return done(BusError(.disconnected, "\(busName): not connected")) }
        readGeneration += 1
        let generation = readGeneration
        connection.getAllProperties(destination: ownerName, path: Self.objectPath, interface: Self.playerInterface,
                                    timeout: callTimeout) { [weak self] result in
            guard let self, !self.hasVanished, generation == self.readGeneration else { return }
            switch result {
            case .failure(let error):
                done(error)
            case .success(let properties):
                let wasReady = self.isReady
                if !wasReady, properties["Volume"].flatMap(Self.volumeValue) == nil {
                    self.volumeControllable = false
                }
                self.isReady = true
                self.apply(properties, announce: wasReady)
                done(nil)
            }
        }
    }

    private func propertiesChanged(_ change: PropertiesChange) {
        // Before the first answer, GetAll's answer is newer than anything emitted so far.
        guard isReady, !hasVanished else { return }
        switch change.interface {
        case Self.rootInterface.rawValue:
            if let identity = change.changed["Identity"]?.string { self.identity = identity }
        case Self.playerInterface.rawValue:
            apply(change.changed, announce: true)
            let followed: Set<String> = ["PlaybackStatus", "Volume", "CanControl"]
            if !followed.isDisjoint(with: change.invalidated) { readPlayerProperties { _ in } }
        default:
            break
        }
    }

    /// Takes the well-formed values among `properties` (the others are ignored) and, with `announce`, tells
    /// `onChange` what changed (every Volume reported, changed or not).
    private func apply(_ properties: [String: DBusValue], announce: Bool) {
        var changes: [Change] = []
        if let status = properties["PlaybackStatus"]?.string, Self.statuses.contains(status), status != playbackStatus {
            playbackStatus = status
            changes.append(.playbackStatus)
        }
        if let value = properties["CanControl"]?.bool, value != canControl {
            canControl = value
            changes.append(.canControl)
        }
        if volumeControllable, let reported = properties["Volume"].flatMap(Self.volumeValue) {
            volume = reported
            changes.append(.volume(reported))
        }
        guard announce else { return }
        for change in changes where !hasVanished { onChange?(self, change) }
    }

    private static let statuses: Set<String> = ["Playing", "Paused", "Stopped"]

    /// A Volume as MPRIS types it: a `d`, finite and not negative.
    private nonisolated static func volumeValue(_ value: DBusValue) -> Double? {
        guard case .double(let volume) = value.unwrapped, volume.isFinite, volume >= 0 else { return nil }
        return volume
    }
}
