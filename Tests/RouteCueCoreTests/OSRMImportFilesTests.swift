import RouteCueCore
import TestSupport
import XCTest

/// Every OSRM / Mapbox / Valhalla-in-OSRM-format file imports, one maneuver per step, with the stated length.
final class OSRMImportFilesTests: XCTestCase {
    static let folders = ["routes/osrm", "routes/osrm-compatible", "routes/valhalla/ferrostar-osrm-format"]

    static func allFiles() -> [String] {
        folders.flatMap { SharedData.files(under: $0, extensions: [".json"]) }
    }

    static func raw(_ file: String) throws -> JSONNode {
        JSONNode(try JSONParser.parse(try SharedData.bytes(file)))
    }

    static func read(_ file: String, alternative: Int = 0) throws -> Route {
        try RouteReader.read(try SharedData.bytes(file), name: file, options: ImportOptions(alternative: alternative))
    }

    func test_everyFile_importsAsOSRM_withOneManeuverPerStep_andItsStatedLength() throws {
        try SharedData.require()
        let files = Self.allFiles()
        XCTAssertEqual(files.count, 18, "files found: \(files)")
        var checkedRoutes = 0
        for file in files {
            let doc = try Self.raw(file)
            let routes = try doc.require("routes").array()
            for a in routes.indices {
                let route = try Self.read(file, alternative: a)
                XCTAssertEqual(route.source.format, .osrm, file)
                XCTAssertEqual(route.source.alternative, a, file)
                XCTAssertEqual(route.source.alternativeCount, routes.count, file)
                let legs = try routes[a].require("legs").array()
                XCTAssertEqual(route.legs.count, legs.count, file)

                // One maneuver per step, in order, with its provenance.
                var expected: [(leg: Int, step: Int, path: String)] = []
                for (l, leg) in legs.enumerated() {
                    for (s, step) in (try leg.optionalArray("steps") ?? []).enumerated() { expected.append((l, s, step.path)) }
                }
                let stepManeuvers = route.maneuvers.filter { $0.provenance.kind == .step }
                if expected.isEmpty {
                    XCTAssertTrue(route.maneuvers.allSatisfy { $0.provenance.kind == .derived }, file)
                } else {
                    XCTAssertEqual(stepManeuvers.count, route.maneuvers.count, file)
                    XCTAssertEqual(stepManeuvers.count, expected.count, file)
                    for (m, e) in zip(stepManeuvers, expected) {
                        XCTAssertEqual(m.provenance.sourceLeg, e.leg, file)
                        XCTAssertEqual(m.provenance.sourceIndex, e.step, file)
                        XCTAssertEqual(m.provenance.sourcePath, e.path, file)
                        XCTAssertEqual(m.provenance.sourcePath, "routes[\(a)].legs[\(e.leg)].steps[\(e.step)]", file)
                        XCTAssertEqual(m.leg, e.leg, file)
                    }
                }
                // Maneuvers in travel order.
                for (m, n) in zip(route.maneuvers, route.maneuvers.dropFirst()) {
                    XCTAssertLessThanOrEqual(m.distanceAlong, n.distanceAlong + 1e-6, "\(file) maneuver \(n.index)")
                }
                // Length within 0.5 % of the stated distance.
                let stated = try routes[a].require("distance").double()
                let ratio = route.length / stated
                print("OSRM import \(file) [\(a)]: \(route.maneuvers.count) maneuvers, \(Int(route.length)) m vs stated \(Int(stated)) m (ratio \(ratio)), precision \(route.source.polylinePrecision.map(String.init) ?? "geojson"), \(route.warnings.count) warnings")
                XCTAssertEqual(ratio, 1, accuracy: 0.005, file)
                XCTAssertEqual(route.source.statedDistance, stated, file)
                checkedRoutes += 1
            }
        }
        print("OSRM import: \(files.count) files, \(checkedRoutes) routes checked")
    }
}
