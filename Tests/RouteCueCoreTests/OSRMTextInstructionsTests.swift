import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// osrm-text-instructions' own suite (`test/fixtures/v5`, 31 languages) run against RouteCue's loader and
/// compiler for that format, plus the small upstream unit cases.
final class OSRMTextInstructionsTests: XCTestCase {
    private static let base = "instructions/osrm-text-instructions"

    /// Every translation with its grammar, loaded from the shared data.
    private func loadCompiler() throws -> OSRMTextCompiler {
        try SharedData.require()
        var translations: [(code: String, bytes: [UInt8])] = []
        for path in SharedData.files(under: "\(Self.base)/languages/translations", extensions: [".json"]) {
            translations.append((Self.code(of: path), try SharedData.bytes(path)))
        }
        var grammars: [(code: String, bytes: [UInt8])] = []
        for path in SharedData.files(under: "\(Self.base)/languages/grammar", extensions: [".json"]) {
            grammars.append((Self.code(of: path), try SharedData.bytes(path)))
        }
        var abbreviations: [(code: String, bytes: [UInt8])] = []
        for path in SharedData.files(under: "\(Self.base)/languages/abbreviations", extensions: [".json"]) {
            abbreviations.append((Self.code(of: path), try SharedData.bytes(path)))
        }
        return OSRMTextCompiler(languages: try OSRMTextLanguageSet(translations: translations, grammars: grammars,
                                                                   abbreviations: abbreviations))
    }

    private static func code(of path: String) -> String {
        String(path.split(separator: "/").last!.dropLast(".json".count))
    }

    // MARK: The fixture suite

    /// One expected string of one fixture in one language.
    private struct Outcome {
        /// `compiled step`, `phrase` or `template lookup`.
        var kind: String
        var fixture: String
        var language: String
        var expected: String
        var got: String
    }

    func test_fixtures_reproduceTheExpectedStringsInEveryLanguage() throws {
        let compiler = try loadCompiler()
        XCTAssertEqual(compiler.languages.codes.count, 31, "31 translations in the shared data")
        let files = SharedData.files(under: "\(Self.base)/test/fixtures/v5", extensions: [".json"])
        XCTAssertGreaterThanOrEqual(files.count, 764)

        var outcomes: [Outcome] = []
        for path in files {
            let name = path.replacingOccurrences(of: "\(Self.base)/test/fixtures/v5/", with: "")
            let root = JSONNode(try JSONParser.parse(try SharedData.bytes(path)))
            outcomes += try run(fixture: name, root: root, compiler: compiler)
        }

        var perLanguage: [String: (pass: Int, total: Int)] = [:]
        for outcome in outcomes {
            var entry = perLanguage[outcome.language] ?? (0, 0)
            entry.total += 1
            if outcome.got == outcome.expected { entry.pass += 1 }
            perLanguage[outcome.language] = entry
        }
        let failures = outcomes.filter { $0.got != $0.expected }
        let passed = outcomes.count - failures.count
        print("osrm-text-instructions fixtures: \(files.count) files, \(outcomes.count) expected strings in \(perLanguage.count) languages")
        for code in perLanguage.keys.sorted() {
            let entry = perLanguage[code]!
            print("  \(code.padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.pass)/\(entry.total) = \(Self.percent(entry.pass, entry.total))")
        }
        print("  overall  \(passed)/\(outcomes.count) = \(Self.percent(passed, outcomes.count))")
        for kind in ["compiled step", "phrase", "template lookup"] {
            let ofKind = outcomes.filter { $0.kind == kind }
            let fixtures = Set(ofKind.map(\.fixture)).count
            let pass = ofKind.filter { $0.got == $0.expected }.count
            print("  by kind: \(kind): \(fixtures) fixtures, \(pass)/\(ofKind.count) = \(Self.percent(pass, ofKind.count))")
        }
        print("Remaining failures: \(failures.count)")
        for failure in failures {
            print("  \(failure.fixture) [\(failure.language)]: expected \"\(failure.expected)\", got \"\(failure.got)\"; reason: \(Self.reason(for: failure))")
        }

        XCTAssertEqual(perLanguage.count, 31)
        for (code, entry) in perLanguage {
            XCTAssertGreaterThanOrEqual(Double(entry.pass) / Double(entry.total), 0.99, "pass rate of \(code)")
        }
        XCTAssertGreaterThanOrEqual(Double(passed) / Double(outcomes.count), 0.99)
    }

