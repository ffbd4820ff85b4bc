import ALSAOutput
import EventLoopKit
import Foundation
import RouteCueCore
import RouteCueService
import Speech
import TestSupport
import XCTest

/// The speech cache over a long drive: what is neither used nor coming next leaves it at the service's trims, so a
/// drive's one-off texts (instructions repeated with the distance of that moment, cues of maneuvers passed) do not
/// pile up to the cache's bound, while every cue the engine plans still starts from ready speech. Virtual time, real
/// espeak-ng speech.
final class SpeechCacheTrimTests: XCTestCase {
    /// What one drive left behind.
    private struct Drive: Sendable {
        var stageCues: [Cue] = []
        var repeated: [(cue: Cue, at: Double)] = []
        var fromCache: [Int: Bool] = [:]
        var cachedAtEnd: Set<String> = []
        var cacheBytesAtEnd = 0
        var peakCacheBytes = 0
        var removedUnused = 0
        var endSeconds = 0.0
    }

    /// A drive's record, filled on the loop by the guidance's listener.
    @RouteCueLoop
    private final class DriveLog {
        var drive = Drive()
        /// True while the driver's request to repeat is handled: the cue spoken then is the repetition.
        var repeating = false
    }

    /// The example route driven at 15 m/s with a fix every second, the driver asking to hear the instruction again
    /// every 30 s; the service trims its cache every `trimSeconds`.
    private static func drive(_ route: Route, trimSeconds: Double) throws -> Drive {
        var settings = AudioOutputService.Settings(device: PCMRequest(device: "virtual"), voice: VoiceSettings(voice: "en-us"),
                                                   routeTiming: AudioRouteTiming(outputLatency: 0.02), idleHold: 0.5)
        settings.cacheTrimSeconds = trimSeconds
        let voice = settings.voice
        return try RouteCueLoop.runAndWait { () -> Drive in
            let loop = ManualLoop()
            let (service, _) = AudioOutputService.virtual(settings: settings, loop: loop, speech: InlineSpeech())
            let guidance = GuidanceAudio(engine: GuidanceEngine(route: route, audio: settings.routeTiming), service: service)
            let log = DriveLog()
            guidance.addListener { event in
                switch event {
                case .action(.speak(let cue)) where log.repeating: log.drive.repeated.append((cue, loop.now.seconds))
                case .action(.speak(let cue)) where cue.stage != nil: log.drive.stageCues.append(cue)
                case .audio(.firstSample(let id, _, let hit)): log.drive.fromCache[id] = hit
                default: break
                }
            }
            var along = 0.0
            var second = 0
            while along < route.length + 20 {
                let here = route.geometry.coordinate(atDistance: min(along, route.length))
                let ahead = route.geometry.coordinate(atDistance: min(along + 5, route.length))
                guidance.handle(.fix(Fix(received: loop.now, position: here, speed: 15,
                                         course: GeoMath.bearing(from: here, to: ahead), mode: .threeD, status: .gps,
                                         errors: FixErrorEstimates(horizontal: 3))))
                if second % 30 == 15 {
                    log.repeating = true
                    guidance.handle(.repeatInstruction)
                    log.repeating = false
                }
                loop.advance(bySeconds: 1)
                log.drive.peakCacheBytes = max(log.drive.peakCacheBytes, service.cache.bytesUsed)
                along += 15
                second += 1
            }
            loop.advance(bySeconds: 10)
            var drive = log.drive
            let texts = drive.stageCues.map(\.text) + drive.repeated.map(\.cue.text)
            drive.cachedAtEnd = Set(texts.filter { service.cache.contains($0, settings: voice) })
            drive.cacheBytesAtEnd = service.cache.bytesUsed
            drive.removedUnused = service.cache.statistics.removedUnused
            drive.endSeconds = loop.now.seconds
            service.shutdown()
            return drive
        }
    }

