import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// zh-TW (`config/phrases/zh-TW.json`): Taiwan Mandarin in pinyin with tone digits for espeak-ng's cmn-latn-pinyin voice,
/// checked by hand — 公尺/公里, 兩 before a measure, 點 as the decimal word, 第三個出口, names in characters left out.
final class PhrasePackZhTWTests: PhrasePackTestCase {
    override class var packTag: String { "zh-TW" }
    private typealias S = PhrasePackSamples

    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }

    func test_turns_sayTheDistanceAsTaiwanNavigation() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300)), "300 gong1 chi3 hou4, zuo3 zhuan3")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .action), "Qing3 zuo3 zhuan3")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, m(200)), "Liang3 bai3 gong1 chi3 hou4, you4 zhuan3")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .range, km(2)), "Liang3 gong1 li3 hou4, you4 zhuan3")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightLeft), .range, km(1.5)), "Yi1 dian3 wu3 gong1 li3 hou4, shao1 xiang4 zuo3 zhuan3")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, road: "zhong1 zheng4 lu4", destinations: "tai2 bei3, tao2 yuan2"), .distance, m(500)),
                       "500 gong1 chi3 hou4, wang3 tai2 bei3 ji2 tao2 yuan2 fang1 xiang4, you4 zhuan3, jin4 ru4 zhong1 zheng4 lu4")
    }

    func test_roundaboutThenArrival() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, m(100)),
                       "100 gong1 chi3 hou4, zai4 yuan2 huan2, cong2 di4 san1 ge4 chu1 kou3 li2 kai1")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(300), then: S.maneuver(.uTurn)),
                       "300 gong1 chi3 hou4, zuo3 zhuan3, ran2 hou4 hui2 zhuan3")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .distance, m(100)), "100 gong1 chi3 hou4, mu4 di4 di4 zai4 you4 ce4")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Yi3 di3 da2 mu4 di4 di4, mu4 di4 di4 zai4 you4 ce4")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, m(100), landmark: Landmark(kind: "traffic_signals")),
                       "Zai4 xia4 yi2 ge4 hao4 zhi4 lu4 kou3 zuo3 zhuan3")
    }

    func test_shortForm_continue_andCharacterNamesLeftOut() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "zhong1 zheng4 lu4"), .distance, m(300), then: S.maneuver(.turn, .right), short: true),
                       "300 gong1 chi3 hou4, zuo3 zhuan3")
        let zh = try S.pack("zh-TW")
        XCTAssertEqual(zh.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Yan2 dao4 lu4 ji4 xu4 xing2 shi3 12 gong1 li3")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "中正路"), .distance, m(300)), "300 gong1 chi3 hou4, zuo3 zhuan3")
    }
}
