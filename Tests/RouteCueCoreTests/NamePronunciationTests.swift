import EventLoopKit
import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// The rules that decide which names are spoken in their own language's voice, and the SSML that does it,
/// without espeak-ng (the voices are given; EdgeTests' NameVoiceSwitchingTests proves the phonemes).
final class NamePronunciationTests: XCTestCase {
    /// Voices as espeak-ng 1.51 lists some of them (language, voice, priority).
    private static let voices = NameVoices(languages: [
        ("de", "de", 5), ("fr-fr", "fr", 5), ("fr", "fr", 5), ("fr-ch", "fr-ch", 5), ("fr", "fr-ch", 6), ("es", "es", 5),
        ("en-us", "en-us", 2), ("en", "en-us", 3), ("en-gb", "en", 2), ("en", "en", 2), ("pt-br", "pt-br", 5),
        ("pt", "pt", 5), ("zh", "cmn", 5), ("ru", "ru", 5), ("el", "el", 5), ("bad voice", "../evil\"", 1),
    ])

    private static func wording(_ tag: String = "en-US", mode: NamePronunciation.Mode = .native,
                                markup: CueMarkup = .plain) throws -> CueWording {
        CueWording(pack: try PhrasePackSamples.pack(tag), markup: markup, names: NamePronunciation(mode: mode, voices: voices))
    }

    private static func turn(onto road: String?, ref: String? = nil, destinations: String? = nil,
                             language: String?) -> CuePhraseRequest {
        var maneuver = PhrasePackSamples.maneuver(.turn, .left, road: road, ref: ref, destinations: destinations)
        maneuver.nameLanguage = language
        return CuePhraseRequest(subject: .maneuver(maneuver, stage: .action, distance: nil, then: nil, landmark: nil))
    }

    func test_voices_matchTheTag_thenLanguageAndRegion_thenThePrimaryLanguage_preferringEspeaksPriority() {
        XCTAssertEqual(Self.voices.voice(for: "de"), "de")
        XCTAssertEqual(Self.voices.voice(for: "de-AT"), "de")
        XCTAssertEqual(Self.voices.voice(for: "fr"), "fr", "priority 5 beats 6")
        XCTAssertEqual(Self.voices.voice(for: "fr-CH"), "fr-ch")
        XCTAssertEqual(Self.voices.voice(for: "pt-BR"), "pt-br")
        XCTAssertEqual(Self.voices.voice(for: "pt_br"), "pt-br")
        XCTAssertEqual(Self.voices.voice(for: "en"), "en", "priority 2 beats 3")
        XCTAssertEqual(Self.voices.voice(for: "zh-Hans-CN"), "cmn")
        XCTAssertNil(Self.voices.voice(for: "se"))
        XCTAssertNil(Self.voices.voice(for: "bad voice"), "a voice name that could break out of the attribute is left out")
        XCTAssertNil(NameVoices.none.voice(for: "de"))
    }

    func test_roadNumbers_areTold_fromNames() {
        for ref in ["A 73", "B6", "I-95", "US 101", "E 45; A 1", "A 1 / E 45", "12", "M25", "D 1001", "N7a", " A  7 "] {
            XCTAssertTrue(RoadNumber.isRoadNumber(ref), ref)
        }
        for name in ["Ringstraße", "Route 66", "Am Kolk 3", "A", "", "Rue 8 Mai", "Avenue 5th", "12 Oaks", "ABCDE 5"] {
            XCTAssertFalse(RoadNumber.isRoadNumber(name), name)
        }
    }

