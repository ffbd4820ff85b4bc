import ALSAOutput
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService
import Speech
import TestSupport
import XCTest

/// The guidance engine speaking through the audio service on virtual time (a `ManualLoop`, espeak-ng inline, the
/// virtual device): a car approaching a turn at 20 m/s, fixes arriving as from gpsd. Every cue it speaks was rendered
/// ahead and starts from the cache, and the service reports when its words were heard.
final class GuidanceAudioTests: XCTestCase {
    /// What a run saw, read back on the test thread.
    private struct Seen: Sendable {
        var spoken: [Cue] = []
        var measured: [Bool] = []
        var firstSamples: [Int: Bool] = [:]
        var outcomes: [Int: OutputOutcome] = [:]
        var heard: [Int: (from: Double, to: Double)] = [:]
        var durations: [Int: Double] = [:]
    }

    /// Drives at 20 m/s from 240 m before `turn` to 20 m after it, a fix every 0.5 s stamped on arrival; `step` runs
    /// after each half second.
    @RouteCueLoop
    private static func approach(_ turn: Maneuver, on route: Route, guidance: GuidanceAudio, loop: ManualLoop,
                                 step: () -> Void = {}) {
        let speed = 20.0
        var along = turn.distanceAlong - 240
        while along < turn.distanceAlong + 20 {
            let here = route.geometry.coordinate(atDistance: along)
            let ahead = route.geometry.coordinate(atDistance: along + 5)
            guidance.handle(.fix(Fix(received: loop.now, position: here, speed: speed,
                                     course: GeoMath.bearing(from: here, to: ahead), mode: .threeD, status: .gps,
                                     errors: FixErrorEstimates(horizontal: 3))))
            loop.advance(bySeconds: 0.5)
            step()
            along += speed * 0.5
        }
    }

    func test_approachingATurn_everySpokenCueWasRenderedAhead_andStartsFromTheCache() throws {
        let route = try BundledExample.route()
        let turn = try XCTUnwrap(route.maneuvers.first { $0.type == .turn && $0.distanceAlong > 500 })
        let timing = AudioRouteTiming(outputLatency: 0.02)
        let settings = AudioOutputService.Settings(device: PCMRequest(device: "virtual"), voice: VoiceSettings(voice: "en-us"),
                                                   routeTiming: timing, idleHold: 0.5)
        let seen = try RouteCueLoop.runAndWait { () -> Seen in
            let loop = ManualLoop()
            let (service, _) = AudioOutputService.virtual(settings: settings, loop: loop, speech: InlineSpeech())
            let guidance = GuidanceAudio(engine: GuidanceEngine(route: route, audio: timing), service: service)
            var seen = Seen()
            guidance.addListener { event in
                switch event {
                case .action(.speak(let cue)):
                    seen.spoken.append(cue)
                    seen.measured.append(guidance.engine.durations.isMeasured(cue.text))
                    seen.durations[cue.id] = service.cache.speech(for: cue.text, settings: settings.voice)?.duration
                case .audio(.firstSample(let id, _, let hit)): seen.firstSamples[id] = hit
                case .audio(.output(.didPlay(let id, let outcome))): seen.outcomes[id] = outcome
                case .audio(.heard(let id, let from, let to)): seen.heard[id] = (from.seconds, to.seconds)
                default: break
                }
            }
            Self.approach(turn, on: route, guidance: guidance, loop: loop)
            loop.advance(bySeconds: 5)
            service.shutdown()
            return seen
        }

        let aboutTurn = seen.spoken.filter { $0.maneuver == turn.index }
        print("spoken: " + seen.spoken.map { "\"\($0.text)\" (\(seen.firstSamples[$0.id].map { $0 ? "from cache" : "synthesized on demand" } ?? "not started"))" }.joined(separator: ", "))
        XCTAssertTrue(aboutTurn.contains { $0.stage == .action }, "the turn's action cue is spoken: \(seen.spoken.map(\.text))")
        for (cue, isMeasured) in zip(seen.spoken, seen.measured) {
            XCTAssertEqual(seen.firstSamples[cue.id], true, "\"\(cue.text)\" started from the pre-rendered cache")
            XCTAssertTrue(isMeasured, "the engine knew the real length of \"\(cue.text)\" before speaking it")
            XCTAssertEqual(seen.outcomes[cue.id], .completed, "\"\(cue.text)\"")
            // Heard from the trigger plus the route's latency, for exactly as long as its speech lasts.
            let heard = try XCTUnwrap(seen.heard[cue.id], "\"\(cue.text)\" was heard")
            XCTAssertEqual(heard.from, cue.trigger.seconds + 0.02, accuracy: 0.001, "\"\(cue.text)\" heard at trigger + latency")
            XCTAssertEqual(heard.to - heard.from, try XCTUnwrap(seen.durations[cue.id]), accuracy: 0.001)
        }
    }

