import EventLoopKit

/// Guards against work that grows faster than its input, measured within the test itself so that the guard holds on
/// any machine: a busy 2-core runner, or qemu's emulation of another architecture (30-50× slower than native), where
/// a wall-clock limit fails for a linear reader and passes for a quadratic one on a fast machine alike. The same work
/// on a `factor`-times larger input takes about `factor` times as long when linear and `factor²` times when
/// quadratic; `ratio` gives that growth, each side the best of a few runs so one descheduling does not count.
public enum GrowthRatio {
    /// The input factor the guards use: linear work grows about 4×, quadratic 16×.
    public static let factor = 4.0
    /// The limit the guards assert: the geometric middle of linear (4×) and quadratic (16×) growth.
    public static let limit = 8.0

    /// The best of `runs` wall times of `body`, in seconds.
    public static func seconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<max(1, runs) {
            let start = MonotonicClock.nanoseconds()
            try body()
            best = min(best, Double(MonotonicClock.nanoseconds() - start) / 1e9)
        }
        return best
    }

    /// How much longer `large` (the work on an input `factor` times larger) takes than `small`: best of `runs` each.
    public static func ratio(runs: Int = 3, small: () throws -> Void, large: () throws -> Void) rethrows -> Double {
        let smallSeconds = try seconds(runs: runs, small)
        let largeSeconds = try seconds(runs: max(1, runs - 1), large)
        return largeSeconds / max(smallSeconds, 1e-6)
    }
}