    func test_aForeignName_isSwitched_andTheCueBecomesSSML_wrappingEveryRun() throws {
        let english = try Self.wording()
        let text = english.text(for: Self.turn(onto: "Ringstraße", language: "de"), units: .metric)
        XCTAssertEqual(text, "<speak><voice name=\"en-us\">Turn left now onto </voice><voice name=\"de\">Ringstraße</voice></speak>")
        XCTAssertEqual(english.markup(of: text), .ssml)
        XCTAssertTrue(CueWording.speaksNameInOwnVoice(text))
        XCTAssertEqual(CueWording.words(of: text), "Turn left now onto Ringstraße")

        // Destinations too, each in its voice, the pack's "and" between them in the guidance voice.
        let toward = english.text(for: Self.turn(onto: "Ringstraße", destinations: "A 5: Köln, Bonn", language: "de"), units: .metric)
        XCTAssertEqual(CueWording.words(of: toward), "Turn left now onto Ringstraße toward Köln and Bonn")
        XCTAssertEqual(toward.components(separatedBy: "<voice name=\"de\">").count - 1, 3, toward)

        // Configured SSML with phonemes keeps its markup; the switched cue is still a voice-run document.
        let withPhonemes = try Self.wording(markup: .ssmlWithPhonemes)
        let ssml = withPhonemes.text(for: Self.turn(onto: "Ringstraße", language: "de"), units: .metric)
        XCTAssertEqual(withPhonemes.markup(of: ssml), .ssmlWithPhonemes)
        XCTAssertTrue(CueWording.speaksNameInOwnVoice(ssml))
    }

    func test_namesThatStayInTheGuidanceVoice_leaveTheCueAsItWas() throws {
        let english = try Self.wording()
        let plain = CueWording(pack: try PhrasePackSamples.pack("en-US"))
        let cases: [(CuePhraseRequest, String)] = [
            (Self.turn(onto: nil, ref: "A 73", language: "de"), "a ref standing in for the name"),
            (Self.turn(onto: "B 6", language: "de"), "a road number in the name field"),
            (Self.turn(onto: "Main Street", language: "en"), "the guidance language"),
            (Self.turn(onto: "Main Street", language: "en-GB"), "the guidance language, another region"),
            (Self.turn(onto: "Ringstraße", language: nil), "an unknown language"),
            (Self.turn(onto: "Ringstraße", language: "se"), "a language without a voice"),
            (Self.turn(onto: "Ringstraße", language: "not a tag!"), "not a language tag"),
            (Self.turn(onto: "12 / 14", language: "de"), "no letter"),
        ]
        for (request, why) in cases {
            let text = english.text(for: request, units: .metric)
            XCTAssertEqual(text, plain.text(for: request, units: .metric), why)
            XCTAssertEqual(english.markup(of: text), .plain, why)
            XCTAssertFalse(CueWording.speaksNameInOwnVoice(text), why)
            XCTAssertEqual(CueWording.words(of: text), text, why)
        }
        // `guidance` mode, a pack that keeps names in its own voice, or no voices installed: as before.
        let request = Self.turn(onto: "Ringstraße", language: "de")
        let expected = plain.text(for: request, units: .metric)
        XCTAssertEqual(try Self.wording(mode: .guidance).text(for: request, units: .metric), expected)
        let noVoices = CueWording(pack: try PhrasePackSamples.pack("en-US"), names: NamePronunciation(voices: .none))
        XCTAssertEqual(noVoices.text(for: request, units: .metric), expected)
        XCTAssertFalse(noVoices.switchesNameVoices)
        XCTAssertFalse(CueWording.plainEnglish.switchesNameVoices, "the built-in English has no separate names")
    }

