import RouteCueCore
import XCTest

/// After an outage the car may have braked or sped up for seconds the constant-speed prediction knows nothing of: the
/// first fix back is believed over the prediction, while between 1 Hz fixes the filter smooths as before.
final class AlongTrackFilterOutageTests: XCTestCase {
    /// A filter that has followed a car at 20 m/s for ten 1 Hz fixes of 4 m error, ending at 200 m at t = 10.
    private func cruising() -> AlongTrackFilter {
        var filter = AlongTrackFilter(along: 0, speed: 20, time: 0, measurementSigma: 4)
        for t in 1...10 { filter.update(measuredAlong: 20 * Double(t), measurementSigma: 4, speed: 20, at: Double(t)) }
        return filter
    }

    func test_theFirstFixAfterA5sOutageWhileBraking_isTakenNearlyAsItIs() {
        var filter = cruising()
        // Braking at 2 m/s² through the outage: 20 → 10 m/s, 75 m travelled where the prediction says 100 m.
        let predicted = filter.predictedAlong(afterSeconds: 5)
        let measured = filter.along + 75
        filter.update(measuredAlong: measured, measurementSigma: 4, speed: 10, at: 15)
        let taken = (predicted - filter.along) / (predicted - measured)
        XCTAssertGreaterThan(taken, 0.6, "the fix after the outage moves the estimate most of the way (took \(taken))")
        XCTAssertEqual(filter.speed, 10, accuracy: 0.5, "the speed is the receiver's")
    }

    func test_between1HzFixes_aFixIsStillSmoothed() {
        var filter = cruising()
        let predicted = filter.predictedAlong(afterSeconds: 1)
        // A fix 6 m ahead of the motion (noise): it moves the estimate only a little.
        filter.update(measuredAlong: predicted + 6, measurementSigma: 4, speed: 20, at: 11)
        XCTAssertLessThan(filter.along - predicted, 1.5, "one noisy fix at 1 Hz moves the estimate by a fraction of its error")
    }
}
