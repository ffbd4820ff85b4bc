import DBusKit
import EventLoopKit
import Foundation

/// Reads a value at a fixed interval on a thread of its own, each reading stamped at the midpoint of its call
/// (CLOCK_MONOTONIC seconds); a read that gives nothing (a D-Bus call that failed) is left out. `stop()` ends the
/// thread and waits for it.
final class PeriodicSampler<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var stopped = false
    private var _samples: [(at: Double, value: Value)] = []
    private let done = DispatchSemaphore(value: 0)

    /// The readings so far.
    var samples: [(at: Double, value: Value)] { lock.withLock { _samples } }
    /// The latest reading.
    var last: (at: Double, value: Value)? { lock.withLock { _samples.last } }

    /// Starts reading with `read` every `interval` seconds.
    init(every interval: Double, read: @escaping @Sendable () -> Value?) {
        let thread = Thread { [self] in
            defer { done.signal() }
            while lock.withLock({ running }) {
                let sent = MonotonicClock.nanoseconds()
                if let value = read() {
                    let at = (Double(sent) + Double(MonotonicClock.nanoseconds())) / 2e9
                    lock.withLock { _samples.append((at, value)) }
                }
                let next = sent + UInt64(interval * 1e9), now = MonotonicClock.nanoseconds()
                if next > now { usleep(UInt32((next - now) / 1000)) }
            }
        }
        thread.start()
    }

    /// Stops reading (once) and waits for the thread's last read.
    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { running = false; stopped = true }
            return !stopped
        }
        if first { done.wait() }
    }
}

extension PeriodicSampler where Value == Double {
    /// mpv's MPRIS Volume (`player`, mpv-mpris) read from the bench's own connection every `interval` seconds.
    static func mpvVolume(through client: BenchClient, player: BusName = "org.mpris.MediaPlayer2.mpv", every interval: Double) -> PeriodicSampler<Double> {
        PeriodicSampler(every: interval) {
            try? client.get(player, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "Volume", timeout: 1).number
        }
    }

    /// The readings as (instant, volume).
    var volumes: [(at: Double, volume: Double)] { samples.map { ($0.at, $0.value) } }
}
