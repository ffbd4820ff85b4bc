import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// The Mandarin pack (`config/phrases/zh-CN.json`) in tone-numbered pinyin for the cmn-latn-pinyin voice, as mainland navigation says it: 前方300米，左转进入长安街; 两公里 with liang3; 1.5 said 1 dian3 5; 在环岛从第三个出口驶出.
final class PhrasePackZhCNTests: PhrasePackTestCase {
    override class var packTag: String { "zh-CN" }
    private typealias S = PhrasePackSamples

    private let here = Coordinate(latitude: 39.9, longitude: 116.4)

    func test_turns_andDistances() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Chang2an1 Jie1"), .distance, metres(300)),
                       "Qian2fang1 300 mi3, zuo3zhuan3 jin4ru4 Chang2an1 Jie1")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, road: "Chang2an1 Jie1", destinations: "Bei3jing1, Tian1jin1"), .action),
                       "Xian4zai4 you4zhuan3 jin4ru4 Chang2an1 Jie1, wang3 Bei3jing1 he2 Tian1jin1 fang1xiang4")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1.5)), "Qian2fang1 1 dian3 5 gong1li3, zuo3zhuan3")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(2)), "Qian2fang1 liang3 gong1li3, zuo3zhuan3")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(3)), "Qian2fang1 3 gong1li3, zuo3zhuan3")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .reminder), "Ji2jiang1 zuo3zhuan3")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "长安街"), .distance, metres(200)), "Qian2fang1 liang3 bai3 mi3, zuo3zhuan3")
    }

    func test_roundabouts_exits_andChains() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(150)),
                       "Qian2fang1 150 mi3, zai4 huan2dao3 cong2 di4 san1 ge4 chu1kou3 shi3chu1")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .left, exitNumber: 2), .action),
                       "Zai4 huan2dao3 cong2 di4 er4 ge4 chu1kou3 shi3chu1")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightLeft, destinations: "Tian1jin1", exits: "23"), .range, km(2)),
                       "Qian2fang1 liang3 gong1li3, cong2 zuo3 ce4 de 23 hao4 chu1kou3 shi3chu1, wang3 Tian1jin1 fang1xiang4")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Chang2an1 Jie1")),
                       "Qian2fang1 300 mi3, zuo3zhuan3, ran2hou4 you4zhuan3 jin4ru4 Chang2an1 Jie1")
    }

    func test_arrival_shortForms_andSystemCues() throws {
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, metres(100)),
                       "Qian2fang1 100 mi3, dao4da2 mu4di4di4, mu4di4di4 zai4 dao4lu4 you4 ce4")
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .action), "Nin2 yi3 dao4da2 mu4di4di4, mu4di4di4 zai4 dao4lu4 zuo3 ce4")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Chang2an1 Jie1"), .distance, metres(300),
                               then: S.maneuver(.turn, .right), short: true), "Qian2fang1 300 mi3, zuo3zhuan3")
        XCTAssertEqual(try say(.offRoute), "Zheng4zai4 chong2xin1 gui1hua4 lu4xian4")
        XCTAssertEqual(try say(.warning(RouteWarning(kind: "speed_camera", location: here), distance: metres(500))),
                       "Qian2fang1 500 mi3 you3 ce4su4 pai1zhao4")
    }

    func test_decimalWordWithAToneDigit_isAcceptedOnlyBetweenSpaces() throws {
        // Glued to the digits, "1dian35" reads as 1 dian 35: the pack's decimal is " dian3 ", and the parser takes a
        // word with a tone digit only in that form.
        let url = SharedData.repositoryRoot.appendingPathComponent("config/phrases/zh-CN.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        for (decimal, accepted) in [(" dian3 ", true), ("dian", true), ("dian3", false), (" dian3", false), (" 3dian ", false), (" dian 3 ", false)] {
            let bytes = Array(text.replacingOccurrences(of: "\"decimal\": \" dian3 \"", with: "\"decimal\": \"\(decimal)\"").utf8)
            do {
                _ = try PhrasePack.parse(bytes, name: "zh-CN.json")
                XCTAssertTrue(accepted, "decimal \"\(decimal)\" should be refused")
            } catch {
                XCTAssertFalse(accepted, "decimal \"\(decimal)\": \(error)")
                XCTAssertTrue("\(error)".contains("decimal"), "\(error)")
            }
        }
    }
}
