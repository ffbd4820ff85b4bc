import RouteCueCore
import XCTest

final class GPSReconnectPolicyTests: XCTestCase {
    private let policy = GPSReconnectPolicy(minimumSeconds: 0.25, maximumSeconds: 1, fastSeconds: 10)

    func test_withinTheFastWindowOfAFix_everyAttemptWaitsTheMinimum() {
        for attempts in [0, 1, 5, 40] {
            XCTAssertEqual(policy.delay(afterFailedAttempts: attempts, sinceLastFix: 9.9), 0.25, "attempt \(attempts)")
        }
    }

    func test_afterTheWindow_orBeforeAnyFix_theWaitDoublesToTheMaximum() {
        XCTAssertEqual([0, 1, 2, 3, 60].map { policy.delay(afterFailedAttempts: $0, sinceLastFix: nil) }, [0.25, 0.5, 1, 1, 1])
        XCTAssertEqual([0, 1, 2].map { policy.delay(afterFailedAttempts: $0, sinceLastFix: 10) }, [0.25, 0.5, 1])
    }

    func test_aMaximumBelowTheMinimum_isTheMinimum_andAZeroWindowNeverHurries() {
        XCTAssertEqual(GPSReconnectPolicy(minimumSeconds: 2, maximumSeconds: 1).maximumSeconds, 2)
        let slow = GPSReconnectPolicy(minimumSeconds: 0.25, maximumSeconds: 1, fastSeconds: 0)
        XCTAssertEqual(slow.delay(afterFailedAttempts: 3, sinceLastFix: 0.1), 1)
    }
}
