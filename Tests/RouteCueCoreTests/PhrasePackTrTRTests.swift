import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// tr-TR (`config/phrases/tr-TR.json`): sentences as a Turkish navigation voice says them, checked by hand —
/// verb last, spelled distances at the start of a sentence ("Üç yüz metre sonra"), Turkish capital İ, names
/// before a noun that carries the case ("Atatürk Caddesi yoluna").
final class PhrasePackTrTRTests: PhrasePackTestCase {
    override class var packTag: String { "tr-TR" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_turns_putTheVerbLast() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "Üç yüz metre sonra sola dönün")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Şimdi sola dönün")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(1)), "Bir kilometre sonra sağa dönün")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "İki kilometre sonra sağa dönün")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight), .range, km(1.5)), "Bir buçuk kilometre sonra hafif sağa dönün")
    }

    func test_roundaboutThenArrival_readAsTurkishNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(200)),
                       "İki yüz metre sonra döner kavşakta üçüncü çıkıştan çıkın")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, road: "Atatürk Caddesi", destinations: "Ankara", exitNumber: 3), .action),
                       "Şimdi Ankara yönünde döner kavşakta üçüncü çıkıştan Atatürk Caddesi yoluna çıkın")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.turn, .right, road: "Atatürk Caddesi")),
                       "Üç yüz metre sonra sola dönün, ardından Atatürk Caddesi yoluna sağa dönün")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "Yüz metre sonra sağ tarafta varış noktanıza ulaşacaksınız")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Varış noktanız sağ tarafta")
        XCTAssertEqual(try say(S.maneuver(.arrive), .action), "Varış noktanıza ulaştınız")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "Bir sonraki trafik ışıklarında sola dönün")
    }

    func test_shortForm_continue_andWarnings() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Atatürk Caddesi", destinations: "Ankara"), .distance, m(300),
                               then: S.maneuver(.turn, .right), short: true), "Üç yüz metre sonra sola dönün")
        let tr = try S.pack("tr-TR")
        XCTAssertEqual(tr.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Yol boyunca on iki kilometre devam edin")
        let camera = RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 39.9, longitude: 32.8))
        XCTAssertEqual(tr.text(for: CuePhraseRequest(subject: .warning(camera, distance: m(300))), units: .metric), "Hız kamerası üç yüz metre ileride")
    }
}
