import EventLoopKit
import Glibc
import TestSupport
import XCTest

/// The test-owned NMEA source: epochs (from each RMC) written one per interval to whoever is connected, none
/// consumed while paused or unconnected, raw bytes in between, a reset or orderly hang-up, and the next connection
/// served from the next epoch; the instant each epoch went out is kept.
final class NMEAFeedServerTests: XCTestCase {
    /// Everything readable on `fd` within `seconds` (stops at end of file or an error).
    private func read(_ fd: Int32, for seconds: Double) -> (text: String, ended: Bool) {
        var text = ""
        let end = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while MonotonicClock.nanoseconds() < end {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 10) > 0 else { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return (text, true) }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        return (text, false)
    }

    private func rmcCount(_ text: String) -> Int { text.components(separatedBy: "RMC,").count - 1 }

    func test_epochs_startAtEachRMC_skippingCommentsAndBlankLines() {
        let epochs = NMEAFeedServer.epochs(in: ["# a drive", "$GPGSV,x", "", "$GPRMC,1", "$GPGGA,1\r",
                                                "  ", "$GNRMC,2", "$GNGGA,2", "$GPRMC,3"])
        XCTAssertEqual(epochs, [["$GPGSV,x"], ["$GPRMC,1", "$GPGGA,1"], ["$GNRMC,2", "$GNGGA,2"], ["$GPRMC,3"]])
    }

    func test_epochs_arePaced_waitWhilePaused_andGoOnOnTheNextConnection() throws {
        let lines = (0..<40).flatMap { ["$GPRMC,\($0)", "$GPGGA,\($0)"] }
        let feeder = try NMEAFeedServer(lines: lines, secondsPerEpoch: 0.1, speedFactor: 2)
        defer { feeder.stop() }
        XCTAssertEqual(feeder.interval, 0.05)
        var fd = try XCTUnwrap(LoopbackSocket.connect(port: feeder.port))
        defer { close(fd) }

        var text = read(fd, for: 0.32).text
        feeder.pause()
        let sentBeforePause = feeder.epochsSent
        text += read(fd, for: 0.05).text
        let paused = read(fd, for: 0.2).text
        XCTAssertEqual(rmcCount(paused), 0, "nothing while paused: \(paused)")
        feeder.send("$RAW,hello\r\n")
        XCTAssertEqual(read(fd, for: 0.1).text, "$RAW,hello\r\n")
        XCTAssertLessThanOrEqual(feeder.epochsSent, sentBeforePause + 1)
        feeder.resume()
        text += read(fd, for: 0.2).text
        XCTAssertEqual(rmcCount(text), feeder.epochsSent, "every epoch sent arrived, in one piece each")
        XCTAssertTrue(text.hasPrefix("$GPRMC,0\r\n$GPGGA,0\r\n$GPRMC,1\r\n"), text)

        feeder.disconnectClient(reset: false)
        XCTAssertTrue(read(fd, for: 1).ended, "the client sees the hang-up")
        close(fd)
        let sentBefore = feeder.epochsSent
        usleep(150_000)
        XCTAssertEqual(feeder.epochsSent, sentBefore, "no epoch is used up while no one is connected")
        fd = try XCTUnwrap(LoopbackSocket.connect(port: feeder.port))
        let next = read(fd, for: 0.12).text
        XCTAssertTrue(next.hasPrefix("$GPRMC,\(sentBefore)\r\n"), "the next connection gets the next epoch: \(next)")
        XCTAssertEqual(feeder.connectionCount, 2)

        let instants = feeder.sentInstants
        XCTAssertEqual(instants.count, feeder.epochsSent)
        let steady = zip(instants, instants.dropFirst()).map { Double($1 - $0) / 1e9 }.filter { $0 < 0.08 }
        XCTAssertGreaterThan(steady.count, 5)
        for gap in steady { XCTAssertEqual(gap, 0.05, accuracy: 0.01, "paced at secondsPerEpoch / speedFactor") }
    }
}
