import CTestHooks
import EventLoopKit
import XCTest

/// Lists every failed test, with its first failure, once the whole run has finished and just before XCTest's last
/// summary line, so a CI log that keeps only its tail still says what failed. Installed when the test bundle loads
/// (`CTestHooks`).
final class FailureSummary: NSObject, XCTestObservation, @unchecked Sendable {
    /// Failed tests in the order they failed: name, first failure's place and message, and the count.
    private let failures = LockedValue<[(test: String, first: String, count: Int)]>([])

    func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
                  atLine lineNumber: Int) {
        let place = filePath.map { "\(($0 as NSString).lastPathComponent):\(lineNumber): " } ?? ""
        let message = place + description.prefix(300)
        failures.withLock { list in
            if let k = list.firstIndex(where: { $0.test == testCase.name }) {
                list[k].count += 1
            } else {
                list.append((testCase.name, message, 1))
            }
        }
    }

    /// At the end of the bundle's suite (`debug.xctest`; `Selected tests` when filtered), before XCTest's own
    /// summary lines of it and of "All tests"; once.
    func testSuiteDidFinish(_ testSuite: XCTestSuite) {
        guard testSuite.name.hasSuffix(".xctest") || testSuite.name == "Selected tests" else { return }
        let list = failures.withLock { list in
            defer { list = [] }
            return list
        }
        guard !list.isEmpty else { return }
        print("Failed tests (\(list.count)):")
        for failure in list {
            print("  \(failure.test): \(failure.count) failure\(failure.count == 1 ? "" : "s"); first: \(failure.first)")
        }
    }
}

/// Called by CTestHooks' constructor when the test bundle is loaded.
@_cdecl("routecue_test_bundle_loaded")
func routecueTestBundleLoaded() {
    XCTestObservationCenter.shared.addTestObserver(FailureSummary())
}
