@testable import RouteCueCore
import TestSupport
import XCTest

/// The Vietnamese pack (`config/phrases/vi-VN.json`) as a Vietnamese driver hears it: "Sau 300 mét nữa, rẽ trái", "ki lô mét" spelled as said, "1,5" read một phẩy năm, thứ tư for the fourth exit.
final class PhrasePackViVNTests: PhrasePackTestCase {
    override class var packTag: String { "vi-VN" }
    private typealias S = PhrasePackSamples

    private let here = Coordinate(latitude: 21.03, longitude: 105.85)

    func test_turns_andDistances() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "đường Lê Lợi"), .distance, metres(300)),
                       "Sau 300 mét nữa, rẽ trái vào đường Lê Lợi")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, road: "đường Lê Lợi", destinations: "Hà Nội, Hải Phòng"), .action),
                       "Bây giờ rẽ phải vào đường Lê Lợi hướng về Hà Nội và Hải Phòng")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightRight), .range, km(1.5)), "Sau 1,5 ki lô mét nữa, chếch sang phải")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1)), "Sau 1 ki lô mét nữa, rẽ trái")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(5)), "Sau 5 ki lô mét nữa, rẽ trái")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, miles(0.5), units: .imperialUS), "Sau nửa dặm nữa, quay đầu")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "Tại đèn giao thông tiếp theo, rẽ trái")
    }

    func test_roundabouts_exits_andChains() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 4), .distance, metres(200)),
                       "Sau 200 mét nữa, tại vòng xuyến, đi theo lối ra thứ tư")
        XCTAssertEqual(try say(S.maneuver(.rotary, .left, exitNumber: 1, rotaryName: "Hồ Con Rùa"), .action),
                       "Tại vòng xuyến Hồ Con Rùa, đi theo lối ra thứ nhất")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightLeft, destinations: "Hải Phòng", exits: "23"), .range, km(2)),
                       "Sau 2 ki lô mét nữa, đi theo lối ra số 23 bên trái hướng về Hải Phòng")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "đường Lê Lợi")),
                       "Sau 300 mét nữa, rẽ trái, sau đó rẽ phải vào đường Lê Lợi")
    }

    func test_arrival_shortForms_andSystemCues() throws {
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .distance, metres(100)), "Sau 100 mét nữa, bạn sẽ đến nơi, điểm đến ở bên trái")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Bạn đã đến nơi, điểm đến ở bên phải")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "đường Lê Lợi"), .distance, metres(300),
                               then: S.maneuver(.turn, .right), short: true), "Sau 300 mét nữa, rẽ trái")
        XCTAssertEqual(try say(.destinationReached(name: "chợ Bến Thành"), short: true), "Bạn đã đến nơi")
        XCTAssertEqual(try say(.offRoute), "Đang tính lại lộ trình")
        XCTAssertEqual(try say(.warning(RouteWarning(kind: "speed_camera", location: here), distance: metres(500))),
                       "Sau 500 mét nữa có điểm kiểm soát tốc độ")
    }
}
