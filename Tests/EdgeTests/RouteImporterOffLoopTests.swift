import Dispatch
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService
import XCTest

/// The daemon's importer parses and imports off the loop: a large route takes a noticeable part of a second on a
/// head unit's core, and gpsd, D-Bus and the watchdog wait on the loop meanwhile.
final class RouteImporterOffLoopTests: XCTestCase {
    /// The importer under test, kept alive on the loop until its completion.
    @RouteCueLoop private static var importer: RouteImporter?

    /// A GPX track of `points` points on gentle bends (its maneuvers derived from the geometry).
    private static func track(points: Int) -> [UInt8] {
        var text = #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        var lat = 50.0, lon = 8.0
        for i in 0..<points {
            let a = Double(i) * 0.0007
            lat += 0.00009 * cos(a)
            lon += 0.00012 * sin(a * 1.3)
            text += String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"/>\n", lat, lon)
        }
        return Array((text + "</trkseg></trk></gpx>\n").utf8)
    }

    func test_aLargeRoute_isReadOffTheLoop_whichKeepsRunningItsTimersMeanwhile() throws {
        let bytes = Self.track(points: 40_000)
        let trail = LockedValue<[String]>([])
        let ticks = LockedValue(0)
        let done = DispatchSemaphore(value: 0)
        try RouteCueLoop.runAndWait {
            let importer = RouteImporter(engine: nil)
            Self.importer = importer
            // A timer every 5 ms, as gpsd's fixes and the watchdog would come, until the route is there.
            let ticker = Ticker { ticks.withLock { $0 += 1 } }
            importer.read(bytes, name: "track.gpx", options: ImportOptions()) { result in
                ticker.finished = true
                let ticked = ticks.withLock { $0 }
                trail.withLock { $0.append((try? result.get()).map { "route of \($0.geometry.count) points after \(ticked) ticks" } ?? "failed: \(result)") }
                Self.importer = nil
                done.signal()
            }
            trail.withLock { $0.append("read returned") }
            ticker.tick()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 120), .success)
        let events = trail.withLock { $0 }
        XCTAssertEqual(events.first, "read returned", "\(events)")
        XCTAssertEqual(events.count, 2, "\(events)")
        XCTAssertTrue(events.last?.hasPrefix("route of 40000 points") == true, "\(events)")
        XCTAssertGreaterThan(ticks.withLock { $0 }, 1, "the loop ran its timers while the route was read: \(events)")
    }

    /// Counts a tick every 5 ms on the loop until `finished`.
    @RouteCueLoop
    private final class Ticker {
        var finished = false
        let count: @Sendable () -> Void
        init(count: @escaping @Sendable () -> Void) { self.count = count }

        func tick() {
            guard !finished else { return }
            count()
            _ = try? RouteCueLoop.loop.schedule(atNanoseconds: RouteCueLoop.loop.nowNanoseconds + 5_000_000) {
                RouteCueLoop.assumeIsolated { self.tick() }
            }
        }
    }

    func test_aBrokenDocument_isAnErrorOnTheLoop_andAStopFailsAnImportUnderWay() throws {
        let results = LockedValue<[String]>([])
        let done = DispatchSemaphore(value: 0)
        try RouteCueLoop.runAndWait {
            let importer = RouteImporter(engine: nil)
            Self.importer = importer
            importer.read(Array("{\"routes\": [".utf8), name: "broken.json", options: ImportOptions()) { result in
                results.withLock { $0.append(result.isTransientFailure ? "transient" : ((try? result.get()) == nil ? "error" : "route")) }
                done.signal()
            }
            importer.read(Self.track(points: 20_000), name: "track.gpx", options: ImportOptions()) { result in
                if case .failure(let error) = result { results.withLock { $0.append("\(error)") } }
                done.signal()
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        try RouteCueLoop.runAndWait { Self.importer?.stop() }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        let seen = results.withLock { $0 }
        XCTAssertEqual(seen.first, "error")
        XCTAssertEqual(seen.count, 2, "\(seen)")
        XCTAssertTrue(seen.last?.contains("RouteCue is stopping") == true, "\(seen)")
        try RouteCueLoop.runAndWait { Self.importer = nil }
    }
}
