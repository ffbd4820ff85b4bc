/// What RouteCue must put back on the media players it has ducked, as kept in the state directory while they are
/// ducked (`ducking.json`): written before the first volume change, read at the next start after a crash.
public struct DuckingRecord: Sendable, Equatable {
    /// One ducked player.
    public struct Player: Sendable, Equatable {
        /// Its well-known name (`org.mpris.MediaPlayer2.mpv`).
        public var busName: String
        /// The unique name that owned it: only that very player is restored (a new process under the same name has
        /// its own volume).
        public var owner: String
        /// The volume to put back (nil: it was paused, not lowered).
        public var volume: Double?
        /// RouteCue paused it (it had no volume control): play it again.
        public var paused: Bool

        /// A player to restore.
        public init(busName: String, owner: String, volume: Double?, paused: Bool) {
            self.busName = busName
            self.owner = owner
            self.volume = volume
            self.paused = paused
        }
    }

    /// The players, in the order they were ducked.
    public var players: [Player]

    /// A record of `players`.
    public init(players: [Player]) {
        self.players = players
    }

    /// The file's text: one JSON object, numbers in their shortest round-trip form (the volume read back is the very
    /// `Double` that was written).
    public var jsonText: String {
        let items: [JSONValue] = players.map { player in
            .object(JSONObject([
                ("bus_name", .string(player.busName)),
                ("owner", .string(player.owner)),
                ("volume", player.volume.map { .number($0) } ?? .null),
                ("paused", .bool(player.paused)),
            ]))
        }
        return JSONTextWriter.line(.object(JSONObject([("players", .array(items))]))) + "\n"
    }

    /// Reads a record written by `jsonText`; a damaged file is an error (of the state directory) naming what is wrong.
    public static func parse(_ bytes: [UInt8]) throws(InputError) -> DuckingRecord {
        do throws(InputError) {
            let root = try RouteReader.parseJSON(bytes)
            var players: [Player] = []
            for item in try root.require("players").array() {
                let volume = try item["volume"].flatMap { node throws(InputError) in node.isNull ? nil : try node.double() }
                if let volume, !(volume.isFinite && volume >= 0) { throw item.error(.invalidValue, "volume must be a number ≥ 0") }
                players.append(Player(busName: try item.require("bus_name").string(), owner: try item.require("owner").string(),
                                      volume: volume, paused: try item.optionalBool("paused") ?? false))
            }
            return DuckingRecord(players: players)
        } catch {
            throw error.as(.stateDirectory)
        }
    }
}
