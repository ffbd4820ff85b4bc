import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// The test-drive generator: real route geometries driven with the speed behaviour of real recorded drives
/// (issue 3, "What must be shown"), with the ground truth the timing tests measure against.
final class DriveGeneratorTests: XCTestCase {
    static let swissFile = SpeedTrace.swissDrive
    static let delftFile = SpeedTrace.delftDrive

    /// Routes of different kinds: derived maneuvers over two legs, a long motorway drive, roundabouts, a city.
    static let routeFiles = [
        "routes/osrm/ferrostar/standard_osrm_polyline6_response.json",
        "routes/osrm-compatible/mapbox-directions-swift/subVisualInstructions.json",
        "routes/valhalla/ferrostar-osrm-format/valhalla_osrm_with_roundabouts.json",
        "routes/osrm-compatible/maplibre-navigation-ios/route-with-lanes.json",
    ]

    nonisolated(unsafe) static var traces: [String: SpeedTrace] = [:]

    static func trace(_ file: String) throws -> SpeedTrace {
        if let t = traces[file] { return t }
        let t = try SpeedTrace.shared(file)
        traces[file] = t
        return t
    }

    static func route(_ file: String) throws -> Route {
        try RouteReader.read(try SharedData.bytes(file), name: file)
    }

    static func describe(_ s: SpeedChangeStatistics) -> String {
        func f(_ v: Double?) -> String { v.map { String(format: "%.2f", $0) } ?? "-" }
        return "n=\(s.count) p10=\(f(s.quantile(0.1))) p50=\(f(s.p50)) p90=\(f(s.p90)) m/s²"
    }

    // MARK: Speed traces

    func test_swissTrace_hasMotorwayMedianSpeed_andSensibleBrakingAndAcceleration() throws {
        try SharedData.require()
        let trace = try Self.trace(Self.swissFile)
        let median = trace.medianMovingSpeed * 3.6
        print("DriveGenerator Swiss trace: \(Int(trace.duration)) s, median moving \(String(format: "%.1f", median)) km/h, "
              + "\(trace.bridgedGaps) gaps bridged, \(trace.cutGaps) cut; braking \(Self.describe(trace.braking)); "
              + "acceleration \(Self.describe(trace.acceleration))")
        XCTAssertTrue((80...110).contains(median), "SOURCES.md: median 99 km/h; measured \(median)")
        XCTAssertEqual(trace.duration, 2 * 3600 + 57 * 60, accuracy: 10 * 60, "177 min minus the restart gaps")
        XCTAssertEqual(trace.speeds.max()! * 3.6, 130, accuracy: 8, "SOURCES.md: max 130 km/h")
        try Self.assertSensible(trace)
    }

    func test_delftTrace_hasTownMedianSpeed_andSensibleBrakingAndAcceleration() throws {
        try SharedData.require()
        let trace = try Self.trace(Self.delftFile)
        let median = trace.medianMovingSpeed * 3.6
        print("DriveGenerator Delft trace: \(Int(trace.duration)) s, median moving \(String(format: "%.1f", median)) km/h, "
              + "\(trace.bridgedGaps) gaps bridged, \(trace.cutGaps) cut; braking \(Self.describe(trace.braking)); "
              + "acceleration \(Self.describe(trace.acceleration))")
        XCTAssertTrue((30...60).contains(median), "SOURCES.md: median 42 km/h; measured \(median)")
        try Self.assertSensible(trace)
    }

    /// Mean rates over whole episodes, roll-off included: these drivers brake gently (a stop from 50 km/h
    /// over about 15 s is 0.9 m/s²); hard braking would be 3–5 m/s², and no car accelerates at 4 m/s² for long.
    static func assertSensible(_ trace: SpeedTrace, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertGreaterThanOrEqual(trace.braking.count, 20, file: file, line: line)
        XCTAssertGreaterThanOrEqual(trace.acceleration.count, 20, file: file, line: line)
        let b50 = try XCTUnwrap(trace.braking.p50), b90 = try XCTUnwrap(trace.braking.p90)
        let a50 = try XCTUnwrap(trace.acceleration.p50), a90 = try XCTUnwrap(trace.acceleration.p90)
        XCTAssertTrue((0.3...2.5).contains(b50), "braking p50 \(b50)", file: file, line: line)
        XCTAssertTrue((b50...5).contains(b90), "braking p90 \(b90)", file: file, line: line)
        XCTAssertTrue((0.3...2.5).contains(a50), "acceleration p50 \(a50)", file: file, line: line)
        XCTAssertTrue((a50...4).contains(a90), "acceleration p90 \(a90)", file: file, line: line)
    }

