import Foundation
import TestSupport
import XCTest

/// `routecue simulate` as a user meets it: the cue log of docs/cue-log.md, the WAV, the summary, and one-line errors.
final class SimulateCommandTests: CommandTestCase {
    private func path(_ name: String) -> String { tmp.appendingPathComponent(name).path }

    private func simulate(_ extra: [String] = []) throws -> CommandRunner.Result {
        try CommandRunner.routecue(["simulate", "--route", "examples/grid-trip.osrm.json",
                                    "--fixes", "examples/grid-trip-drive.nmea", "--cues", path("cues.jsonl")] + extra)
    }

    func test_simulate_writesOneCueLogLinePerDecision_withTheFieldsOfTheContract() throws {
        let r = try simulate()
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = try String(contentsOfFile: path("cues.jsonl"), encoding: .utf8).split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 10)
        var seqs: [Int] = []
        var spokenStages: Set<String> = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            for key in ["seq", "event", "kind", "stage", "maneuver", "leg", "text", "lang", "t_trigger", "t_audio_start",
                        "t_audio_end", "distance_m", "target_m", "speed_mps", "route"] {
                XCTAssertTrue(object.keys.contains(key), "\(key) missing in \(line)")
            }
            seqs.append(object["seq"] as! Int)
            let event = object["event"] as! String
            XCTAssertTrue(["spoken", "cancelled", "skipped"].contains(event))
            if event == "spoken" {
                let start = object["t_audio_start"] as! Double, end = object["t_audio_end"] as! Double
                let trigger = object["t_trigger"] as! Double
                XCTAssertLessThanOrEqual(trigger, start)
                XCTAssertLessThan(start, end)
                XCTAssertGreaterThan(start, 1_774_000_000, "fix-time clock (Unix seconds of the drive)")
                if let stage = object["stage"] as? String { spokenStages.insert(stage) }
            } else {
                XCTAssertNotNil(object["reason"] as? String, "a \(event) cue says why: \(line)")
            }
        }
        XCTAssertEqual(Set(seqs).count, seqs.count, "seq numbers are unique")
        XCTAssertTrue(spokenStages.isSuperset(of: ["range", "reminder", "distance", "action"]), "\(spokenStages)")
        XCTAssertTrue(r.stdout.contains("spoken"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\"You have arrived at your destination\""), r.stdout)
    }

    func test_simulate_distanceCues_areHeardAtTheirTarget_inTheExampleDrive() throws {
        XCTAssertEqual(try simulate().status, 0)
        for line in try String(contentsOfFile: path("cues.jsonl"), encoding: .utf8).split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            guard object["event"] as? String == "spoken", let stage = object["stage"] as? String,
                  ["range", "reminder", "distance"].contains(stage) else { continue }
            let heard = object["distance_m"] as! Double, target = object["target_m"] as! Double
            XCTAssertEqual(heard, target, accuracy: 1, "the engine's distance when heard is the spoken one: \(line)")
        }
    }

    func test_simulate_withWav_writesTheDrivesAudio() throws {
        let r = try simulate(["--wav", path("drive.wav"), "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        let data = try Data(contentsOf: URL(fileURLWithPath: path("drive.wav")))
        XCTAssertEqual(String(decoding: data.prefix(4), as: UTF8.self), "RIFF")
        XCTAssertEqual(String(decoding: data[8..<12], as: UTF8.self), "WAVE")
        let rate = data[24..<28].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        XCTAssertEqual(rate, 22050)
        XCTAssertGreaterThan(data.count, 22050 * 2 * 60, "minutes of audio: the cues placed at their times")
    }

    func test_simulate_imperialUnits_speakMilesAndFeet() throws {
        XCTAssertEqual(try simulate(["--units", "imperial_us", "--quiet"]).status, 0)
        let log = try String(contentsOfFile: path("cues.jsonl"), encoding: .utf8)
        XCTAssertFalse(log.contains("meters"), log)
        XCTAssertTrue(log.contains("feet") || log.contains("mile"), log)
    }

    func test_simulate_inGerman_speaksTheGermanPack_withItsVoice() throws {
        let r = try simulate(["--lang", "de-DE", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "de-DE has a pack of its own: no fallback to report")
        let log = try String(contentsOfFile: path("cues.jsonl"), encoding: .utf8)
        XCTAssertTrue(log.contains("\"lang\":\"de-DE\""), log)
        XCTAssertTrue(log.contains("In 200 Metern rechts abbiegen"), log)
        XCTAssertFalse(log.contains("meters"), log)
    }

    func test_simulate_languageWithoutAPack_fallsBackAlongBCP47_andSaysSo() throws {
        let r = try simulate(["--lang", "es-CO", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("language es-CO → es-419"), r.stderr)
        XCTAssertTrue(r.stderr.contains("pack es-MX"), "Latin American Spanish is served by es-MX: \(r.stderr)")
        let log = try String(contentsOfFile: path("cues.jsonl"), encoding: .utf8)
        XCTAssertTrue(log.contains("\"lang\":\"es-MX\""), "the log names the pack spoken, not the one asked for")
        let unknown = try simulate(["--lang", "tlh", "--quiet"])
        XCTAssertEqual(unknown.status, 0, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("en-US (configured default)"), unknown.stderr)
    }

    func test_sayListLanguages_showsEveryPackWithItsVoiceAndGaps() throws {
        let r = try CommandRunner.routecue(["say", "--list-languages"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for line in ["en-US: voice en-us", "de-DE: voice de", "fr-FR: voice fr"] {
            XCTAssertTrue(r.stdout.contains(line), r.stdout)
        }
        XCTAssertFalse(r.stdout.contains("NOT INSTALLED"), r.stdout)
        let missing = try CommandRunner.routecue(["say", "--list-languages", "--phrases", path("none")])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("is not a folder of phrase packs"), missing.stderr)
    }

    func test_simulate_inSSML_speaksAHostileRoadNameLiterally() throws {
        let original = try String(contentsOfFile: "examples/grid-trip.osrm.json", encoding: .utf8)
        let hostile = original.replacingOccurrences(of: "Lindenallee", with: #"<audio src=\"file:///etc/passwd\"/> & Sons"#)
        XCTAssertNotEqual(hostile, original)
        let route = path("hostile.osrm.json")
        try Data(hostile.utf8).write(to: URL(fileURLWithPath: route))
        for markup in ["ssml", "ssml-phonemes", "plain"] {
            let r = try CommandRunner.routecue(["simulate", "--route", route, "--fixes", "examples/grid-trip-drive.nmea",
                                                "--cues", path("cues.jsonl"), "--markup", markup, "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let log = try String(contentsOfFile: path("cues.jsonl"), encoding: .utf8)
            if markup == "plain" {
                XCTAssertTrue(log.contains(#"<audio src=\"file:///etc/passwd\"/> & Sons"#), log)
            } else {
                XCTAssertTrue(log.contains("<speak>"), log)
                XCTAssertTrue(log.contains("&lt;audio src=&quot;file:///etc/passwd&quot;/&gt; &amp; Sons"), log)
                XCTAssertFalse(log.contains("<audio"), "route text never becomes markup: \(log)")
            }
        }
        let bad = try simulate(["--markup", "html"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("unknown --markup 'html'"), bad.stderr)
    }

    func test_simulate_badInput_isOneLineAndAnExitStatus() throws {
        let missing = try CommandRunner.routecue(["simulate", "--fixes", "examples/grid-trip-drive.nmea", "--cues", path("c")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("routecue: missing --route FILE"), missing.stderr)

        let units = try simulate(["--units", "furlongs"])
        XCTAssertEqual(units.status, 2)
        XCTAssertTrue(units.stderr.contains("unknown --units 'furlongs'"), units.stderr)

        let lang = try simulate(["--lang", "en_US_x_!"])
        XCTAssertEqual(lang.status, 2)
        XCTAssertTrue(lang.stderr.hasPrefix("routecue: --lang: language tag"), lang.stderr)

        let broken = path("broken.json")
        try Data(#"{"routes": [{"legs": [ "#.utf8).write(to: URL(fileURLWithPath: broken))
        let r = try CommandRunner.routecue(["simulate", "--route", broken, "--fixes", "examples/grid-trip-drive.nmea",
                                            "--cues", path("c.jsonl")])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("routecue: \(broken)"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)

        let noFixes = path("empty.nmea")
        try Data("# nothing\n".utf8).write(to: URL(fileURLWithPath: noFixes))
        let e = try CommandRunner.routecue(["simulate", "--route", "examples/grid-trip.osrm.json", "--fixes", noFixes,
                                            "--cues", path("c.jsonl")])
        XCTAssertEqual(e.status, 1)
        XCTAssertTrue(e.stderr.contains("holds no fixes") || e.stderr.contains(noFixes), e.stderr)
    }
}