    /// Runs one fixture in every language it lists. Three kinds, as upstream writes them: `step` (+ `options`)
    /// compiled, `phrases` (a `phrase` template filled with `options`), and bare `instructions` that are the
    /// arrive templates themselves (`arrive_upcoming`, `arrive_short`, `arrive_short_upcoming`).
    private func run(fixture: String, root: JSONNode, compiler: OSRMTextCompiler) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        if let phrases = root["phrases"] {
            let key = String(fixture.split(separator: "/").last!.dropLast(".json".count)).replacingOccurrences(of: "_", with: " ")
            var tokens: [String: String] = [:]
            for (tag, value) in try root.require("options").object().pairs { tokens[tag] = Self.javaScriptString(value) }
            for (code, expected) in try phrases.object().pairs {
                let got: String
                do { got = try compiler.phrase(key, language: code, tokens: tokens) } catch { got = "ERROR \(error)" }
                outcomes.append(Outcome(kind: "phrase", fixture: fixture, language: code, expected: try JSONNode(expected).string(), got: got))
            }
        } else if let stepNode = root["step"] {
            let step = try OSRMTextStep(node: stepNode)
            let options = try root["options"].map { node throws(InputError) in try OSRMTextOptions(node: node) } ?? OSRMTextOptions()
            for (code, expected) in try root.require("instructions").object().pairs {
                let got: String
                do { got = try compiler.compile(step, language: code, options: options) } catch { got = "ERROR \(error)" }
                outcomes.append(Outcome(kind: "compiled step", fixture: fixture, language: code, expected: try JSONNode(expected).string(), got: got))
            }
        } else {
            let parts = fixture.dropLast(".json".count).split(separator: "/").map(String.init)
            let variant = ["arrive_upcoming": "upcoming", "arrive_short": "short", "arrive_short_upcoming": "short-upcoming"][parts[0]]
            let variantName = try XCTUnwrap(variant, "unknown template fixture folder \(parts[0])")
            let modifier = parts[1] == "no_modifier" ? "default" : parts[1].replacingOccurrences(of: "_", with: " ")
            for (code, expected) in try root.require("instructions").object().pairs {
                let got = compiler.languages[code]?.templates.string(at: ["arrive", modifier, variantName]) ?? "MISSING"
                outcomes.append(Outcome(kind: "template lookup", fixture: fixture, language: code, expected: try JSONNode(expected).string(), got: got))
            }
        }
        return outcomes
    }

    /// A JSON option value as JavaScript turns it into text (`123`, not `123.0`).
    private static func javaScriptString(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): flag ? "true" : "false"
        default: "\(value)"
        }
    }

    private static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "n/a" : String(format: "%.1f %%", 100 * Double(part) / Double(whole))
    }

    /// Why a string differs, for the failure list.
    private static func reason(for failure: Outcome) -> String {
        if failure.got.hasPrefix("ERROR") { return "the compiler refused the step" }
        if failure.got.lowercased() == failure.expected.lowercased() { return "differs only in letter case" }
        return "unexplained difference"
    }

    // MARK: Upstream unit cases

    func test_directionFromDegree_matchesUpstreamBoundaries() {
        let table: [(Double, String)] = [
            (0, "north"), (1, "north"), (20, "north"), (21, "northeast"), (69, "northeast"), (70, "east"),
            (109, "east"), (110, "east"), (111, "southeast"), (159, "southeast"), (160, "south"), (200, "south"),
            (201, "southwest"), (249, "southwest"), (250, "west"), (290, "west"), (291, "northwest"),
            (339, "northwest"), (340, "north"), (360, "north"),
        ]
        for (degrees, expected) in table {
            XCTAssertEqual(OSRMTextConstants.directionKey(degrees: degrees), expected, "\(degrees)°")
        }
        XCTAssertNil(OSRMTextConstants.directionKey(degrees: 361))
        XCTAssertNil(OSRMTextConstants.directionKey(degrees: -1))
    }

    func test_laneDiagram_contractsRunsOfEqualLanes() {
        XCTAssertEqual(OSRMTextConstants.laneDiagram([true, true, true]), "o")
        XCTAssertEqual(OSRMTextConstants.laneDiagram([true, true, false]), "ox")
        XCTAssertEqual(OSRMTextConstants.laneDiagram([true, true, false, false]), "ox")
        XCTAssertEqual(OSRMTextConstants.laneDiagram([true, false, true]), "oxo")
        XCTAssertEqual(OSRMTextConstants.laneDiagram([false, true, true, false]), "xox")
        XCTAssertEqual(OSRMTextConstants.laneDiagram([false, true, false, true, false]), "xoxox")
        XCTAssertEqual(OSRMTextConstants.laneDiagram([false, false, false]), "x")
    }

    func test_grammarRule_replacesLikeJavaScript() throws {
        let once = try OSRMTextGrammarRule(pattern: "a(b)?", replacement: "[$1|$&|$$|$9]", flags: "")
        XCTAssertEqual(once.apply(to: "xaab"), "x[|a|$|$9]ab", "first match only; unmatched group is empty; $9 without a group stays")
        let all = try OSRMTextGrammarRule(pattern: "A(b)", replacement: "<$1>", flags: "gi")
        XCTAssertEqual(all.apply(to: "ab AB ab"), "<b> <B> <b>")
        let cyrillic = try OSRMTextGrammarRule(pattern: "^ (\\S+)ая [Уу]лица ", replacement: " $1ую улицу ", flags: "")
        XCTAssertEqual(cyrillic.apply(to: " Большая улица "), " Большую улицу ")
        XCTAssertThrowsError(try OSRMTextGrammarRule(pattern: "(", replacement: "", flags: ""))
        XCTAssertThrowsError(try OSRMTextGrammarRule(pattern: "a", replacement: "", flags: "y"))
    }

    func test_russianGrammar_putsStreetNamesInTheAccusative() throws {
        let compiler = try loadCompiler()
        var step = OSRMTextStep(type: "turn", modifier: "left")
        step.name = "Большая Монетная улица"
        XCTAssertEqual(try compiler.compile(step, language: "ru"), "Поверните налево на Большую Монетную улицу")
        step.type = "continue"
        step.modifier = "straight"
        let text = try compiler.compile(step, language: "ru")
        XCTAssertTrue(text.hasSuffix("Большой Монетной улице"), text)
    }

    func test_tokens_unknownStayAndLeadingValueIsCapitalized() throws {
        let compiler = try loadCompiler()
        let en = try XCTUnwrap(compiler.languages["en"])
        XCTAssertEqual(OSRMTextTokenizer.fill("{name} and {unknown}", tokens: ["name": "wall street"], language: en),
                       "Wall street and {unknown}")
        XCTAssertEqual(OSRMTextTokenizer.fill("go {a} now", tokens: ["a": ""], language: en), "Go now")
        XCTAssertEqual(OSRMTextTokenizer.fill("go {a}  now", tokens: ["a": ""], language: en), "Go  now", "pairs are halved once, as upstream")
        let tr = try XCTUnwrap(compiler.languages["tr"])
        XCTAssertEqual(OSRMTextTokenizer.fill("{a}", tokens: ["a": "istanbul"], language: tr), "İstanbul")
    }

    func test_abbreviations_shortenNamesOnlyWhenAsked() throws {
        let compiler = try loadCompiler()
        var step = OSRMTextStep(type: "turn", modifier: "left")
        step.name = "Saint Mary Street"
        XCTAssertEqual(try compiler.compile(step, language: "en"), "Turn left onto Saint Mary Street")
        let short = OSRMTextOptions(abbreviatesNames: true)
        XCTAssertEqual(try compiler.compile(step, language: "en", options: short), "Turn left onto St Mary St")
        step.name = "Centre Hospitalier Régional"
        XCTAssertEqual(try compiler.compile(step, language: "fr", options: short), "Tourner à gauche sur CHR",
                       "several words as one entry")
        XCTAssertNotNil(compiler.languages["es-ES"]?.abbreviations, "es serves es-ES")
        XCTAssertNil(compiler.languages["ja"]?.abbreviations)
        XCTAssertEqual(try compiler.compile(step, language: "ja", options: short), try compiler.compile(step, language: "ja"))
    }

    func test_badSteps_areRefusedWithALocation() throws {
        let compiler = try loadCompiler()
        XCTAssertThrowsError(try compiler.compile(OSRMTextStep(type: "turn"), language: "en")) { error in
            XCTAssertEqual((error as? InputError)?.location, "step.maneuver.modifier")
        }
        XCTAssertThrowsError(try compiler.compile(OSRMTextStep(type: "use lane", modifier: "straight"), language: "en"))
        var depart = OSRMTextStep(type: "depart")
        depart.bearingAfter = 400
        XCTAssertThrowsError(try compiler.compile(depart, language: "en"))
        XCTAssertThrowsError(try compiler.compile(OSRMTextStep(type: "depart"), language: "xx"))
        XCTAssertThrowsError(try OSRMTextLanguage(code: "en", translation: Array("{\"v5\": ".utf8))) { error in
            XCTAssertEqual((error as? InputError)?.file, "en.json")
        }
    }
}
