import Glibc
import RouteCueCore
import Speech
import TestSupport
import XCTest

/// SpokenText rendered for real espeak-ng in every input mode (SSML on/off × phoneme input on/off): hostile
/// route names are spoken as their characters, no file named in them is opened, phonetic names change the
/// audio only for the voice whose language they are written in. Raw route text never goes to espeak-ng with
/// markup on: espeak-ng 1.51 opens `<audio src>` files, runs `sox` on them and can crash (SIGSEGV).
final class SpeechMarkupTests: XCTestCase {
    /// Road names a map could carry, each an attack on one reading of the text.
    private static let hostileNames = HostileRouteNames.withControlCharacters

    /// The text espeak-ng gets for `text` in `markup`, from the matching renderer.
    private static func rendered(_ text: SpokenText, _ markup: SpeechMarkup, voiceLanguage: String) -> String {
        markup.interpretsSSML
            ? text.ssml(voiceLanguage: voiceLanguage, phonemeInput: markup.interpretsPhonemes)
            : text.plainText(phonemeInput: markup.interpretsPhonemes, voiceLanguage: voiceLanguage)
    }

    func test_hostileNames_inEveryMode_lastAboutAsLongAsTheirCharacters() throws {
        let synthesizer = try SpeechSynthesizer(voice: "en")
        for markup in SpeechMarkup.allModes {
            // What the mode adds around any text (SSML adds a short end pause): measured on a harmless name.
            let harmless = SpokenText.routeData("Main Street")
            let overhead = try synthesizer.synthesize(Self.rendered(harmless, markup, voiceLanguage: "en"), markup: markup)
                .duration - synthesizer.synthesize("Main Street").duration
            for name in Self.hostileNames {
                let characters = try synthesizer.synthesize(name) // plain mode: the characters, spoken
                let text: SpokenText = "Turn onto \(name)"
                let input = Self.rendered(text, markup, voiceLanguage: "en")
                let speech = try synthesizer.synthesize(input, markup: markup)
                let reference = try synthesizer.synthesize("Turn onto " + name)
                let expected = reference.duration + overhead
                print("markup: \(markup) \(name.debugDescription): \(Self.seconds(speech.duration)) s, expected "
                    + "\(Self.seconds(expected)) s (the characters alone \(Self.seconds(characters.duration)) s), "
                    + "\(speech.wordStarts.count) words")
                // Interpreted markup removes speech (`[[h@l'oU]]` → "hello", `<audio>` → nothing), a break adds
                // silence: so the lower bound is tight; the upper one allows espeak-ng's wordier reading of `[`
                // when phoneme input is on in SSML (2 more words for `[[`).
                let label = "\(markup) \(name.debugDescription)"
                XCTAssertGreaterThan(speech.duration, 0.85 * expected - 0.1, label)
                XCTAssertLessThan(speech.duration, 1.35 * expected + 0.3, label)
                XCTAssertGreaterThanOrEqual(speech.wordStarts.count, reference.wordStarts.count, label)
                XCTAssertGreaterThan(Self.rms(speech.samples), 500, "\(markup) \(name.debugDescription): not silence")
            }
        }
    }

    /// espeak-ng 1.51 opens any file an SSML `<audio src>` names (and runs `sox` on one that is not a WAV). An
    /// inotify watch on a real WAV file shows the trusted control opens it while no rendered route name does.
    func test_audioElementInRouteName_opensNoFile_inAnyMode() throws {
        let directory = try Self.temporaryDirectory()
        defer { _ = rmdir(directory) }
        let path = directory + "/probe.wav"
        try Self.writeSilentWAV(path, seconds: 0.5)
        defer { _ = unlink(path) }
        let synthesizer = try SpeechSynthesizer(voice: "en")
        let watch = try FileOpenWatch(path: path)
        defer { watch.close() }

        // Control: espeak-ng really reads an <audio> element of a document we wrote.
        let control = try synthesizer.synthesize("<speak>left <audio src=\"\(path)\"/> right</speak>", markup: .ssml)
        let controlOpens = watch.openCount()
        print("markup: trusted <audio> control opened the probe \(controlOpens) time(s), \(control.duration) s")
        XCTAssertGreaterThan(controlOpens, 0, "the probe must detect espeak-ng opening the file")

        let names = ["<audio src=\"\(path)\"/>", "<audio src=\"file://\(path)\"/>",
                     "</speak><speak><audio src=\"\(path)\"/>", "[[<audio src=\"\(path)\"/>]]"]
        for markup in SpeechMarkup.allModes {
            for name in names {
                let text: SpokenText = "Turn onto \(name)"
                let speech = try synthesizer.synthesize(Self.rendered(text, markup, voiceLanguage: "en"), markup: markup)
                XCTAssertEqual(watch.openCount(), 0, "\(markup) \(name): espeak-ng opened the file")
                XCTAssertGreaterThan(speech.duration, 2.0, "\(markup) \(name): spoken")
            }
        }
    }

