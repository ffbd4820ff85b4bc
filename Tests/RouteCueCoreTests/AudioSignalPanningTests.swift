import Foundation
import RouteCueCore
import TestSupport
import XCTest

/// Issue 5 "Optional spatial audio": the equal-power pan law, the azimuth and sweep chosen per turn direction, and
/// the rendered stereo checked in its samples (left-turn cues carry more energy on the left channel).
final class AudioSignalPanningTests: XCTestCase {
    // MARK: Pan law

    func test_equalPowerPan_keepsLeftSquaredPlusRightSquaredAtOne_acrossAzimuths() {
        var previous = EqualPowerPan.gains(azimuth: -90)
        XCTAssertEqual(previous.left, 1, accuracy: 1e-12)
        XCTAssertEqual(previous.right, 0, accuracy: 1e-12)
        for tenth in -899...900 {
            let g = EqualPowerPan.gains(azimuth: Double(tenth) / 10)
            XCTAssertEqual(g.left * g.left + g.right * g.right, 1, accuracy: 1e-12, "\(Double(tenth) / 10)°")
            XCTAssertLessThan(g.left, previous.left, "left falls as the azimuth moves right")
            XCTAssertGreaterThan(g.right, previous.right, "right rises as the azimuth moves right")
            previous = g
        }
        XCTAssertEqual(previous.left, 0, accuracy: 1e-12)
        XCTAssertEqual(previous.right, 1, accuracy: 1e-12)
    }

    func test_centre_isMinus3dBOnEachChannel() {
        let g = EqualPowerPan.gains(azimuth: 0)
        let left = 20 * log10(g.left), right = 20 * log10(g.right)
        print("centre: left \(left) dB, right \(right) dB")
        XCTAssertEqual(left, -3.0103, accuracy: 0.001)
        XCTAssertEqual(right, -3.0103, accuracy: 0.001)
    }

