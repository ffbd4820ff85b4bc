import RouteCueCore
import RouteCueService
import Speech
import TestSupport
import XCTest

/// Street names spoken in their own language, proven with espeak-ng's own phonemes: a cue whose road name is
/// German, French or Spanish is synthesized (espeak-ng's phoneme trace of the real synthesis, `SpokenPhonemes`),
/// and its clauses must equal the guidance voice's phonemes for the words around the name
/// (`espeak_TextToPhonemes`, `PhonemeTranscriber`) and the name's own voice's phonemes for the name.
final class NameVoiceSwitchingTests: XCTestCase {
    /// A guidance pack and a foreign street name, with the name's language.
    private struct Case {
        let pack: String
        let name: String
        let language: String
    }

    /// 15 guidance languages (18 packs); German names everywhere but in German, French names in German, Spanish in English.
    private static let cases: [Case] = [
        Case(pack: "en-US", name: "Ringstraße", language: "de"), Case(pack: "en-US", name: "Rue de la Paix", language: "fr"),
        Case(pack: "en-US", name: "Calle de Alcalá", language: "es"), Case(pack: "en-GB", name: "Mühlweg", language: "de"),
        Case(pack: "de-DE", name: "Rue de la Paix", language: "fr"), Case(pack: "fr-FR", name: "Ringstraße", language: "de"),
        Case(pack: "es-ES", name: "Mühlweg", language: "de"), Case(pack: "it-IT", name: "Ringstraße", language: "de"),
        Case(pack: "nl-NL", name: "Rue de la Paix", language: "fr"), Case(pack: "pl-PL", name: "Mühlweg", language: "de"),
        Case(pack: "sv-SE", name: "Ringstraße", language: "de"), Case(pack: "da-DK", name: "Calle de Alcalá", language: "es"),
        Case(pack: "pt-PT", name: "Ringstraße", language: "de"), Case(pack: "cs-CZ", name: "Rue de la Paix", language: "fr"),
        Case(pack: "hu-HU", name: "Mühlweg", language: "de"), Case(pack: "nb-NO", name: "Ringstraße", language: "de"),
        Case(pack: "ro-RO", name: "Mühlweg", language: "de"), Case(pack: "tr-TR", name: "Rue de la Paix", language: "fr"),
    ]

    private static func wording(_ pack: PhrasePack, mode: NamePronunciation.Mode = .native) -> CueWording {
        CueWording(pack: pack, markup: .plain, names: NamePronunciation(mode: mode, voices: .installed()))
    }

    private static func turn(onto name: String?, ref: String? = nil, language: String) -> CuePhraseRequest {
        var maneuver = PhrasePackSamples.maneuver(.turn, .left, road: name, ref: ref)
        maneuver.nameLanguage = language
        return CuePhraseRequest(subject: .maneuver(maneuver, stage: .distance,
                                                   distance: SpokenDistances.nearest(toMetres: 300, in: .metric),
                                                   then: nil, landmark: nil))
    }

    /// The clauses of `text` read by `voice` (none for text without words).
    private static func transcribed(_ text: String, voice: String) throws -> [String] {
        try PhonemeTranscriber(voice: voice).transcribe(text).clauses
    }

    func test_foreignNames_areSpokenWithTheirLanguagesPhonemes_inFifteenGuidanceLanguages() throws {
        var languages: Set<String> = []
        for c in Self.cases {
            let pack = try PhrasePackSamples.pack(c.pack)
            let wording = Self.wording(pack)
            let text = wording.text(for: Self.turn(onto: c.name, language: c.language), units: .metric)
            XCTAssertEqual(wording.markup(of: text), .ssml, "\(c.pack): \(text)")
            XCTAssertTrue(CueWording.speaksNameInOwnVoice(text), "\(c.pack): \(text)")
            let words = CueWording.words(of: text)
            guard let range = words.range(of: c.name) else { XCTFail("\(c.pack): \(c.name) not in \(words)"); continue }
            let nameVoice = try XCTUnwrap(NameVoices.installed().voice(for: c.language))
            let expected = try Self.transcribed(String(words[..<range.lowerBound]), voice: pack.voice)
                + Self.transcribed(c.name, voice: nameVoice)
                + Self.transcribed(String(words[range.upperBound...]), voice: pack.voice)
            let spoken = try SpokenPhonemes.of(text, settings: VoiceSettings(voice: pack.voice, markup: .ssml))
            let guidanceReading = try Self.transcribed(c.name, voice: pack.voice)
            print("\(c.pack) \"\(words)\": spoken \(spoken), the name by the guidance voice would be \(guidanceReading)")
            XCTAssertEqual(spoken, expected, "\(c.pack): \(text)")
            XCTAssertNotEqual(guidanceReading, try Self.transcribed(c.name, voice: nameVoice),
                              "\(c.pack): the two voices read \(c.name) alike, the test proves nothing")
            languages.insert(pack.language.language)
        }
        XCTAssertEqual(languages.count, 15)
    }

