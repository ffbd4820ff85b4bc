@testable import RouteCueCore
import TestSupport
import XCTest

/// en-GB (`config/phrases/en-GB.json`): what a British navigation voice says, in miles and yards.
final class PhrasePackEnGBTests: XCTestCase {
    private typealias S = PhrasePackSamples

    private func say(_ m: Maneuver, _ stage: CueStage = .distance, _ d: SpokenDistance? = nil, then: Maneuver? = nil,
                     landmark: Landmark? = nil, short: Bool = false, units: UnitSystem = .imperialUK) throws -> String {
        try S.pack("en-GB").say(m, stage, d, then: then, landmark: landmark, short: short, units: units)
    }

    private func say(_ subject: CuePhraseRequest.Subject, units: UnitSystem = .imperialUK) throws -> String {
        try S.pack("en-GB").say(subject, units: units)
    }

    func test_pack_isBritish_withTheEnVoice() throws {
        let pack = try S.pack("en-GB")
        XCTAssertEqual(pack.voice, "en")
        XCTAssertEqual(pack.units, .imperialUK)
    }

    func test_distances_inYardsAndMiles_withBritishFractions() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, yards(300)), "In 300 yards, turn left")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, miles(0.25)), "In a quarter of a mile, turn left")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, miles(1)), "In 1 mile, turn left")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, miles(2)), "In 2 miles, turn left")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, metres(1), units: .metric), "In 1 metre, turn left")
        XCTAssertEqual(try say(.continueFor(miles(5))), "Follow the road for 5 miles")
    }

    func test_roundabouts_motorwayExits_andThen() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, road: "A 34", exitNumber: 2), .distance, yards(200)),
                       "In 200 yards, at the roundabout, take the second exit onto A 34")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightLeft, destinations: "Oxford, Reading", exits: "9"), .range, miles(1)),
                       "In 1 mile, take the exit at junction 9 on the left towards Oxford and Reading")
        XCTAssertEqual(try say(S.maneuver(.onRamp, .right), .action), "Take the slip road on the right now")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, yards(300), then: S.maneuver(.roundabout, .straight, exitNumber: 1)),
                       "In 300 yards, turn left, then at the roundabout, take the first exit")
    }

    func test_landmarks_arrival_andShortForm() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, yards(100), landmark: Landmark(kind: "traffic_signals")),
                       "At the next traffic lights, turn right")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, yards(100), landmark: Landmark(kind: "railway_crossing")),
                       "After the level crossing, turn right")
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .action), "You have arrived at your destination, on the left")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "High Street", destinations: "Leeds"), .distance, yards(300),
                               then: S.maneuver(.turn, .right), short: true), "In 300 yards, turn left")
        XCTAssertEqual(try say(.warning(RouteWarning(kind: "speed_camera", location: Coordinate(latitude: 51.5, longitude: 0)),
                                        distance: miles(0.5))), "Speed camera in half a mile")
    }
}
