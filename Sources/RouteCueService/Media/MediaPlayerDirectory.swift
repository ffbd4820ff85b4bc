import DBusKit
import EventLoopKit

/// Finds the MPRIS media players on a bus by their name prefix `org.mpris.MediaPlayer2.`: ListNames (and each
/// name's GetNameOwner) at start, NameOwnerChanged after, one `MPRISPlayer` per player. A name taken by another
/// process is the old player vanished and a new one. The bus going away vanishes every player.
@RouteCueLoop
public final class MediaPlayerDirectory {
    /// What happened to a player.
    public enum Event {
        /// A player is on the bus and its first GetAll was answered (its properties are known).
        case appeared(MPRISPlayer)
        /// An appeared player left the bus, or its name went to another process.
        case vanished(MPRISPlayer)
    }

    /// The prefix of every MPRIS player's bus name.
    public nonisolated static let namePrefix = "org.mpris.MediaPlayer2."
    /// Names with the prefix that are not players of their own: playerctld re-exports the most recently active
    /// player (a Volume set on it is set on that player), so following it would reach one player twice.
    public nonisolated static let ignoredNames: Set<String> = ["org.mpris.MediaPlayer2.playerctld"]

    /// Every player known, by bus name: those not ready yet (first GetAll unanswered) too.
    public private(set) var players: [String: MPRISPlayer] = [:]
    /// True once the initial ListNames has been answered and every player it named has been looked at (owner
    /// known, first GetAll answered or failed): `players` then holds every player that was on the bus at start,
    /// so a caller knows which players it remembers are absent.
    public private(set) var isListed = false
    /// Called once, when `isListed` becomes true (after the `appeared` events of the players listed).
    public var onListed: (@RouteCueLoop () -> Void)?
    /// How long a call to the bus or a player may take before it counts as failed.
    public var callTimeout = 5.0

    private weak var connection: BusConnection?
    private let onEvent: @RouteCueLoop (Event) -> Void
    private var subscription: SignalSubscription?
    private var disconnectHandler: UInt64?
    /// Whether ListNames has been answered, and the names it gave whose GetNameOwner is still unanswered.
    private var listAnswered = false
    private var ownersPending: Set<String> = []
    private var started = false

    /// A directory of the players on `connection`'s bus; nothing happens before `start`.
    public init(connection: BusConnection, onEvent: @escaping @RouteCueLoop (Event) -> Void) {
        self.connection = connection
        self.onEvent = onEvent
    }

    #if compiler(>=6.2)
    isolated deinit { stop() }
    #else
    deinit { RouteCueLoop.deinitTeardown { stop() } }  // Swift 6.0: no isolated deinit
    #endif

    /// Follows NameOwnerChanged, then lists the names on the bus (the bus answers in order, so no change between
    /// the two is missed).
    public func start() {
        guard let connection, !started else { return }
        started = true
        // A restart begins afresh: players kept from before were not followed meanwhile.
        players = [:]
        isListed = false
        listAnswered = false
        ownersPending = []
        let rule = MatchRule(sender: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "NameOwnerChanged")
        subscription = connection.subscribe(rule) { [weak self] message in
            guard let values = try? message.arguments(), values.count == 3, let name = values[0].string,
                  let newOwner = values[2].string else { return }
            self?.ownerChanged(name, to: newOwner.isEmpty ? nil : newOwner)
        }
        disconnectHandler = connection.onDisconnect { [weak self] _ in self?.busWentAway() }
        connection.call(destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ListNames",
                        timeout: callTimeout) { [weak self] result in
            guard let self, self.started, case .success(let values) = result else { return }
            self.listed(values.first?.elements?.compactMap(\.string) ?? [])
        }
    }

    /// Stops following the bus. The players known stay in `players` and keep answering calls (a caller restoring
    /// volumes at shutdown still can), but their properties are no longer updated and no more events come.
    public func stop() {
        guard started else { return }
        started = false
        if let subscription { connection?.unsubscribe(subscription) }
        subscription = nil
        if let disconnectHandler { connection?.removeDisconnectHandler(disconnectHandler) }
        disconnectHandler = nil
        for player in players.values { player.detach() }
    }

    /// Whether `name` is a player's name.
    public nonisolated static func isPlayerName(_ name: String) -> Bool {
        name.hasPrefix(namePrefix) && name.count > namePrefix.count && !ignoredNames.contains(name)
    }

    // MARK: - Names

    private func listed(_ names: [String]) {
        let playerNames = names.filter(Self.isPlayerName)
        listAnswered = true
        ownersPending = Set(playerNames)
        for name in playerNames {
            connection?.call(destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetNameOwner",
                             arguments: [.string(name)], timeout: callTimeout) { [weak self] result in
                guard let self, self.started else { return }
                self.ownersPending.remove(name)
                // The answer is newer than every NameOwnerChanged received before it, older than those after.
                switch result {
                case .success(let values): self.ownerChanged(name, to: values.first?.string)
                case .failure(let error) where error.is(.nameHasNoOwner): self.ownerChanged(name, to: nil)
                case .failure: break
                }
                self.checkListed()
            }
        }
        checkListed()
    }

    /// Listed once ListNames and every GetNameOwner it led to are answered and no player awaits its first GetAll.
    private func checkListed() {
        guard started, !isListed, listAnswered, ownersPending.isEmpty, players.values.allSatisfy(\.isReady) else { return }
        isListed = true
        onListed?()
    }

    private func ownerChanged(_ name: String, to owner: String?) {
        guard started, Self.isPlayerName(name) else { return }
        if let current = players[name] {
            if current.owner == owner { return }
            remove(current)
        }
        guard let owner, let connection,
              let player = try? MPRISPlayer(connection: connection, busName: name, owner: owner, callTimeout: callTimeout)
        else { return checkListed() }
        players[name] = player
        player.start { [weak self, weak player] error in
            guard let self, let player, self.players[name] === player else { return }
            if error == nil {
                if self.started { self.onEvent(.appeared(player)) }
            } else {
                // Not a player we can follow (its GetAll failed): forgotten until its name changes owner.
                self.players[name] = nil
                player.detach()
            }
            self.checkListed()
        }
    }

    /// `player` left: forgotten, and told (with the caller) if it had appeared.
    private func remove(_ player: MPRISPlayer) {
        players[player.busName] = nil
        let appeared = player.isReady
        player.vanish()
        if appeared { onEvent(.vanished(player)) }
    }

    private func busWentAway() {
        let gone = players.values.sorted { $0.busName < $1.busName }
        for player in gone { remove(player) }
        stop()
    }
}