    func test_azimuthsBeyondTheSides_clampToFullLeftOrRight_andNaNIsCentre() {
        XCTAssertEqual(EqualPowerPan.gains(azimuth: -400).left, 1, accuracy: 1e-12)
        XCTAssertEqual(EqualPowerPan.gains(azimuth: 135).right, 1, accuracy: 1e-12)
        XCTAssertEqual(EqualPowerPan.gains(azimuth: .nan).left, (0.5).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(PanSweep(startAzimuth: -120, endAzimuth: 95), PanSweep(startAzimuth: -90, endAzimuth: 90))
    }

    // MARK: Azimuth per direction

    func test_spatialPanning_startsFurtherOutForSharperTurns_onTheTurnsSide_andSweepsFurtherOut() {
        let panning = SpatialPanning()
        let lefts: [ManeuverModifier] = [.slightLeft, .left, .sharpLeft]
        let rights: [ManeuverModifier] = [.slightRight, .right, .sharpRight]
        XCTAssertEqual(lefts.map { panning.sweep(for: $0).startAzimuth }, [-30, -60, -80])
        XCTAssertEqual(rights.map { panning.sweep(for: $0).startAzimuth }, [30, 60, 80])
        for m in lefts + rights {
            let s = panning.sweep(for: m)
            XCTAssertGreaterThan(abs(s.endAzimuth), abs(s.startAzimuth), "\(m) sweeps outward")
            XCTAssertEqual(s.endAzimuth.sign, s.startAzimuth.sign, "\(m) stays on its side")
            XCTAssertLessThanOrEqual(abs(s.endAzimuth), 90)
        }
        XCTAssertEqual(panning.sweep(for: .sharpLeft).endAzimuth, -90, "the sweep stops at full left")
        XCTAssertEqual(panning.sweep(for: .straight), .centre)
        XCTAssertEqual(panning.sweep(for: nil), .centre)
    }

    func test_uTurn_isPannedToTheSideItIsMadeOn_perDrivingSide() {
        let panning = SpatialPanning()
        XCTAssertLessThan(panning.sweep(for: .uTurn, drivingSide: .right).startAzimuth, 0, "right-hand traffic turns back to the left")
        XCTAssertGreaterThan(panning.sweep(for: .uTurn, drivingSide: .left).startAzimuth, 0, "left-hand traffic turns back to the right")
    }

    func test_spatialPanning_valuesAreConfigurable() {
        let panning = SpatialPanning(slightAzimuth: 20, normalAzimuth: 45, sharpAzimuth: 70, uTurnAzimuth: 90, sweepDegrees: 0)
        XCTAssertEqual(panning.sweep(for: .slightRight), PanSweep(azimuth: 20))
        XCTAssertEqual(panning.sweep(for: .left), PanSweep(azimuth: -45))
        XCTAssertEqual(panning.sweep(for: .uTurn), PanSweep(azimuth: -90))
    }

    // MARK: Rendered stereo

    /// A left-turn cue and a right-turn cue of a real engine run, rendered as a voice-like signal of their spoken
    /// length and panned from their maneuver's modifier: the energy leans to the turn's side.
    func test_turnCueRenderedWithPanning_carriesMoreEnergyOnTheTurnsSide() throws {
        let route = try GuidanceFixtures.makeRoute(turns: [.left, .right], spacing: 2500, roadClass: "primary")
        let run = GuidanceFixtures.run(route, GuidanceFixtures.drive(route, speed: 20))
        let panning = SpatialPanning()
        var checked: Set<ManeuverModifier> = []
        for cue in run.spoken where cue.maneuver != nil {
            let maneuver = route.maneuvers[cue.maneuver!]
            guard let modifier = maneuver.modifier, [.left, .right].contains(modifier) else { continue }
            let mono = VoiceLikeSignal.samples(seconds: cue.audioEnd.seconds(since: cue.audioStart), rate: 22050)
            let stereo = StereoRendering.render(mono: mono, gain: 1,
                                                pan: panning.sweep(for: modifier, drivingSide: maneuver.drivingSide ?? .right))
            let (left, right) = VoiceLikeSignal.channelEnergies(stereo)
            let lean = 10 * log10(left / right)
            print("\"\(cue.text)\" (\(modifier)): left − right = \(lean) dB")
            if modifier == .left { XCTAssertGreaterThan(lean, 10, cue.text) } else { XCTAssertLessThan(lean, -10, cue.text) }
            XCTAssertEqual(left + right, VoiceLikeSignal.energy(mono), accuracy: VoiceLikeSignal.energy(mono) * 0.001, "equal power: \(cue.text)")
            checked.insert(modifier)
        }
        XCTAssertEqual(checked, [.left, .right])
    }

    func test_everyDirection_leansToItsSide_andStraightStaysBalanced() {
        let mono = VoiceLikeSignal.samples(seconds: 1, rate: 16000)
        for modifier in ManeuverModifier.allCases {
            let (left, right) = VoiceLikeSignal.channelEnergies(StereoRendering.render(mono: mono, gain: 1, pan: SpatialPanning().sweep(for: modifier)))
            let lean = 10 * log10(left / right)
            print("\(modifier): left − right = \(lean) dB")
            switch modifier {
            case .straight: XCTAssertEqual(lean, 0, accuracy: 0.01)
            case .slightLeft, .left, .sharpLeft, .uTurn: XCTAssertGreaterThan(lean, 4, "\(modifier)")
            case .slightRight, .right, .sharpRight: XCTAssertLessThan(lean, -4, "\(modifier)")
            }
        }
    }

    func test_sweep_movesMonotonicallySampleBySample_fromItsStartToItsEnd() {
        let mono = [Int16](repeating: 20000, count: 4001)
        let sweep = PanSweep(startAzimuth: -60, endAzimuth: -80)
        let stereo = StereoRendering.render(mono: mono, gain: 1, pan: sweep)
        let left = stride(from: 0, to: stereo.count, by: 2).map { stereo[$0] }
        let right = stride(from: 1, to: stereo.count, by: 2).map { stereo[$0] }
        XCTAssertTrue(zip(left, left.dropFirst()).allSatisfy { $0 <= $1 }, "left rises as the cue sweeps left")
        XCTAssertTrue(zip(right, right.dropFirst()).allSatisfy { $0 >= $1 }, "right falls")
        let first = EqualPowerPan.gains(azimuth: -60), last = EqualPowerPan.gains(azimuth: -80)
        let middle = EqualPowerPan.gains(azimuth: -70)
        XCTAssertEqual(left.first, Int16((20000 * first.left).rounded()))
        XCTAssertEqual(right.first, Int16((20000 * first.right).rounded()))
        XCTAssertEqual(left[2000], Int16((20000 * middle.left).rounded()), "halfway through, halfway along the sweep")
        XCTAssertEqual(left.last, Int16((20000 * last.left).rounded()))
        XCTAssertEqual(right.last, Int16((20000 * last.right).rounded()))
    }

    func test_render_interleavesLeftThenRight() {
        XCTAssertEqual(StereoRendering.render(mono: [1000, -2000], gain: 1, pan: PanSweep(azimuth: -90)), [1000, 0, -2000, 0])
        XCTAssertEqual(StereoRendering.render(mono: [1000, -2000], gain: 1, pan: PanSweep(azimuth: 90)), [0, 1000, 0, -2000])
        XCTAssertEqual(StereoRendering.render(mono: [1000, -2000], gain: 1, pan: nil), [1000, 1000, -2000, -2000])
        XCTAssertEqual(StereoRendering.render(mono: [], gain: 1, pan: .centre), [])
        XCTAssertEqual(StereoRendering.render(mono: [300], gain: 1, pan: PanSweep(startAzimuth: -90, endAzimuth: 90)), [300, 0],
                       "a one-sample clip sits at the sweep's start")
    }

    func test_gain_isAppliedWithRounding_andScalesEnergyBySquare() {
        let mono: [Int16] = [3, -3, 1001, -1001, 32767, -32768]
        XCTAssertEqual(StereoRendering.render(mono: mono, gain: 0.5, pan: nil),
                       [2, 2, -2, -2, 501, 501, -501, -501, 16384, 16384, -16384, -16384])
        XCTAssertEqual(StereoRendering.render(mono: mono, gain: 0, pan: .centre), [Int16](repeating: 0, count: 12))
        XCTAssertEqual(StereoRendering.render(mono: mono, gain: .nan, pan: nil), [Int16](repeating: 0, count: 12))
        let voice = VoiceLikeSignal.samples(seconds: 0.5, rate: 16000)
        let full = VoiceLikeSignal.channelEnergies(StereoRendering.render(mono: voice, gain: 1, pan: PanSweep(azimuth: -60)))
        let quiet = VoiceLikeSignal.channelEnergies(StereoRendering.render(mono: voice, gain: 0.3, pan: PanSweep(azimuth: -60)))
        XCTAssertEqual(quiet.left / full.left, 0.09, accuracy: 0.001)
        XCTAssertEqual(quiet.right / full.right, 0.09, accuracy: 0.002)
    }

    func test_fullScale_neverOverflows_andSaturatesAboveUnityGain() {
        let mono: [Int16] = [.max, .min, .max, .min]
        XCTAssertEqual(StereoRendering.render(mono: mono, gain: 1, pan: nil), [.max, .max, .min, .min, .max, .max, .min, .min])
        XCTAssertEqual(StereoRendering.render(mono: mono, gain: 1, pan: PanSweep(azimuth: -90)), [.max, 0, .min, 0, .max, 0, .min, 0])
        XCTAssertEqual(StereoRendering.render(mono: mono, gain: 1.8, pan: nil), [.max, .max, .min, .min, .max, .max, .min, .min])
        let swept = StereoRendering.render(mono: mono, gain: 4, pan: PanSweep(startAzimuth: -90, endAzimuth: 90))
        XCTAssertEqual(swept.count, 8)
        XCTAssertEqual(swept.first, .max)
        XCTAssertEqual(swept.last, .min)
    }
}

/// A voice-like test signal and energy measures.
enum VoiceLikeSignal {
    /// `seconds` of a voice-like mono signal at `rate` Hz: a 140 Hz buzz with falling harmonics, in syllables of
    /// 4 per second, peaking near 0.8 of full scale.
    static func samples(seconds: Double, rate: Int) -> [Int16] {
        let n = max(1, Int(seconds * Double(rate)))
        return (0..<n).map { i in
            let t = Double(i) / Double(rate)
            let syllable = 0.5 * (1 - cos(2 * Double.pi * 4 * t))
            var buzz = 0.0
            for h in 1...6 { buzz += sin(2 * Double.pi * 140 * Double(h) * t) / Double(h) }
            return Int16((0.8 * 32767 * syllable * buzz / 2.45).rounded())
        }
    }

    /// Sum of squares of a mono signal.
    static func energy(_ mono: [Int16]) -> Double { mono.reduce(0) { $0 + Double($1) * Double($1) } }

    /// Sums of squares of the left and right channels of interleaved stereo.
    static func channelEnergies(_ stereo: [Int16]) -> (left: Double, right: Double) {
        var left = 0.0, right = 0.0
        for i in stride(from: 0, to: stereo.count - 1, by: 2) {
            left += Double(stereo[i]) * Double(stereo[i])
            right += Double(stereo[i + 1]) * Double(stereo[i + 1])
        }
        return (left, right)
    }
}
