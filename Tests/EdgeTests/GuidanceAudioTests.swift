import ALSAOutput
import Foundation
import RouteCueCore
import RouteCueService
import Speech
import Synchronization
import TestSupport
import XCTest

/// The guidance engine speaking through the audio engine in real time: a car approaching a turn at 20 m/s, fixes
/// arriving as from gpsd; every cue it speaks was rendered ahead and starts from the cache.
final class GuidanceAudioTests: XCTestCase {
    /// What the test reads back from the loop.
    private final class Seen: Sendable {
        let spoken = Mutex<[Cue]>([])
        let firstSamples = Mutex<[Int: Bool]>([:])
        let outcomes = Mutex<[Int: OutputOutcome]>([:])
    }

    func test_approachingATurn_everySpokenCueWasRenderedAhead_andStartsFromTheCache() async throws {
        ALSATestEnvironment.prepare()
        let root = SharedData.repositoryRoot
        let route = try RouteReader.read(Array(try Data(contentsOf: root.appendingPathComponent("examples/grid-trip.osrm.json"))),
                                         name: "grid-trip.osrm.json")
        let turn = try XCTUnwrap(route.maneuvers.first { $0.type == .turn && $0.distanceAlong > 500 })
        let path = NSTemporaryDirectory() + "routecue-guidance-audio-\(getpid()).wav"
        defer { unlink(path) }
        let settings = AudioOutputService.Settings(device: PCMRequest(device: try AudioDeviceNames.wavFile(path)),
                                                   voice: VoiceSettings(voice: "en-us"),
                                                   routeTiming: AudioRouteTiming(outputLatency: 0.02), idleHold: 0.5)
        let seen = Seen()
        let guidance = try await Task { @RouteCueLoop in
            let service = try AudioOutputService(settings: settings)
            let guidance = GuidanceAudio(engine: GuidanceEngine(route: route, audio: settings.routeTiming), service: service)
            guidance.onAction = { action in
                if case .speak(let cue) = action { seen.spoken.withLock { $0.append(cue) } }
            }
            guidance.onReport = { report in
                switch report {
                case .firstSample(let id, _, let hit): seen.firstSamples.withLock { $0[id] = hit }
                case .output(.didPlay(let id, let outcome)): seen.outcomes.withLock { $0[id] = outcome }
                default: break
                }
            }
            return guidance
        }.value

        // 20 m/s from 240 m before the turn to 20 m after it, a fix every 0.5 s stamped on arrival.
        let speed = 20.0
        var along = turn.distanceAlong - 240
        while along < turn.distanceAlong + 20 {
            let here = route.geometry.coordinate(atDistance: along)
            let ahead = route.geometry.coordinate(atDistance: along + 5)
            let fix = Fix(received: MonotonicClock.now(), position: here, speed: speed,
                          course: GeoMath.bearing(from: here, to: ahead), mode: .threeD, status: .gps,
                          errors: FixErrorEstimates(horizontal: 3))
            await Task { @RouteCueLoop in guidance.handle(.fix(fix)) }.value
            usleep(500_000)
            along += speed * 0.5
        }
        usleep(1_500_000)
        let (spoken, hits, outcomes) = (seen.spoken.withLock { $0 }, seen.firstSamples.withLock { $0 }, seen.outcomes.withLock { $0 })
        let measured = await Task { @RouteCueLoop in spoken.map { guidance.engine.durations.isMeasured($0.text) } }.value
        await Task { @RouteCueLoop in guidance.service.shutdown() }.value

        let aboutTurn = spoken.filter { $0.maneuver == turn.index }
        print("spoken: " + spoken.map { "\"\($0.text)\" (\(hits[$0.id].map { $0 ? "from cache" : "synthesized on demand" } ?? "not started"))" }.joined(separator: ", "))
        XCTAssertTrue(aboutTurn.contains { $0.stage == .action }, "the turn's action cue is spoken: \(spoken.map(\.text))")
        for (cue, isMeasured) in zip(spoken, measured) {
            XCTAssertEqual(hits[cue.id], true, "\"\(cue.text)\" started from the pre-rendered cache")
            XCTAssertTrue(isMeasured, "the engine knew the real length of \"\(cue.text)\" before speaking it")
            XCTAssertEqual(outcomes[cue.id], .completed, "\"\(cue.text)\"")
        }
    }
}
