import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// Issue 5 "Output queue", prompt style `tone`: the chime played in place of speech is short, two-toned, loud
/// enough without clipping, and starts and ends at zero without clicks.
final class AudioSignalChimeTests: XCTestCase {
    static let rates = [8000, 16000, 22050, 44100, 48000]

    func test_chime_startsAndEndsAtZero_andFadesInAndOut() {
        for rate in Self.rates {
            let s = Chime.samples(sampleRate: rate)
            XCTAssertEqual(s.first, 0, "\(rate) Hz")
            XCTAssertEqual(s.last, 0, "\(rate) Hz")
            let edge = max(2, rate / 1000)
            let peak = s.map { abs(Int($0)) }.max()!
            let head = s.prefix(edge).map { abs(Int($0)) }.max()!
            let tail = s.suffix(edge).map { abs(Int($0)) }.max()!
            print("\(rate) Hz: peak \(peak), first ms \(head), last ms \(tail)")
            XCTAssertLessThan(Double(head), 0.1 * Double(peak), "\(rate) Hz: the first millisecond is a fade-in")
            XCTAssertLessThan(Double(tail), 0.05 * Double(peak), "\(rate) Hz: the last millisecond is a fade-out")
        }
    }

    func test_chime_hasNoClicks_itsCurvatureNeverExceedsWhatItsTwoTonesAllow() {
        for rate in [22050, 44100, 48000] {
            let s = Chime.samples(sampleRate: rate).map(Int.init)
            // A click (a note cut or begun off zero, a jump) shows as a second difference far above that of the tones:
            // a sine of amplitude A at ω rad/sample curves by at most A·(2 − 2 cos ω) per sample.
            var curvature = 0
            for i in 1..<(s.count - 1) {
                let second: Int = s[i + 1] - 2 * s[i] + s[i - 1]
                curvature = max(curvature, abs(second))
            }
            let bound = 1.25 * max(bend(Chime.firstFrequency, rate), bend(Chime.secondFrequency, rate)) + 4
            print("\(rate) Hz: largest second difference \(curvature), bound \(bound)")
            XCTAssertLessThanOrEqual(Double(curvature), bound, "\(rate) Hz")
        }
    }

    func test_chime_lastsAbout350ms_atAnyRate() {
        for rate in Self.rates {
            XCTAssertEqual(Double(Chime.samples(sampleRate: rate).count) / Double(rate), 0.35, accuracy: 0.002, "\(rate) Hz")
        }
        XCTAssertEqual(Chime.samples(sampleRate: 0), [])
    }

    func test_chime_isTwoTones_highThenLow() {
        let rate = 22050
        let s = Chime.samples(sampleRate: rate).map(Double.init)
        let firstNote = Array(s[0..<Int(0.12 * Double(rate))])
        let secondNote = Array(s[Int(0.22 * Double(rate))...])
        let high = Chime.firstFrequency, low = Chime.secondFrequency
        let a = (high: power(firstNote, high, rate), low: power(firstNote, low, rate))
        let b = (high: power(secondNote, high, rate), low: power(secondNote, low, rate))
        print("first note: \(high) Hz \(a.high), \(low) Hz \(a.low); second note: \(b.high), \(b.low)")
        XCTAssertGreaterThan(a.high, 20 * a.low, "the first note is E6")
        XCTAssertGreaterThan(b.low, 20 * b.high, "the second note is C6")
    }

    func test_chime_isLoudEnough_withoutClipping() {
        let s = Chime.samples(sampleRate: 48000)
        let peak = Double(s.map { abs(Int($0)) }.max()!) / 32767
        XCTAssertGreaterThan(peak, 0.3)
        XCTAssertLessThan(peak, 0.95)
        XCTAssertFalse(s.contains(.min) || s.contains(.max))
    }

    /// Largest second difference of one chime note at `frequency` (its fundamental and 0.15 second harmonic).
    private func bend(_ frequency: Double, _ rate: Int) -> Double {
        let w: Double = 2 * Double.pi * frequency / Double(rate)
        let fundamental: Double = 2 - 2 * cos(w)
        let harmonic: Double = 0.15 * (2 - 2 * cos(2 * w))
        return Chime.amplitude * 32767 * (fundamental + harmonic) / 1.15
    }

    /// Power of `x` at `frequency` (Goertzel).
    private func power(_ x: [Double], _ frequency: Double, _ rate: Int) -> Double {
        let w = 2 * Double.pi * frequency / Double(rate)
        let c = 2 * cos(w)
        var s1 = 0.0, s2 = 0.0
        for v in x {
            let s0 = v + c * s1 - s2
            s2 = s1
            s1 = s0
        }
        return (s1 * s1 + s2 * s2 - c * s1 * s2) / Double(x.count * x.count)
    }
}
