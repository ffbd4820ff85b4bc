import DriveLab
import Foundation
import XCTest

/// The table of children an interrupted bench stops: a child is in it from its start until it is reaped, and a child
/// that could not start never is. (The signal handler itself ends the process it runs in, so it is not run here.)
final class ChildProcessCleanupTests: XCTestCase {
    func test_aStartedChild_isTrackedUntilItIsReaped() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["30"]
        try ChildProcessCleanup.run(child)
        let pid = child.processIdentifier
        XCTAssertTrue(ChildProcessCleanup.registered.contains(pid), "tracked while it runs")
        child.terminateByPID(grace: 2)
        XCTAssertTrue(PollingWait.until(timeout: 5) { !ChildProcessCleanup.registered.contains(pid) },
                      "forgotten once reaped: its PID may be another process's next")
    }

    func test_aChildThatExitsAtOnce_isNotLeftInTheTable() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try ChildProcessCleanup.run(child)
        child.waitUntilExit()
        let pid = child.processIdentifier
        XCTAssertTrue(PollingWait.until(timeout: 5) { !ChildProcessCleanup.registered.contains(pid) })
    }

    func test_aChildThatCannotStart_throwsAndIsNotTracked() {
        let before = ChildProcessCleanup.registered
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/nonexistent/routecue-test-child")
        XCTAssertThrowsError(try ChildProcessCleanup.run(child))
        XCTAssertEqual(ChildProcessCleanup.registered, before)
    }
}