    // MARK: Speed trace building

    func test_speedTrace_bridgesShortGaps_cutsLongOnes_andResamplesLinearly() throws {
        // 1 Hz at 10 m/s, a 5 s gap (bridged) up to 20 m/s, a 10 min gap (cut) down to 5 m/s.
        var fixes: [Fix] = []
        func add(_ t: Double, _ v: Double) {
            fixes.append(Fix(time: 1_000 + t, received: .zero, position: Coordinate(latitude: 47, longitude: 8), speed: v,
                             mode: .threeD, status: .gps))
        }
        for t in 0...10 { add(Double(t), 10) }
        for t in 15...25 { add(Double(t), 20) }
        for t in 626...630 { add(Double(t), 5) }
        let trace = try SpeedTrace(fixes: fixes, name: "hand-made", step: 0.1)
        XCTAssertEqual(trace.bridgedGaps, 1)
        XCTAssertEqual(trace.cutGaps, 1)
        XCTAssertEqual(trace.speed(at: 5), 10, accuracy: 1e-9)
        XCTAssertEqual(trace.speed(at: 12.5), 15, accuracy: 1e-9, "halfway through the bridged gap")
        // The cut gap becomes a ramp of |5 - 20| / 1.5 = 10 s.
        XCTAssertEqual(trace.speed(at: 30), 12.5, accuracy: 1e-9, "halfway down the 10 s ramp from 20 to 5 m/s")
        XCTAssertEqual(trace.duration, 25 + 10 + 4, accuracy: 1e-9)
        XCTAssertEqual(trace.speed(at: trace.duration + 5), 10, accuracy: 1e-9, "the trace repeats past its end")
        XCTAssertThrowsError(try SpeedTrace(fixes: Array(fixes.prefix(1)), name: "one fix"))
    }

    // MARK: Turn speeds

    func test_turnSpeed_followsTheTurnAngle_rampsAndRoundabouts() {
        let line = RouteGeometry(coordinates: [Coordinate(latitude: 52, longitude: 4), Coordinate(latitude: 52.001, longitude: 4),
                                               Coordinate(latitude: 52.001, longitude: 4.002)])
        let provenance = Provenance(kind: .derived, sourceLeg: 0, sourceIndex: nil, sourcePath: "hand-made")
        func maneuver(_ type: ManeuverType, before: Double? = nil, after: Double? = nil, modifier: ManeuverModifier? = nil) -> Maneuver {
            var m = Maneuver(type: type, modifier: modifier, location: line.coordinates[1], provenance: provenance)
            m.bearingBefore = before
            m.bearingAfter = after
            m.distanceAlong = line.cumulativeDistances[1]
            return m
        }
        func kmh(_ m: Maneuver) -> Double? { TurnSpeed.limit(for: m, geometry: line).map { ($0 * 3.6).rounded() } }
        XCTAssertNil(kmh(maneuver(.turn, before: 0, after: 10)), "straight on")
        XCTAssertEqual(kmh(maneuver(.turn, before: 0, after: 40)), 50)
        XCTAssertEqual(kmh(maneuver(.turn, before: 350, after: 260)), 30, "a left turn across north")
        XCTAssertEqual(kmh(maneuver(.turn, before: 0, after: 150)), 25)
        XCTAssertEqual(kmh(maneuver(.continue, before: 0, after: 178)), 15)
        XCTAssertEqual(kmh(maneuver(.roundabout, before: 0, after: 0)), 25)
        XCTAssertEqual(kmh(maneuver(.offRamp, before: 0, after: 30)), 80)
        XCTAssertNil(kmh(maneuver(.merge, before: 0, after: 30)))
        XCTAssertEqual(kmh(maneuver(.turn, modifier: .sharpLeft)), 25, "no bearings: from the modifier")
        XCTAssertEqual(kmh(maneuver(.turn)), 30, "no bearings, no modifier: the geometry turns 90° right")
        XCTAssertEqual(kmh(maneuver(.waypoint, before: 0, after: 0)), 30, "a waypoint's bearings are not trusted")
        XCTAssertNil(kmh(maneuver(.depart, before: 0, after: 90)))
    }

