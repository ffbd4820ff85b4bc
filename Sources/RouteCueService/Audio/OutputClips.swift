#if canImport(Glibc)
import Glibc
#endif
import RouteCueCore

/// Audio that is not speech: files named by outputs and the chime of the `tone` prompt style.
enum OutputClips {
    /// The rate the chime is rendered at (espeak-ng's, so speech and chimes convert alike).
    static let chimeRate = 22050
    /// The largest audio file an output may name (a minute of 48 kHz stereo is 11 MB).
    static let maxFileBytes = 32 << 20

    /// Reads and decodes the WAV file at `path`.
    static func readWAV(_ path: String) throws -> WAVDecoder.Audio {
        try WAVDecoder.decode(try readFile(path))
    }

    /// The bytes of `path`, refusing files over `maxFileBytes`; errors name the file and the system's reason.
    static func readFile(_ path: String) throws(WAVFileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw WAVFileReadError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw WAVFileReadError(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            guard bytes.count <= maxFileBytes else {
                throw WAVFileReadError(path: path, reason: "larger than \(maxFileBytes) bytes")
            }
        }
        return bytes
    }

    /// `samples` (interleaved, `channels` per frame) after `seconds` of silence at `rate`, and `boundaries` moved
    /// with them; `preRollFrames` says how many frames of silence came first.
    static func preceded(bySilence seconds: Double, _ samples: [Int16], channels: Int, rate: Int,
                         boundaries: [Int]) -> (samples: [Int16], boundaries: [Int], preRollFrames: Int) {
        let frames = Int((max(0, seconds) * Double(rate)).rounded())
        guard frames > 0 else { return (samples, boundaries, 0) }
        return ([Int16](repeating: 0, count: frames * channels) + samples, boundaries.map { $0 + frames }, frames)
    }
}

/// An audio file that could not be read.
struct WAVFileReadError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "\(path): \(reason)" }
}
