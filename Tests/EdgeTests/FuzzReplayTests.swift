import Foundation
import FuzzInputs
import TestSupport
import XCTest

/// The fuzz targets' functions in the normal test run, without libFuzzer (docs/fuzzing.md): every failing input `make
/// fuzz` found, replayed through its target's function, so a fixed crash stays fixed; and every function on documents
/// of the repository that it must accept, so a target whose function stopped reaching its reader fails here.
final class FuzzReplayTests: XCTestCase {
    private static let fixtures = SharedData.repositoryRoot.appendingPathComponent("Tests/fixtures")

    /// Repository files each target must accept, besides `Tests/fixtures/fuzz-seeds/<target>/`.
    private static let repositorySeeds: [String: [String]] = [
        "json": ["examples/grid-trip.osrm.json", "config/routecue.json", "config/phrases/abbreviations/de.json"],
        "xml": ["Tests/fixtures/fuzz-seeds/route-gpx/turn-right.rte.gpx", "Tests/fixtures/fuzz-seeds/fixes-gpx/grid-trip.trk.gpx"],
        "route-auto": ["examples/grid-trip.osrm.json", "Tests/fixtures/fuzz-seeds/route-valhalla/turn-right.valhalla.json",
                       "Tests/fixtures/fuzz-seeds/route-graphhopper/turn-right.graphhopper.json",
                       "Tests/fixtures/fuzz-seeds/route-gpx/turn-right.rte.gpx", "Tests/fixtures/fuzz-seeds/route-tour/bare-array-ptv.json",
                       "Tests/fixtures/fuzz-seeds/route-routecue/grid-trip.routecue.json"],
        "route-osrm": ["examples/grid-trip.osrm.json"],
        "fixes-auto": ["examples/grid-trip-drive.nmea", "Tests/fixtures/fuzz-seeds/fixes-gpsd-json/gpspipe.json",
                       "Tests/fixtures/fuzz-seeds/fixes-gpx/grid-trip.trk.gpx"],
        "fixes-nmea": ["examples/grid-trip-drive.nmea"],
        "config": ["config/routecue.json"],
        "phrase-pack": ["config/phrases/en-US.json", "config/phrases/de-DE.json", "config/phrases/ja-JP.json", "config/phrases/ar-SA.json"],
        "abbreviations": ["config/phrases/abbreviations/en.json", "config/phrases/abbreviations/de.json"],
    ]

    private func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    func test_everyFailingCaseFound_replaysThroughItsTarget_withoutCrashing() throws {
        let root = Self.fixtures.appendingPathComponent("fuzz-failcases")
        var counts: [String] = []
        var total = 0
        for folder in files(in: root) {
            guard let target = FuzzTarget.named(folder.lastPathComponent) else {
                XCTFail("\(folder.path): no fuzz target of that name (targets: \(FuzzTarget.all.map(\.name).joined(separator: ", ")))")
                continue
            }
            var replayed = 0
            for file in files(in: folder) {
                // A regression traps here (the test process ends with the crash it had under libFuzzer).
                _ = target.run(Array(try Data(contentsOf: file)))
                replayed += 1
            }
            counts.append("\(target.name) \(replayed)")
            total += replayed
        }
        print("FuzzReplay: \(total) failing cases replayed" + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))"))
    }

    func test_everyTarget_acceptsTheRepositorysDocumentsOfItsKind() throws {
        var counts: [String] = []
        for target in FuzzTarget.all {
            let seeds = files(in: Self.fixtures.appendingPathComponent("fuzz-seeds/\(target.name)"))
                + (Self.repositorySeeds[target.name] ?? []).map { SharedData.repositoryRoot.appendingPathComponent($0) }
            XCTAssertFalse(seeds.isEmpty, "\(target.name): no seed in the repository")
            for seed in seeds {
                let outcome = target.run(Array(try Data(contentsOf: seed)))
                XCTAssertEqual(outcome, .accepted, "\(target.name) on \(seed.lastPathComponent)")
            }
            counts.append("\(target.name) \(seeds.count)")
        }
        print("FuzzReplay: seeds accepted per target: \(counts.joined(separator: ", "))")
    }

    func test_refusedInputs_areAnswered_notAccepted() {
        // The functions tell refusal from acceptance: a target accepting everything would not be testing its reader.
        for target in FuzzTarget.all {
            let outcome = target.run(Array("{\"surely\": [not a".utf8))
            guard case .rejected(let reason) = outcome else {
                return XCTFail("\(target.name) accepted a truncated document")
            }
            XCTAssertFalse(reason.isEmpty, target.name)
        }
    }
}
