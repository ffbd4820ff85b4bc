import RouteCueCore
import TestSupport
import XCTest

/// Damaged GPX never traps: truncations and byte flips of the real files, and odd instruction texts, each
/// end as a route or as a `InputError`.
final class GPXImportRobustnessTests: XCTestCase {
    /// A small deterministic generator (64-bit LCG), so failures reproduce.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    func test_truncatedAndCorruptedSharedFiles_neverTrap() throws {
        try SharedData.require()
        var generator = Generator(state: 42)
        var accepted = 0, rejected = 0
        let bytesToTry: [UInt8] = Array("<>&;\"'/=!?[]-#x0 \n".utf8) + [0x00, 0xC3, 0xFF]
        for file in SharedData.files(under: "routes", extensions: [".gpx"]) {
            let original = try SharedData.bytes(file)
            for round in 0..<150 {
                var bytes = original
                if round % 3 == 0 {
                    bytes = Array(bytes.prefix(generator.next(bytes.count)))
                } else {
                    for _ in 0..<(1 + generator.next(4)) {
                        bytes[generator.next(bytes.count)] = bytesToTry[generator.next(bytesToTry.count)]
                    }
                }
                do {
                    _ = try RouteReader.read(bytes, name: file)
                    accepted += 1
                } catch {
                    // Past format detection (which has no position to give), every error says where.
                    if !error.message.hasPrefix("unknown format"), !error.message.hasPrefix("file is empty") {
                        XCTAssertNotNil(error.location, "\(error)")
                    }
                    rejected += 1
                }
            }
        }
        print("GPX robustness: \(accepted) damaged files still imported, \(rejected) rejected with an error, none trapped")
        XCTAssertGreaterThan(rejected, 0)
    }

    func test_oddInstructionTexts_neverTrap() throws {
        let texts = ["", " ", "onto", " onto ", "turn left onto", "toward", " toward ", "and take toward", "x and take  toward y",
                     "dem Straßenverlauf von folgen", "dem straßenverlauf von  folgen", " auf  nehmen", "Kreisverkehr auf verlassen",
                     "im Kreisverkehr Ausfahrt 99999999999999999999 nehmen", "take exit -3", "İİİ turn left onto İstanbul",
                     "links und Richtung fahren", "und fahre zur in Richtung", "Richtung", "ß onto ß toward ß", "!!!", ",,,"]
        var body = "<rte><rtept lat=\"50\" lon=\"8\"/>"
        for (i, t) in texts.enumerated() {
            body += "<rtept lat=\"50\" lon=\"\(8.0 + Double(i + 1) * 0.001)\"><desc>\(t)</desc></rtept>"
        }
        body += "<rtept lat=\"50\" lon=\"8.1\"/></rte>"
        let route = try RouteReader.read(Array("<gpx>\(body)</gpx>".utf8), name: "odd.gpx")
        XCTAssertEqual(route.maneuvers.count, texts.count + 2)
        XCTAssertEqual(route.maneuvers[1 + texts.firstIndex(of: "İİİ turn left onto İstanbul")!].roadName, "İstanbul")
    }
}
