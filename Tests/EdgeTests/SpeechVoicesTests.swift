import Speech
import XCTest

/// The voices installed in Debian's espeak-ng-data, as `espeak_ListVoices` lists them.
final class SpeechVoicesTests: XCTestCase {
    func test_installedVoices_includeTheIssuesCoreLanguages() throws {
        let voices = try SpeechVoices.available()
        let names = Set(voices.flatMap { $0.languages.map(\.name) })
        print("voices: \(voices.count) installed, \(names.count) language names; e.g. \(voices.prefix(3))")
        XCTAssertGreaterThan(voices.count, 80, "Debian 12's espeak-ng-data has about a hundred voices")
        for name in ["en-us", "de", "fr-fr", "es", "es-419", "pt-br", "nb", "ru", "yue", "ko", "cmn", "cmn-latn-pinyin", "ja"] {
            XCTAssertTrue(names.contains(name), "\(name) missing from \(names.sorted())")
        }
        XCTAssertFalse(names.contains("variant"), "variants are not voices")
    }

    func test_everyVoice_hasAnIdentifierAndPrioritizedLanguages() throws {
        let voices = try SpeechVoices.available()
        for voice in voices {
            XCTAssertFalse(voice.identifier.isEmpty, "\(voice)")
            XCTAssertFalse(voice.name.isEmpty, "\(voice)")
            XCTAssertFalse(voice.languages.isEmpty, "\(voice)")
            for language in voice.languages {
                XCTAssertTrue((1...30).contains(language.priority), "\(voice) \(language)")
            }
        }
        XCTAssertEqual(try SpeechVoices.available(), voices, "the list is the same each time")
        let english = try XCTUnwrap(voices.first { $0.identifier == "gmw/en-US" })
        print("voices: en-us is \(english), languages \(english.languages)")
        XCTAssertEqual(english.selectionName, "en-US")
        let british = try XCTUnwrap(voices.first { $0.identifier == "gmw/en" })
        XCTAssertEqual(british.languages.first?.name, "en-gb", "listed as en-gb, selected as en")
        XCTAssertEqual(british.selectionName, "en")
    }

    func test_everyListedVoice_canBeSelectedByItsSelectionName() throws {
        var failures: [String] = []
        for voice in try SpeechVoices.available() {
            do { _ = try PhonemeTranscriber(voice: voice.selectionName) } catch { failures.append("\(voice): \(error)") }
        }
        XCTAssertEqual(failures, [])
    }
}