    // MARK: Drives

    /// The drives the tests look at: every route with both traces, an outage at 40 % of the route.
    static func drives() throws -> [(name: String, route: Route, trace: SpeedTrace, drive: GeneratedDrive)] {
        if let cached = cachedDrives { return cached }
        var out: [(String, Route, SpeedTrace, GeneratedDrive)] = []
        for routeFile in routeFiles {
            let route = try Self.route(routeFile)
            for traceFile in [swissFile, delftFile] {
                let trace = try Self.trace(traceFile)
                var options = DriveOptions()
                options.seed = 7
                // Start the Swiss trace on the motorway, the Delft one in town.
                options.traceOffset = traceFile == swissFile ? 1_800 : 300
                options.outage = DriveOutage(start: .distanceAlong(route.length * 0.4))
                let drive = try DriveGenerator.drive(route, trace: trace, options: options)
                let name = "\((routeFile as NSString).lastPathComponent) × \((traceFile as NSString).lastPathComponent)"
                out.append((name, route, trace, drive))
            }
        }
        cachedDrives = out
        return out
    }

    nonisolated(unsafe) static var cachedDrives: [(name: String, route: Route, trace: SpeedTrace, drive: GeneratedDrive)]?

    func test_everyDrive_movesForwardOnly_andStopsAtTheRouteEnd() throws {
        try SharedData.require()
        for (name, route, _, drive) in try Self.drives() {
            let speeds = drive.truth.map(\.speed)
            let movingSeconds = Double(speeds.filter { $0 > 0.5 }.count) * drive.truthStep
            print(String(format: "DriveGenerator %@: %.0f m in %.0f s (moving %.0f s), max %.0f km/h, %d fixes, %d turn speeds",
                         name, route.length, drive.arrivalTime - drive.startTime, movingSeconds,
                         speeds.max()! * 3.6, drive.fixes.count, drive.turnSpeeds.count))
            for (a, b) in zip(drive.truth, drive.truth.dropFirst()) {
                XCTAssertGreaterThanOrEqual(b.distanceAlong, a.distanceAlong, name)
                XCTAssertEqual(b.fixTime - a.fixTime, drive.truthStep, accuracy: 1e-6, name)
                if b.distanceAlong < a.distanceAlong { break }
            }
            XCTAssertEqual(drive.truth.last!.distanceAlong, route.length, name)
            XCTAssertEqual(drive.truth.last!.speed, 0, name)
            XCTAssertEqual(drive.trueDistanceAlong(atFixTime: drive.arrivalTime), route.length, accuracy: 1e-6, name)
            XCTAssertLessThan(drive.trueDistanceAlong(atFixTime: drive.arrivalTime - 5), route.length, name)
            XCTAssertEqual(drive.truth.first!.distanceAlong, 0, name)
            XCTAssertLessThan(GeoMath.distance(drive.truth.last!.coordinate, route.geometry.coordinates.last!), 0.01, name)
            // The truth follows the geometry: the distance between consecutive samples matches their speeds.
            let travelled = zip(drive.truth, drive.truth.dropFirst()).reduce(0.0) { $0 + ($1.0.speed + $1.1.speed) / 2 * drive.truthStep }
            XCTAssertEqual(travelled, route.length, accuracy: 1, name)
        }
    }

