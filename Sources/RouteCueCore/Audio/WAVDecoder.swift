/// Reads a RIFF/WAVE file's bytes into 16-bit PCM: the format application audio and audio-file outputs come in.
/// Accepts PCM 16-bit (format 1, or WAVE_FORMAT_EXTENSIBLE with the PCM sub-format), 8-bit unsigned and
/// 32-bit float (converted), one or two channels, any rate from 4 kHz to 192 kHz; skips unknown chunks.
/// Anything else is a `WAVDecodingError` naming what is wrong.
public enum WAVDecoder {
    /// Decoded PCM: interleaved S16 samples.
    public struct Audio: Sendable, Equatable {
        /// Interleaved samples, `channels` per frame.
        public var samples: [Int16]
        /// 1 (mono) or 2 (stereo).
        public var channels: Int
        /// Frames per second.
        public var sampleRate: Int

        /// Creates decoded audio.
        public init(samples: [Int16], channels: Int, sampleRate: Int) {
            self.samples = samples
            self.channels = channels
            self.sampleRate = sampleRate
        }

        /// Frames (samples per channel).
        public var frameCount: Int { channels > 0 ? samples.count / channels : 0 }
        /// Seconds of audio.
        public var duration: Double { sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0 }
    }

    /// Decodes `bytes` (a whole file).
    public static func decode(_ bytes: [UInt8]) throws(WAVDecodingError) -> Audio {
        guard bytes.count >= 12, ascii(bytes, 0) == "RIFF", ascii(bytes, 8) == "WAVE" else {
            throw WAVDecodingError("not a RIFF/WAVE file")
        }
        var offset = 12
        var format: (code: Int, channels: Int, rate: Int, bits: Int)?
        while offset + 8 <= bytes.count {
            let id = ascii(bytes, offset)
            let size = Int(le32(bytes, offset + 4))
            let body = offset + 8
            guard size <= bytes.count - body || id == "data" else {
                throw WAVDecodingError("chunk '\(id)' at byte \(offset) runs past the end of the file")
            }
            switch id {
            case "fmt ":
                guard size >= 16 else { throw WAVDecodingError("fmt chunk of \(size) bytes is too short") }
                var code = Int(le16(bytes, body))
                if code == 0xFFFE {
                    guard size >= 40 else { throw WAVDecodingError("extensible fmt chunk of \(size) bytes is too short") }
                    code = Int(le16(bytes, body + 24))
                }
                format = (code, Int(le16(bytes, body + 2)), Int(le32(bytes, body + 4)), Int(le16(bytes, body + 14)))
            case "data":
                guard let format else { throw WAVDecodingError("data chunk before the fmt chunk") }
                // A streamed WAV may leave the data size 0 or too large: take what the file holds.
                let end = min(bytes.count, body + (size == 0 ? bytes.count : size))
                return try pcm(bytes[body..<end], format: format)
            default:
                break
            }
            offset = body + size + (size & 1)
        }
        throw WAVDecodingError(format == nil ? "no fmt chunk" : "no data chunk")
    }

    private static func pcm(_ data: ArraySlice<UInt8>, format: (code: Int, channels: Int, rate: Int, bits: Int)) throws(WAVDecodingError) -> Audio {
        guard (1...2).contains(format.channels) else {
            throw WAVDecodingError("\(format.channels) channels; RouteCue plays mono or stereo files")
        }
        guard (4000...192_000).contains(format.rate) else {
            throw WAVDecodingError("sample rate \(format.rate) Hz is outside 4000...192000")
        }
        var samples: [Int16] = []
        let base = data.startIndex
        switch (format.code, format.bits) {
        case (1, 16):
            samples.reserveCapacity(data.count / 2)
            var i = base
            while i + 1 < data.endIndex {
                samples.append(Int16(bitPattern: UInt16(data[i]) | UInt16(data[i + 1]) << 8))
                i += 2
            }
        case (1, 8):
            samples = data.map { Int16(Int($0) - 128) << 8 }
        case (3, 32):
            var i = base
            while i + 3 < data.endIndex {
                let bits = UInt32(data[i]) | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2]) << 16 | UInt32(data[i + 3]) << 24
                let value = Float(bitPattern: bits)
                let clamped = value.isFinite ? max(-1, min(1, value)) : 0
                samples.append(Int16((clamped * 32767).rounded()))
                i += 4
            }
        default:
            throw WAVDecodingError("format \(format.code) with \(format.bits) bits per sample; RouteCue plays PCM 8/16-bit or float 32-bit")
        }
        samples.removeLast(samples.count % format.channels)
        return Audio(samples: samples, channels: format.channels, sampleRate: format.rate)
    }

    private static func ascii(_ bytes: [UInt8], _ at: Int) -> String {
        guard at + 4 <= bytes.count else { return "" }
        return String(decoding: bytes[at..<at + 4].map { $0 < 0x20 || $0 > 0x7E ? 0x3F : $0 }, as: UTF8.self)
    }

    private static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }

    private static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}

/// Why a WAV file could not be played.
public struct WAVDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the file.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
