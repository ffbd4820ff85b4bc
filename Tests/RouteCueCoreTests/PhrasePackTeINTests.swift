@testable import RouteCueCore
import TestSupport
import XCTest

/// The Telugu pack (`config/phrases/te-IN.json`) as a Telugu driver hears it: polite imperatives last, oblique plural before తర్వాత ("300 మీటర్ల తర్వాత") but ఒక కిలోమీటరు (spelled), spelled ordinals before నిష్క్రమణ.
final class PhrasePackTeINTests: PhrasePackTestCase {
    override class var packTag: String { "te-IN" }
    private typealias S = PhrasePackSamples

    private let here = Coordinate(latitude: 17.4, longitude: 78.5)

    func test_turns_andDistances() throws {
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "ఎంజీ రోడ్"), .distance, metres(300)),
                       "300 మీటర్ల తర్వాత, ఎంజీ రోడ్ లోకి ఎడమవైపుకు తిరగండి")
        XCTAssertEqual(try say(S.maneuver(.turn, .right, road: "ఎంజీ రోడ్", destinations: "హైదరాబాద్, విజయవాడ"), .action),
                       "ఇప్పుడు హైదరాబాద్ మరియు విజయవాడ దిశగా ఎంజీ రోడ్ లోకి కుడివైపుకు తిరగండి")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1)), "ఒక కిలోమీటరు తర్వాత, ఎడమవైపుకు తిరగండి")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(1.5)), "1.5 కిలోమీటర్ల తర్వాత, ఎడమవైపుకు తిరగండి")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .range, km(2)), "2 కిలోమీటర్ల తర్వాత, ఎడమవైపుకు తిరగండి")
        XCTAssertEqual(try say(S.maneuver(.uTurn), .distance, miles(0.5), units: .imperialUK), "అర మైలు తర్వాత, యు-టర్న్ తీసుకోండి")
        XCTAssertEqual(try say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "తదుపరి ట్రాఫిక్ సిగ్నల్ వద్ద, కుడివైపుకు తిరగండి")
    }

    func test_roundabouts_exits_andChains() throws {
        XCTAssertEqual(try say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "200 మీటర్ల తర్వాత, రౌండ్‌అబౌట్ వద్ద మూడవ నిష్క్రమణ తీసుకోండి")
        XCTAssertEqual(try say(S.maneuver(.rotary, .right, road: "ఎంజీ రోడ్", exitNumber: 12, rotaryName: "పంజాగుట్ట"), .action),
                       "ఇప్పుడు పంజాగుట్ట రౌండ్‌అబౌట్ వద్ద ఎంజీ రోడ్ కోసం పన్నెండవ నిష్క్రమణ తీసుకోండి")
        XCTAssertEqual(try say(S.maneuver(.offRamp, .slightLeft, destinations: "విజయవాడ", exits: "23"), .range, km(2)),
                       "2 కిలోమీటర్ల తర్వాత, విజయవాడ దిశగా ఎడమ వైపు ఉన్న నిష్క్రమణ సంఖ్య 23 తీసుకోండి")
        XCTAssertEqual(try say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "ఎంజీ రోడ్")),
                       "300 మీటర్ల తర్వాత, ఎడమవైపుకు తిరగండి, ఆ తర్వాత ఎంజీ రోడ్ లోకి కుడివైపుకు తిరగండి")
    }

    func test_arrival_shortForms_andSystemCues() throws {
        XCTAssertEqual(try say(S.maneuver(.arrive, .left), .distance, metres(100)), "100 మీటర్ల తర్వాత, మీ గమ్యస్థానం ఎడమవైపున వస్తుంది")
        XCTAssertEqual(try say(S.maneuver(.arrive, .right), .action), "మీరు మీ గమ్యస్థానానికి చేరుకున్నారు, అది కుడివైపున ఉంది")
        XCTAssertEqual(try say(S.maneuver(.turn, .left, road: "ఎంజీ రోడ్"), .distance, metres(300),
                               then: S.maneuver(.turn, .right), short: true), "300 మీటర్ల తర్వాత, ఎడమవైపుకు తిరగండి")
        XCTAssertEqual(try say(.continueFor(km(1))), "ఒక కిలోమీటరు వరకు ఇదే దారిలో కొనసాగండి")
        XCTAssertEqual(try say(.offRoute), "మార్గాన్ని మళ్లీ లెక్కిస్తోంది")
        XCTAssertEqual(try say(.warning(RouteWarning(kind: "speed_camera", location: here), distance: metres(500))),
                       "500 మీటర్ల దూరంలో స్పీడ్ కెమెరా ఉంది")
    }
}