    func test_speed_neverExceedsTheCap_andReachesItOnTheMotorway() throws {
        try SharedData.require()
        let route = try Self.route(Self.routeFiles[1])
        let trace = try Self.trace(Self.swissFile)
        for (cap, scale) in [(130.0, 1.3), (80.0, 1.0)] {
            var options = DriveOptions()
            options.speedCap = cap / 3.6
            options.speedScale = scale
            options.traceOffset = 1_800
            let drive = try DriveGenerator.drive(route, trace: trace, options: options)
            let top = drive.truth.map(\.speed).max()! * 3.6
            print(String(format: "DriveGenerator cap %.0f km/h, trace ×%.1f: top speed %.2f km/h", cap, scale, top))
            XCTAssertLessThanOrEqual(top, cap + 1e-9)
            XCTAssertGreaterThan(top, cap - 1, "the motorway stretch of the Swiss trace reaches the cap")
            XCTAssertTrue(drive.fixes.allSatisfy { $0.speed! <= cap / 3.6 + 1 }, "reported speeds are the true ones plus a little noise")
        }
        for (name, _, _, drive) in try Self.drives() {
            XCTAssertLessThanOrEqual(drive.truth.map(\.speed).max()!, DriveOptions().speedCap + 1e-9, name)
        }
    }

    func test_everyAnnouncedTurn_isPassedAtOrBelowItsTurnSpeed() throws {
        try SharedData.require()
        var checked = 0, roundabouts = 0
        for (name, route, _, drive) in try Self.drives() {
            for m in route.maneuvers where m.announced && m.distanceAlong > 0 && m.distanceAlong < route.length {
                let limit = TurnSpeed.limit(for: m, geometry: route.geometry)
                XCTAssertEqual(drive.turnSpeeds[m.index], limit, "\(name) maneuver \(m.index)")
                guard let limit else { continue }
                let t = try XCTUnwrap(drive.fixTime(reachingDistance: m.distanceAlong))
                let v = drive.trueSpeed(atFixTime: t)
                XCTAssertLessThanOrEqual(v, limit + 0.3, "\(name) maneuver \(m.index) \(m.type) \(m.modifier.map(\.rawValue) ?? "")")
                checked += 1
                // Independent of TurnSpeed's table: right-angle turns at most 30 km/h, roundabouts 25.
                if let angle = m.turnAngle, abs(angle) >= 60 { XCTAssertLessThanOrEqual(v * 3.6, 30 + 1, "\(name) #\(m.index)") }
                if [.roundabout, .rotary, .exitRoundabout, .exitRotary].contains(m.type) {
                    XCTAssertLessThanOrEqual(v * 3.6, 25 + 1, "\(name) #\(m.index)")
                    roundabouts += 1
                }
            }
        }
        print("DriveGenerator: \(checked) maneuver passages checked against their turn speed, \(roundabouts) at roundabouts")
        XCTAssertGreaterThan(checked, 40)
        XCTAssertGreaterThan(roundabouts, 0)
    }

    func test_approachBraking_usesTheTracesMeasuredDeceleration() throws {
        try SharedData.require()
        for (name, route, trace, drive) in try Self.drives() {
            var rates: [Double] = []
            for (index, limit) in drive.turnSpeeds {
                let m = route.maneuvers[index]
                guard let t = drive.fixTime(reachingDistance: m.distanceAlong) else { continue }
                var i = Int(((t - drive.startTime) / drive.truthStep).rounded(.down))
                let end = i
                // Back from the maneuver to where the speed stopped falling: the start of the braking.
                while i > 0, drive.truth[i - 1].speed > drive.truth[i].speed { i -= 1 }
                let drop = drive.truth[i].speed - drive.truth[end].speed
                guard drop > 15 / 3.6, drive.truth[end].speed <= limit + 0.3 else { continue }
                rates.append(drop / (Double(end - i) * drive.truthStep))
            }
            guard !rates.isEmpty else { continue }
            rates.sort()
            let median = rates[rates.count / 2]
            print(String(format: "DriveGenerator %@: %d braked approaches, median deceleration %.2f m/s² (trace p10 %.2f, p90 %.2f)",
                         name, rates.count, median, trace.braking.quantile(0.1)!, trace.braking.p90!))
            XCTAssertGreaterThanOrEqual(median, max(0.5, trace.braking.quantile(0.1)!) - 0.05, name)
            XCTAssertLessThanOrEqual(median, max(0.5, trace.braking.p90!) + 0.3, name)
        }
    }

