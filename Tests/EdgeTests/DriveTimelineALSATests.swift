import Foundation
import RouteCueCore
import RouteCueService
import ServiceTestSupport
import TestSupport
import XCTest

/// The simulator's guidance timeline played into ALSA's file PCM (`routecue simulate --device`): every spoken
/// cue's audio is in the file, in order, starting at its place on the timeline, and nothing sounds in between.
final class DriveTimelineALSATests: XCTestCase {
    func test_exampleDrive_throughAFilePCM_putsEveryCueAtItsTimelinePosition() throws {
        ALSATestEnvironment.prepare()
        let root = SharedData.repositoryRoot
        let route = try RouteReader.read(Array(try Data(contentsOf: root.appendingPathComponent("examples/grid-trip.osrm.json"))),
                                         name: "grid-trip.osrm.json")
        let fixes = try FixReader.read(Array(try Data(contentsOf: root.appendingPathComponent("examples/grid-trip-drive.nmea"))),
                                       name: "grid-trip-drive.nmea").fixes
        let path = NSTemporaryDirectory() + "routecue-timeline-\(getpid()).wav"
        defer { unlink(path) }
        var engine = GuidanceEngine(route: route)
        let simulator = try DriveSimulator(voice: "en-us")
        let sink = try PCMTimelineWriter(pcm: try AudioDeviceNames.wavFile(path), device: AudioSettings.Device(),
                                         sourceRate: simulator.sampleRate)
        let result = try simulator.run(engine: &engine, fixes: fixes, options: SimulationOptions(), audio: sink)
        XCTAssertGreaterThanOrEqual(result.spoken.count, 5, "the example drive speaks its cues")

        let audio = try WAVDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertEqual(audio.sampleRate, 48000)
        XCTAssertEqual(audio.channels, 2)
        let loud = { (frame: Int) -> Bool in abs(Int(audio.samples[frame * 2])) > 300 }
        var previousEnd = 0
        for cue in result.spoken {
            let start = Int(((cue.audioStart?.seconds ?? 0) * 48000).rounded())
            let end = Int(((cue.audioEnd?.seconds ?? 0) * 48000).rounded())
            XCTAssertLessThan(end, audio.frameCount + 4800, "cue \(cue.seq) is in the file")
            guard end <= audio.frameCount else { break }
            // Silence from the previous cue's end (plus espeak's trailing quiet) up to this cue's start.
            let quietFrom = min(start, previousEnd + 4800)
            XCTAssertFalse((quietFrom..<start).contains(where: loud), "sound before cue \(cue.seq) \"\(cue.text)\"")
            // Its first sound within 150 ms of its start (espeak-ng begins each text with a short silence).
            let onset = (start..<min(end, start + 7200)).first(where: loud)
            XCTAssertNotNil(onset, "cue \(cue.seq) \"\(cue.text)\" is not heard at \(cue.audioStart?.seconds ?? 0) s")
            previousEnd = end
        }
        let lastEnd = Int(((result.spoken.last?.audioEnd?.seconds ?? 0) * 48000).rounded())
        XCTAssertFalse((min(lastEnd + 4800, audio.frameCount)..<audio.frameCount).contains(where: loud), "nothing after the last cue")
        print("timeline through ALSA: \(result.spoken.count) cues over \(String(format: "%.0f", Double(audio.frameCount) / 48000)) s at 48 kHz stereo, each at its place")
    }
}
