import Foundation
@testable import RouteCueCore
import TestSupport
import XCTest

/// Phrase packs (`config/phrases/*.json`, docs/phrase-packs.md): the strict parser, the template rules, every
/// template of every pack, and en-US against `PlainEnglishPhrases`.
final class PhrasePackTests: XCTestCase {
    private typealias S = PhrasePackSamples

    private func enUSBytes() throws -> String {
        try String(contentsOf: S.folder.appendingPathComponent("en-US.json"), encoding: .utf8)
    }

    /// The error of parsing en-US.json with `original` replaced by `replacement`.
    private func errorOf(replacing original: String, with replacement: String,
                         file: StaticString = #filePath, line: UInt = #line) throws -> InputError? {
        let text = try enUSBytes()
        XCTAssertTrue(text.contains(original), "en-US.json has no \(original)", file: file, line: line)
        do {
            _ = try PhrasePack.parse(Array(text.replacingOccurrences(of: original, with: replacement).utf8), name: "en-US.json")
            return nil
        } catch {
            return error
        }
    }

    // MARK: Parser

    func test_everyPackFile_parses_withItsLanguageAndVoice() throws {
        let tags = try S.tags()
        XCTAssertTrue(tags.contains("en-US"), "\(tags)")
        for tag in tags {
            let pack = try S.pack(tag)
            XCTAssertEqual(pack.language.description, tag)
            XCTAssertFalse(pack.voice.isEmpty)
        }
        print("phrase packs: \(tags.joined(separator: ", "))")
    }

    func test_parser_rejectsUnknownKeys_namingTheKeyPath() throws {
        XCTAssertEqual(try errorOf(replacing: "\"decimal\": \".\",", with: "\"decimal\": \".\", \"colour\": 1,")?.location, "colour")
        XCTAssertEqual(try errorOf(replacing: "\"turn\": {", with: "\"turn\": { \"leftish\": \"x\",")?.location, "maneuvers.turn.leftish")
        XCTAssertEqual(try errorOf(replacing: "\"tunnel\": \"tunnel [in", with: "\"tunel\": \"tunnel [in")?.location, "warnings.tunel")
        XCTAssertEqual(try errorOf(replacing: "\"one\": \"{n} meter\",", with: "\"few\": \"{n} meter\",")?.location,
                       "distances.default.metre.few")
        let error = try errorOf(replacing: "\"one\": \"{n} meter\",", with: "")
        XCTAssertEqual(error?.location, "distances.default.metre.one")
        XCTAssertEqual(error?.file, "en-US.json")
    }

    func test_parser_rejectsMissingAndBadValues() throws {
        XCTAssertEqual(try errorOf(replacing: "\"ferry\": { \"default\": \"take the ferry[ {now}][ toward {destination}]\" },", with: "")?.location,
                       "maneuvers.ferry")
        XCTAssertEqual(try errorOf(replacing: "\"units\": \"imperial_us\"", with: "\"units\": \"furlongs\"")?.location, "units")
        XCTAssertEqual(try errorOf(replacing: "\"plural_rule\": \"one_other\"", with: "\"plural_rule\": \"dual\"")?.location, "plural_rule")
        XCTAssertEqual(try errorOf(replacing: "\"language\": \"en-US\"", with: "\"language\": \"en-US-x-y\"")?.location, "language")
        XCTAssertEqual(try errorOf(replacing: "\"decimal\": \".\"", with: "\"decimal\": \"·\"")?.location, "decimal")
        XCTAssertEqual(try errorOf(replacing: "\"eighth\", \"ninth\", \"tenth\"", with: "\"eighth\", \"ninth\"")?.location, "ordinals.default.words")
        XCTAssertEqual(try errorOf(replacing: "\"tenth\"]", with: "\"tenth\", \"{n}\"]")?.location, "ordinals.default.words[10]")
        XCTAssertEqual(try errorOf(replacing: "\"gps_lost\": \"GPS signal lost\",", with: "")?.location, "sentences.gps_lost")
        XCTAssertEqual(try errorOf(replacing: "\"and\": \"and\", ", with: "")?.location, "words.and")
    }