    func test_aLongDrive_leavesNoOneOffSpeechBehind_andEveryPlannedCueStillStartsFromTheCache() throws {
        let route = try BundledExample.route()
        let kept = try Self.drive(route, trimSeconds: .infinity)
        let trimmed = try Self.drive(route, trimSeconds: 60)
        print("speech cache over the example drive (\(Int(trimmed.endSeconds)) s, \(trimmed.repeated.count) instructions repeated): "
              + "never trimmed \(kept.cacheBytesAtEnd / 1024) KiB at the end (peak \(kept.peakCacheBytes / 1024) KiB), "
              + "trimmed every 60 s \(trimmed.cacheBytesAtEnd / 1024) KiB (peak \(trimmed.peakCacheBytes / 1024) KiB), "
              + "\(trimmed.removedUnused) entries removed unused")

        XCTAssertGreaterThanOrEqual(trimmed.repeated.count, 10, "the driver asked again and again")
        XCTAssertGreaterThanOrEqual(Set(trimmed.repeated.map(\.cue.text)).count, 8,
                                    "repetitions are worded for their own distance: \(trimmed.repeated.map(\.cue.text))")
        // Without trims, every text of the drive is still there at its end.
        XCTAssertEqual(kept.removedUnused, 0)
        XCTAssertEqual(kept.cachedAtEnd.count, Set(kept.stageCues.map(\.text) + kept.repeated.map(\.cue.text)).count)
        // With them, a repetition said more than two trim periods before the end has gone; the cues of maneuvers passed too.
        XCTAssertGreaterThan(trimmed.removedUnused, 0)
        for (cue, at) in trimmed.repeated where at < trimmed.endSeconds - 120 {
            XCTAssertFalse(trimmed.cachedAtEnd.contains(cue.text), "\"\(cue.text)\" (said at \(Int(at)) s) left the cache")
        }
        for cue in trimmed.stageCues where cue.audioEnd.seconds < trimmed.endSeconds - 120 {
            XCTAssertFalse(trimmed.cachedAtEnd.contains(cue.text), "\"\(cue.text)\" (maneuver #\(cue.maneuver ?? -1), passed) left the cache")
        }
        XCTAssertLessThan(trimmed.cacheBytesAtEnd * 2, kept.cacheBytesAtEnd, "the cache holds what can still be used")
        // And the trims cost the guidance nothing: the same cues, each from ready speech.
        XCTAssertEqual(trimmed.stageCues.map(\.text), kept.stageCues.map(\.text))
        XCTAssertFalse(trimmed.stageCues.isEmpty)
        for cue in trimmed.stageCues {
            XCTAssertEqual(trimmed.fromCache[cue.id], true, "\"\(cue.text)\" started from the cache")
        }
    }

    func test_aTextTrimmedWhileNotComingNext_isRenderedAgainWhenItComesNextAgain() throws {
        var settings = AudioOutputService.Settings(device: PCMRequest(device: "virtual"), voice: VoiceSettings(voice: "en-us"))
        settings.cacheTrimSeconds = 10
        let voice = settings.voice
        let steps = try RouteCueLoop.runAndWait { () -> [String: Bool] in
            let loop = ManualLoop()
            let (service, _) = AudioOutputService.virtual(settings: settings, loop: loop, speech: InlineSpeech())
            var steps: [String: Bool] = [:]
            let turn = "In 300 meters, turn left"
            let other = "Keep right"
            service.keepRendered([turn]) { _ in .plain }
            steps["rendered when it comes next"] = service.cache.contains(turn, settings: voice)
            loop.advance(bySeconds: 11)
            service.keepRendered([turn, other]) { _ in .plain }
            loop.advance(bySeconds: 11)
            service.keepRendered([turn, other, "Turn right"]) { _ in .plain }
            steps["kept through a trim while it comes next"] = service.cache.contains(turn, settings: voice)
            loop.advance(bySeconds: 11)
            service.keepRendered([other]) { _ in .plain }
            service.prerender(["Now turn right"])
            steps["trimmed once neither used nor coming next for a trim period"] = !service.cache.contains(turn, settings: voice)
            steps["what still comes next stays"] = service.cache.contains(other, settings: voice)
            service.keepRendered([other, turn]) { _ in .plain }
            steps["rendered again when it comes next again"] = service.cache.contains(turn, settings: voice)
            service.shutdown()
            return steps
        }
        for (step, held) in steps.sorted(by: { $0.key < $1.key }) { XCTAssertTrue(held, step) }
        XCTAssertEqual(steps.count, 5)
    }
}
