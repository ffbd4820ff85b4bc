import Foundation
import Glibc
import ServiceTestSupport
import TestSupport
import XCTest

/// The fault-injection shim the guidance journal's process tests preload into `routecue` (issue 28), tried on system
/// tools first: a write to a matching path fails with ENOSPC and others go through; a rename onto a matching path
/// stops after writing the marker, so the test can kill the process with the new file written and not yet renamed.
final class FaultInjectionShimTests: XCTestCase {
    private var folder: String!
    private var library: String!
    private var children: [Process] = []

    override func setUpWithError() throws {
        library = try FaultInjectionShim.build()
        folder = try CommandRunner.temporaryDirectory().path
    }

    override func tearDown() {
        for child in children { child.killByPID() }
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
        super.tearDown()
    }

    /// `/bin/sh -c script` with the shim and `settings`, `DIR` naming the test's folder; not yet started.
    private func shell(_ script: String, _ settings: [String: String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var environment = FaultInjectionShim.environment(library: library, settings)
        environment["DIR"] = folder
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        return process
    }

    private func contents(_ name: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `cat`, not `echo`: dash's `echo` words a failed write as "I/O error", and bash's writes through stdio, which
    /// the shim does not see.
    func test_enospc_failsWritesToAMatchingPath_withNoSpaceLeftOnDevice() throws {
        let result = try CommandRunner.capture(shell("echo hi | cat > \"$DIR/x.journal\"", [FaultInjectionShim.enospcVariable: "journal"]))
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("No space left on device"), result.stderr)
        XCTAssertEqual(contents("x.journal"), "")
    }

    func test_enospc_letsWritesToOtherPathsThrough() throws {
        let result = try CommandRunner.capture(shell("echo hi | cat > \"$DIR/x.txt\"", [FaultInjectionShim.enospcVariable: "journal"]))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(contents("x.txt"), "hi\n")
    }

    /// `mv` of a new `x.journal` over the old one under the shim's rename pause, started; returns once the marker is
    /// there (or after 10 s).
    private func pausedRename() throws -> (Process, marker: String) {
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/.x.journal.tmp", contents: Data("new".utf8)))
        let marker = folder + "/paused"
        let child = shell("exec mv \"$DIR/.x.journal.tmp\" \"$DIR/x.journal\"",
                          [FaultInjectionShim.pauseRenameVariable: "journal", FaultInjectionShim.markerVariable: marker])
        try child.run()
        children.append(child)
        let deadline = Date().addingTimeInterval(10)
        while contents("paused") == nil, Date() < deadline { usleep(10_000) }
        return (child, marker)
    }

    func test_pauseRename_writesTheMarker_andTheRenameWaits_untilTheProcessIsKilled() throws {
        let (child, _) = try pausedRename()
        XCTAssertEqual(contents("paused"), "\(child.processIdentifier)\n", "the marker holds the pid of the paused process")
        usleep(300_000)
        XCTAssertTrue(child.isRunning)
        XCTAssertNil(contents("x.journal"), "paused before the rename")
        child.killByPID()
        XCTAssertEqual(child.terminationReason, .uncaughtSignal)
        XCTAssertNil(contents("x.journal"))
        XCTAssertEqual(contents(".x.journal.tmp"), "new")
    }

    func test_pauseRename_goesOn_whenTheMarkerIsRemoved() throws {
        let (child, marker) = try pausedRename()
        XCTAssertNotNil(contents("paused"))
        try FileManager.default.removeItem(atPath: marker)
        child.waitUntilExit()
        XCTAssertEqual(child.terminationStatus, 0)
        XCTAssertEqual(contents("x.journal"), "new")
    }

    func test_pauseRename_letsRenamesToOtherPathsThrough() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/a", contents: Data("a".utf8)))
        let result = try CommandRunner.capture(shell("mv \"$DIR/a\" \"$DIR/b.txt\"",
                                                     [FaultInjectionShim.pauseRenameVariable: "journal",
                                                      FaultInjectionShim.markerVariable: folder + "/paused"]))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(contents("b.txt"), "a")
        XCTAssertNil(contents("paused"))
    }
}