    func test_phoneticName_forTheActiveVoice_changesTheAudioToItsPhonemes() throws {
        let synthesizer = try SpeechSynthesizer(voice: "en")
        let phonetic = PhoneticName(alphabet: .espeak, string: "h@l'oU", language: "en-US")
        let named: SpokenText = "Turn onto \("Xylophone Street", phonetic: phonetic) now"
        let written: SpokenText = "Turn onto \("Xylophone Street") now"
        let sayingIt: SpokenText = "Turn onto \("hello") now"
        for markup in [SpeechMarkup.ssmlWithPhonemes, .phonemes] {
            let input = Self.rendered(named, markup, voiceLanguage: "en")
            XCTAssertTrue(input.contains(markup.interpretsSSML ? "<phoneme alphabet=\"espeak\" ph=\"h@l'oU\"/>" : "[[h@l'oU]]"), input)
            let withPhonemes = try synthesizer.synthesize(input, markup: markup)
            let asWritten = try synthesizer.synthesize(Self.rendered(written, markup, voiceLanguage: "en"), markup: markup)
            let hello = try synthesizer.synthesize(Self.rendered(sayingIt, markup, voiceLanguage: "en"), markup: markup)
            print("markup: \(markup) phonetic name \(withPhonemes.duration) s, written name \(asWritten.duration) s, \"hello\" \(hello.duration) s")
            XCTAssertNotEqual(withPhonemes.samples, asWritten.samples)
            XCTAssertLessThan(withPhonemes.duration, asWritten.duration - 0.3, "h@l'oU is shorter than Xylophone Street")
            XCTAssertEqual(withPhonemes.duration, hello.duration, accuracy: 0.1 * hello.duration, "sounds like hello")
        }
    }

    func test_phoneticName_forAnotherLanguage_isNotEmitted_andSpeaksTheWrittenName() throws {
        let german = try SpeechSynthesizer(voice: "de")
        let phonetic = PhoneticName(alphabet: .espeak, string: "h@l'oU", language: "en")
        let named: SpokenText = "Biegen Sie in die \("Xylophonstraße", phonetic: phonetic) ein"
        let written: SpokenText = "Biegen Sie in die \("Xylophonstraße") ein"
        for markup in [SpeechMarkup.ssmlWithPhonemes, .phonemes] {
            let input = Self.rendered(named, markup, voiceLanguage: "de")
            XCTAssertEqual(input, Self.rendered(written, markup, voiceLanguage: "de"))
            XCTAssertFalse(input.contains("h@l'oU"), input)
            let speech = try german.synthesize(input, markup: markup)
            let reference = try german.synthesize(Self.rendered(written, markup, voiceLanguage: "de"), markup: markup)
            XCTAssertEqual(speech.duration, reference.duration, accuracy: 0.02 * reference.duration + 0.005)
        }
    }

    /// Why `<phoneme>` needs phoneme input: espeak-ng 1.51 with SSML alone reads the `ph` value out as text.
    func test_phonemeElement_withoutPhonemeInput_isSpelledOut_soTheRendererOmitsIt() throws {
        let synthesizer = try SpeechSynthesizer(voice: "en")
        let document = "<speak>Turn onto <phoneme alphabet=\"espeak\" ph=\"h@l'oU\"/> now</speak>"
        let honoured = try synthesizer.synthesize(document, markup: .ssmlWithPhonemes)
        let spelled = try synthesizer.synthesize(document, markup: .ssml)
        print("markup: <phoneme> with phoneme input \(honoured.duration) s, SSML alone \(spelled.duration) s")
        XCTAssertGreaterThan(spelled.duration, honoured.duration + 0.5)
        let phonetic = PhoneticName(alphabet: .espeak, string: "h@l'oU", language: "en")
        let text: SpokenText = "Turn onto \("Hello Road", phonetic: phonetic) now"
        XCTAssertEqual(text.ssml(voiceLanguage: "en", phonemeInput: false), "<speak>Turn onto Hello Road now</speak>")
    }

