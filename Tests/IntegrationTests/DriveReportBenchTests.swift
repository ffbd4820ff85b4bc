import Foundation
import TestSupport
import XCTest

/// `routecue-bench drive-report` end to end on 60 epochs of the example drive at 4× (≈ 15 s of drive, ≈ 25 s in
/// all): a real gpsd, mpv with mpv-mpris on a private session bus, a private system bus and `routecue run` on an
/// ALSA file PCM. The report directory has every file, and report.md's spoken count is the cue log's.
final class DriveReportBenchTests: XCTestCase {
    func testDriveReportOnTheExampleDriveWritesEveryFile() throws {
        let directory = CommandRunner.routecueBinary.deletingLastPathComponent()
        let bench = directory.appendingPathComponent("routecue-bench")
        guard FileManager.default.isExecutableFile(atPath: bench.path) else {
            let message = "SKIPPED: \(bench.path) not built (swift build --product routecue-bench)"
            print(message)
            throw XCTSkip(message)
        }
        let report = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: report) }
        let process = Process()
        process.executableURL = bench
        process.arguments = ["drive-report", CommandRunner.routecueBinary.path, "--drive", "examples/grid-trip-drive.nmea",
                             "--route", "examples/grid-trip.osrm.json", "--epochs", "60", "--speed", "4", "--report", report.path]
        process.currentDirectoryURL = SharedData.repositoryRoot
        let result = try CommandRunner.capture(process)
        if result.stdout.contains("SKIPPED") {
            print(result.stdout)
            throw XCTSkip(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        for name in ["report.md", "timeline.svg", "cues.jsonl", "guidance.wav", "routecue.log"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: report.appendingPathComponent(name).path), "\(name) missing: \(result.stdout)")
        }
        let markdown = try String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8)
        let cues = try String(contentsOf: report.appendingPathComponent("cues.jsonl"), encoding: .utf8)
        let played = cues.split(separator: "\n").filter { $0.contains("\"event\":\"spoken\"") && !$0.contains("\"reason\":\"interrupted") }.count
        XCTAssertGreaterThan(played, 0, cues)
        // The totals row: | **all** | **spoken** | **skipped** | …
        let totals = markdown.split(separator: "\n").first { $0.hasPrefix("| **all** |") }
        let spoken = totals?.split(separator: "|").dropFirst().first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " *")) }
        XCTAssertEqual(spoken, String(played), markdown)
        let svg = try String(contentsOf: report.appendingPathComponent("timeline.svg"), encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"), String(svg.prefix(200)))
        let wav = try Data(contentsOf: report.appendingPathComponent("guidance.wav"))
        XCTAssertGreaterThan(wav.count, 44 + 10 * 192_000, "guidance.wav shorter than 10 s")
    }
}