    func test_aCueCutOffByItsDeviceGoing_isSaidAgainFromItsStart_onVirtualTime() throws {
        let route = try BundledExample.route()
        let turn = try XCTUnwrap(route.maneuvers.first { $0.type == .turn && $0.distanceAlong > 500 })
        let timing = AudioRouteTiming(outputLatency: 0.02)
        let settings = AudioOutputService.Settings(device: PCMRequest(device: "virtual"), voice: VoiceSettings(voice: "en-us"),
                                                   routeTiming: timing, idleHold: 0.5)
        let (spoken, outcomes) = try RouteCueLoop.runAndWait { () -> ([Cue], [Int: OutputOutcome]) in
            let loop = ManualLoop()
            let (service, _) = AudioOutputService.virtual(settings: settings, loop: loop, speech: InlineSpeech())
            let guidance = GuidanceAudio(engine: GuidanceEngine(route: route, audio: timing), service: service)
            var spoken: [Cue] = []
            var outcomes: [Int: OutputOutcome] = [:]
            var cutAt: MonotonicInstant?
            guidance.addListener { event in
                switch event {
                case .action(.speak(let cue)): spoken.append(cue)
                case .audio(.output(.didPlay(let id, let outcome))): outcomes[id] = outcome
                default: break
                }
            }
            Self.approach(turn, on: route, guidance: guidance, loop: loop) {
                // Into the first cue about the turn, its device goes.
                if cutAt == nil, let cue = spoken.first(where: { $0.maneuver == turn.index }), loop.now < cue.audioEnd {
                    cutAt = loop.now
                    guidance.interruptCurrent(reason: "hands-free device disconnected")
                }
            }
            loop.advance(bySeconds: 5)
            service.shutdown()
            return (spoken, outcomes)
        }
        let first = try XCTUnwrap(spoken.first { $0.maneuver == turn.index })
        XCTAssertEqual(outcomes[first.id], .interrupted("hands-free device disconnected"))
        let again = try XCTUnwrap(spoken.first { $0.id > first.id && $0.maneuver == turn.index && $0.stage == first.stage },
                                  "said again: \(spoken.map(\.text))")
        XCTAssertEqual(outcomes[again.id], .completed, "\"\(again.text)\" played whole")
        print("cut off: \"\(first.text)\"; said again: \"\(again.text)\"\(again.short ? " (short)" : "")")
    }

    func test_aCueStoppedByANewRoute_endsAtItsNextWordBoundary_onVirtualTime() throws {
        let route = try BundledExample.route()
        let settings = AudioOutputService.Settings(device: PCMRequest(device: "virtual"), voice: VoiceSettings(voice: "en-us"),
                                                   routeTiming: AudioRouteTiming(outputLatency: 0), idleHold: 0.5)
        let text = "Continue on the ring road for a long while, past the market square and the old town hall."
        let result = try RouteCueLoop.runAndWait { () -> (ended: PlaybackOutcome?, played: Double, boundaries: [Double], heardTo: Double?) in
            let loop = ManualLoop()
            let speech = InlineSpeech()
            let (service, _) = AudioOutputService.virtual(settings: settings, loop: loop, speech: speech)
            let guidance = GuidanceAudio(engine: GuidanceEngine(route: route), service: service)
            var ended: PlaybackOutcome?
            var played = 0
            var heardTo: Double?
            service.addListener { report in
                if case .playbackEnded(7, let outcome, let frames) = report { ended = outcome; played = frames }
                if case .heard(7, _, let to) = report { heardTo = to.seconds }
            }
            service.perform(.enqueue(OutputRequest(id: 7, content: .speech(text: text, language: "en-US"), priority: .message)))
            loop.advance(bySeconds: 1.0)
            guidance.handle(.newRoute(route))
            loop.advance(bySeconds: 10)
            let rendered = speech.cache.speech(for: text, settings: settings.voice)
            let rate = Double(rendered?.sampleRate ?? 22050)
            service.shutdown()
            return (ended, Double(played) / rate, (rendered?.stopPoints ?? []).map { Double($0) / rate }, heardTo)
        }
        XCTAssertEqual(result.ended, .stoppedAtWordBoundary)
        let next = try XCTUnwrap(result.boundaries.first { $0 >= 1.0 + 0.003 }, "a word boundary after 1 s")
        XCTAssertEqual(result.played, next, accuracy: 0.001, "cut at the first word boundary after the stop")
        XCTAssertEqual(try XCTUnwrap(result.heardTo), result.played, accuracy: 0.001)
    }
}
