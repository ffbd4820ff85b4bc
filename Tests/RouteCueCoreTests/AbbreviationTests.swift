import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// The abbreviation tables in `config/phrases/abbreviations/` and `Abbreviations.expandForSpeech`.
final class AbbreviationTests: XCTestCase {
    /// One expected expansion: language file, optional region, written name, spoken name.
    struct Case {
        let language: String
        let region: String?
        let written: String
        let spoken: String
        init(_ language: String, _ written: String, _ spoken: String, region: String? = nil) {
            self.language = language
            self.region = region
            self.written = written
            self.spoken = spoken
        }
    }

    static let languages = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "nb", "fi", "cs", "tr", "ru"]

    static let folder = SharedData.repositoryRoot.appendingPathComponent("config/phrases/abbreviations")

    nonisolated(unsafe) private static var cache: [String: Abbreviations.LanguageTable] = [:]

    private func table(_ language: String) throws -> Abbreviations.LanguageTable {
        if let t = Self.cache[language] { return t }
        let url = Self.folder.appendingPathComponent("\(language).json")
        let t = try Abbreviations.parse([UInt8](try Data(contentsOf: url)), name: url.lastPathComponent)
        Self.cache[language] = t
        return t
    }

    static let cases: [Case] = [
        // English: St / Dr by position, directions only where they are directions, refs.
        Case("en", "Mary St", "Mary Street"),
        Case("en", "St Mary Road", "Saint Mary Road"),
        Case("en", "St Mary St", "Saint Mary Street"),
        Case("en", "Mount St Helens Rd", "Mount Saint Helens Road"),
        Case("en", "Main St N", "Main Street North"),
        Case("en", "Main St E", "Main Street East"),
        Case("en", "N Main St", "North Main Street"),
        Case("en", "Avenue N", "Avenue N"),
        Case("en", "E St", "E Street"),
        Case("en", "E St NW", "E Street Northwest"),
        Case("en", "Pennsylvania Ave NW", "Pennsylvania Avenue Northwest"),
        Case("en", "Dr Martin Luther King Jr Dr", "Doctor Martin Luther King Junior Drive"),
        Case("en", "Mulholland Dr", "Mulholland Drive"),
        Case("en", "St. Charles Ave.", "Saint Charles Avenue"),
        Case("en", "Co Rd 12", "County Road 12"),
        Case("en", "Rte 66", "Route 66"),
        Case("en", "ST MARY RD", "SAINT MARY ROAD"),
        Case("en", "main st", "main street"),
        Case("en", "Stanley Rd", "Stanley Road"),
        Case("en", "I-80", "I 80"),
        Case("en", "I-80", "Interstate 80", region: "US"),
        Case("en", "I 80", "Interstate 80", region: "us"),
        Case("en", "US 101", "U S 101"),
        Case("en", "US 101 N", "U S 101 North"),
        Case("en", "M25", "M 25", region: "GB"),
        Case("en", "E 65", "E 65"),
        Case("en", "A1 (Great North Rd)", "A 1 (Great North Road)"),
        // German
        Case("de", "Hauptstr.", "Hauptstraße"),
        Case("de", "Hauptstr", "Hauptstraße"),
        Case("de", "Berliner Str.", "Berliner Straße"),
        Case("de", "HAUPTSTR.", "HAUPTSTRASSE"),
        Case("de", "Marktpl.", "Marktplatz"),
        Case("de", "Pl. der Republik", "Platz der Republik"),
        Case("de", "Bhf Altona", "Bahnhof Altona"),
        Case("de", "Hamburg Hbf", "Hamburg Hauptbahnhof"),
        Case("de", "Hauptbhf", "Hauptbahnhof"),
        Case("de", "St. Georgen", "Sankt Georgen"),
        Case("de", "Dr.-Martin-Luther-Str.", "Doktor-Martin-Luther-Straße"),
        Case("de", "Geschw.-Scholl-Str.", "Geschwister-Scholl-Straße"),
        Case("de", "Prof. Kohts Weg", "Professor Kohts Weg"),
        Case("de", "A 9", "A 9"),
        Case("de", "A9", "A 9"),
        Case("de", "A-9", "A 9"),
        Case("de", "B27a", "B 27a"),
        // French
        Case("fr", "Av. des Champs-Élysées", "Avenue des Champs-Élysées"),
        Case("fr", "Bd Haussmann", "Boulevard Haussmann"),
        Case("fr", "Rue St-Denis", "Rue Saint-Denis"),
        Case("fr", "Rue Ste-Catherine", "Rue Sainte-Catherine"),
        Case("fr", "Pl. St Michel", "Place Saint Michel"),
        Case("fr", "Av. du Gén. de Gaulle", "Avenue du Général de Gaulle"),
        Case("fr", "Bd du Mal Leclerc", "Boulevard du Maréchal Leclerc"),
        Case("fr", "Imp. des Lilas", "Impasse des Lilas"),
        Case("fr", "Rte de Lyon", "Route de Lyon"),
        Case("fr", "Ch. du Moulin", "Chemin du Moulin"),
        Case("fr", "Fbg Saint-Antoine", "Faubourg Saint-Antoine"),
        Case("fr", "Rue N.-D. des Champs", "Rue Notre-Dame des Champs"),
        Case("fr", "A6", "A 6"),
        Case("fr", "N7", "N 7"),
        Case("fr", "RN 7", "R N 7"),
        // Spanish
        Case("es", "C/ Mayor", "Calle Mayor"),
        Case("es", "C/Mayor", "Calle Mayor"),
        Case("es", "Av. de América", "Avenida de América"),
        Case("es", "Pza. Mayor", "Plaza Mayor"),
        Case("es", "Pº de la Castellana", "Paseo de la Castellana"),
        Case("es", "Pte. de Segovia", "Puente de Segovia"),
        Case("es", "Calle 5 Pte.", "Calle 5 Poniente"),
        Case("es", "Ctra. de Valencia", "Carretera de Valencia"),
        Case("es", "AP-7", "A P 7"),
        Case("es", "A-6", "A 6"),
        // Italian
        Case("it", "P.za Navona", "Piazza Navona"),
        Case("it", "C.so Buenos Aires", "Corso Buenos Aires"),
        Case("it", "V.le Monza", "Viale Monza"),
        Case("it", "SS 1", "strada statale 1"),
        Case("it", "A1", "A 1"),
        // Dutch
        Case("nl", "Kerkstr", "Kerkstraat"),
        Case("nl", "Kerkstr.", "Kerkstraat"),
        Case("nl", "Dorpsln", "Dorpslaan"),
        Case("nl", "Keizersgr.", "Keizersgracht"),
        Case("nl", "Burg. de Vlugtlaan", "Burgemeester de Vlugtlaan"),
        Case("nl", "N201", "N 201"),
        // Portuguese
        Case("pt", "R. Augusta", "Rua Augusta"),
        Case("pt", "Av. Paulista", "Avenida Paulista"),
        Case("pt", "Pç. da Sé", "Praça da Sé"),
        Case("pt", "R. S. João", "Rua São João"),
        Case("pt", "BR-101", "B R 101"),
        // Polish
        Case("pl", "ul. Marszałkowska", "ulica Marszałkowska"),
        Case("pl", "al. Jerozolimskie", "aleja Jerozolimskie"),
        Case("pl", "ul. ks. Popiełuszki", "ulica księdza Popiełuszki"),
        Case("pl", "S8", "S 8"),
        Case("pl", "DK1", "D K 1"),
        // Swedish
        Case("sv", "Drottningg.", "Drottninggatan"),
        Case("sv", "S:t Eriksgatan", "Sankt Eriksgatan"),
        Case("sv", "St. Nygatan", "Stora Nygatan"),
        Case("sv", "E4", "E 4"),
        Case("sv", "Rv 40", "riksväg 40"),
        // Danish
        Case("da", "Gl. Kongevej", "Gammel Kongevej"),
        Case("da", "Skt. Annæ Plads", "Sankt Annæ Plads"),
        Case("da", "Kgs. Nytorv", "Kongens Nytorv"),
        Case("da", "E45", "E 45"),
        Case("da", "Ndr. Frihavnsgade", "Nordre Frihavnsgade"),
        // Norwegian
        Case("nb", "Karl Johans gt.", "Karl Johans gate"),
        Case("nb", "Kirkevn.", "Kirkeveien"),
        Case("nb", "St. Olavs gate", "Sankt Olavs gate"),
        Case("nb", "Rv 7", "riksvei 7"),
        Case("nb", "Kirkepl.", "Kirkeplass"),
        // Finnish
        Case("fi", "Aleksanterink.", "Aleksanterinkatu"),
        Case("fi", "Mannerheimint.", "Mannerheimintie"),
        Case("fi", "Pohj. Rautatiekatu", "Pohjoinen Rautatiekatu"),
        Case("fi", "Vt 4", "valtatie 4"),
        Case("fi", "E75", "E 75"),
        // Czech
        Case("cs", "nám. Míru", "náměstí Míru"),
        Case("cs", "Vinohradská tř.", "Vinohradská třída"),
        Case("cs", "Smetanovo nábř.", "Smetanovo nábřeží"),
        Case("cs", "D1", "D 1"),
        Case("cs", "nám. sv. Václava", "náměstí svatého Václava"),
        // Turkish
        Case("tr", "Atatürk Cad.", "Atatürk Caddesi"),
        Case("tr", "Gül Sk.", "Gül Sokağı"),
        Case("tr", "Moda Mah.", "Moda Mahallesi"),
        Case("tr", "D-100", "D 100"),
        Case("tr", "O-4", "O 4"),
        // Russian
        Case("ru", "ул. Ленина", "улица Ленина"),
        Case("ru", "ул.Ленина", "улица Ленина"),
        Case("ru", "Невский пр-т", "Невский проспект"),
        Case("ru", "пл. Революции", "площадь Революции"),
        Case("ru", "ул. им. Гагарина", "улица имени Гагарина"),
        Case("ru", "М-11", "М 11"),
        Case("ru", "E 105", "Е 105"),
    ]

    /// Names with nothing to expand, including words that merely start like an abbreviation.
    static let unchanged: [String: [String]] = [
        "en": ["Main Street", "Stanley Road", "Strand", "Drury Lane", "Saint Mary Road", "North Main Street",
               "Avenue N", "Stadium Way", "Placentia Avenue", "Interstate 80"],
        "de": ["Hauptstraße", "Straße des 17. Juni", "Stralsunder Straße", "Strandweg", "Platz der Einheit",
               "Sankt Georgen", "Plauener Straße", "Drosselweg", "Domplatz"],
        "fr": ["Avenue de l'Opéra", "Rue de Stalingrad", "Boulevard Saint-Germain", "Avenue du Maréchal Foch",
               "Place de la Bastille", "Chemin des Dames", "Rue du Mal", "Allée des Mal-Aimés"],
        "es": ["Calle Mayor", "Avenida de América", "Plaza de España", "Puente de Segovia", "Paseo del Prado"],
        "it": ["Piazza Navona", "Via Roma", "Viale Monza", "Corso Vittorio Emanuele II"],
        "nl": ["Kerkstraat", "Dorpslaan", "Keizersgracht", "Museumplein", "Strandweg"],
        "pt": ["Rua Augusta", "Avenida da Liberdade", "Praça do Comércio", "Rua São João"],
        "pl": ["ulica Marszałkowska", "Aleje Jerozolimskie", "Plac Zamkowy", "Ulrychowska"],
        "sv": ["Drottninggatan", "Kungsgatan", "Sankt Eriksgatan", "Berg", "Storvägen"],
        "da": ["Gammel Kongevej", "Strøget", "Vesterbrogade", "Kongens Nytorv"],
        "nb": ["Karl Johans gate", "Kirkeveien", "Storgata", "Slottsplassen"],
        "fi": ["Mannerheimintie", "Aleksanterinkatu", "Pohjoisesplanadi", "Tie"],
        "cs": ["Václavské náměstí", "Národní třída", "Ulice"],
        "tr": ["İstiklal Caddesi", "Bağdat Caddesi", "Cadde", "Sokak"],
        "ru": ["улица Ленина", "Невский проспект", "Улица", "Пловдивская"],
    ]

    func test_everyFileInTheFolder_parsesWithItsOwnLanguageAndEntries() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(Set(files.map { String($0.dropLast(5)) }).isSuperset(of: Self.languages), true, "missing: \(files)")
        var counts: [String] = []
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(file)))
            do {
                let t = try Abbreviations.parse(bytes, name: file)
                XCTAssertEqual(t.language + ".json", file)
                XCTAssertGreaterThanOrEqual(t.entries.count, 5, file)
                XCTAssertGreaterThanOrEqual(t.refs.count, 1, file)
                counts.append("\(t.language) \(t.entries.count)+\(t.refs.count)")
            } catch {
                XCTFail("\(file): \(error)")
            }
        }
        print("abbreviation tables (words+refs): \(counts.joined(separator: ", "))")
    }

    func test_tableCases_expandAsLocalsSayThem() throws {
        var perLanguage: [String: Int] = [:]
        for c in Self.cases {
            let t = try table(c.language)
            XCTAssertEqual(Abbreviations.expandForSpeech(c.written, language: t, region: c.region), c.spoken,
                           "\(c.language) \(c.region ?? "-"): \(c.written)")
            perLanguage[c.language, default: 0] += 1
        }
        for language in Self.languages { XCTAssertGreaterThanOrEqual(perLanguage[language] ?? 0, 5, language) }
        for language in ["en", "de", "fr"] { XCTAssertGreaterThanOrEqual(perLanguage[language] ?? 0, 10, language) }
        print("abbreviation cases per language: \(perLanguage.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
    }

    func test_namesWithoutAbbreviations_areLeftAlone() throws {
        for (language, names) in Self.unchanged {
            let t = try table(language)
            for name in names + ["Main  Street", "  ", "", "Route 66"] {
                XCTAssertEqual(Abbreviations.expandForSpeech(name, language: t), name, "\(language): \(name)")
            }
        }
    }

    func test_fullNamesOfEveryLanguage_areLeftAloneByEveryTable() throws {
        let names = Self.unchanged.values.flatMap { $0 }
        var touched: [String] = []
        for language in Self.languages {
            let t = try table(language)
            for name in names where Abbreviations.expandForSpeech(name, language: t) != name {
                touched.append("\(language): \(name) → \(Abbreviations.expandForSpeech(name, language: t))")
            }
        }
        XCTAssertEqual(touched, [])
    }

    func test_expandingTwice_equalsExpandingOnce() throws {
        var checked = 0
        for c in Self.cases {
            let t = try table(c.language)
            let once = Abbreviations.expandForSpeech(c.written, language: t, region: c.region)
            XCTAssertEqual(Abbreviations.expandForSpeech(once, language: t, region: c.region), once, "\(c.language): \(c.written)")
            checked += 1
        }
        for language in Self.languages {
            let t = try table(language)
            for entry in t.entries {
                let sample: String
                switch entry.position {
                case .suffix: sample = "Abcd" + entry.abbreviation
                case .prefix: sample = entry.abbreviation + "Name"
                case .beforeName: sample = entry.abbreviation + " Name Word"
                case .beforeNumber: sample = entry.abbreviation + " 12"
                case .afterNumber: sample = "Name 12 " + entry.abbreviation
                case .first: sample = entry.abbreviation + " Name"
                case .last, .anywhere: sample = "Name " + entry.abbreviation
                case .trailing: sample = "Name Word " + entry.abbreviation
                }
                let once = Abbreviations.expandForSpeech(sample, language: t)
                XCTAssertNotEqual(once, sample, "\(language): \(entry.abbreviation) at \(entry.position) never applies")
                XCTAssertEqual(Abbreviations.expandForSpeech(once, language: t), once, "\(language): \(sample)")
                checked += 1
            }
        }
        print("idempotence checked on \(checked) names")
    }

    func test_gluedAbbreviationsWithoutOneReading_areLeftAlone() throws {
        XCTAssertEqual(Abbreviations.expandForSpeech("Storgt.", language: try table("nb")), "Storgt.", "gata or gaten")
        XCTAssertEqual(Abbreviations.expandForSpeech("v.d. Helstraat", language: try table("nl")), "v.d. Helstraat", "van de/der/den")
        XCTAssertEqual(Abbreviations.expandForSpeech("S. Maria", language: try table("it")), "S. Maria", "San/Santa/Sant'")
        XCTAssertEqual(Abbreviations.expandForSpeech("пр. Мира", language: try table("ru")), "пр. Мира", "проспект or проезд")
    }

    func test_caseFollowsTheWrittenWord() throws {
        let en = try table("en")
        XCTAssertEqual(Abbreviations.expandForSpeech("MAIN ST", language: en), "MAIN STREET")
        XCTAssertEqual(Abbreviations.expandForSpeech("Main st", language: en), "Main street")
        XCTAssertEqual(Abbreviations.expandForSpeech("NE Glisan St", language: en), "Northeast Glisan Street")
        XCTAssertEqual(Abbreviations.expandForSpeech("n Main", language: en), "n Main", "single-letter directions are case-sensitive")
        let fr = try table("fr")
        XCTAssertEqual(Abbreviations.expandForSpeech("Rue de N.-D.", language: fr), "Rue de Notre-Dame")
    }

    func test_punctuationAroundWords_isKept() throws {
        let en = try table("en")
        XCTAssertEqual(Abbreviations.expandForSpeech("Mary St, Main St", language: en), "Mary Street, Main Street")
        XCTAssertEqual(Abbreviations.expandForSpeech("(Old Rd)", language: en), "(Old Road)")
    }

    // MARK: - Bad files

    private func rejection(_ json: String, file: String = "xx.json") -> InputError? {
        do {
            _ = try Abbreviations.parse(Array(json.utf8), name: file)
            return nil
        } catch {
            return error
        }
    }

    private func assertRejected(_ json: String, at location: String, saying words: String, line: UInt = #line) {
        guard let e = rejection(json) else { return XCTFail("accepted: \(json)", line: line) }
        XCTAssertEqual(e.location, location, "\(e)", line: line)
        XCTAssertEqual(e.file, "xx.json", line: line)
        XCTAssertTrue(e.message.contains(words), "\(e.message)", line: line)
    }

    private func file(words: String = "[]", refs: String = "[]", extra: String = "") -> String {
        #"{"$comment": "test", "language": "en", "words": \#(words), "refs": \#(refs)\#(extra)}"#
    }

    func test_badFiles_areRejectedWithTheirKeyPath() {
        let good = #"{"abbreviation": "St", "expansion": "Street", "position": "last"}"#
        XCTAssertNil(rejection(file(words: "[\(good)]", refs: #"[{"letters": "A", "spoken": "A", "regions": ["DE"]}]"#)))
        assertRejected(file(extra: #", "colour": 1"#), at: "colour", saying: "unknown key")
        assertRejected(file(words: "[\(good), {\"abbrev\": \"Rd\"}]"), at: "words[1].abbrev", saying: "unknown key")
        assertRejected(file(words: #"[{"abbreviation": "Rd", "expansion": "Road", "position": "end"}]"#), at: "words[0].position", saying: "unknown position")
        assertRejected(file(words: #"[{"abbreviation": "Rd", "position": "last"}]"#), at: "words[0].expansion", saying: "missing")
        assertRejected(file(words: #"[{"abbreviation": "Rd", "expansion": "Road", "position": "last", "caseSensitive": "yes"}]"#),
                       at: "words[0].caseSensitive", saying: "boolean")
        assertRejected(file(words: #"[{"abbreviation": "R d", "expansion": "Road", "position": "last"}]"#), at: "words[0].abbreviation", saying: "one word")
        assertRejected(file(words: #"[{"abbreviation": "Rd", "expansion": " Road", "position": "last"}]"#), at: "words[0].expansion", saying: "spaces")
        assertRejected(file(words: "[\(good), \(good)]"), at: "words[1]", saying: "duplicate")
        assertRejected(file(words: #"{"St": "Street"}"#), at: "words", saying: "expected an array")
        assertRejected(file(refs: #"[{"letters": "A1", "spoken": "A"}]"#), at: "refs[0].letters", saying: "letters only")
        assertRejected(file(refs: #"[{"letters": "I", "spoken": "Interstate", "regions": ["us"]}]"#), at: "refs[0].regions[0]", saying: "region")
        assertRejected(file(refs: #"[{"letters": "I"}]"#), at: "refs[0].spoken", saying: "missing")
        assertRejected(#"{"language": "en", "words": []}"#, at: "$comment", saying: "missing")
        assertRejected(#"{"$comment": "x", "words": []}"#, at: "language", saying: "missing")
        assertRejected(#"{"$comment": "x", "language": "EN"}"#, at: "language", saying: "language code")
        assertRejected(#"{"$comment": 3, "language": "en"}"#, at: "$comment", saying: "expected a string")
        assertRejected(#"{"$comment": "x", "language": "en", "words": [}"#, at: "line 1, column 47", saying: "invalid JSON")
    }
}
