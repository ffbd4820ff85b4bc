import Foundation

/// One input shape of one reader for `routecue-bench readers`: how to write the input at a scale (1, 4, 16) and
/// how to read it. The bench times the reading at each scale and compares the time per MB: a linear reader
/// keeps it flat, a quadratic one multiplies it by the scale.
struct ReaderShape {
    /// The reader, as the table names it (`XML`, `GPX route`, `OSRM`, `NMEA`, `HTTP response`, …).
    let reader: String
    /// What the input holds, e.g. `20,000 attributes on one trkpt at 16×`.
    let shape: String
    /// The input at `scale` times the base size.
    let make: (Int) -> [UInt8]
    /// Reads the input the way RouteCue does; throws when the reader refuses it (a bench bug: every input is valid).
    let read: ([UInt8]) throws -> Void
}

/// Wall time of one read of an input, measured as the best of a few runs.
enum ReaderTiming {
    /// The best time of `body` in seconds: at least `minRuns` runs (one when a run takes over `slowRun` seconds)
    /// and more while the runs so far take under `budget` seconds, up to `maxRuns`. A run shorter than 20 ms is
    /// repeated within the run and divided, so that timer resolution and one descheduling do not decide.
    static func best(minRuns: Int = 3, maxRuns: Int = 7, budget: Double = 1.5, slowRun: Double = 3,
                     _ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        var start = clock.now
        try body()
        let first = seconds(clock.now - start)
        if first > slowRun { return first }
        let repeats = first >= 0.02 ? 1 : Int((0.02 / max(first, 1e-7)).rounded(.up))
        var bestTime = first
        var spent = first
        var runs = 0
        while runs < minRuns || (spent < budget && runs < maxRuns) {
            start = clock.now
            for _ in 0..<repeats { try body() }
            let elapsed = seconds(clock.now - start)
            bestTime = min(bestTime, elapsed / Double(repeats))
            spent += elapsed
            runs += 1
        }
        return bestTime
    }
}
