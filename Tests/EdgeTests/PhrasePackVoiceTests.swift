import Foundation
import RouteCueCore
import Speech
import TestSupport
import XCTest

/// Every phrase of every pack, with sample names in the pack's language, is read by espeak-ng in the pack's voice
/// without a switch to another language.
final class PhrasePackVoiceTests: XCTestCase {
    func test_everyPhraseOfEveryPack_isSaidInThePacksVoice_withoutALanguageSwitch() throws {
        for tag in try PhrasePackSamples.tags() {
            let pack = try PhrasePackSamples.pack(tag)
            let transcriber = try PhonemeTranscriber(voice: pack.voice)
            var seen = Set<String>()
            var switches: [String] = []
            for sample in PhrasePackSamples.samples(PhrasePackSamples.names(for: pack.language.description)) {
                let text = pack.text(for: sample.request, units: sample.units)
                guard seen.insert(text).inserted else { continue }
                let transcription = try transcriber.transcribe(text)
                XCTAssertFalse(transcription.clauses.isEmpty, "\(tag): \(text)")
                if transcription.hasLanguageSwitch {
                    switches.append("\(text) → \(transcription.phonemes)")
                }
            }
            XCTAssertEqual(switches, [], "\(tag) (\(pack.voice)): \(switches.count) phrases switch language")
            print("\(tag) voice \(pack.voice): \(seen.count) distinct phrases, \(switches.count) with a language switch")
            for example in switches.prefix(10) { print("  \(example)") }
        }
    }

    func test_aNameInAnotherScript_isLeftOut_ratherThanReadAsAnotherLanguage() throws {
        let de = try PhrasePackSamples.pack("de-DE")
        let german = try PhonemeTranscriber(voice: de.voice)
        let name = "улица Ленина"
        XCTAssertTrue(try german.transcribe("In 300 Metern links abbiegen auf \(name)").hasLanguageSwitch,
                      "the de voice reads Cyrillic with another language's rules")
        let request = CuePhraseRequest(subject: .maneuver(PhrasePackSamples.maneuver(.turn, .left, road: name), stage: .distance,
                                                          distance: SpokenDistance(value: 300, unit: .metre), then: nil, landmark: nil))
        let text = de.text(for: request, units: .metric)
        XCTAssertEqual(text, "In 300 Metern links abbiegen")
        XCTAssertFalse(try german.transcribe(text).hasLanguageSwitch)
    }

    func test_exitOrdinalsAboveTen_areReadAsOrdinals() throws {
        // espeak-ng reads "12." (de) and "12e" (fr) as the cardinal and a pause, so the packs spell ordinals to 20.
        let expected = ["de-DE": "tsv'Wlft@", "fr-FR": "duzj'Em", "en-US": "tw'ElfT"]
        for (tag, ordinal) in expected.sorted(by: { $0.key < $1.key }) {
            let pack = try PhrasePackSamples.pack(tag)
            let request = CuePhraseRequest(subject: .maneuver(PhrasePackSamples.maneuver(.roundabout, .right, exitNumber: 12),
                                                              stage: .distance, distance: SpokenDistance(value: 1.5, unit: .kilometre),
                                                              then: nil, landmark: nil))
            let text = pack.text(for: request, units: .metric)
            let phonemes = try PhonemeTranscriber(voice: pack.voice).transcribe(text).phonemes
            print("\(tag): \(text) → \(phonemes)")
            XCTAssertTrue(phonemes.contains(ordinal), "\(tag): \(phonemes)")
        }
    }
}