    /// The shared OSRM/Mapbox and Valhalla (OSRM format) routes that carry `admins`: in English and in German
    /// guidance, every road name of another language with a voice is switched, the rest not; the counts are printed.
    func test_theSharedRoutesWithAdmins_switchEveryNameOfAnotherLanguage() throws {
        try SharedData.require()
        let files = ["routes/osrm-compatible/mapbox-directions-swift/tollAndFerryDirectionsRoute.json"]
            + SharedData.files(under: "routes/valhalla/ferrostar-osrm-format", extensions: [".json"])
        var switchedInAll = 0
        for tag in ["en-US", "de-DE"] {
            let pack = try PhrasePackSamples.pack(tag)
            let wording = Self.wording(pack)
            print("Names switched to their own voice in \(tag) guidance:")
            for file in files {
                let route = try RouteReader.read(SharedData.bytes(file), name: file)
                let named = route.maneuvers.filter { $0.roadName != nil && $0.type != .depart }
                let switched = named.filter { m in
                    var spoken = m
                    spoken.type = .turn
                    let request = CuePhraseRequest(subject: .maneuver(spoken, stage: .distance,
                                                                      distance: SpokenDistances.nearest(toMetres: 300, in: .metric),
                                                                      then: nil, landmark: nil))
                    return CueWording.speaksNameInOwnVoice(wording.text(for: request, units: .metric))
                }
                let foreign = named.filter { m in
                    guard let language = m.nameLanguage, let name = m.roadName,
                          (try? LanguageTag(language))?.language != pack.language.language else { return false }
                    return NameVoices.installed().voice(for: language) != nil && !RoadNumber.isRoadNumber(name)
                }
                let languages = Set(switched.compactMap(\.nameLanguage)).sorted().joined(separator: ", ")
                print("  \(file): \(switched.count) of \(named.count) names switched\(languages.isEmpty ? "" : " (\(languages))")")
                XCTAssertEqual(switched.map(\.index), foreign.map(\.index), "\(tag) \(file)")
                switchedInAll += switched.count
            }
        }
        XCTAssertGreaterThan(switchedInAll, 30)
    }

    func test_refsAndGuidanceLanguageNames_stayInTheGuidanceVoice() throws {
        let english = Self.wording(try PhrasePackSamples.pack("en-US"))
        for request in [Self.turn(onto: nil, ref: "A 73", language: "de"), Self.turn(onto: "B 6", language: "de"),
                        Self.turn(onto: "I-95", language: "de"), Self.turn(onto: "Main Street", language: "en"),
                        Self.turn(onto: "Main Street", language: "en-GB"), Self.turn(onto: "Ringstraße", language: "se")] {
            let text = english.text(for: request, units: .metric)
            XCTAssertEqual(english.markup(of: text), .plain, text)
            let spoken = try SpokenPhonemes.of(text, settings: VoiceSettings(voice: "en-us"))
            XCTAssertEqual(spoken, try Self.transcribed(text, voice: "en-us"), text)
        }
        // `names.pronounce: guidance` reads the German name with English rules, as before.
        let guidance = Self.wording(try PhrasePackSamples.pack("en-US"), mode: .guidance)
        let text = guidance.text(for: Self.turn(onto: "Ringstraße", language: "de"), units: .metric)
        XCTAssertEqual(text, "In 300 meters, turn left onto Ringstraße")
        XCTAssertEqual(try SpokenPhonemes.of(text, settings: VoiceSettings(voice: "en-us")),
                       try Self.transcribed(text, voice: "en-us"))
    }

