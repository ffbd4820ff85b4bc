@testable import RouteCueCore
import TestSupport
import XCTest

/// The Indonesian pack (`config/phrases/id-ID.json`) as an Indonesian driver hears it: "Dalam 300 meter, belok kiri", ordinals after the noun ("jalan keluar ketiga"), "1,5" read satu koma lima, one form for every number.
final class PhrasePackIdIDTests: PhrasePackTestCase {
    override class var packTag: String { "id-ID" }
    private typealias S = PhrasePackSamples

    private let here = Coordinate(latitude: -6.2, longitude: 106.8)

    func test_turns_andDistances() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Jalan Sudirman"), .distance, metres(300)),
                       "Dalam 300 meter, belok kiri ke Jalan Sudirman")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, road: "Jalan Thamrin", destinations: "Bandung, Bogor"), .action),
                       "Belok kanan sekarang ke Jalan Thamrin menuju Bandung dan Bogor")
        XCTAssertEqual(try say(S.maneuver(.turn, .slightLeft), .range, km(1.5)), "Dalam 1,5 kilometer, serong ke kiri")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1)), "Dalam 1 kilometer, belok kiri")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(2)), "Dalam 2 kilometer, belok kiri")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, miles(0.25), units: .imperialUS), "Dalam seperempat mil, putar balik")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "Di lampu lalu lintas berikutnya, belok kanan")
    }

    func test_roundabouts_exits_andChains() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "Dalam 200 meter, di bundaran, ambil jalan keluar ketiga")
        XCTAssertEqual(try say(S.maneuver(.rotary, .right, exitNumber: 12, rotaryName: "Hotel Indonesia"), .distance, km(1.5)),
                       "Dalam 1,5 kilometer, di bundaran Hotel Indonesia, ambil jalan keluar kedua belas")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightLeft, destinations: "Bogor", exits: "23"), .range, km(2)),
                       "Dalam 2 kilometer, ambil pintu keluar 23 di sebelah kiri menuju Bogor")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Jalan Thamrin")),
                       "Dalam 300 meter, belok kiri, lalu belok kanan ke Jalan Thamrin")
    }

    func test_arrival_shortForms_andSystemCues() throws {
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .distance, metres(100)), "Dalam 100 meter, Anda akan tiba di tujuan, di sebelah kiri")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "Anda telah tiba di tujuan, tujuan Anda ada di sebelah kanan")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "Jalan Sudirman"), .distance, metres(300),
                               then: S.maneuver(.turn, .right), short: true), "Dalam 300 meter, belok kiri")
        XCTAssertEqual(try say(.destinationReached(name: "Monumen Nasional"), short: true), "Anda telah tiba di tujuan")
        XCTAssertEqual(try say(.offRoute), "Menghitung ulang rute")
        XCTAssertEqual(try say(.warning(RouteWarning(kind: "speed_camera", location: here), distance: metres(500))),
                       "500 meter lagi ada kamera kecepatan")
    }
}
