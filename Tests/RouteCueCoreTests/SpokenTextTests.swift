import RouteCueCore
import TestSupport
import XCTest

/// SpokenText rendering for espeak-ng: route data is never markup or phonemes in any mode, phonetic names are
/// emitted only when espeak-ng can honour them for the voice.
final class SpokenTextTests: XCTestCase {
    /// Road names a map could carry, each an attack on one reading of the text.
    static let hostileNames = HostileRouteNames.all

    private let hello = PhoneticName(alphabet: .espeak, string: "h@l'oU", language: "en")

    // MARK: plain text

    func test_plainText_phonemeInputOff_passesEveryHostileNameThroughUnchanged() {
        for name in Self.hostileNames {
            let text: SpokenText = "Turn left onto \(name)"
            XCTAssertEqual(text.plainText(), "Turn left onto " + name, name)
        }
    }

    func test_plainText_phonemeInputOn_neverOpensPhonemeMode_andKeepsEveryVisibleCharacter() {
        for name in Self.hostileNames {
            let text: SpokenText = "Turn left onto \(name)"
            let rendered = text.plainText(phonemeInput: true, voiceLanguage: "en")
            XCTAssertFalse(Self.asEspeakReadsIt(rendered).contains("[["), "\(name) → \(rendered)")
            XCTAssertEqual(Self.withoutBreakers(rendered), "Turn left onto " + name)
        }
    }

    func test_plainText_phonemeInputOn_breaksDoubleBracketAcrossSegments() {
        let text = SpokenText.routeData("A [") + .routeData("[h@l'oU]]") + .literal("[") + .routeData("[x")
        let rendered = text.plainText(phonemeInput: true, voiceLanguage: "en")
        print("markup: split brackets render as \(rendered.unicodeScalars.map { $0 == "\u{2060}" ? "⁠<WJ>" : String($0) }.joined())")
        XCTAssertFalse(Self.asEspeakReadsIt(rendered).contains("[["))
        XCTAssertEqual(rendered.filter { $0 == "[" }.count, 4)
    }

