import Speech
import XCTest

/// espeak-ng's phoneme output (`espeak_TextToPhonemes`) and the language switches it shows, per voice.
final class PhonemeTranscriberTests: XCTestCase {
    func test_englishCue_inUSVoice_hasNoLanguageSwitch() throws {
        let transcription = try PhonemeTranscriber(voice: "en-us").transcribe("Turn left onto Main Street")
        print("phonemes: en-us \"Turn left onto Main Street\" → \(transcription.phonemes)")
        XCTAssertEqual(transcription.clauses.count, 1)
        XCTAssertFalse(transcription.hasLanguageSwitch, transcription.phonemes)
        XCTAssertTrue(transcription.phonemes.contains("l'Eft"), transcription.phonemes)
        XCTAssertFalse(transcription.phonemes.contains("("), transcription.phonemes)
    }

    func test_severalClauses_areAllTranscribedInOrder() throws {
        let transcriber = try PhonemeTranscriber(voice: "en-us")
        let text = "In 500 meters, turn left. Then, keep right; you have arrived"
        let transcription = try transcriber.transcribe(text)
        print("phonemes: en-us clauses \(transcription.clauses)")
        XCTAssertEqual(transcription.clauses.count, 5, "\(transcription.clauses)")
        XCTAssertTrue(transcription.clauses[0].contains("m'i:t"), "\(transcription.clauses)")
        XCTAssertTrue(transcription.clauses[1].contains("l'Eft"), "\(transcription.clauses)")
        XCTAssertTrue(transcription.clauses[4].contains("r'aIvd"), "\(transcription.clauses)")
        // The same text gives the same phonemes every time.
        XCTAssertEqual(try transcriber.transcribe(text), transcription)
    }

    func test_germanVoice_switchesToEnglishForAnEnglishWord() throws {
        let transcriber = try PhonemeTranscriber(voice: "de")
        let plain = try transcriber.transcribe("In 500 Metern links abbiegen")
        print("phonemes: de plain → \(plain.phonemes)")
        XCTAssertFalse(plain.hasLanguageSwitch, plain.phonemes)
        let text = "Nach dem Update links abbiegen"
        let mixed = try transcriber.transcribe(text)
        print("phonemes: de \"\(text)\" → \(mixed.phonemes), switches \(mixed.languageSwitches)")
        XCTAssertEqual(mixed.languageSwitches.map(\.language), ["en"], mixed.phonemes)
        XCTAssertEqual(mixed.languageSwitches.first?.returnedTo, "de")
        XCTAssertTrue(mixed.phonemes.contains("(en)"), mixed.phonemes)
    }

    func test_mandarin_charactersAreReadWithEnglishSwitches_pinyinIsNot() throws {
        let characters = try PhonemeTranscriber(voice: "cmn").transcribe("前方左转")
        print("phonemes: cmn 前方左转 → \(characters.phonemes)")
        let pinyin = try PhonemeTranscriber(voice: "cmn-latn-pinyin").transcribe("qian2 fang1 zuo3 zhuan3")
        print("phonemes: cmn-latn-pinyin qian2 fang1 zuo3 zhuan3 → \(pinyin.phonemes)")
        XCTAssertFalse(pinyin.hasLanguageSwitch, pinyin.phonemes)
        XCTAssertFalse(pinyin.phonemes.isEmpty)
        XCTAssertTrue(characters.hasLanguageSwitch, "Debian's 1.51 reads characters as spelled pinyin with English tones: \(characters.phonemes)")
    }

    func test_japanese_kanaIsReadWithoutSwitch_kanjiIsNot() throws {
        let transcriber = try PhonemeTranscriber(voice: "ja")
        let kana = try transcriber.transcribe("ひだりに まがって ください")
        print("phonemes: ja kana → \(kana.phonemes)")
        XCTAssertFalse(kana.hasLanguageSwitch, kana.phonemes)
        let kanji = try transcriber.transcribe("左に曲がる")
        print("phonemes: ja kanji → \(kanji.phonemes), switches \(kanji.languageSwitches)")
        XCTAssertTrue(kanji.hasLanguageSwitch, "each kanji is spelled as \"Chinese letter\": \(kanji.phonemes)")
    }

    func test_cantoneseAndKorean_readTheirScriptsWithoutSwitch() throws {
        for (voice, text) in [("yue", "前面轉左"), ("ko", "오백 미터 앞에서 좌회전하세요")] {
            let transcription = try PhonemeTranscriber(voice: voice).transcribe(text)
            print("phonemes: \(voice) \(text) → \(transcription.phonemes)")
            XCTAssertFalse(transcription.phonemes.isEmpty, voice)
            XCTAssertFalse(transcription.hasLanguageSwitch, "\(voice): \(transcription.phonemes)")
        }
    }

