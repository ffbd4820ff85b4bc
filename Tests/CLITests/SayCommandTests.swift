import Foundation
import TestSupport
import XCTest

/// `routecue say TEXT`: through the whole audio path into ALSA's file PCM, and its errors.
final class SayCommandTests: CommandTestCase {
    private func path(_ name: String) -> String { tmp.appendingPathComponent(name).path }

    /// Channels, rate and seconds of the 16-bit WAV at `path`, and the seconds that carry sound.
    private func wavFacts(_ path: String) throws -> (channels: Int, rate: Int, seconds: Double, loudSeconds: Double) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertGreaterThan(bytes.count, 44)
        func le(_ at: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        let channels = le(22, 2), rate = le(24, 4)
        var loud = 0, frames = 0
        var i = 44
        while i + 2 * channels <= bytes.count {
            let left = Int16(bitPattern: UInt16(le(i, 2)))
            if abs(Int(left)) > 300 { loud += 1 }
            frames += 1
            i += 2 * channels
        }
        return (channels, rate, Double(frames) / Double(rate), Double(loud) / Double(rate))
    }

    func test_say_toAWAV_speaksThroughALSAsFilePCM_atTheDeviceFormat() throws {
        let r = try CommandRunner.routecue(["say", "In 300 meters, turn left onto Main Street.", "--wav", path("say.wav")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("48000 Hz, 2 channels, period"), r.stdout)
        XCTAssertTrue(r.stdout.contains("first sample to ALSA"), r.stdout)
        let facts = try wavFacts(path("say.wav"))
        XCTAssertEqual(facts.channels, 2)
        XCTAssertEqual(facts.rate, 48000)
        XCTAssertEqual(facts.seconds, 2.6, accuracy: 0.8, "the whole sentence")
        XCTAssertGreaterThan(facts.loudSeconds, 0.5, "with sound in it")
    }

    func test_say_inGerman_usesThePacksVoice_andPanningPutsItLeft() throws {
        let r = try CommandRunner.routecue(["say", "In 300 Metern links abbiegen.", "--lang", "de-DE", "--pan", "left",
                                            "--wav", path("de.wav")])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("de.wav"))))
        var left = 0.0, right = 0.0
        var i = 44
        while i + 4 <= bytes.count {
            let l = Double(Int16(bitPattern: UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8))
            let rr = Double(Int16(bitPattern: UInt16(bytes[i + 2]) | UInt16(bytes[i + 3]) << 8))
            left += l * l
            right += rr * rr
            i += 4
        }
        XCTAssertGreaterThan(left, 4 * right, "a left pan carries more energy on the left channel")
    }

    func test_say_errors_areOneLineWithTheReason() throws {
        let missing = try CommandRunner.routecue(["say", "Turn left.", "--device", "routecue_no_such_pcm"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("routecue: snd_pcm_open(routecue_no_such_pcm)"), missing.stderr)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, "alsa-lib's own error lines are not printed: \(missing.stderr)")
        let both = try CommandRunner.routecue(["say", "Turn left.", "--device", "default", "--wav", path("x.wav")])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("not both"), both.stderr)
        let pan = try CommandRunner.routecue(["say", "Turn left.", "--pan", "sideways", "--wav", path("x.wav")])
        XCTAssertEqual(pan.status, 2)
        XCTAssertTrue(pan.stderr.contains("unknown --pan 'sideways'"), pan.stderr)
        let quote = try CommandRunner.routecue(["say", "Turn left.", "--wav", path("a\"b.wav")])
        XCTAssertEqual(quote.status, 1)
        XCTAssertTrue(quote.stderr.contains("cannot be written through ALSA's file PCM"), quote.stderr)
        let none = try CommandRunner.routecue(["say"])
        XCTAssertEqual(none.status, 2)
    }

    func test_simulate_toAnALSADevice_playsTheTimelineThere() throws {
        let out = path("timeline.wav")
        let r = try CommandRunner.routecue(["simulate", "--route", "examples/grid-trip.osrm.json", "--fixes",
                                            "examples/grid-trip-drive.nmea", "--cues", path("cues.jsonl"), "--quiet",
                                            "--device", "file:FILE=\(out),FORMAT=wav"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let facts = try wavFacts(out)
        XCTAssertEqual(facts.rate, 48000)
        XCTAssertGreaterThan(facts.seconds, 300, "the whole drive's timeline")
        let both = try CommandRunner.routecue(["simulate", "--route", "examples/grid-trip.osrm.json", "--fixes",
                                               "examples/grid-trip-drive.nmea", "--cues", path("cues.jsonl"),
                                               "--wav", path("a.wav"), "--device", "null"])
        XCTAssertEqual(both.status, 2)
    }
}