    func test_fixes_haveAbout3mCorrelatedNoise_aFiveMetreEph_andTruthfulSpeedAndCourse() throws {
        try SharedData.require()
        for (name, _, _, drive) in try Self.drives() where drive.fixes.count >= 300 {
            var east: [Double] = [], north: [Double] = [], speedErrors: [Double] = [], courseErrors: [Double] = []
            for fix in drive.fixes {
                let truth = drive.trueCoordinate(atFixTime: fix.time!)
                let o = NoiseOffset.offset(of: fix.position!, from: truth)
                east.append(o.east)
                north.append(o.north)
                let v = drive.trueSpeed(atFixTime: fix.time!)
                speedErrors.append(fix.speed! - v)
                if v > 5 {
                    let truthSample = drive.truth[Int(((fix.time! - drive.startTime) / drive.truthStep).rounded())]
                    courseErrors.append(GeoMath.turnAngle(from: truthSample.heading, to: fix.course!))
                }
            }
            func mean(_ x: [Double]) -> Double { x.reduce(0, +) / Double(x.count) }
            func variance(_ x: [Double]) -> Double { let m = mean(x); return x.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(x.count - 1) }
            let std = (variance(east) + variance(north)).squareRoot()
            // Lag-1 correlation of the east error: near exp(-1 s / 5 s) = 0.82 for correlated noise, 0 for white.
            let m = mean(east)
            let lag1 = zip(east, east.dropFirst()).reduce(0) { $0 + ($1.0 - m) * ($1.1 - m) } / (variance(east) * Double(east.count - 1))
            let eph = drive.fixes.map { $0.errors.horizontal! }.sorted()[drive.fixes.count / 2]
            print(String(format: "DriveGenerator %@: position noise std %.2f m (mean %.2f, %.2f), lag-1 correlation %.2f, median eph %.2f m, speed error std %.2f m/s, course error std %.2f°",
                         name, std, mean(east), mean(north), lag1, eph, variance(speedErrors).squareRoot(), variance(courseErrors).squareRoot()))
            XCTAssertTrue((2...4).contains(std), "\(name): \(std)")
            XCTAssertLessThan(abs(mean(east)), 1.5, name)
            XCTAssertLessThan(abs(mean(north)), 1.5, name)
            XCTAssertTrue((0.6...0.95).contains(lag1), "\(name): lag-1 correlation \(lag1)")
            XCTAssertEqual(eph, 5, accuracy: 0.5, name)
            XCTAssertLessThan(variance(speedErrors).squareRoot(), 0.3, name)
            XCTAssertLessThan(variance(courseErrors).squareRoot(), 3, name)
            XCTAssertTrue(drive.fixes.allSatisfy { $0.mode == .threeD && $0.status == .gps }, name)
        }
    }

    func test_fixes_come1Hz_receivedOnFixTime_withOneOutageOf30s() throws {
        try SharedData.require()
        for (name, route, _, drive) in try Self.drives() {
            let outage = try XCTUnwrap(drive.outage, name)
            XCTAssertEqual(outage.upperBound - outage.lowerBound, 30, name)
            XCTAssertEqual(drive.trueDistanceAlong(atFixTime: outage.lowerBound), route.length * 0.4, accuracy: 0.01, name)
            XCTAssertFalse(drive.fixes.contains { outage.contains($0.time!) }, name)
            var gaps: [Double] = []
            for (a, b) in zip(drive.fixes, drive.fixes.dropFirst()) {
                let gap = b.time! - a.time!
                if abs(gap - 1) > 1e-6 { gaps.append(gap) }
                if gap > 1.5 {
                    XCTAssertLessThan(a.time!, outage.lowerBound, name)
                    XCTAssertGreaterThanOrEqual(b.time!, outage.upperBound, name)
                }
            }
            XCTAssertEqual(gaps.count, 1, "\(name): one gap, the outage: \(gaps)")
            XCTAssertEqual(gaps.first ?? 0, 31, accuracy: 1e-6, "\(name): 30 fixes missing")
            for fix in drive.fixes {
                XCTAssertEqual(fix.received.seconds, fix.time! - drive.startTime, accuracy: 1e-6, name)
            }
            XCTAssertEqual(drive.fixes.first!.time, drive.startTime, name)
            XCTAssertGreaterThanOrEqual(drive.fixes.last!.time!, drive.arrivalTime, "\(name): the last fixes show the car at its destination")
        }
    }

