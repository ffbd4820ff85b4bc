import ALSAOutput
import EventLoopKit
import Foundation

/// Every event an `AudioPlaybackThread` reported, for a test to wait on.
public final class PlaybackEventLog: Sendable {
    private let events = LockedValue<[(event: PlaybackEvent, recordedAt: UInt64)]>([])

    /// An empty log.
    public init() {}

    /// Records one event with the monotonic time it arrived (called on the audio thread).
    public func record(_ event: PlaybackEvent) {
        let now = MonotonicClock.nanoseconds()
        events.withLock { $0.append((event, now)) }
    }

    /// The events so far.
    public var all: [PlaybackEvent] { events.withLock { $0.map(\.event) } }

    /// The monotonic time the first event `match` accepts was recorded, waiting up to `timeout` seconds for it:
    /// the audio thread's time, not when a polling test happened to look.
    public func recordedAt(within timeout: Double, _ match: (PlaybackEvent) -> Bool) -> UInt64? {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        repeat {
            if let found = events.withLock({ $0.first { match($0.event) } }) { return found.recordedAt }
            usleep(500)
        } while MonotonicClock.nanoseconds() < deadline
        return nil
    }

    /// Waits up to `timeout` seconds for `match` to find something in the log.
    public func wait<T>(seconds timeout: Double, for match: ([PlaybackEvent]) -> T?) -> T? {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while MonotonicClock.nanoseconds() < deadline {
            if let found = match(all) { return found }
            usleep(500)
        }
        return match(all)
    }

    /// Waits for `started(id)`; returns its monotonic time.
    public func started(_ id: Int, within timeout: Double) -> UInt64? {
        wait(seconds: timeout) { events in
            for case .started(let started, let at) in events where started == id { return at }
            return nil
        }
    }

    /// Waits for `finished(id)`; returns its outcome, played source frames and monotonic time.
    public func finished(_ id: Int, within timeout: Double) -> (outcome: PlaybackOutcome, played: Int, at: UInt64)? {
        wait(seconds: timeout) { events in
            for case .finished(let finished, let outcome, let played, let at) in events where finished == id {
                return (outcome, played, at)
            }
            return nil
        }
    }

    /// Waits for `closed(device)`.
    public func closed(_ device: String, within timeout: Double) -> Bool {
        wait(seconds: timeout) { events in
            for case .closed(let closed) in events where closed == device { return true }
            return nil
        } ?? false
    }
}