    func test_parser_rejectsBadTemplates_namingTheKeyPath() throws {
        let cases: [(String, String, String, String)] = [
            ("\"action\": \"{clause}\"", "\"action\": \"{clause\"", "sentences.action", "never closed"),
            ("\"action\": \"{clause}\"", "\"action\": \"[{clause}\"", "sentences.action", "never closed"),
            ("\"action\": \"{clause}\"", "\"action\": \"{clause}]\"", "sentences.action", "without `[`"),
            ("\"action\": \"{clause}\"", "\"action\": \"{clause}|now\"", "sentences.action", "outside"),
            ("\"action\": \"{clause}\"", "\"action\": \"{Clause}\"", "sentences.action", "not {name}"),
            ("\"continue\": \"continue for {distance}\"", "\"continue\": \"continue for {distance} on {road}\"", "sentences.continue", "unknown value {road}"),
            ("\"continue\": \"continue for {distance}\"", "\"continue\": \"continue for {distance:dative}\"", "sentences.continue", "form \"dative\""),
            ("\"continue\": \"continue for {distance}\"", "\"continue\": \"continue for {distance}{clause}\"", "sentences.continue", "unknown value {clause}"),
            ("take the ferry[ {now}][ toward {destination}]", "take the ferry[ {now}] toward {destination}", "maneuvers.ferry.default", "optional"),
            ("\"recalculating\": \"recalculating\"", "\"recalculating\": \"recalculating {now}\"", "sentences.recalculating", "unknown value"),
            ("\"yield\": \"at the next yield sign\"", "\"yield\": \"at the next {road}\"", "landmarks.yield", "without"),
            ("\"default\": \"merge[ {modifier:side}]", "\"default\": \"merge[ {modifier:sides}]", "maneuvers.merge.default", "form \"sides\""),
            ("\"default\": \"merge[ {modifier:side}]", "\"default\": \"merge[ {road:side}]", "maneuvers.merge.default", "no grammatical forms"),
        ]
        for (original, replacement, location, message) in cases {
            let error = try errorOf(replacing: original, with: replacement)
            XCTAssertEqual(error?.location, location, replacement)
            XCTAssertTrue(error?.message.contains(message) ?? false, "\(replacement): \(String(describing: error))")
        }
    }

    func test_comments_areAllowedInEveryObject() throws {
        var text = try enUSBytes()
        for key in ["\"distances\": {", "\"metre\": {", "\"special\": {", "\"words\": {", "\"turn\": {", "\"arrive\": {",
                    "\"ahead\": {", "\"sentences\": {", "\"warnings\": {", "\"landmarks\": {", "\"side\": {", "\"other\": {",
                    "\"directions\": {"] {
            XCTAssertTrue(text.contains(key), key)
            text = text.replacingOccurrences(of: key, with: "\(key) \"$comment\": \"why\",")
        }
        text = text.replacingOccurrences(of: "\"straight\": { \"clause\":", with: "\"straight\": { \"$comment\": [\"a\", \"b\"], \"clause\":")
        XCTAssertNoThrow(try PhrasePack.parse(Array(text.utf8), name: "en-US.json"))
        let bad = text.replacingOccurrences(of: "\"sentences\": { \"$comment\": \"why\",", with: "\"sentences\": { \"$comment\": 3,")
        XCTAssertEqual((try? PhrasePack.parse(Array(bad.utf8), name: "x")) == nil, true)
    }

    // MARK: Template rules

    private func fill(_ source: String, _ values: [String: String], route: Set<String> = []) -> (String, [String]) {
        guard case .success(let template) = PhraseTemplateParser.parse(source) else { XCTFail("bad template \(source)"); return ("", []) }
        var missing: [String] = []
        let text = PhraseTemplateRenderer { name, form in
            let key = form.map { "\(name):\($0)" } ?? name
            return values[key].map { route.contains(name) ? .routeData($0) : .literal($0) }
        }.render(template, missing: &missing)
        return (text.plainText(), missing)
    }

