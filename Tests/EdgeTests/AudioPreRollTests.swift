import ALSAOutput
import EventLoopKit
import RouteCueCore
import RouteCueService
import Speech
import XCTest

/// Pre-roll silence only where the route could not be opened ahead: an output started on a closed PCM (a hands-free
/// link coming up) gets the route's pre-roll before its words; one started while the PCM is open (opened ahead of
/// the cue, or still held after the last) gets none, and the timing the engine is told says so.
final class AudioPreRollTests: XCTestCase {
    func test_preRoll_onlyWhenThePCMWasNotOpenAhead() throws {
        let timing = AudioRouteTiming(outputLatency: 0.02, preRoll: 0.5)
        let settings = AudioOutputService.Settings(device: PCMRequest(device: "virtual"), voice: VoiceSettings(voice: "en-us"),
                                                   routeTiming: timing, idleHold: 0.3)
        let seen = try RouteCueLoop.runAndWait { () -> (closed: Double, open: Double, whileOpen: Double, afterClose: Double) in
            let loop = ManualLoop()
            let (service, _) = AudioOutputService.virtual(settings: settings, loop: loop, speech: InlineSpeech())
            var heardFrom: [Int: Double] = [:]
            service.addListener { report in
                if case .heard(let id, let from, _) = report { heardFrom[id] = from.seconds }
            }
            let request = { (id: Int) in
                OutputRequest(id: id, content: .speech(text: "Turn right", language: "en-US"), priority: .guidance, kind: .app)
            }
            // On a closed PCM: opened with the output, words after the pre-roll.
            let first = loop.now.seconds
            service.perform(.enqueue(request(1)))
            loop.advance(bySeconds: 5)
            // Opened ahead of the next cue: no pre-roll.
            service.openAhead()
            loop.advance(bySeconds: 0.1)
            let whileOpen = service.effectiveTiming.preRoll
            let second = loop.now.seconds
            service.perform(.enqueue(request(2)))
            loop.advance(bySeconds: 5)
            let afterClose = service.effectiveTiming.preRoll
            service.shutdown()
            return ((heardFrom[1] ?? -1) - first, (heardFrom[2] ?? -1) - second, whileOpen, afterClose)
        }
        XCTAssertEqual(seen.closed, 0.52, accuracy: 0.01, "latency + pre-roll on a PCM that was closed")
        XCTAssertEqual(seen.open, 0.02, accuracy: 0.01, "latency only on a PCM opened ahead")
        XCTAssertEqual(seen.whileOpen, 0, "the timing handed to the engine has no pre-roll while the PCM is open")
        XCTAssertEqual(seen.afterClose, 0.5, "closed after its idle hold: pre-roll again")
    }
}
