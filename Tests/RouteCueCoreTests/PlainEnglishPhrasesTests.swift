import FoundationEssentials
import RouteCueCore
import TestSupport
import XCTest

final class PlainEnglishPhrasesTests: XCTestCase {
    private typealias S = PhrasePackSamples

    private func say(_ m: Maneuver, _ stage: CueStage = .distance, _ distance: SpokenDistance? = nil,
                     then: Maneuver? = nil, landmark: Landmark? = nil, short: Bool = false,
                     units: UnitSystem = .metric) -> String {
        let request = CuePhraseRequest(subject: .maneuver(m, stage: stage, distance: distance, then: then, landmark: landmark),
                                       short: short)
        return PlainEnglishPhrases.text(for: request, units: units)
    }

    private func say(_ subject: CuePhraseRequest.Subject, short: Bool = false, units: UnitSystem = .metric) -> String {
        PlainEnglishPhrases.text(for: CuePhraseRequest(subject: subject, short: short), units: units)
    }


    // MARK: Full forms

    func test_turn_withDistanceAndRoad() {
        XCTAssertEqual(say(S.maneuver(.turn, .left, road: "Main Street"), .distance, metres(500)),
                       "In 500 meters, turn left onto Main Street")
    }

    func test_action_saysNow_beforeTheRoad() {
        XCTAssertEqual(say(S.maneuver(.turn, .left, road: "Main Street"), .action), "Turn left now onto Main Street")
        XCTAssertEqual(say(S.maneuver(.uTurn), .action), "Make a U-turn now")
    }

    func test_offRamp_withExitNumberAndDestination_inAQuarterMile() {
        let exit = S.maneuver(.offRamp, .slightRight, destinations: "Basel", exits: "23")
        XCTAssertEqual(say(exit, .range, miles(0.25), units: .imperialUS), "In a quarter mile, take exit 23 toward Basel")
        XCTAssertEqual(say(exit, .range, miles(0.25), units: .imperialUK), "In a quarter of a mile, take exit 23 toward Basel")
        let leftExit = S.maneuver(.offRamp, .slightLeft, exits: "23B;24")
        XCTAssertEqual(say(leftExit, .action), "Take exit 23B on the left now")
    }

    func test_roundabout_saysTheExitOrdinal() {
        XCTAssertEqual(say(S.maneuver(.roundabout, .right, ref: "A 1", exitNumber: 3), .range, km(2)),
                       "In 2 kilometers, at the roundabout, take the third exit onto A 1")
        XCTAssertEqual(say(S.maneuver(.rotary, exitNumber: 12, rotaryName: "Place de l'Étoile"), .distance, metres(200)),
                       "In 200 meters, at Place de l'Étoile, take the 12th exit")
        XCTAssertEqual(say(S.maneuver(.rotary, exitNumber: 2, rotaryName: "Place de l'Étoile"), .distance, metres(200), short: true),
                       "In 200 meters, at the roundabout, take the second exit")
        XCTAssertEqual(say(S.maneuver(.exitRoundabout, road: "Bahnhofstrasse"), .action),
                       "Exit the roundabout now onto Bahnhofstrasse")
    }

    func test_otherManeuverTypes_readNaturally() {
        XCTAssertEqual(say(S.maneuver(.merge, .slightLeft, ref: "I-80"), .distance, metres(300)), "In 300 meters, merge left onto I-80")
        XCTAssertEqual(say(S.maneuver(.onRamp, .right, ref: "A 3", destinations: "A 3: Zürich, Chur, Sargans")),
                       "Take the ramp on the right onto A 3 toward Zürich and Chur")
        XCTAssertEqual(say(S.maneuver(.fork, .slightRight, destinations: "Bern"), .distance, km(1)),
                       "In 1 kilometer, at the fork, keep right toward Bern")
        XCTAssertEqual(say(S.maneuver(.endOfRoad, .left, road: "Seestrasse"), .distance, metres(100)),
                       "In 100 meters, at the end of the road, turn left onto Seestrasse")
        XCTAssertEqual(say(S.maneuver(.keep, .left), .distance, metres(400)), "In 400 meters, keep left")
        XCTAssertEqual(say(S.maneuver(.fork, road: "A 1"), .distance, km(1)), "In 1 kilometer, take the fork onto A 1")
        XCTAssertEqual(say(S.maneuver(.useLane, .slightLeft, road: "A 1", destinations: "Bern"), .distance, metres(500)),
                       "In 500 meters, use the left lane toward Bern")
        XCTAssertEqual(say(S.maneuver(.ferry, destinations: "Dover"), .distance, km(1)), "In 1 kilometer, take the ferry toward Dover")
        XCTAssertEqual(say(S.maneuver(.continue, road: "Route 66"), .distance, metres(300)), "In 300 meters, continue straight onto Route 66")
        XCTAssertEqual(say(S.maneuver(.newName, .slightLeft, road: "Hauptstrasse"), .action), "Continue slightly left now onto Hauptstrasse")
        XCTAssertEqual(say(S.maneuver(.newName, road: "Hauptstrasse"), .distance, metres(50)), "In 50 meters, continue onto Hauptstrasse")
        XCTAssertEqual(say(S.maneuver(.turn, .sharpRight), .action), "Turn sharp right now")
    }

