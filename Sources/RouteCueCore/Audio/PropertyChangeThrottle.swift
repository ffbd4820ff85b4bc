/// Which property changes go out now (D-Bus `PropertiesChanged`): a change of state at once, the position-driven
/// values (distances, time) at most once per `interval`; a value held back goes out with the next batch sent an
/// interval after the last one. Values compare by equality, so a car standing still sends nothing.
public struct PropertyChangeThrottle<Key: Hashable & Sendable, Value: Equatable & Sendable>: Sendable {
    /// The values as last sent.
    public private(set) var published: [Key: Value] = [:]
    /// The names whose changes are held to one batch per interval.
    public let positionDriven: Set<Key>
    /// The shortest time between two batches with position-driven values (seconds).
    public let interval: Double
    /// When position-driven values last went out.
    public private(set) var lastPositionBatch = MonotonicInstant.zero

    /// A throttle holding `positionDriven` names to one batch per `interval` seconds.
    public init(positionDriven: Set<Key>, interval: Double = 1) {
        self.positionDriven = positionDriven
        self.interval = interval
    }

    /// The changes of `current` to send at `now` (empty: nothing), recorded as sent, and when to look again for a
    /// position-driven change held back (nil: none held).
    public mutating func changes(in current: [Key: Value], at now: MonotonicInstant)
        -> (send: [Key: Value], lookAgainAt: MonotonicInstant?) {
        var changed = current.filter { published[$0.key] != $0.value }
        var lookAgain: MonotonicInstant?
        if changed.keys.contains(where: positionDriven.contains) {
            if now.seconds(since: lastPositionBatch) < interval {
                for key in changed.keys where positionDriven.contains(key) { changed[key] = nil }
                lookAgain = lastPositionBatch.advanced(bySeconds: interval)
            } else {
                lastPositionBatch = now
            }
        }
        published.merge(changed) { _, new in new }
        return (changed, lookAgain)
    }

    /// Records `current` as sent in full at `now` (the bus name was just acquired: the UI learns every value).
    public mutating func sentAll(_ current: [Key: Value], at now: MonotonicInstant) {
        published = current
        lastPositionBatch = now
    }
}