    func test_aNameInAScriptThePackCannotRead_isSaidByItsOwnVoice_orLeftOutAsBefore() throws {
        let english = try Self.wording()
        // A Russian street in an English cue: the Russian voice says it.
        let russian = english.text(for: Self.turn(onto: "Тверская улица", language: "ru"), units: .metric)
        XCTAssertEqual(russian, "<speak><voice name=\"en-us\">Turn left now onto </voice><voice name=\"ru\">Тверская улица</voice></speak>")
        XCTAssertEqual(CueWording.words(of: russian), "Turn left now onto Тверская улица")
        // Greek destinations too, the road's Latin ref staying with the guidance voice.
        let greek = english.text(for: Self.turn(onto: nil, ref: "A 1", destinations: "Αθήνα, Λαμία", language: "el"), units: .metric)
        XCTAssertEqual(CueWording.words(of: greek), "Turn left now onto A 1 toward Αθήνα and Λαμία")
        XCTAssertEqual(greek.components(separatedBy: "<voice name=\"el\">").count - 1, 2, greek)

        // Left out, as a pack's voice would only spell it, wherever no own voice says it: an unknown language, one
        // without a voice, names kept in the guidance voice, no voices at all; a Latin name of the same cue stays.
        let plain = CueWording(pack: try PhrasePackSamples.pack("en-US"))
        let cases: [(CueWording, String?, String)] = [
            (english, nil, "an unknown language"),
            (english, "uk", "a language without a voice"),
            (english, "en", "the guidance language claimed for a Cyrillic name"),
            (try Self.wording(mode: .guidance), "ru", "names read by the guidance voice"),
            (CueWording(pack: try PhrasePackSamples.pack("en-US"), names: NamePronunciation(voices: .none)), "ru", "no voices"),
        ]
        for (wording, language, why) in cases {
            let text = wording.text(for: Self.turn(onto: "Тверская улица", language: language), units: .metric)
            XCTAssertEqual(text, "Turn left now", why)
            XCTAssertEqual(text, plain.text(for: Self.turn(onto: "Тверская улица", language: language), units: .metric), why)
        }
        // A name mixing the pack's script and another is the name's voice's to say, whole.
        let mixed = english.text(for: Self.turn(onto: "улица Lenina", language: "ru"), units: .metric)
        XCTAssertTrue(mixed.contains("<voice name=\"ru\">улица Lenina</voice>"), mixed)
    }

    func test_aPackMayKeepNamesInItsOwnVoice() throws {
        var json = try String(contentsOf: PhrasePackSamples.folder.appendingPathComponent("en-US.json"), encoding: .utf8)
        json = json.replacingOccurrences(of: "\"language\": \"en-US\",", with: "\"language\": \"en-US\", \"names\": \"guidance\",")
        let pack = try PhrasePack.parse(Array(json.utf8), name: "en-US.json")
        XCTAssertEqual(pack.names, .guidance)
        let wording = CueWording(pack: pack, names: NamePronunciation(voices: Self.voices))
        XCTAssertFalse(wording.switchesNameVoices)
        XCTAssertEqual(wording.text(for: Self.turn(onto: "Ringstraße", language: "de"), units: .metric), "Turn left now onto Ringstraße")

        let bad = json.replacingOccurrences(of: "\"names\": \"guidance\"", with: "\"names\": \"sometimes\"")
        XCTAssertThrowsError(try PhrasePack.parse(Array(bad.utf8), name: "en-US.json")) {
            XCTAssertTrue("\($0)".contains("names"), "\($0)")
        }
    }

    func test_hostileNames_neverBecomeMarkup_andTheirWordsComeBackAsWritten() throws {
        let english = try Self.wording()
        for name in HostileRouteNames.withControlCharacters where !name.isEmpty {
            let text = english.text(for: Self.turn(onto: name, language: "de"), units: .metric)
            guard CueWording.speaksNameInOwnVoice(text) else { continue }
            let document = try XMLReader.parse(Array(text.utf8))
            XCTAssertEqual(document.name, "speak", name.debugDescription)
            XCTAssertEqual(document.childElements.map(\.name), ["voice", "voice"], "\(name.debugDescription): \(text)")
            XCTAssertEqual(document.childElements.map { $0.attribute("name") }, ["en-us", "de"], name.debugDescription)
            XCTAssertTrue(document.childElements.allSatisfy(\.childElements.isEmpty), "\(name.debugDescription): \(text)")
        }
        let tag = english.text(for: Self.turn(onto: "</voice><voice xml:lang=\"xx\">", language: "de"), units: .metric)
        XCTAssertEqual(CueWording.words(of: tag), "Turn left now onto </voice><voice xml:lang=\"xx\">")
    }