    func test_depart_headsByCompassPoint() {
        XCTAssertEqual(say(S.maneuver(.depart, road: "Main Street", bearingAfter: 3), .action), "Head north on Main Street")
        XCTAssertEqual(say(S.maneuver(.depart, bearingAfter: 230), .action), "Head southwest")
        XCTAssertEqual(say(S.maneuver(.depart, road: "Main Street"), .action, short: true), "Follow the route")
    }

    func test_arrivalAndWaypoint() {
        XCTAssertEqual(say(S.maneuver(.arrive, .right), .action), "You have arrived at your destination, on the right")
        XCTAssertEqual(say(S.maneuver(.arrive), .distance, metres(300)), "In 300 meters, you will arrive at your destination")
        XCTAssertEqual(say(S.maneuver(.waypoint, .left), .action, short: true), "You have reached your waypoint")
        XCTAssertEqual(say(.waypointReached(name: "Zurich")), "You have reached your waypoint, Zurich")
        XCTAssertEqual(say(.waypointReached(name: "Zurich"), short: true), "You have reached your waypoint")
        XCTAssertEqual(say(.destinationReached(name: nil)), "You have arrived at your destination")
        XCTAssertEqual(say(.destinationReached(name: " \n ")), "You have arrived at your destination")
    }

    func test_resumed_namesTheDestination_inTheFullFormOnly() {
        XCTAssertEqual(say(.resumed(destination: "Bern")), "Continuing to Bern")
        XCTAssertEqual(say(.resumed(destination: "Bern", nameLanguage: "de")), "Continuing to Bern")
        XCTAssertEqual(say(.resumed(destination: "Bern"), short: true), "Continuing along the route")
        XCTAssertEqual(say(.resumed(destination: nil)), "Continuing along the route")
        XCTAssertEqual(say(.resumed(destination: " \n ")), "Continuing along the route")
    }

    func test_continueFor_recalculating_andGPS() {
        XCTAssertEqual(say(.continueFor(km(12))), "Continue for 12 kilometers")
        XCTAssertEqual(say(.continueFor(miles(0.5)), units: .imperialUS), "Continue for half a mile")
        XCTAssertEqual(say(.offRoute), "Recalculating")
        XCTAssertEqual(say(.gpsLost), "GPS signal lost")
        XCTAssertEqual(say(.gpsRegained), "GPS signal regained")
    }

    // MARK: Then-chains, landmarks, warnings

