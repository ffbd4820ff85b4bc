import ALSAOutput
import EventLoopKit
import Foundation
import RouteCueService
import Speech
import XCTest

/// The cues that can come next are rendered ahead in the order the engine gave them, in every process: espeak-ng
/// carries state from one synthesis to the next (its pitch flutter), so the order of syntheses decides each text's
/// samples, and a replay of the same drive must give the same ones. A `Set`'s order is seeded per process.
final class SpeechRenderOrderTests: XCTestCase {
    /// Records the texts asked for ahead, in order; synthesizes nothing.
    private final class RecordingSpeech: SpeechRendering {
        let cache = SpeechCache(maxBytes: 1 << 20)
        private let asked = LockedValue<[String]>([])
        var renderedAhead: [String] { asked.withLock { $0 } }

        func renderAhead(_ texts: [String], settings: VoiceSettings,
                         rendered: (@Sendable (String, Result<SynthesizedSpeech, SpeechError>) -> Void)?) {
            asked.withLock { $0 += texts }
        }

        func speechNow(_ text: String, settings: VoiceSettings, completion: @escaping SpeechCompletion) {
            completion(.failure(SpeechError(code: .invalidArgument, message: "not synthesized in this test")))
        }

        func shutdown() {}
    }

    func test_theTextsComingNext_areRenderedInTheGivenOrder_eachOnce() throws {
        let settings = AudioOutputService.Settings(device: PCMRequest(device: "virtual"), voice: VoiceSettings(voice: "en-us"))
        let speech = RecordingSpeech()
        let first = (1...12).map { "In \($0 * 100) meters, turn left" }
        let second = ["Turn right now", first[3], "Keep left", first[0], "Take the ferry", "Continue for 2 kilometers",
                      "Turn right now"]
        try RouteCueLoop.runAndWait {
            let (service, _) = AudioOutputService.virtual(settings: settings, loop: ManualLoop(), speech: speech)
            service.keepRendered(first) { _ in .plain }
            service.keepRendered(second) { _ in .plain }
            service.shutdown()
        }
        XCTAssertEqual(speech.renderedAhead, first + ["Turn right now", "Keep left", "Take the ferry", "Continue for 2 kilometers"],
                       "the new texts, in the order given, each once")
    }
}
