/// An `NMEAFeeder`'s clock against a drive's fix time: the feeder measures epoch k `k × secondsPerEpoch` after it
/// started pacing, and epoch k is the drive's fix measured at `fixTimes[k]` (UTC). A bench that acts at a moment of
/// the drive — kills gpsd where an outage starts, starts it again where it ends — finds here when that moment comes
/// on the feeder's clock.
public struct FeederSchedule: Sendable, Equatable {
    /// The fix time (UTC) of each epoch, in increasing order.
    public let fixTimes: [Double]
    /// Seconds between epochs on the feeder's clock.
    public let secondsPerEpoch: Double

    /// The schedule of a feeder serving one epoch per fix of `fixTimes` every `secondsPerEpoch`.
    public init(fixTimes: [Double], secondsPerEpoch: Double = 1) {
        self.fixTimes = fixTimes
        self.secondsPerEpoch = secondsPerEpoch
    }

    /// Seconds after the feeder started at which it measures epoch `k`.
    public func moment(ofEpoch k: Int) -> Double { Double(k) * secondsPerEpoch }

    /// The first epoch measured at or after fix time `time`; nil when every epoch is before it.
    public func firstEpoch(atOrAfter time: Double) -> Int? {
        var lo = 0, hi = fixTimes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if fixTimes[mid] < time { lo = mid + 1 } else { hi = mid }
        }
        return lo < fixTimes.count ? lo : nil
    }

    /// How gpsd is kept away so that the fixes measured at `start ≤ t < end` are lost and no other: stopped at the
    /// moment the first of them is measured and started again at the moment the first fix after them is. That
    /// holds while each epoch is sent less than `secondsPerEpoch` after its moment (the fix before is out before
    /// gpsd goes) and not at the very moment (the first lost one is sent after gpsd went). Nil when no fix falls
    /// inside.
    public func absence(from start: Double, to end: Double) -> FeederAbsence? {
        guard let first = firstEpoch(atOrAfter: start), fixTimes[first] < end else { return nil }
        let after = firstEpoch(atOrAfter: end) ?? fixTimes.count
        return FeederAbsence(epochs: first..<after, stop: moment(ofEpoch: first), restart: moment(ofEpoch: after))
    }
}

/// A stretch of a feeder's clock without gpsd, and the epochs it loses.
public struct FeederAbsence: Sendable, Equatable {
    /// The epochs measured while gpsd is away.
    public var epochs: Range<Int>
    /// Seconds after the feeder started at which gpsd goes.
    public var stop: Double
    /// Seconds after the feeder started at which it is started again.
    public var restart: Double

    /// An absence losing `epochs`, from `stop` to `restart` on the feeder's clock.
    public init(epochs: Range<Int>, stop: Double, restart: Double) {
        self.epochs = epochs
        self.stop = stop
        self.restart = restart
    }
}