    func test_plainText_controlCharacters_becomeSpaces() {
        let text: SpokenText = "Turn onto \("Main\u{0}Street\u{7}\u{1B}[31m\u{85}East\u{2028}\u{FFFF}End")"
        XCTAssertEqual(text.plainText(), "Turn onto Main Street  [31m East  End")
        XCTAssertEqual(text.ssml(voiceLanguage: "en", phonemeInput: false),
                       "<speak>Turn onto Main Street  [31m East  End</speak>")
        XCTAssertEqual(text.ssml(voiceLanguage: "en", phonemeInput: true),
                       "<speak>Turn onto Main Street  [\u{2060}31m East  End</speak>")
    }

    func test_plainText_phoneticName_isPhonemeInputOnlyWhenEspeakCanHonourIt() {
        let text: SpokenText = "Turn onto \("Hello Road", phonetic: hello) now"
        XCTAssertEqual(text.plainText(), "Turn onto Hello Road now", "no phoneme input: the written name")
        XCTAssertEqual(text.plainText(phonemeInput: true, voiceLanguage: "en-us"), "Turn onto [[h@l'oU]] now")
        XCTAssertEqual(text.plainText(phonemeInput: true, voiceLanguage: "de"), "Turn onto Hello Road now")
        XCTAssertEqual(text.plainText(phonemeInput: true), "Turn onto Hello Road now", "no voice language")
    }

    // MARK: SSML

    func test_ssml_everyHostileName_isWellFormedAndReadsBackAsTheSameCharacters() throws {
        for phonemeInput in [false, true] {
            for name in Self.hostileNames {
                let text: SpokenText = "Turn left onto \(name), then \(name)"
                let document = text.ssml(voiceLanguage: "en", phonemeInput: phonemeInput)
                let speak = try XMLReader.parse(document)
                XCTAssertEqual(speak.name, "speak", document)
                XCTAssertEqual(speak.childElements.count, 0, "no element from route data: \(document)")
                let spoken = Self.withoutBreakers(speak.text)
                XCTAssertEqual(spoken, "Turn left onto \(name), then \(name)", document)
                XCTAssertEqual(document.components(separatedBy: "<").count - 1, 2, "only <speak> and </speak>")
                XCTAssertFalse(document.dropFirst(7).dropLast(8).contains(where: { "<>\"'".contains($0) }), document)
                if phonemeInput {
                    XCTAssertFalse(Self.asEspeakReadsIt(Self.resolvingEntities(document)).contains("[["), document)
                }
            }
        }
    }

    func test_ssml_escapesAllFiveXMLCharacters_inLiteralAndRouteText() {
        let text = SpokenText.literal("Q&A <x> \"y\" 'z' ") + .routeData("Smith & Sons <b>")
        XCTAssertEqual(text.ssml(voiceLanguage: "en", phonemeInput: false),
                       "<speak>Q&amp;A &lt;x&gt; &quot;y&quot; &apos;z&apos; Smith &amp; Sons &lt;b&gt;</speak>")
    }

    func test_ssml_phoneticName_isSelfClosingPhonemeForTheVoiceLanguage() throws {
        let text: SpokenText = "Turn onto \("Hello Road", phonetic: hello) now"
        let document = text.ssml(voiceLanguage: "en-US")
        XCTAssertEqual(document, "<speak>Turn onto <phoneme alphabet=\"espeak\" ph=\"h@l'oU\"/> now</speak>")
        let phoneme = try XCTUnwrap(XMLReader.parse(document).firstElement(named: "phoneme"))
        XCTAssertEqual(phoneme.attribute("ph"), "h@l'oU")
        XCTAssertEqual(phoneme.children, [], "self-closing: espeak-ng would speak enclosed text too")
    }

    func test_ssml_phoneticName_fallsBackToTheEscapedWrittenName() {
        let name = "Hello & Co"
        let written = "<speak>Turn onto Hello &amp; Co now</speak>"
        let cases: [(String, PhoneticName, String, Bool)] = [
            ("another language", hello, "de", true),
            ("no phoneme input: espeak-ng would spell ph", hello, "en", false),
            ("IPA", PhoneticName(alphabet: .ipa, string: "həˈloʊ", language: "en"), "en", true),
            ("X-SAMPA", PhoneticName(alphabet: .xSampa, string: "h@\"loU", language: "en"), "en", true),
            ("quote in ph", PhoneticName(alphabet: .espeak, string: "h\"/><audio src=\"x", language: "en"), "en", true),
            ("> in ph", PhoneticName(alphabet: .espeak, string: "h>", language: "en"), "en", true),
            ("& in ph", PhoneticName(alphabet: .espeak, string: "h&amp;", language: "en"), "en", true),
            ("]] in ph", PhoneticName(alphabet: .espeak, string: "h]] <audio/> [[", language: "en"), "en", true),
            ("backslash in ph", PhoneticName(alphabet: .espeak, string: "h\\\"", language: "en"), "en", true),
            ("control in ph", PhoneticName(alphabet: .espeak, string: "h@\u{0}l", language: "en"), "en", true),
            ("non-ASCII in ph", PhoneticName(alphabet: .espeak, string: "həl", language: "en"), "en", true),
            ("empty ph", PhoneticName(alphabet: .espeak, string: "", language: "en"), "en", true),
            ("blank ph", PhoneticName(alphabet: .espeak, string: "   ", language: "en"), "en", true),
            ("too long ph", PhoneticName(alphabet: .espeak, string: String(repeating: "a", count: 201), language: "en"),
             "en", true),
            ("empty language", PhoneticName(alphabet: .espeak, string: "h@l'oU", language: ""), "en", true),
        ]
        for (label, phonetic, voice, phonemeInput) in cases {
            let text: SpokenText = "Turn onto \(name, phonetic: phonetic) now"
            XCTAssertEqual(text.ssml(voiceLanguage: voice, phonemeInput: phonemeInput), written, label)
        }
    }

    func test_phoneticLanguage_matchesByEspeakPhonemeTable() {
        let matches: [(String, String, Bool)] = [
            ("en", "en-US", true), ("en-GB", "en-us", true), ("EN_gb", "en+f3", true), ("en-US", "de", false),
            ("pt-BR", "pt-PT", true), ("zh-HK", "yue", true), ("zh-yue", "yue", true), ("zh-CN", "cmn", true),
            ("zh-TW", "cmn", true), ("zh-HK", "cmn", false), ("zh", "yue", false), ("no", "nb", true),
            ("nb-NO", "no", true), ("", "en", false), ("sr-Latn", "sr", true), ("fr-CA", "fr-FR", true),
        ]
        for (name, voice, expected) in matches {
            let phonetic = PhoneticName(alphabet: .espeak, string: "x", language: name)
            XCTAssertEqual(phonetic.phonemes(forVoiceLanguage: voice) != nil, expected, "\(name) for voice \(voice)")
        }
        XCTAssertEqual(PhoneticAlphabet(rawValue: "ESPEAK"), .espeak)
    }

    // MARK: pauses and building

    func test_pause_isBreakInSSML_commaInPlainText_andClamped() {
        let text = SpokenText.literal("Turn left ") + .pause(milliseconds: 300) + .literal("then right")
        XCTAssertEqual(text.ssml(voiceLanguage: "en"), "<speak>Turn left <break time=\"300ms\"/>then right</speak>")
        XCTAssertEqual(text.plainText(), "Turn left, then right")
        let afterPunctuation = SpokenText.literal("Turn left.") + .pause(milliseconds: 300) + .literal("Then right")
        XCTAssertEqual(afterPunctuation.plainText(), "Turn left. Then right")
        XCTAssertEqual(SpokenText.pause(milliseconds: 60_000).ssml(voiceLanguage: "en"),
                       "<speak><break time=\"5000ms\"/></speak>")
        XCTAssertEqual((SpokenText.literal("a") + .pause(milliseconds: -5)).ssml(voiceLanguage: "en"), "<speak>a</speak>")
        XCTAssertEqual(SpokenText.pause(milliseconds: 200).plainText(), "", "nothing to pause after")
    }

    func test_interpolation_separatesPackWordingFromRouteData() {
        let ref = PhoneticName(alphabet: .espeak, string: "a:", language: "de")
        let text: SpokenText = "Take exit \("23") toward \("Basel", phonetic: ref)\(pause: 250)\(SpokenText.literal("now"))"
        XCTAssertEqual(text.segments, [
            .literal("Take exit "), .routeData("23", phonetic: nil), .literal(" toward "),
            .routeData("Basel", phonetic: ref), .pause(milliseconds: 250), .literal("now"),
        ])
        XCTAssertEqual(("" as SpokenText).segments, [])
        XCTAssertTrue(SpokenText().isEmpty)
        XCTAssertEqual(text.plainText(), "Take exit 23 toward Basel, now")
    }

    // MARK: helpers

    /// `text` without the characters espeak-ng 1.51 drops before it looks for `[[` (soft hyphen, U+200C, U+200D,
    /// byte order mark), which is how espeak-ng would see any bracket pair.
    static func asEspeakReadsIt(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter {
            !["\u{00AD}", "\u{200C}", "\u{200D}", "\u{FEFF}"].contains($0)
        }))
    }

    /// `text` without the U+2060 WORD JOINERs the renderer puts after `[` (by scalar: Foundation's string search
    /// would match whole grapheme clusters).
    static func withoutBreakers(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{2060}" }))
    }

    /// `document` with its five XML entities resolved, as espeak-ng sees the text before looking for `[[`.
    static func resolvingEntities(_ document: String) -> String {
        var text = document
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}