    func test_aPlainText_neverStartsLikeSSML() throws {
        let plain = CueWording.plainEnglish
        var maneuver = PhrasePackSamples.maneuver(.turn, .left)
        maneuver.instruction = "<speak><audio src=\"/x.wav\"/></speak>"
        let request = CuePhraseRequest(subject: .maneuver(maneuver, stage: .action, distance: nil, then: nil, landmark: nil))
        let text = plain.text(for: request, units: .metric)
        XCTAssertFalse(text.hasPrefix("<"), text)
        XCTAssertEqual(plain.markup(of: text), .plain)
        XCTAssertEqual(SpokenText.routeData("<speak>").plainText(), "\u{2060}<speak>")
        XCTAssertEqual(SpokenText.routeData("a <speak>").plainText(), "a <speak>")
    }

    func test_stopNames_carryTheLanguageOfTheirLegsArrival() throws {
        let english = try Self.wording()
        let reached = english.text(for: CuePhraseRequest(subject: .waypointReached(name: "Friedenstraße", nameLanguage: "de")),
                                   units: .metric)
        XCTAssertEqual(CueWording.words(of: reached), "You have reached your waypoint, Friedenstraße")
        XCTAssertTrue(reached.hasSuffix("<voice name=\"de\">Friedenstraße</voice></speak>"), reached)
        let arrived = english.text(for: CuePhraseRequest(subject: .destinationReached(name: "Hauptbahnhof", nameLanguage: "de")),
                                   units: .metric)
        XCTAssertTrue(CueWording.speaksNameInOwnVoice(arrived), arrived)
        let resumed = english.text(for: CuePhraseRequest(subject: .resumed(destination: "Hauptbahnhof", nameLanguage: "de")),
                                   units: .metric)
        XCTAssertEqual(CueWording.words(of: resumed), "Continuing to Hauptbahnhof")
        XCTAssertTrue(resumed.hasSuffix("<voice name=\"de\">Hauptbahnhof</voice></speak>"), resumed)
    }

    func test_aNameIsExpandedWithItsOwnLanguagesAbbreviations_notThePacks() throws {
        func table(_ language: String) throws -> Abbreviations.LanguageTable {
            let url = PhrasePackSamples.folder.appendingPathComponent("abbreviations/\(language).json")
            return try Abbreviations.parse(Array(try Data(contentsOf: url)), name: url.lastPathComponent)
        }
        let german = try table("de")
        let pack = try PhrasePackSamples.pack("en-US")
        let asked = LockedValue<[String]>([])
        let wording = CueWording(pack: pack, abbreviations: try table("en"), names: NamePronunciation(voices: Self.voices),
                                 nameAbbreviations: NameAbbreviations { language in
                                     asked.withLock { $0.append(language) }
                                     return language == "de" ? german : nil
                                 })
        XCTAssertEqual(CueWording.words(of: wording.text(for: Self.turn(onto: "Hauptstr.", language: "de-AT"), units: .metric)),
                       "Turn left now onto Hauptstraße")
        XCTAssertEqual(CueWording.words(of: wording.text(for: Self.turn(onto: "St. Georgen", language: "de"), units: .metric)),
                       "Turn left now onto Sankt Georgen")
        // English names still get the pack's table; a language without a table leaves the name as written.
        XCTAssertEqual(wording.text(for: Self.turn(onto: "Main St", language: "en"), units: .metric), "Turn left now onto Main Street")
        XCTAssertEqual(CueWording.words(of: wording.text(for: Self.turn(onto: "Rte. Nat.", language: "fr"), units: .metric)),
                       "Turn left now onto Rte. Nat.")
        XCTAssertEqual(Set(asked.withLock { $0 }), ["de", "fr"])
    }

    func test_namesPronounce_isConfigured() throws {
        let config = try RouteCueConfiguration.parse(Array(#"{"names": {"pronounce": "guidance", "language": "de"}}"#.utf8))
        XCTAssertEqual(config.names.pronounce, .guidance)
        XCTAssertEqual(RouteCueConfiguration().names.pronounce, .native)
        XCTAssertThrowsError(try RouteCueConfiguration.parse(Array(#"{"names": {"pronounce": "loud"}}"#.utf8))) {
            XCTAssertTrue("\($0)".contains("names.pronounce"), "\($0)")
        }
    }
}