    func test_templates_fillValues_dropGroups_andPickTheFirstCompleteAlternative() {
        XCTAssertEqual(fill("turn {m}[ onto {road}]", ["m": "left", "road": "Main Street"]).0, "turn left onto Main Street")
        XCTAssertEqual(fill("turn {m}[ onto {road}]", ["m": "left"]).0, "turn left")
        XCTAssertEqual(fill("[continue onto {road}|continue straight][ toward {d}]", ["d": "Basel"]).0, "continue straight toward Basel")
        XCTAssertEqual(fill("[continue onto {road}|continue straight]", ["road": "A 1"]).0, "continue onto A 1")
        XCTAssertEqual(fill("at [{rotary}|the roundabout], go", [:]).0, "at the roundabout, go")
        XCTAssertEqual(fill("[at [{r}|the roundabout], take the {o} exit|enter [{r}|it]]", ["r": "Étoile"]).0, "enter Étoile")
        XCTAssertEqual(fill("[a {x}[ b {y}]]", ["x": "1"]).0, "a 1")
        XCTAssertEqual(fill("in {distance:dative}", ["distance:dative": "300 Metern"]).0, "in 300 Metern")
        let (text, missing) = fill("turn {m} now", [:])
        XCTAssertEqual(text, "turn  now")
        XCTAssertEqual(missing, ["m"])
    }

    func test_routeData_entersAsRouteDataSegments_andWordingAsLiterals() throws {
        let pack = try S.pack("en-US")
        let m = S.maneuver(.turn, .left, road: "<audio src=\"x\"/> & [[h@l'oU]]", destinations: "Basel, Bern")
        let text = pack.render(CuePhraseRequest(subject: .maneuver(m, stage: .distance, distance: metres(300), then: nil, landmark: nil)),
                               units: .metric)
        XCTAssertEqual(text.segments, [.literal("In 300 meters, turn left onto "), .routeData("<audio src=\"x\"/> & [[h@l'oU]]", phonetic: nil),
                                       .literal(" toward "), .routeData("Basel", phonetic: nil), .literal(" and "),
                                       .routeData("Bern", phonetic: nil)])
        XCTAssertFalse(text.ssml(voiceLanguage: "en-us").contains("<audio"))
    }

    func test_abbreviations_areExpanded_whenTheTableIsGiven() throws {
        let pack = try S.pack("en-US")
        let url = S.folder.appendingPathComponent("abbreviations/en.json")
        let table = try Abbreviations.parse([UInt8](try Data(contentsOf: url)), name: "en.json")
        let request = CuePhraseRequest(subject: .maneuver(S.maneuver(.turn, .right, road: "Mary St"), stage: .action, distance: nil,
                                                          then: nil, landmark: nil))
        XCTAssertEqual(pack.text(for: request, units: .imperialUS), "Turn right now onto Mary St")
        XCTAssertEqual(pack.text(for: request, units: .imperialUS, abbreviations: table), "Turn right now onto Mary Street")
    }

    func test_namesInAScriptTheVoiceCannotSay_areLeftOut() throws {
        let de = try S.pack("de-DE")
        XCTAssertEqual(de.scripts, ["Latn"])
        let request = { (road: String, destinations: String) in
            CuePhraseRequest(subject: .maneuver(S.maneuver(.turn, .left, road: road, destinations: destinations), stage: .distance,
                                                distance: metres(300), then: nil, landmark: nil))
        }
        XCTAssertEqual(de.text(for: request("улица Ленина", "Москва, Köln, Bonn"), units: .metric),
                       "In 300 Metern links abbiegen Richtung Köln und Bonn")
        XCTAssertEqual(de.text(for: request("東京通り", "東京"), units: .metric), "In 300 Metern links abbiegen")
        XCTAssertEqual(de.text(for: request("Łódzka Straße", "Ørsted, Škoda-Allee"), units: .metric),
                       "In 300 Metern links abbiegen auf Łódzka Straße Richtung Ørsted und Škoda-Allee")
        XCTAssertEqual(de.text(for: CuePhraseRequest(subject: .destinationReached(name: "Αθήνα")), units: .metric), "Sie haben Ihr Ziel erreicht")
        XCTAssertEqual(try errorOf(replacing: "\"decimal\": \".\",", with: "\"decimal\": \".\", \"scripts\": [\"Klingon\"],")?.location, "scripts[0]")
    }

