@testable import RouteCueCore
import TestSupport
import XCTest

/// The Korean pack (`config/phrases/ko-KR.json`) as a Korean driver hears it: polite instructions, Sino-Korean
/// distances with the decimal said as 점, native ordinals before 출구, and names that never need a particle.
final class PhrasePackKoKRTests: PhrasePackTestCase {
    override class var packTag: String { "ko-KR" }
    private typealias S = PhrasePackSamples

    func test_turns_readAsKoreanNavigationSpeaks() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300)), "300미터 앞에서 좌회전하세요")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .action), "지금 우회전하세요")
        XCTAssertEqual(try say(S.maneuver(.turn, .left)), "잠시 후 좌회전하세요")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, road: "테헤란로", destinations: "서울, 수원"), .distance, metres(500)),
                       "500미터 앞에서 서울 및 수원 방면 테헤란로 방향으로 우회전하세요")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight, road: "테헤란로"), .distance, metres(200)),
                       "200미터 앞에서 테헤란로 방향 오른쪽 도로로 진행하세요")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "다음 신호등에서 좌회전하세요")
    }

    func test_distances_sayTheDecimalPoint_andNeedNoPluralForms() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1)), "1킬로미터 앞에서 좌회전하세요")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1.5)), "1점5킬로미터 앞에서 좌회전하세요")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(2)), "2킬로미터 앞에서 좌회전하세요")
        XCTAssertEqual(try say(.continueFor(km(12))), "도로를 따라 12킬로미터 주행하세요")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, miles(0.25), units: .imperialUS), "4분의 1마일 앞에서 유턴하세요")
    }

    func test_roundaboutExits_takeNativeOrdinals() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "200미터 앞에서 회전교차로의 세 번째 출구로 나가세요")
        XCTAssertEqual(try say(S.maneuver(.roundabout, .left, destinations: "부산", exitNumber: 1), .action),
                       "지금 회전교차로의 부산 방면 첫 번째 출구로 나가세요")
        XCTAssertEqual(try say(S.maneuver(.rotary, .right, exitNumber: 12, rotaryName: "서면"), .distance, km(1.5)),
                       "1점5킬로미터 앞에서 서면 회전교차로의 열두 번째 출구로 나가세요")
    }

    func test_thenChains_andArrival() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "세종대로")),
                       "300미터 앞에서 좌회전하세요, 이어서 세종대로 방향으로 우회전하세요")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.arrive, .right)),
                       "300미터 앞에서 좌회전하세요, 이어서 오른쪽에 있는 목적지에 도착합니다")
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .distance, metres(100)), "100미터 앞에서 왼쪽에 있는 목적지에 도착합니다")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "목적지에 도착했습니다, 목적지는 오른쪽에 있습니다")
        XCTAssertEqual(try say(.destinationReached(name: "경복궁")), "목적지인 경복궁에 도착했습니다")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightRight, destinations: "대전", exits: "23"), .range, km(2)),
                       "2킬로미터 앞에서 대전 방면 오른쪽 23번 출구로 나가세요")
    }

    func test_shortForms_andSystemCues() throws {
        let turn = S.maneuver(.turn, .left, road: "테헤란로", destinations: "서울")
        XCTAssertEqual(try say(turn, .distance, metres(300), then: S.maneuver(.turn, .right, road: "세종대로"), short: true),
                       "300미터 앞에서 좌회전하세요")
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .action, short: true), "목적지에 도착했습니다")
        XCTAssertEqual(try say(.destinationReached(name: "경복궁"), short: true), "목적지에 도착했습니다")
        XCTAssertEqual(try say(.offRoute), "경로를 재탐색합니다")
        XCTAssertEqual(try say(.warning(RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 37.5, longitude: 127)),
                                        distance: metres(500))), "500미터 앞에 과속 단속 카메라가 있습니다")
    }

    func test_namesInLatinLetters_areLeftOut_forTheKoreanVoice() throws {
        XCTAssertEqual(try say(S.maneuver(.offRamp, .right, destinations: "Incheon Airport, 인천공항", exits: "23A"), .action),
                       "지금 인천공항 방면 오른쪽 출구로 나가세요")
    }
}