    func test_sameSeed_givesTheSameDrive_anotherSeed_anotherOne() throws {
        try SharedData.require()
        let route = try Self.route(Self.routeFiles[2])
        let trace = try Self.trace(Self.delftFile)
        var options = DriveOptions()
        options.outage = DriveOutage(start: .seconds(60))
        let a = try DriveGenerator.drive(route, trace: trace, options: options)
        let b = try DriveGenerator.drive(route, trace: trace, options: options)
        XCTAssertEqual(a.fixes, b.fixes)
        XCTAssertEqual(a.truth, b.truth)
        XCTAssertEqual(a.nmeaText(), b.nmeaText())
        options.seed = 2
        let c = try DriveGenerator.drive(route, trace: trace, options: options)
        XCTAssertNotEqual(a.fixes.prefix(10).map(\.position), c.fixes.prefix(10).map(\.position))
        options.seed = 1
        options.traceOffset = 1_000
        let d = try DriveGenerator.drive(route, trace: trace, options: options)
        XCTAssertNotEqual(a.arrivalTime, d.arrivalTime, "another part of the trace drives differently")
    }

    func test_nmeaText_roundTripsThroughTheCoreReader() throws {
        try SharedData.require()
        for (name, _, _, drive) in try Self.drives().prefix(4) {
            let text = drive.nmeaText()
            let result = try FixReader.read(Array(text.utf8), name: "generated.nmea")
            XCTAssertEqual(result.format, .nmea, name)
            XCTAssertEqual(result.diagnostics, [], name)
            XCTAssertEqual(result.fixes.count, drive.fixes.count, name)
            var worst = 0.0
            for (read, made) in zip(result.fixes, drive.fixes) {
                XCTAssertEqual(read.time, made.time, name)
                XCTAssertEqual(read.received, made.received, name)
                let error = GeoMath.distance(read.position!, made.position!)
                worst = max(worst, error)
                XCTAssertLessThan(error, 0.2, name)
                XCTAssertEqual(read.speed!, made.speed!, accuracy: 0.001, name)
                XCTAssertEqual(GeoMath.turnAngle(from: made.course!, to: read.course!), 0, accuracy: 0.006, name)
                XCTAssertEqual(read.altitudeMSL, made.altitudeMSL, name)
                XCTAssertEqual(read.errors, made.errors, name)
                XCTAssertEqual(read.mode, .threeD, name)
                XCTAssertEqual(read.status, .gps, name)
                XCTAssertEqual(read.satellitesUsed, made.satellitesUsed, name)
            }
            print(String(format: "DriveGenerator %@: NMEA round trip of %d fixes, worst position difference %.4f m", name, drive.fixes.count, worst))
        }
    }

    func test_nmeaSentences_haveValidChecksums_andDatedRMC() {
        let fix = Fix(time: ISO8601.unixSeconds("2026-01-15T23:59:59Z")! + 0.5, received: .zero,
                      position: Coordinate(latitude: -33.5, longitude: -70.25), altitudeMSL: 512.3, speed: 10, course: 359.996,
                      mode: .threeD, status: .gps, errors: .fromHDOP(0.26), satellitesUsed: 9)
        let lines = DriveNMEA.sentences(for: fix).split(separator: "\r\n").map(String.init)
        XCTAssertEqual(lines, [
            "$GPRMC,235959.50,A,3330.000000,S,07015.000000,W,19.438,360.00,150126,,,A*" + checksum("GPRMC,235959.50,A,3330.000000,S,07015.000000,W,19.438,360.00,150126,,,A"),
            "$GPGGA,235959.50,3330.000000,S,07015.000000,W,1,09,0.26,512.3,M,,M,,*" + checksum("GPGGA,235959.50,3330.000000,S,07015.000000,W,1,09,0.26,512.3,M,,M,,"),
        ])
        XCTAssertTrue(DriveNMEA.line("GPRMC,").hasSuffix("*" + String(format: "%02X", 0x47 ^ 0x50 ^ 0x52 ^ 0x4D ^ 0x43 ^ 0x2C) + "\r\n"))
    }

    /// The XOR of the bytes, as two upper-case hex digits.
    func checksum(_ body: String) -> String { String(format: "%02X", body.utf8.reduce(UInt8(0)) { $0 ^ $1 }) }
}