    func test_pluralRules_followCLDR() {
        XCTAssertEqual(["0", "1", "1.5", "2"].map(PluralRule.oneOther.category), ["other", "one", "other", "other"])
        XCTAssertEqual(["0", "1", "1.5", "2"].map(PluralRule.french.category), ["one", "one", "one", "other"])
        XCTAssertEqual(["1", "2", "5", "11", "21", "22", "1.5"].map(PluralRule.eastSlavic.category),
                       ["one", "few", "many", "many", "one", "few", "other"])
        XCTAssertEqual(["1", "2", "5", "12", "22", "21", "1.5"].map(PluralRule.polish.category),
                       ["one", "few", "many", "many", "few", "many", "other"])
        XCTAssertEqual(["1", "3", "5", "1.5"].map(PluralRule.czech.category), ["one", "few", "other", "many"])
        XCTAssertEqual(["1", "2"].map(PluralRule.none.category), ["other", "other"])
    }

    func test_capitalization_followsTheLanguage() {
        XCTAssertEqual(FirstLetterCapitalizer.capitalize("izmir yolu", language: "tr"), "İzmir yolu")
        XCTAssertEqual(FirstLetterCapitalizer.capitalize("ijsselmeer", language: "nl"), "IJsselmeer")
        XCTAssertEqual(FirstLetterCapitalizer.capitalize("über", language: "de"), "Über")
        XCTAssertEqual(FirstLetterCapitalizer.capitalize("in 300 m", language: "en"), "In 300 m")
        let routeFirst = SpokenText([.routeData("de Gaulle", phonetic: nil), .literal(" ahead")])
        XCTAssertEqual(FirstLetterCapitalizer.capitalize(routeFirst, language: "fr"), routeFirst)
    }

