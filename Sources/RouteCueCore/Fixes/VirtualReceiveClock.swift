/// Assigns `Fix.received` to recorded fixes: a virtual monotonic clock that follows fix time but never goes
/// backwards. The rule, for fixes in file order:
/// - The first fix is received at `start` (0 s).
/// - A fix with a time, after a fix with a time and no restart in between, is received at
///   `anchor.received + (time - anchor.time)`, where the anchor is the last fix that had a time — as long as
///   that lies after the previous fix's receive instant.
/// - Otherwise — fix time stalled or went backwards, the receiver restarted, or the fix has no time — it is
///   received one *nominal epoch* after the previous fix, and (if it has a time) becomes the new anchor.
/// - The nominal epoch is the last forward step between consecutive timed fixes that was no longer than
///   `maxNominalEpoch` (10 s); 1 s until one is seen.
/// So the clock is strictly increasing, follows real gaps between sessions, and never runs backwards (it
/// saturates at `UInt64.max` nanoseconds, 584 years, should absurd fix times ever push it there).
public struct VirtualReceiveClock: Sendable {
    /// The longest step taken as a nominal epoch; longer steps are gaps, not the receiver's rate.
    public static let maxNominalEpoch = 10.0
    /// The nominal epoch before any step has been seen.
    public static let defaultEpoch = 1.0

    private var anchor: (time: Double, received: MonotonicInstant)?
    private var last: MonotonicInstant?
    private var lastTime: Double?
    private var restartPending = false
    private let start: MonotonicInstant
    /// The current nominal epoch in seconds.
    public private(set) var nominalEpoch = VirtualReceiveClock.defaultEpoch

    /// A clock whose first fix is received at `start`.
    public init(start: MonotonicInstant = .zero) { self.start = start }

    /// Notes a receiver restart: the next fix advances by a nominal epoch whatever its time says.
    public mutating func noteRestart() { restartPending = true }

    /// The receive instant of the next fix, whose fix time is `time` (UTC or any consistent seconds scale).
    public mutating func next(time: Double?) -> MonotonicInstant {
        let time = time.finite
        defer { restartPending = false }
        guard let previous = last else {
            last = start
            if let time { anchor = (time, start); lastTime = time }
            return start
        }
        var instant = previous.advanced(bySeconds: nominalEpoch)
        if let time {
            if let lastTime, !restartPending {
                let step = time - lastTime
                if step > 0, step <= VirtualReceiveClock.maxNominalEpoch { nominalEpoch = step }
            }
            if let anchor, !restartPending {
                let candidate = anchor.received.advanced(bySeconds: time - anchor.time)
                if time > anchor.time, candidate > previous {
                    instant = candidate
                } else {
                    instant = previous.advanced(bySeconds: nominalEpoch)
                }
            }
            anchor = (time, instant)
            lastTime = time
        }
        if instant <= previous, previous.nanoseconds < UInt64.max {
            instant = MonotonicInstant(nanoseconds: previous.nanoseconds + 1)
        }
        last = instant
        return instant
    }
}
