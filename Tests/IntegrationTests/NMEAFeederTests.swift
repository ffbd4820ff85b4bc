import DriveLab
import EventLoopKit
import Foundation
import TestSupport
import XCTest

private enum SharedDataRoot {
    static let example = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip-drive.nmea")
}

/// The test-owned GPS receiver: epochs paced in real time to whoever connects, skipped while paused or unconnected.
final class NMEAFeederTests: XCTestCase {
    private func connect(_ port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(status, 0)
        return fd
    }

    /// Everything readable on `fd` within `seconds`.
    private func read(_ fd: Int32, for seconds: Double) -> String {
        var text = ""
        let end = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while MonotonicClock.nanoseconds() < end {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 10) > 0 else { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        return text
    }

    func test_epochs_arePacedInRealTime_andSkippedWhilePaused() throws {
        let epochs = (0..<20).map { "$GPRMC,\($0)\r\n$GPGGA,\($0)\r\n" }
        let feeder = try NMEAFeeder(epochs: epochs, secondsPerEpoch: 0.05)
        defer { feeder.stop() }
        let fd = try connect(feeder.port)
        defer { close(fd) }
        var text = read(fd, for: 0.32)
        feeder.pause()
        text += read(fd, for: 0.2)
        feeder.resume()
        text += read(fd, for: 0.6)
        let sent = feeder.sent
        XCTAssertEqual(sent.map(\.epoch), sent.map(\.epoch).sorted())
        XCTAssertEqual(text.components(separatedBy: "$GPRMC").count - 1, sent.count)
        XCTAssertEqual(sent.first?.epoch, 0)
        XCTAssertEqual(sent.last?.epoch, 19)
        XCTAssertLessThan(sent.count, 18, "the epochs due while paused were skipped: \(sent.map(\.epoch))")
        // Each epoch is measured on the receiver's clock (k × 50 ms from the start) and sent at that moment, or a
        // little after when the feeder was paused through it: never more than half an interval late.
        let start = sent[0].measured
        for entry in sent {
            XCTAssertEqual(Double(entry.measured - start) / 1e9, Double(entry.epoch) * 0.05, accuracy: 0.000_01)
            let lateness = Double(entry.at - entry.measured) / 1e9
            XCTAssertGreaterThanOrEqual(lateness, 0)
            XCTAssertLessThanOrEqual(lateness, 0.025 + 0.01, "epoch \(entry.epoch) sent \(lateness) s after its moment")
        }
        let onTime = sent.filter { Double($0.at - $0.measured) / 1e9 < 0.01 }
        XCTAssertGreaterThanOrEqual(onTime.count, sent.count - 2, "all but the one after the pause are on time")
        XCTAssertTrue(feeder.isFinished)
    }

    func test_aRealGpsd_readsTheEpochs() throws {
        guard GPSDProcess.isInstalled else { throw XCTSkip("gpsd is not installed") }
        let text = try String(contentsOf: SharedDataRoot.example, encoding: .utf8)
        let feeder = try NMEAFeeder(epochs: NMEAFeeder.epochs(ofNMEA: text), secondsPerEpoch: 0.2)
        defer { feeder.stop() }
        let gpsd = try GPSDProcess(feedPort: feeder.port)
        defer { gpsd.stop() }
        let fd = try connect(gpsd.port)
        defer { close(fd) }
        _ = "?WATCH={\"enable\":true,\"json\":true}\n".withCString { send(fd, $0, strlen($0), 0) }
        let reports = read(fd, for: 2)
        print("feeder: \(feeder.connectionCount) connections, \(feeder.sent.count) sent; gpsd said: \(reports.prefix(600))")
        XCTAssertTrue(reports.contains("\"class\":\"TPV\""))
    }

    func test_delayedEpochs_areSentTheirDelayAfterTheirMoment() throws {
        let epochs = (0..<6).map { "$GPRMC,\($0)\r\n" }
        let feeder = try NMEAFeeder(epochs: epochs, secondsPerEpoch: 0.1, delays: [0.03, 0.01, 0.05, 0.0, 0.02, 0.04])
        defer { feeder.stop() }
        let fd = try connect(feeder.port)
        defer { close(fd) }
        _ = read(fd, for: 0.8)
        let sent = feeder.sent
        XCTAssertEqual(sent.map(\.epoch), Array(0..<6))
        // Never early (a delay ignored fails here); late by scheduling only, which a loaded 2-core machine stretches
        // to tens of milliseconds (the bench, not this test, measures the feeder's timing).
        for (entry, delay) in zip(sent, [0.03, 0.01, 0.05, 0.0, 0.02, 0.04]) {
            let actual = Double(entry.at - entry.measured) / 1e9
            XCTAssertGreaterThanOrEqual(actual, delay - 0.001, "epoch \(entry.epoch) sent before its delay")
            XCTAssertLessThan(actual, delay + 0.045, "epoch \(entry.epoch) sent \(actual) s after its moment, delay \(delay)")
        }
    }

    func test_epochsOfAnNMEALog_startAtEachRMC() {
        let epochs = NMEAFeeder.epochs(ofNMEA: "# comment\n$GPRMC,1*00\r\n$GPGGA,1*00\r\n\n$GNRMC,2*00\n$GPGGA,2*00\n")
        XCTAssertEqual(epochs, ["$GPRMC,1*00\r\n$GPGGA,1*00\r\n", "$GNRMC,2*00\r\n$GPGGA,2*00\r\n"])
    }
}
