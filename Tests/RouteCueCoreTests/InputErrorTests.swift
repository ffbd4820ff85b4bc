import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// Each reader says which kind of input failed and what went wrong (`InputError.input`, `.code`), on real bad
/// input of every kind; the line people read stays the file, the position and the message.
final class InputErrorTests: XCTestCase {
    private let exampleRoute = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json")
    private let exampleDrive = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip-drive.nmea")

    /// What `read` throws (a failure when it throws nothing).
    private func failure<T>(_ read: () throws(InputError) -> T, file: StaticString = #filePath, line: UInt = #line) -> InputError? {
        do {
            _ = try read()
            XCTFail("read without an error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// Checks the kind and the code of `error`.
    private func check(_ error: InputError?, _ input: InputKind, _ code: InputError.Code,
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(error?.input, input, "\(error.map(\.description) ?? "no error")", file: file, line: line)
        XCTAssertEqual(error?.code, code, "\(error.map(\.description) ?? "no error")", file: file, line: line)
    }

    func test_anOverSizeFile_isTooLarge_asTheKindItWasReadAs() throws {
        let route = [UInt8](try Data(contentsOf: exampleRoute))
        let routeError = failure { () throws(InputError) in try RouteReader.read(route, name: "big.json", options: ImportOptions(maxBytes: 1024)) }
        check(routeError, .route, .tooLarge)
        XCTAssertEqual(routeError?.description, "big.json: file is \(route.count) bytes, over the 1024-byte limit")

        let drive = [UInt8](try Data(contentsOf: exampleDrive))
        let fixError = failure { () throws(InputError) in try FixReader.read(drive, name: "big.nmea", options: FixReadOptions(maxBytes: 1024)) }
        check(fixError, .fixes, .tooLarge)
        XCTAssertEqual(fixError?.file, "big.nmea")
    }

    func test_malformedJSONRoute_isASyntaxError_andAWrongValueAnInvalidOne() {
        let cut = failure { () throws(InputError) in try RouteReader.read(Array(#"{"code":"Ok","routes":[{"geometry":"_p~iF"#.utf8), name: "cut.json") }
        check(cut, .route, .syntax)
        XCTAssertEqual(cut?.description.hasPrefix("cut.json: line 1, column "), true, cut?.description ?? "")

        let wrongType = failure { () throws(InputError) in try RouteReader.read(Array(#"{"code":"Ok","routes":"none"}"#.utf8), name: "type.json") }
        check(wrongType, .route, .invalidValue)
        XCTAssertEqual(wrongType?.description, "type.json: routes: expected an array, found string")

        check(failure { () throws(InputError) in try RouteReader.read(Array("  \n".utf8), name: "blank.json") }, .route, .empty)
        check(failure { () throws(InputError) in try RouteReader.read(Array(#"{"legs": []}"#.utf8), name: "what.json") }, .route, .unsupported)
    }

    func test_anEnginesErrorDocument_isARefusal_notWorthAskingAgain() {
        let refused = failure { () throws(InputError) in
            try RouteReader.read(Array(#"{"code":"NoRoute","message":"Impossible route between points"}"#.utf8), name: "answer.json")
        }
        check(refused, .route, .engineRefused)
        XCTAssertEqual(refused?.isTransient, false)
    }

    func test_configuration_unknownKey_isUnsupported_badValue_invalid_brokenJSON_syntax() {
        let document = #"{"timing": {"colour": "red"}, "audio": {"volume": 3}}"#
        guard case .failure(let problems) = RouteCueConfiguration.parseReportingProblems(Array(document.utf8)) else {
            return XCTFail("a configuration with an unknown key and a bad value was accepted")
        }
        XCTAssertEqual(problems.problems.map(\.description), ["timing.colour: unknown key", "audio.volume: must be between 0 and 1, not 3"])
        XCTAssertEqual(problems.problems.map(\.input), [.configuration, .configuration])
        XCTAssertEqual(problems.problems.map(\.code), [.unsupported, .invalidValue])

        check(failure { () throws(InputError) in try RouteCueConfiguration.parse(Array(#"{"audio": {"volume": "loud"}}"#.utf8)) },
              .configuration, .invalidValue)
        check(failure { () throws(InputError) in try RouteCueConfiguration.parse(Array(#"{"audio": "#.utf8)) }, .configuration, .syntax)
    }

    func test_phrasePack_badValue_isInvalid_missingKey_missing() throws {
        let text = try String(contentsOf: PhrasePackSamples.folder.appendingPathComponent("en-US.json"), encoding: .utf8)
        XCTAssertTrue(text.contains(#""units": "imperial_us","#))
        func parse(_ changed: String) -> InputError? {
            failure { () throws(InputError) in try PhrasePack.parse(Array(changed.utf8), name: "en-US.json") }
        }
        let badValue = parse(text.replacingOccurrences(of: #""units": "imperial_us","#, with: #""units": "furlongs","#))
        check(badValue, .phrasePack, .invalidValue)
        XCTAssertEqual(badValue?.file, "en-US.json")
        XCTAssertEqual(badValue?.location, "units")
        let missing = parse(text.replacingOccurrences(of: #""units": "imperial_us","#, with: ""))
        check(missing, .phrasePack, .missing)
        XCTAssertEqual(missing?.description, "en-US.json: units: missing required key")
    }

    func test_emptyNMEAFile_isEmpty_asFixes() {
        let empty = failure { () throws(InputError) in try FixReader.read([], name: "empty.nmea") }
        check(empty, .fixes, .empty)
        XCTAssertEqual(empty?.description, "empty.nmea: file is empty")
        var nmea = FixReadOptions()
        nmea.format = .nmea
        check(failure { () throws(InputError) in try FixReader.read(Array("# Date: 2024-05-01\n".utf8), name: "comments.nmea", options: nmea) },
              .fixes, .empty)
        // The format's own reader, called directly, says the same.
        check(failure { () throws(InputError) in try NMEAReader.read(Array("\n".utf8)) }, .fixes, .empty)
        check(failure { () throws(InputError) in try NMEAReader.read(Array("$GPRMC,garbage*00\n".utf8)) }, .fixes, .syntax)
        check(failure { () throws(InputError) in try GPXTrackReader.read(Array("<gpx".utf8)) }, .fixes, .syntax)
    }

    func test_aGPXWithNoRoute_isMissingOne_asARoute_andAGPXTrackWithoutPoints_asFixes() {
        let gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="test"><wpt lat="52.5" lon="13.4"/></gpx>"#
        let noRoute = failure { () throws(InputError) in try RouteReader.read(Array(gpx.utf8), name: "empty.gpx") }
        check(noRoute, .route, .missing)
        XCTAssertEqual(noRoute?.description.hasPrefix("empty.gpx: line 1, gpx: no route in this GPX file"), true, noRoute?.description ?? "")
        check(failure { () throws(InputError) in try FixReader.read(Array(gpx.utf8), name: "empty.gpx") }, .fixes, .missing)
    }

    func test_theOtherKinds_sayWhichTheyAre() {
        check(failure { () throws(InputError) in try Abbreviations.parse(Array(#"{"language": "de"}"#.utf8), name: "de.json") },
              .abbreviations, .missing)
        check(failure { () throws(InputError) in try OSRMTextLanguage(code: "en", translation: Array("{".utf8)) }, .textInstructions, .syntax)
        check(failure { () throws(InputError) in try OSRMTextGrammarRule(pattern: "a", replacement: "b", flags: "y") },
              .textInstructions, .unsupported)
        check(failure { () throws(InputError) in try CueLogEntry(jsonLine: #"{"seq": 1}"#) }, .cueLog, .missing)
        check(failure { () throws(InputError) in try DuckingRecord.parse(Array(#"{"players": 3}"#.utf8)) }, .stateDirectory, .invalidValue)
        check(failure { () throws(InputError) in try TrafficSignalLandmarks.signals(inTraceAttributes: Array("{}".utf8)) },
              .routingEngine, .missing)
    }

    func test_onlyAnUnreachableEngineOrItsServerError_isTransient() {
        let transient = InputError.Code.allCases.filter { InputError($0, input: .routingEngine, message: "x").isTransient }
        XCTAssertEqual(transient, [.engineUnreachable, .engineServerError])
    }

    func test_kindsAndCodes_keepTheirNamesForLogs() {
        XCTAssertEqual(InputKind.allCases.map(\.rawValue),
                       ["route", "fixes", "configuration", "phrase_pack", "abbreviations", "text_instructions", "cue_log",
                        "state_directory", "routing_engine"])
        XCTAssertEqual(InputError.Code.allCases.map(\.rawValue),
                       ["too_large", "unreadable", "unwritable", "empty", "syntax", "missing", "invalid_value", "unsupported",
                        "engine_unreachable", "engine_server_error", "engine_refused", "cancelled"])
    }

    func test_theKindAndCode_stayOutOfTheLine() {
        let e = InputError(.engineServerError, input: .routingEngine, file: "tour.json", location: "stations[1]", message: "answered 503")
        XCTAssertEqual(e.description, "tour.json: stations[1]: answered 503")
        XCTAssertEqual(e.as(.route).input, .route)
        XCTAssertEqual(e.as(.route).code, .engineServerError)
    }
}
