@testable import RouteCueCore
import TestSupport
import XCTest

/// The Cantonese pack (`config/phrases/yue.json`, serving zh-HK) as a Hong Kong driver hears it: Hong Kong
/// words (迴旋處, 行車線, 交通燈), 兩 before a measure, the decimal said as 點, 第 and the cardinal for exits.
final class PhrasePackYueTests: PhrasePackTestCase {
    override class var packTag: String { "yue" }
    private typealias S = PhrasePackSamples

    func test_packServesHongKong_inTheYueVoice() throws {
        let pack = try S.pack("yue")
        XCTAssertEqual(pack.voice, "yue")
        XCTAssertEqual(pack.serves.map(\.description), ["zh-HK"])
        XCTAssertEqual(pack.scripts, ["Hani"])
    }

    func test_turns_readAsHongKongNavigationSpeaks() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300)), "300米後，向左轉")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .action), "現在向右轉")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, road: "彌敦道", destinations: "尖沙咀, 沙田"), .distance, metres(500)),
                       "500米後，向右轉入彌敦道，往尖沙咀及沙田方向")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "在下一個交通燈向左轉")
        XCTAssertEqual(try say(S.maneuver(.keep, .slightLeft)), "即將靠左行駛")
    }

    func test_distances_takeLeung_andSayTheDecimalPoint() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1)), "1公里後，向左轉")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1.5)), "1點5公里後，向左轉")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(2)), "兩公里後，向左轉")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(200)), "兩百米後，向左轉")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(5)), "5公里後，向左轉")
        XCTAssertEqual(try say(.continueFor(km(12))), "沿路繼續行駛12公里")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, miles(0.5), units: .imperialUK), "半英里後，掉頭")
    }

    func test_roundaboutExits_areCountedWithDai() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "兩百米後，在迴旋處從第三個出口駛出")
        XCTAssertEqual(try say(S.maneuver(.rotary, .right, road: "太子道東", exitNumber: 2, rotaryName: "啟德"), .action),
                       "現在在啟德迴旋處從第二個出口駛出，駛入太子道東")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 25), .distance, km(1.5)),
                       "1點5公里後，在迴旋處從第25個出口駛出")
    }

    func test_thenChains_andArrival() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "彌敦道")),
                       "300米後，向左轉，然後向右轉入彌敦道")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.arrive, .right)),
                       "300米後，向左轉，然後到達位於右邊的目的地")
        XCTAssertEqual(try say(S.maneuver(.arrive)), "即將到達目的地")
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .action), "目的地在你左邊")
        XCTAssertEqual(try say(.destinationReached(name: "維多利亞公園")), "你已到達目的地，維多利亞公園")
    }

    func test_shortForms_andSystemCues() throws {
        let turn = S.maneuver(.turn, .left, road: "彌敦道", destinations: "尖沙咀")
        XCTAssertEqual(try say(turn, .distance, metres(300), then: S.maneuver(.turn, .right, road: "加士居道"), short: true), "300米後，向左轉")
        XCTAssertEqual(try say(.offRoute), "正在重新計算路線")
        XCTAssertEqual(try say(.gpsLost), "衛星定位訊號已中斷")
        XCTAssertEqual(try say(.warning(RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 22.3, longitude: 114.2)),
                                        distance: metres(500))), "500米後有測速相機")
    }

    func test_namesInLatinLetters_areLeftOut_forTheCantoneseVoice() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Nathan Road", destinations: "Central, 中環"), .action),
                       "現在向左轉，往中環方向")
    }
}
