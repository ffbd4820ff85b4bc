import ALSAOutput
import EventLoopKit
import Foundation

/// The command-line approach: spawn `espeak-ng --stdout` per cue, read its WAV from the pipe, and hand the first
/// period of samples to an ALSA PCM already open (generous to it: an app piping to `aplay` also opens the device).
struct SpawnedSpeechBaseline {
    let device: String

    func dueToFirstSample(_ texts: [String]) -> [Double] {
        guard let pcm = try? PCMDevice(request: PCMRequest(device: device, rate: 22050, channels: 1)) else {
            fail("audio: PCM \"\(device)\" did not open for the baseline")
        }
        var latencies: [Double] = []
        for text in texts {
            let due = MonotonicClock.nanoseconds()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
            process.arguments = ["--stdout", "-v", "en-us", text]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { fail("audio: cannot run espeak-ng (Debian package espeak-ng): \(error)") }
            // The WAV header (44 bytes) and one period of samples.
            let wanted = 44 + 2 * pcm.configuration.periodFrames
            var bytes = Data()
            while bytes.count < wanted {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            let samples = bytes.dropFirst(44).prefix(2 * pcm.configuration.periodFrames).withUnsafeBytes {
                Array($0.bindMemory(to: Int16.self))
            }
            _ = try? pcm.write(samples[...])
            latencies.append(Double(MonotonicClock.nanoseconds() - due) / 1e9)
            _ = try? pcm.dropAndPrepare()
            process.terminate()
            process.waitUntilExit()
        }
        return latencies
    }
}
