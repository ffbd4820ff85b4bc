import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// bn-IN (`config/phrases/bn-IN.json`): Modern Standard Arabic as a navigation voice says it, checked by hand —
/// the number agreement of distances (dual, 3–10 plural, 11–99 accusative singular, hundreds singular), the
/// masculine ordinal after "المخرج", "ثم" chaining and arrival with side of street.
final class PhrasePackBnINTests: PhrasePackTestCase {
    override class var packTag: String { "bn-IN" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_distances_areInvariant_andHalvesUseDerAndArai() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "300 মিটার পরে, বাঁদিকে ঘুরুন")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "1 কিলোমিটার পরে, ডানদিকে ঘুরুন")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(5)), "5 কিলোমিটার পরে, ডানদিকে ঘুরুন")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight), .range, km(1.5)), "দেড় কিলোমিটার পরে, সামান্য ডানদিকে ঘুরুন")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(2.5)), "আড়াই কিলোমিটার পরে, বাঁদিকে ঘুরুন")
        let bn = try S.pack("bn-IN")
        XCTAssertEqual(bn.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "12 কিলোমিটার সোজা চলতে থাকুন")
    }

    func test_actions_roundabout_thenChain_andArrival() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "এখন বাঁদিকে ঘুরুন")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "200 মিটার পরে, গোলচত্বরে, তৃতীয় প্রস্থান নিন")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, road: "পার্ক স্ট্রিট", destinations: "হাওড়া", exitNumber: 2), .action),
                       "এখন গোলচত্বরে, দ্বিতীয় প্রস্থান নিন এবং পার্ক স্ট্রিট ধরুন, হাওড়া অভিমুখে")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "পার্ক স্ট্রিট")),
                       "300 মিটার পরে, বাঁদিকে ঘুরুন, তারপর ডানদিকে ঘুরুন এবং পার্ক স্ট্রিট ধরুন")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "100 মিটার পরে, আপনার গন্তব্য ডানদিকে থাকবে")
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .action), "আপনার গন্তব্য বাঁদিকে")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "আপনি আপনার গন্তব্যে পৌঁছে গেছেন")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "পরের ট্রাফিক সিগন্যালে, বাঁদিকে ঘুরুন")
    }

    func test_shortForm_dropsNames_andLatinNamesAreLeftOut() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "পার্ক স্ট্রিট", destinations: "হাওড়া"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "300 মিটার পরে, বাঁদিকে ঘুরুন")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Park Street"), .distance, m(300)), "300 মিটার পরে, বাঁদিকে ঘুরুন")
        let bn = try S.pack("bn-IN")
        let camera = RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 22.5, longitude: 88.3))
        XCTAssertEqual(bn.text(for: CuePhraseRequest(subject: .warning(camera, distance: m(300))), units: .metric), "300 মিটার সামনে স্পিড ক্যামেরা")
    }
}