    func test_unknownVoice_throwsNotFound_malformedThrowsInvalidArgument() {
        XCTAssertThrowsError(try PhonemeTranscriber(voice: "xx-nosuchvoice")) { error in
            XCTAssertEqual((error as? SpeechError)?.code, .notFound, "\(error)")
            XCTAssertTrue("\(error)".contains("xx-nosuchvoice"), "\(error)")
        }
        XCTAssertThrowsError(try PhonemeTranscriber(voice: "../en")) { error in
            XCTAssertEqual((error as? SpeechError)?.code, .invalidArgument, "\(error)")
        }
    }

    func test_emptyAndBlankText_giveNoClauses() throws {
        let transcriber = try PhonemeTranscriber(voice: "en-us")
        for text in ["", "   ", "\n\t", "\0"] {
            let transcription = try transcriber.transcribe(text)
            XCTAssertEqual(transcription.clauses, [], text.debugDescription)
            XCTAssertFalse(transcription.hasLanguageSwitch)
        }
    }

    /// Also right after a synthesis that read SSML and phonemes: espeak-ng keeps those input options in globals
    /// `espeak_TextToPhonemes` reads too, so the transcriber clears them first.
    func test_markupInText_isTranscribedAsText_notObeyed_evenAfterAnSSMLSynthesis() throws {
        let transcriber = try PhonemeTranscriber(voice: "en-us")
        let synthesizer = try SpeechSynthesizer(voice: "en-us")
        for afterSSML in [false, true] {
            if afterSSML { _ = try synthesizer.synthesize("<speak>Turn <break time=\"10ms\"/>left</speak>", markup: .ssmlWithPhonemes) }
            let inline = try transcriber.transcribe("[[h@l'oU]] Street")
            let ssml = try transcriber.transcribe("<audio src=\"file:///etc/passwd\"/> Street")
            print("phonemes\(afterSSML ? " after SSML" : ""): markup → \(inline.phonemes) | \(ssml.phonemes)")
            XCTAssertFalse(inline.phonemes.contains("h@l'oU"), inline.phonemes)
            XCTAssertTrue(ssml.phonemes.contains("p'aasUd"), "the path's words are read: \(ssml.phonemes)")
        }
    }

    func test_ipaAlphabet_givesIPA() throws {
        let transcription = try PhonemeTranscriber(voice: "en-us", alphabet: .ipa).transcribe("turn left")
        print("phonemes: en-us IPA → \(transcription.phonemes)")
        XCTAssertTrue(transcription.phonemes.contains("ɛ"), transcription.phonemes)
    }

    func test_transcribing_leavesSynthesisWorking() throws {
        _ = try PhonemeTranscriber(voice: "de").transcribe("Nach dem Update links abbiegen")
        let speech = try SpeechSynthesizer(voice: "en-us").synthesize("turn left")
        XCTAssertGreaterThan(speech.duration, 0.3)
        XCTAssertFalse(try PhonemeTranscriber(voice: "en-us").transcribe("turn left").hasLanguageSwitch)
    }

    func test_switchMarkers_areParsedIntoStretches() {
        let transcription = PhonemeTranscription(
            voice: "de", clauses: ["n'a:x d'e:m (en)'ʌpdeɪt(de) l'INks", "(en)st'ri:t", "a (b) c"])
        XCTAssertEqual(transcription.languageSwitches, [
            PhonemeLanguageSwitch(language: "en", returnedTo: "de", phonemes: "'ʌpdeɪt", clauseIndex: 0),
            PhonemeLanguageSwitch(language: "en", returnedTo: nil, phonemes: "st'ri:t", clauseIndex: 1),
            PhonemeLanguageSwitch(language: "b", returnedTo: nil, phonemes: " c", clauseIndex: 2),
        ])
    }

    /// The issue's languages, each with the voice it is pinned to and a turn cue in its own script: prints which
    /// voices exist and which read their script without switching (`(en)` and the like).
    func test_issueLanguages_voicesAndScriptSurvey() throws {
        let available = Set(try SpeechVoices.available().flatMap { $0.languages.map(\.name) })
        var missing: [String] = []
        var switching: [String] = []
        var rows: [String] = []
        for sample in Self.issueLanguageSamples {
            let transcriber: PhonemeTranscriber
            do { transcriber = try PhonemeTranscriber(voice: sample.voice) } catch {
                missing.append(sample.tag)
                rows.append("voices: \(sample.tag) | \(sample.voice) | missing (\(error))")
                continue
            }
            let transcription = try transcriber.transcribe(sample.text)
            let listed = available.contains(sample.voice) ? "listed" : "by name only"
            let verdict = transcription.hasLanguageSwitch
                ? "SWITCHES \(transcription.languageSwitches.map(\.language))" : "own script, no switch"
            if transcription.hasLanguageSwitch { switching.append(sample.tag) }
            rows.append("voices: \(sample.tag) | \(sample.voice) (\(listed)) | \(verdict) | \(sample.text) → \(transcription.phonemes.prefix(90))")
        }
        for row in rows { print(row) }
        print("voices: \(Self.issueLanguageSamples.count) samples, missing \(missing), switching \(switching)")
        XCTAssertEqual(missing, [], "every issue language has a voice in Debian's espeak-ng-data")
        let required = ["en-US", "de-DE", "fr-FR", "es-ES", "ru-RU", "ko-KR", "yue", "zh-CN (pinyin)", "ja-JP (kana)"]
        XCTAssertEqual(switching.filter(required.contains), [])
    }

