/// Keeps a flapping peer from filling the log (gpsd dropped for garbage and reconnected every second, a service
/// restarting in a loop): from the first warning of an episode of trouble on, each kind of line is written once and
/// its repeats go to the debug level, counted, until the peer has been well for `settleSeconds`; then the episode
/// ends and one line can say how many repeats were left out. Lines are of one kind when they differ only in digits
/// or in quoted text (an address, a version, the garbage read).
public struct RepeatedTroubleFilter: Sendable, Equatable {
    /// What to do with a line.
    public enum Verdict: Sendable, Equatable {
        /// Write it at its level.
        case write
        /// A repeat within the episode: write it at the debug level only.
        case repeated
    }

    /// How long the peer must be well for an episode to end (s).
    public let settleSeconds: Double
    /// At most this many kinds of line are remembered in one episode (further kinds are written).
    public let capacity: Int
    private var inTrouble = false
    private var wellSince: Double?
    private var kinds: Set<String> = []
    private var repeats = 0

    /// A filter ending an episode after `settleSeconds` of health, remembering up to `capacity` kinds of line.
    public init(settleSeconds: Double = 30, capacity: Int = 64) {
        self.settleSeconds = settleSeconds
        self.capacity = capacity
    }

    /// The verdict on `line` at `seconds` (any monotonic clock); `trouble` marks a warning, which starts an episode
    /// or keeps one going.
    public mutating func admit(_ line: String, trouble: Bool, at seconds: Double) -> Verdict {
        if trouble {
            inTrouble = true
            wellSince = nil
        }
        guard inTrouble else { return .write }
        let kind = Self.kind(of: line)
        if kinds.contains(kind) {
            repeats += 1
            return .repeated
        }
        if kinds.count < capacity { kinds.insert(kind) }
        return .write
    }

    /// The peer is well at `seconds` (a fix came): once it has been for `settleSeconds`, the episode ends and the
    /// number of repeats it left out is returned (nil: no episode ended, or none was left out).
    public mutating func well(at seconds: Double) -> Int? {
        guard inTrouble else { return nil }
        let since = wellSince ?? seconds
        wellSince = since
        guard seconds - since >= settleSeconds else { return nil }
        let leftOut = repeats
        self = RepeatedTroubleFilter(settleSeconds: settleSeconds, capacity: capacity)
        return leftOut > 0 ? leftOut : nil
    }

    /// `line` without its digits and with every quoted text emptied.
    static func kind(of line: String) -> String {
        var kind = ""
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                kind.append(character)
            } else if !quoted, !character.isNumber {
                kind.append(character)
            }
        }
        return kind
    }
}