    func test_plainDefault_isUnchanged_andMarkupModesSpeakOrdinaryCues() throws {
        let synthesizer = try SpeechSynthesizer(voice: "en")
        let cue: SpokenText = "In 500 meters, turn left onto \("Main Street")"
        let byDefault = try synthesizer.synthesize("In 500 meters, turn left onto Main Street")
        let plain = try synthesizer.synthesize(cue.plainText(), markup: .plain)
        XCTAssertEqual(plain.wordStarts.count, byDefault.wordStarts.count)
        XCTAssertEqual(plain.duration, byDefault.duration, accuracy: 0.02 * byDefault.duration + 0.005)
        for markup in SpeechMarkup.allModes {
            let speech = try synthesizer.synthesize(Self.rendered(cue, markup, voiceLanguage: "en"), markup: markup)
            XCTAssertEqual(speech.wordStarts.count, byDefault.wordStarts.count, "\(markup)")
            XCTAssertEqual(speech.duration, byDefault.duration, accuracy: 0.15 * byDefault.duration + 0.1, "\(markup)")
        }
    }

    /// An SSML `<voice>` (never rendered from route data, but legal in a document) leaves espeak-ng on that voice;
    /// the next synthesis re-selects its own voice.
    func test_afterSSMLVoiceChange_nextSynthesisSoundsAsBefore() throws {
        let english = try SpeechSynthesizer(voice: "en")
        let cue = "Turn left onto Main Street"
        let alone = try english.synthesize(cue)
        let german = try english.synthesize("<speak><voice name=\"de\">Biegen Sie links ab</voice></speak>", markup: .ssml)
        XCTAssertGreaterThan(german.duration, 0.5)
        let after = try english.synthesize(cue)
        print("markup: \"\(cue)\" \(alone.duration) s alone, \(after.duration) s after an SSML <voice> change")
        XCTAssertEqual(after.wordStarts.count, alone.wordStarts.count)
        XCTAssertEqual(after.duration, alone.duration, accuracy: 0.02 * alone.duration + 0.005)
    }

    // MARK: helpers

    private static func seconds(_ value: Double) -> String { String(Double(Int((value * 100).rounded())) / 100) }

    private static func rms(_ samples: [Int16]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }

    private static func temporaryDirectory() throws -> String {
        var template = Array("/tmp/routecue-markup-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXFailure(call: "mkdtemp") }
        return String(cString: made)
    }

    /// Writes a 22050 Hz mono 16-bit WAV of silence: a file espeak-ng loads itself, without `sox`.
    private static func writeSilentWAV(_ path: String, seconds: Double) throws {
        let dataBytes = UInt32(seconds * 22050) * 2
        var bytes: [UInt8] = Array("RIFF".utf8) + le(36 + dataBytes) + Array("WAVEfmt ".utf8)
        bytes += le(16) + le16(1) + le16(1) + le(22050) + le(44100) + le16(2) + le16(16)
        bytes += Array("data".utf8) + le(dataBytes) + [UInt8](repeating: 0, count: Int(dataBytes))
        guard let file = fopen(path, "wb") else { throw POSIXFailure(call: "fopen") }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw POSIXFailure(call: "fwrite") }
    }

    private static func le(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
}

/// A failed POSIX call in test setup.
private struct POSIXFailure: Error {
    let call: String
    let code = errno
}

/// Counts opens of one file with inotify (`IN_OPEN`), read without blocking.
private final class FileOpenWatch {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK))
        guard descriptor >= 0 else { throw POSIXFailure(call: "inotify_init1") }
        guard inotify_add_watch(descriptor, path, UInt32(IN_OPEN)) >= 0 else { throw POSIXFailure(call: "inotify_add_watch") }
    }

    /// The opens reported since the last call.
    func openCount() -> Int {
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard length > 0 else { return count }
            var offset = 0
            while offset + 16 <= length {
                let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                let nameLength = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) }
                if mask & UInt32(IN_OPEN) != 0 { count += 1 }
                offset += 16 + Int(nameLength)
            }
        }
    }

    func close() { _ = Glibc.close(descriptor) }
}