    /// The reference is the German voice's plain synthesis of the name, its phoneme trace.
    /// Names in a script the guidance pack's voice cannot read (Cyrillic, Greek, Hebrew in an English or German cue)
    /// were left out of the cue; with a voice of their own language installed they are said by it.
    func test_namesInAnotherScript_areSpokenByTheirOwnVoice() throws {
        let cases = [Case(pack: "en-US", name: "Тверская улица", language: "ru"), Case(pack: "de-DE", name: "Οδός Ερμού", language: "el"),
                     Case(pack: "en-GB", name: "Хрещатик", language: "uk"), Case(pack: "fr-FR", name: "רחוב הרצל", language: "he")]
        for c in cases {
            let pack = try PhrasePackSamples.pack(c.pack)
            let request = Self.turn(onto: c.name, language: c.language)
            let text = Self.wording(pack).text(for: request, units: .metric)
            let words = CueWording.words(of: text)
            let range = try XCTUnwrap(words.range(of: c.name), "\(c.pack): \(c.name) is said: \(words)")
            let nameVoice = try XCTUnwrap(NameVoices.installed().voice(for: c.language))
            let expected = try Self.transcribed(String(words[..<range.lowerBound]), voice: pack.voice)
                + Self.transcribed(c.name, voice: nameVoice)
                + Self.transcribed(String(words[range.upperBound...]), voice: pack.voice)
            let spoken = try SpokenPhonemes.of(text, settings: VoiceSettings(voice: pack.voice, markup: .ssml))
            print("\(c.pack) \"\(words)\": spoken \(spoken)")
            XCTAssertEqual(spoken, expected, "\(c.pack): \(text)")
            XCTAssertFalse(try Self.transcribed(c.name, voice: nameVoice).joined().isEmpty, "\(nameVoice) reads \(c.name)")
            // Read by the guidance voice, the name is still left out.
            let guidance = Self.wording(pack, mode: .guidance).text(for: request, units: .metric)
            XCTAssertFalse(guidance.contains(c.name), "\(c.pack), names in the guidance voice: \(guidance)")
        }
    }

    func test_hostileName_isSpokenLiterallyByItsVoice() throws {
        let pack = try PhrasePackSamples.pack("en-US")
        let wording = Self.wording(pack)
        for name in ["</voice><voice xml:lang=\"xx\">Main", "Ring<voice name=\"fr\">straße", "A & B <audio src=\"/etc/passwd\"/>"] {
            let text = wording.text(for: Self.turn(onto: name, language: "de"), units: .metric)
            XCTAssertTrue(CueWording.speaksNameInOwnVoice(text), text)
            XCTAssertEqual(CueWording.words(of: text), "In 300 meters, turn left onto \(name)")
            // Literally: as the German voice reads the name's characters in plain text, markup and all.
            let spoken = try SpokenPhonemes.of(text, settings: VoiceSettings(voice: "en-us", markup: .ssml))
            let expected = try Self.transcribed("In 300 meters, turn left onto ", voice: "en-us")
                + SpokenPhonemes.of(name, settings: VoiceSettings(voice: "de"))
            XCTAssertEqual(spoken, expected, text)
        }
    }

    /// Why voices are switched rather than the name's phonemes spliced in as `[[…]]`: espeak-ng reads spliced
    /// phonemes with the guidance language's phoneme table, which lacks sounds the name has (German ü, ö): the
    /// English voice then drops them, while the switched voice says them.
    func test_splicedPhonemes_loseSoundsTheGuidanceLanguageLacks_switchedVoicesKeepThem() throws {
        let english = Self.wording(try PhrasePackSamples.pack("en-US"))
        for name in ["Mühlweg", "Köln", "Grüner Weg"] {
            let german = try Self.transcribed(name, voice: "de").joined(separator: " ")
            let spliced = try SpokenPhonemes.of("[[\(german)]]", settings: VoiceSettings(voice: "en-us", markup: .phonemes))
                .joined(separator: " ")
            let switched = try SpokenPhonemes.of(english.text(for: Self.turn(onto: name, language: "de"), units: .metric),
                                                 settings: VoiceSettings(voice: "en-us", markup: .ssml))
            print("\(name): German \(german); spliced into en-us \(spliced); switched \(switched.last ?? "")")
            XCTAssertNotEqual(spliced, german, name)
            XCTAssertEqual(switched.last, german, name)
        }
    }
}