    /// (tag, espeak-ng voice, "in 500 meters turn left" or close to it in the language's script).
    static let issueLanguageSamples: [(tag: String, voice: String, text: String)] = [
        ("en-US", "en-us", "In 500 feet, turn left onto Main Street"),
        ("en-GB", "en", "In 500 yards, turn left onto the High Street"),
        ("de-DE", "de", "In 500 Metern links abbiegen auf die Hauptstraße"),
        ("fr-FR", "fr", "Dans 500 mètres, tournez à gauche"),
        ("es-ES", "es", "En 500 metros, gire a la izquierda"),
        ("es-MX", "es-419", "En 500 metros, dé vuelta a la izquierda"),
        ("it-IT", "it", "Tra 500 metri, svolta a sinistra"),
        ("nl-NL", "nl", "Over 500 meter linksaf slaan"),
        ("pt-BR", "pt-br", "Em 500 metros, vire à esquerda"),
        ("pt-PT", "pt", "Daqui a 500 metros, vire à esquerda"),
        ("pl-PL", "pl", "Za 500 metrów skręć w lewo"),
        ("sv-SE", "sv", "Om 500 meter, sväng vänster"),
        ("da-DK", "da", "Om 500 meter, drej til venstre"),
        ("nb-NO", "nb", "Om 500 meter, sving til venstre"),
        ("fi-FI", "fi", "500 metrin päästä käänny vasemmalle"),
        ("cs-CZ", "cs", "Za 500 metrů odbočte vlevo"),
        ("tr-TR", "tr", "500 metre sonra sola dönün"),
        ("ru-RU", "ru", "Через 500 метров поверните налево"),
        ("ko-KR", "ko", "500미터 앞에서 좌회전하세요"),
        ("yue", "yue", "五百米後轉左"),
        ("ar-SA", "ar", "بعد 500 متر، انعطف يسارا"),
        ("bn-IN", "bn", "৫০০ মিটার পরে বাঁদিকে ঘুরুন"),
        ("bg-BG", "bg", "След 500 метра завийте наляво"),
        ("ca-ES", "ca", "D'aquí a 500 metres, gireu a l'esquerra"),
        ("zh-CN", "cmn", "前方五百米左转"),
        ("zh-CN (pinyin)", "cmn-latn-pinyin", "qian2 fang1 wu3 bai3 mi3 zuo3 zhuan3"),
        ("zh-TW", "cmn", "前方五百公尺左轉"),
        ("ja-JP (kana)", "ja", "ごひゃく メートル さきを ひだりに まがって ください"),
        ("ja-JP (kanji)", "ja", "500メートル先を左に曲がってください"),
        ("hr-HR", "hr", "Za 500 metara skrenite lijevo"),
        ("fa-IR", "fa", "پس از ۵۰۰ متر به چپ بپیچید"),
        ("nl-BE", "nl", "Over 500 meter links afslaan"),
        ("fr-CA", "fr", "Dans 500 mètres, tournez à gauche"),
        ("el-GR", "el", "Σε 500 μέτρα στρίψτε αριστερά"),
        ("gu-IN", "gu", "500 મીટર પછી ડાબે વળો"),
        ("he-IL", "he", "בעוד 500 מטר פנה שמאלה"),
        ("hi-IN", "hi", "500 मीटर बाद बाएँ मुड़ें"),
        ("hu-HU", "hu", "500 méter után forduljon balra"),
        ("id-ID", "id", "Dalam 500 meter, belok kiri"),
        ("kn-IN", "kn", "500 ಮೀಟರ್ ನಂತರ ಎಡಕ್ಕೆ ತಿರುಗಿ"),
        ("ml-IN", "ml", "500 മീറ്റർ കഴിഞ്ഞ് ഇടത്തേക്ക് തിരിയുക"),
        ("ro-RO", "ro", "După 500 de metri, virați la stânga"),
        ("sr-RS", "sr", "После 500 метара скрените лево"),
        ("sr-RS (Latn)", "sr", "Posle 500 metara skrenite levo"),
        ("sk-SK", "sk", "Po 500 metroch odbočte doľava"),
        ("es-AR", "es-419", "En 500 metros, doblá a la izquierda"),
        ("ta-IN", "ta", "500 மீட்டரில் இடதுபுறம் திரும்பவும்"),
        ("te-IN", "te", "500 మీటర్ల తర్వాత ఎడమవైపు తిరగండి"),
        ("th-TH", "th", "อีก 500 เมตร เลี้ยวซ้าย"),
        ("uk-UA", "uk", "Через 500 метрів поверніть ліворуч"),
        ("vi-VN", "vi", "Sau 500 mét, rẽ trái"),
    ]
}
