import RouteCueCore
import XCTest

final class WAVDecoderTests: XCTestCase {
    /// A canonical WAV: RIFF header, optional extra chunk, fmt, data.
    private func wav(format: UInt16 = 1, channels: UInt16, rate: UInt32, bits: UInt16, data: [UInt8],
                     extraChunk: Bool = false) -> [UInt8] {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        var fmt = le16(format) + le16(channels) + le32(rate)
        fmt += le32(rate * UInt32(channels) * UInt32(bits / 8)) + le16(channels * bits / 8) + le16(bits)
        var body = Array("WAVE".utf8)
        if extraChunk { body += Array("LIST".utf8) + le32(3) + [1, 2, 3, 0] }
        body += Array("fmt ".utf8) + le32(UInt32(fmt.count)) + fmt
        body += Array("data".utf8) + le32(UInt32(data.count)) + data
        return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
    }

    func test_pcm16Stereo_decodesSamplesInOrder_pastAnUnknownChunk() throws {
        let samples: [Int16] = [0, 1, -1, 32767, -32768, 1234]
        let data = samples.flatMap { s -> [UInt8] in let u = UInt16(bitPattern: s); return [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let audio = try WAVDecoder.decode(wav(channels: 2, rate: 22050, bits: 16, data: data, extraChunk: true))
        XCTAssertEqual(audio.samples, samples)
        XCTAssertEqual(audio.channels, 2)
        XCTAssertEqual(audio.sampleRate, 22050)
        XCTAssertEqual(audio.frameCount, 3)
    }

    func test_eightBitAndFloat_convertToSixteenBit() throws {
        let eight = try WAVDecoder.decode(wav(channels: 1, rate: 8000, bits: 8, data: [128, 255, 0]))
        XCTAssertEqual(eight.samples, [0, 127 << 8, -128 << 8])
        let floats: [Float] = [0, 1, -1, 0.5, 7]
        let data = floats.flatMap { f -> [UInt8] in (0..<4).map { UInt8((f.bitPattern >> (8 * $0)) & 0xFF) } }
        let float = try WAVDecoder.decode(wav(format: 3, channels: 1, rate: 48000, bits: 32, data: data))
        XCTAssertEqual(float.samples, [0, 32767, -32767, 16384, 32767])
    }

    func test_badFiles_giveAnErrorSayingWhat() {
        let cases: [([UInt8], String)] = [
            (Array("not a wav file at all".utf8), "not a RIFF/WAVE"),
            (wav(channels: 6, rate: 48000, bits: 16, data: [0, 0]), "6 channels"),
            (wav(channels: 1, rate: 1000, bits: 16, data: [0, 0]), "1000 Hz"),
            (wav(format: 2, channels: 1, rate: 8000, bits: 4, data: [0]), "format 2"),
            (Array(wav(channels: 1, rate: 8000, bits: 16, data: [0, 0]).prefix(30)), "runs past the end"),
            (Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WAVE".utf8), "no fmt chunk"),
        ]
        for (bytes, expected) in cases {
            XCTAssertThrowsError(try WAVDecoder.decode(bytes)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error) should say \(expected)")
            }
        }
    }

    /// Damaged files (bytes overwritten, cut short, grown) give audio or an error, never a trap.
    func test_damagedFiles_neverTrap() {
        let data = (0..<400).flatMap { i -> [UInt8] in let u = UInt16(bitPattern: Int16(i * 70 - 14000)); return [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let original = wav(channels: 2, rate: 44100, bits: 16, data: data, extraChunk: true)
        var rng = SplitMix64(seed: 5)
        var decoded = 0, rejected = 0
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                bytes[Int(rng.next() % UInt64(min(bytes.count, 80)))] = UInt8(truncatingIfNeeded: rng.next())
            }
            if rng.next() % 3 == 0 { bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count)))) }
            do {
                let audio = try WAVDecoder.decode(bytes)
                XCTAssertEqual(audio.samples.count % audio.channels, 0)
                decoded += 1
            } catch {
                rejected += 1
            }
        }
        print("WAVDecoder damaged copies: \(decoded) decoded, \(rejected) rejected with an error")
        XCTAssertGreaterThan(rejected, 0)
    }
}