    func test_ordinals_useWordsThenDigitEndings() throws {
        let pack = try S.pack("en-US")
        XCTAssertEqual([1, 3, 10, 11, 12, 13, 21, 22, 23, 101, 111].map { pack.ordinalWords($0, form: "default") ?? "-" },
                       ["first", "third", "tenth", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"])
        XCTAssertNil(pack.ordinalWords(0, form: "default"))
    }

    func test_decimalSeparator_andSpecialValues() throws {
        for tag in try S.tags() {
            let pack = try S.pack(tag)
            let words = pack.distanceWords(km(1.5), form: "default", units: .metric) ?? ""
            XCTAssertTrue(words.contains("1\(pack.decimal)5"), "\(tag): \(words)")
            XCTAssertFalse(words.contains(pack.decimal == "," ? "." : ","), "\(tag): \(words)")
        }
        let en = try S.pack("en-US")
        XCTAssertEqual(en.distanceWords(miles(0.25), form: "default", units: .imperialUS), "a quarter mile")
        XCTAssertEqual(en.distanceWords(miles(0.25), form: "default", units: .imperialUK), "a quarter of a mile")
        XCTAssertEqual(en.distanceWords(miles(1), form: "default", units: .imperialUK), "1 mile")
    }

    // MARK: German and French as said in a car

    func test_german_readsAsGermanNavigationSpeaks() throws {
        let de = try S.pack("de-DE")
        XCTAssertEqual(de.say(S.maneuver(.turn, .left), .distance, metres(300)), "In 300 Metern links abbiegen")
        XCTAssertEqual(de.say(S.maneuver(.turn, .left), .action), "Jetzt links abbiegen")
        XCTAssertEqual(de.say(S.maneuver(.turn, .slightRight, road: "Hauptstraße"), .range, km(1.5)),
                       "In 1,5 Kilometern leicht rechts abbiegen auf Hauptstraße")
        XCTAssertEqual(de.say(S.maneuver(.turn, .left), .range, km(1)), "In einem Kilometer links abbiegen")
        XCTAssertEqual(de.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "In 200 Metern im Kreisverkehr die dritte Ausfahrt nehmen")
        XCTAssertEqual(de.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "Bahnhofstraße")),
                       "In 300 Metern links abbiegen, dann rechts abbiegen auf Bahnhofstraße")
        XCTAssertEqual(de.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.arrive)),
                       "In 300 Metern links abbiegen, dann erreichen Sie Ihr Ziel")
        XCTAssertEqual(de.say(S.maneuver(.arrive, .right), .distance, metres(100)), "In 100 Metern erreichen Sie Ihr Ziel auf der rechten Seite")
        XCTAssertEqual(de.say(S.maneuver(.arrive, .right), .action), "Ihr Ziel befindet sich auf der rechten Seite")
        XCTAssertEqual(de.say(S.maneuver(.arrive), .action), "Sie haben Ihr Ziel erreicht")
        XCTAssertEqual(de.say(S.maneuver(.turn, .left), .distance, metres(100), landmark: Landmark(kind: "traffic_signals")),
                       "An der nächsten Ampel links abbiegen")
        XCTAssertEqual(de.say(S.maneuver(.offRamp, .slightRight, destinations: "Stuttgart, Karlsruhe", exits: "23"), .range, km(2)),
                       "In 2 Kilometern die Ausfahrt 23 nehmen Richtung Stuttgart und Karlsruhe")
        XCTAssertEqual(de.say(S.maneuver(.depart, road: "Hauptstraße", bearingAfter: 90), .action), "Auf Hauptstraße nach Osten fahren")
        XCTAssertEqual(de.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Dem Straßenverlauf 12 Kilometer folgen")
        XCTAssertEqual(de.text(for: CuePhraseRequest(subject: .continueFor(miles(0.5))), units: .imperialUK), "Dem Straßenverlauf eine halbe Meile folgen")
        XCTAssertEqual(de.say(S.maneuver(.uTurn), .distance, miles(0.25), units: .imperialUK), "In einer Viertelmeile wenden")
        XCTAssertEqual(de.say(.resumed(destination: "Bern")), "Weiter nach Bern")
        XCTAssertEqual(de.say(.resumed(destination: nil)), "Weiter auf der Route")
    }

    func test_shortForms_dropRouteDataAndThen_inEveryLanguage() throws {
        let turn = S.maneuver(.turn, .left, road: "Hauptstraße", destinations: "Köln")
        let next = S.maneuver(.turn, .right, road: "Bahnhofstraße")
        let expected = ["en-US": "In 300 meters, turn left", "de-DE": "In 300 Metern links abbiegen",
                        "fr-FR": "Dans 300 mètres, tournez à gauche"]
        for (tag, text) in expected {
            let pack = try S.pack(tag)
            XCTAssertEqual(pack.say(turn, .distance, metres(300), then: next, short: true), text, tag)
            XCTAssertNotEqual(pack.say(turn, .distance, metres(300), then: next), text, tag)
        }
        let de = try S.pack("de-DE")
        XCTAssertEqual(de.say(S.maneuver(.rotary, .right, exitNumber: 2, rotaryName: "Bismarckplatz"), .distance, metres(200), short: true),
                       "In 200 Metern im Kreisverkehr die zweite Ausfahrt nehmen")
        XCTAssertEqual(de.say(S.maneuver(.arrive, .left), .action, short: true), "Sie haben Ihr Ziel erreicht")
        XCTAssertEqual(de.text(for: CuePhraseRequest(subject: .destinationReached(name: "Marktplatz"), short: true), units: .metric),
                       "Sie haben Ihr Ziel erreicht")
    }

    func test_germanRoadNames_areExpandedWithTheGermanTable() throws {
        let de = try S.pack("de-DE")
        let url = S.folder.appendingPathComponent("abbreviations/de.json")
        let table = try Abbreviations.parse([UInt8](try Data(contentsOf: url)), name: "de.json")
        let request = CuePhraseRequest(subject: .maneuver(S.maneuver(.turn, .right, road: "Hauptstr."), stage: .action,
                                                          distance: nil, then: nil, landmark: nil))
        XCTAssertEqual(de.text(for: request, units: .metric, abbreviations: table), "Jetzt rechts abbiegen auf Hauptstraße")
    }

    func test_french_readsAsFrenchNavigationSpeaks() throws {
        let fr = try S.pack("fr-FR")
        XCTAssertEqual(fr.say(S.maneuver(.turn, .left), .distance, metres(300)), "Dans 300 mètres, tournez à gauche")
        XCTAssertEqual(fr.say(S.maneuver(.roundabout, .right, exitNumber: 3), .distance, metres(200)),
                       "Dans 200 mètres, au rond-point, prenez la troisième sortie")
        XCTAssertEqual(fr.say(S.maneuver(.roundabout, .right, exitNumber: 1), .action), "Maintenant, au rond-point, prenez la première sortie")
        XCTAssertEqual(fr.say(S.maneuver(.turn, .left), .distance, metres(300), then: S.maneuver(.turn, .right, road: "rue de la Paix")),
                       "Dans 300 mètres, tournez à gauche, puis tournez à droite sur rue de la Paix")
        XCTAssertEqual(fr.say(S.maneuver(.turn, .left), .range, km(1.5)), "Dans 1,5 kilomètre, tournez à gauche")
        XCTAssertEqual(fr.say(S.maneuver(.turn, .left), .range, km(2)), "Dans 2 kilomètres, tournez à gauche")
        XCTAssertEqual(fr.say(S.maneuver(.arrive, .left), .action), "Votre destination se trouve sur votre gauche")
        XCTAssertEqual(fr.say(S.maneuver(.turn, .right), .distance, metres(100), landmark: Landmark(kind: "stop_sign")),
                       "Au prochain stop, tournez à droite")
        XCTAssertEqual(fr.text(for: CuePhraseRequest(subject: .continueFor(km(12))), units: .metric), "Continuez sur 12 kilomètres")
        XCTAssertEqual(fr.text(for: CuePhraseRequest(subject: .offRoute), units: .metric), "Recalcul de l'itinéraire")
        XCTAssertEqual(fr.say(.resumed(destination: "Berne")), "Continuez vers Berne")
        XCTAssertEqual(fr.say(.resumed(destination: nil)), "Continuez à suivre l'itinéraire")
    }

    // MARK: Resumed after a power loss

    func test_resumed_isARequiredSentence_withItsNameInAGroup() throws {
        let line = "\"resumed\": \"[continuing to {name}|continuing along the route]\","
        let missing = try errorOf(replacing: line, with: "")
        XCTAssertEqual(missing?.location, "sentences.resumed")
        XCTAssertEqual(missing?.file, "en-US.json")
        XCTAssertTrue(missing?.message.contains("missing required key") ?? false, String(describing: missing))
        let ungrouped = try errorOf(replacing: line, with: "\"resumed\": \"continuing to {name}\",")
        XCTAssertEqual(ungrouped?.location, "sentences.resumed")
        XCTAssertTrue(ungrouped?.message.contains("optional") ?? false, String(describing: ungrouped))
        let unknown = try errorOf(replacing: line, with: "\"resumed\": \"continuing[ onto {road}]\",")
        XCTAssertEqual(unknown?.location, "sentences.resumed")
        XCTAssertTrue(unknown?.message.contains("unknown value {road}") ?? false, String(describing: unknown))
    }

    func test_resumed_inUSEnglish() throws {
        let en = try S.pack("en-US")
        XCTAssertEqual(en.say(.resumed(destination: "Bern")), "Continuing to Bern")
        XCTAssertEqual(en.say(.resumed(destination: nil)), "Continuing along the route")
        XCTAssertEqual(en.say(.resumed(destination: " \n ")), "Continuing along the route")
        XCTAssertEqual(en.say(.resumed(destination: "Bern"), short: true), "Continuing along the route")
        XCTAssertEqual(en.render(CuePhraseRequest(subject: .resumed(destination: "Bern", nameLanguage: "de")), units: .metric).segments,
                       [.literal("Continuing to "), .routeData("Bern", phonetic: nil, language: "de")])
        for (destination, short) in [("Bern", false), ("Bern", true)] as [(String?, Bool)] + [(nil, false)] {
            let request = CuePhraseRequest(subject: .resumed(destination: destination), short: short)
            XCTAssertEqual(en.text(for: request, units: .imperialUS), PlainEnglishPhrases.text(for: request, units: .imperialUS))
        }
    }

    func test_everyPack_saysResumed_withTheDestinationAndWithout() throws {
        for tag in try S.tags() {
            let pack = try S.pack(tag)
            let bare = pack.say(.resumed(destination: nil))
            assertClean(bare, "\(tag) resumed")
            XCTAssertEqual(pack.rendering(CuePhraseRequest(subject: .resumed(destination: nil)), units: pack.units).missingValues, [], tag)
            XCTAssertEqual(pack.say(.resumed(destination: " \n ")), bare, tag)
            // A name of the pack's language and script is said; the short form leaves it out.
            let name = S.names(for: pack.language.description).waypoint
            let named = pack.say(.resumed(destination: name))
            assertClean(named, "\(tag) resumed to \(name)")
            XCTAssertTrue(Self.contains(named, name), "\(tag): \(named)")
            XCTAssertFalse(Self.contains(bare, name), "\(tag): \(bare)")
            XCTAssertEqual(pack.say(.resumed(destination: name), short: true), bare, tag)
            // "Bern" is said by every voice that reads Latin letters, and left out by the others.
            let bern = pack.say(.resumed(destination: "Bern"))
            if pack.scripts.contains("Latn") {
                XCTAssertTrue(Self.contains(bern, "Bern"), "\(tag): \(bern)")
                assertClean(bern, "\(tag) resumed to Bern")
            } else {
                XCTAssertEqual(bern, bare, tag)
            }
            print("\(tag): \(bern) / \(named) / \(bare)")
        }
    }

    // MARK: Every template of every pack

    func test_everyPack_rendersEverySample_withNoPlaceholderLeft() throws {
        for tag in try S.tags() {
            let pack = try S.pack(tag)
            let names = S.names(for: pack.language.description)
            let samples = S.samples(names)
            let roadNames = [names.road, names.ref, "Stuttgart", "Boston", "Lyon", names.rotary]
            var count = 0
            for sample in samples {
                let rendering = pack.rendering(sample.request, units: sample.units)
                let text = rendering.text.plainText()
                count += 1
                XCTAssertEqual(rendering.missingValues, [], "\(tag) \(sample.label): \(text)")
                assertClean(text, "\(tag) \(sample.label)")
                if sample.request.short, case .maneuver(let m, _, _, _, _) = sample.request.subject, m.type != .notification {
                    for name in roadNames {
                        XCTAssertFalse(Self.contains(text, name), "\(tag) short form names a road: \(text)")
                    }
                    XCTAssertFalse(rendering.text.segments.contains { if case .routeData = $0 { true } else { false } },
                                   "\(tag) short form has route data: \(text)")
                }
            }
            print("\(tag): rendered \(count) phrases cleanly")
        }
    }

    /// Whether `text` holds `part`, byte for byte (Foundation's `contains` compares by canonical equivalence through
    /// NSString: a fifth of this file's time natively, far more under emulation, for needles that are plain ASCII
    /// or whole names).
    private static func contains(_ text: String, _ part: String) -> Bool {
        text.withCString { whole in part.withCString { strstr(whole, $0) != nil } }
    }

    private func assertClean(_ text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(text.isEmpty, context, file: file, line: line)
        for bad in ["nil", "Optional", "  ", " ,", ",,", "{", "}", "[", "]", "|"] {
            XCTAssertFalse(Self.contains(text, bad), "\(context): \(text)", file: file, line: line)
        }
        XCTAssertEqual(text, text.trimmingCharacters(in: .whitespaces), context, file: file, line: line)
        XCTAssertFalse(text.hasSuffix("."), "\(context): \(text)", file: file, line: line)
        // Scripts without case (Hangul, Han) and a leading number have no capital to check.
        XCTAssertTrue(text.first.map { $0.isUppercase || !$0.isCased } ?? false, "\(context): \(text)", file: file, line: line)
    }
}