    func test_thenChain_addsTheNextManeuver_andShortFormDropsIt() {
        let left = S.maneuver(.turn, .left, road: "Main Street"), right = S.maneuver(.turn, .right, road: "Wall Street")
        XCTAssertEqual(say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right)),
                       "In 300 meters, turn left, then turn right")
        XCTAssertEqual(say(left, .action, then: right), "Turn left now onto Main Street, then turn right onto Wall Street")
        XCTAssertEqual(say(left, .distance, metres(300), then: right, short: true), "In 300 meters, turn left")
        XCTAssertEqual(say(left, .distance, metres(300), then: S.maneuver(.arrive)),
                       "In 300 meters, turn left onto Main Street, then you will arrive at your destination")
        XCTAssertEqual(say(left, .action, then: S.maneuver(.roundabout, destinations: "Basel", exitNumber: 1)),
                       "Turn left now onto Main Street, then at the roundabout, take the first exit")
    }

    func test_landmark_replacesTheDistance_forKnownKindsOnly() {
        let turn = S.maneuver(.turn, .left, road: "Wall Street")
        XCTAssertEqual(say(turn, .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "At the next traffic light, turn left onto Wall Street")
        XCTAssertEqual(say(turn, .distance, metres(100), landmark: Landmark(kind: "stop_sign")),
                       "At the next stop sign, turn left onto Wall Street")
        XCTAssertEqual(say(turn, .distance, metres(100), landmark: Landmark(kind: "yield")),
                       "At the next yield sign, turn left onto Wall Street")
        XCTAssertEqual(say(turn, .distance, metres(100), landmark: Landmark(kind: "railway_crossing")),
                       "After the railroad crossing, turn left onto Wall Street")
        XCTAssertEqual(say(turn, .distance, metres(100), landmark: Landmark(kind: "church")),
                       "In 100 meters, turn left onto Wall Street")
        XCTAssertEqual(say(turn, .distance, nil, landmark: Landmark(kind: "traffic_signals"), short: true),
                       "At the next traffic light, turn left")
        XCTAssertEqual(say(turn, .distance, metres(100), landmark: Landmark(kind: "traffic_signals"), short: true),
                       "In 100 meters, turn left")
        XCTAssertEqual(say(turn, .action, landmark: Landmark(kind: "traffic_signals")), "Turn left now onto Wall Street")
    }

    func test_warnings_byKind() {
        let at = Coordinate(latitude: 47, longitude: 8)
        func warn(_ kind: String, _ d: SpokenDistance?, text: String? = nil, short: Bool = false) -> String {
            say(.warning(RouteWarning(kind: kind, location: at, text: text), distance: d), short: short)
        }
        XCTAssertEqual(warn("speed_camera", metres(300)), "Speed camera in 300 meters")
        XCTAssertEqual(warn("toll", km(2)), "Toll road in 2 kilometers")
        XCTAssertEqual(warn("ferry", km(1)), "Ferry crossing in 1 kilometer")
        XCTAssertEqual(warn("border", km(5)), "Border crossing in 5 kilometers")
        XCTAssertEqual(warn("tunnel", metres(500)), "Tunnel in 500 meters")
        XCTAssertEqual(warn("tunnel", nil), "Tunnel ahead")
        XCTAssertEqual(warn("roadworks", metres(200), text: "Road works"), "Caution in 200 meters, Road works")
        XCTAssertEqual(warn("roadworks", metres(200), text: "Road works", short: true), "Caution in 200 meters")
    }

    // MARK: Words for numbers and text from the route

    func test_singularAndPlural() {
        XCTAssertEqual(say(.continueFor(km(1))), "Continue for 1 kilometer")
        XCTAssertEqual(say(.continueFor(km(1.5))), "Continue for 1.5 kilometers")
        XCTAssertEqual(say(.continueFor(miles(1)), units: .imperialUS), "Continue for 1 mile")
        XCTAssertEqual(say(.continueFor(miles(2.5)), units: .imperialUK), "Continue for 2.5 miles")
        XCTAssertEqual(say(.continueFor(miles(0.75)), units: .imperialUK), "Continue for three quarters of a mile")
        XCTAssertEqual(say(.continueFor(SpokenDistance(value: 1, unit: .foot)), units: .imperialUS), "Continue for 1 foot")
        XCTAssertEqual(say(.continueFor(SpokenDistance(value: 300, unit: .yard)), units: .imperialUK), "Continue for 300 yards")
        XCTAssertEqual(say(.continueFor(km(1200))), "Continue for 1200 kilometers")
    }

    func test_roundingTable_metricWords() {
        let table: [(Double, String)] = [(1000, "1 kilometer"), (1300, "1.5 kilometers"), (480, "500 meters"),
                                         (2600, "2.5 kilometers"), (11_900, "12 kilometers"), (99, "100 meters")]
        for (metres, words) in table {
            let d = SpokenDistances.nearest(toMetres: metres, in: .metric)
            XCTAssertEqual(say(.continueFor(d)), "Continue for \(words)", "\(metres) m")
        }
    }

    func test_imperialUS_neverSaysTenths_andUsesFeetBelowATenthOfAMile() {
        var d = 0.0
        var feet = 0
        let quarterMileStarts = SpokenDistances.trueRange(of: miles(0.25), in: .imperialUS).lowerBound
        XCTAssertGreaterThan(quarterMileStarts, 1609.344 / 10)
        while d <= 200_000 {
            defer { d += 1 }
            guard let spoken = SpokenDistances.spoken(forRemaining: d, in: .imperialUS) else { continue }
            let text = say(.continueFor(spoken), units: .imperialUS)
            XCTAssertNil(text.firstMatch(of: /\.[0-46-9]/), text)
            XCTAssertFalse(text.contains("/"), text)
            if d < 1609.344 / 10 { feet += 1 }
            if d < quarterMileStarts {
                XCTAssertTrue(text.hasSuffix(" feet"), "\(d) m: \(text)")
            } else {
                XCTAssertTrue(text.contains("mile"), "\(d) m: \(text)")
            }
        }
        XCTAssertGreaterThan(feet, 100)
    }

    func test_roadNames_areCleanedOfControlCharacters() {
        XCTAssertEqual(say(S.maneuver(.turn, .right, road: "Main\u{0}Street\n\u{7}", destinations: "\tBasel\u{2028}"), .action),
                       "Turn right now onto Main Street toward Basel")
        XCTAssertEqual(say(S.maneuver(.turn, .right, road: "\n\u{1}", ref: "B 4"), .action), "Turn right now onto B 4")
    }

    // MARK: Every combination

    func test_everyTypeModifierAndStage_rendersACleanSentence() {
        let modifiers: [ManeuverModifier?] = [nil] + ManeuverModifier.allCases
        let names = ["Main Street", "A 1", "Basel", "Place Ronde", "23"]
        var count = 0
        for type in ManeuverType.allCases {
            for modifier in modifiers {
                for stage in CueStage.allCases {
                    for short in [false, true] {
                        for distance in [nil, metres(300)] {
                            let bare = S.maneuver(type, modifier)
                            var rich = S.maneuver(type, modifier, road: "Main Street", ref: "A 1", destinations: "Basel",
                                                exits: "23", exitNumber: 2, rotaryName: "Place Ronde", bearingAfter: 90)
                            rich.instruction = "Main Street"
                            for (m, then) in [(bare, nil), (rich, S.maneuver(.turn, .right, road: "Main Street"))] {
                                let text = say(m, stage, distance, then: then, landmark: Landmark(kind: "traffic_signals"),
                                               short: short)
                                count += 1
                                assertClean(text, "\(type) \(String(describing: modifier)) \(stage) short=\(short)")
                                if short && type != .notification {
                                    for name in names { XCTAssertFalse(text.contains(name), "short form names a road: \(text)") }
                                    XCTAssertFalse(text.contains("then"), text)
                                }
                            }
                        }
                    }
                }
            }
        }
        print("rendered \(count) maneuver sentences")
    }

    func test_everyOtherSubject_rendersACleanSentenceInEveryUnitSystem() {
        let at = Coordinate(latitude: 47, longitude: 8)
        for units in UnitSystem.allCases {
            for d in SpokenDistances.values(for: units).prefix(30) {
                let subjects: [CuePhraseRequest.Subject] = [
                    .continueFor(d), .waypointReached(name: nil), .waypointReached(name: "Zurich"),
                    .destinationReached(name: "Home"), .resumed(destination: nil), .resumed(destination: "Home"), .warning(RouteWarning(kind: "speed_camera", location: at), distance: d),
                    .warning(RouteWarning(kind: "x", location: at, text: nil), distance: nil), .offRoute, .gpsLost, .gpsRegained,
                ]
                for subject in subjects {
                    for short in [false, true] { assertClean(say(subject, short: short, units: units), "\(subject)") }
                }
            }
        }
    }

    private func assertClean(_ text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(text.isEmpty, context, file: file, line: line)
        XCTAssertFalse(text.contains("nil"), "\(context): \(text)", file: file, line: line)
        XCTAssertFalse(text.contains("Optional"), "\(context): \(text)", file: file, line: line)
        XCTAssertFalse(text.contains("  "), "\(context): \(text)", file: file, line: line)
        XCTAssertFalse(text.contains(" ,") || text.contains(",,"), "\(context): \(text)", file: file, line: line)
        XCTAssertEqual(text, text.trimmingCharacters(in: .whitespaces), context, file: file, line: line)
        XCTAssertTrue(text.first?.isUppercase ?? false, "\(context): \(text)", file: file, line: line)
    }
}
