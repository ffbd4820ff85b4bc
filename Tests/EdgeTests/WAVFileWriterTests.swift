import Foundation
import RouteCueService
import XCTest

/// The simulator's WAV output: canonical 16-bit mono PCM header, patched sizes, exact sample counts, clear errors.
final class WAVFileWriterTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("wav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func test_header_readsBackFieldByField_withPatchedSizes() throws {
        let path = path("drive.wav")
        let writer = try WAVFileWriter(path: path, sampleRate: 22050)
        try writer.appendSilence(sampleCount: 1000)
        try writer.append([1, -1, Int16.max, Int16.min, 0x1234])
        try writer.finish()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let dataBytes = (1000 + 5) * 2
        XCTAssertEqual(bytes.count, 44 + dataBytes)
        XCTAssertEqual(Self.ascii(bytes, 0, 4), "RIFF")
        XCTAssertEqual(Self.u32(bytes, 4), UInt32(36 + dataBytes), "RIFF size = file size - 8")
        XCTAssertEqual(Self.ascii(bytes, 8, 4), "WAVE")
        XCTAssertEqual(Self.ascii(bytes, 12, 4), "fmt ")
        XCTAssertEqual(Self.u32(bytes, 16), 16, "PCM fmt chunk size")
        XCTAssertEqual(Self.u16(bytes, 20), 1, "format tag PCM")
        XCTAssertEqual(Self.u16(bytes, 22), 1, "mono")
        XCTAssertEqual(Self.u32(bytes, 24), 22050, "sample rate")
        XCTAssertEqual(Self.u32(bytes, 28), 44100, "byte rate")
        XCTAssertEqual(Self.u16(bytes, 32), 2, "block align")
        XCTAssertEqual(Self.u16(bytes, 34), 16, "bits per sample")
        XCTAssertEqual(Self.ascii(bytes, 36, 4), "data")
        XCTAssertEqual(Self.u32(bytes, 40), UInt32(dataBytes))
        XCTAssertTrue(bytes[44..<(44 + 2000)].allSatisfy { $0 == 0 }, "silence is zeros")
        let samples = (0..<5).map { Int16(bitPattern: Self.u16(bytes, 44 + 2000 + 2 * $0)) }
        XCTAssertEqual(samples, [1, -1, Int16.max, Int16.min, 0x1234], "little-endian samples after the silence")
        XCTAssertEqual(writer.sampleCount, 1005)
    }

    func test_longSilenceAndManyAppends_haveExactLengths() throws {
        let path = path("long.wav")
        let writer = try WAVFileWriter(path: path, sampleRate: 16000)
        var expected = 0
        for round in 0..<10 {
            let silence = 12_345 * round + 1      // crosses the writer's 32768-sample silence chunks
            try writer.appendSilence(sampleCount: silence)
            try writer.append([Int16](repeating: Int16(round + 1), count: 777))
            expected += silence + 777
        }
        try writer.appendSilence(sampleCount: 0)
        try writer.append([])
        try writer.finish()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(bytes.count, 44 + 2 * expected)
        XCTAssertEqual(Self.u32(bytes, 40), UInt32(2 * expected))
        XCTAssertEqual(Self.u32(bytes, 4), UInt32(36 + 2 * expected))
        // The last 777 samples are the last round's value, preceded by silence.
        XCTAssertEqual(Int16(bitPattern: Self.u16(bytes, bytes.count - 2)), 10)
        XCTAssertEqual(Int16(bitPattern: Self.u16(bytes, bytes.count - 2 * 777)), 10)
        XCTAssertEqual(Self.u16(bytes, bytes.count - 2 * 778), 0)
    }

    func test_emptyFile_isAValidWAVWithNoData() throws {
        let path = path("empty.wav")
        try WAVFileWriter(path: path, sampleRate: 22050).finish()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(bytes.count, 44)
        XCTAssertEqual(Self.u32(bytes, 4), 36)
        XCTAssertEqual(Self.u32(bytes, 40), 0)
    }

    func test_writerDroppedWithoutFinish_stillPatchesSizes() throws {
        let path = path("dropped.wav")
        do {
            let writer = try WAVFileWriter(path: path, sampleRate: 8000)
            try writer.append([5, 6, 7])
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Self.u32(bytes, 40), 6)
    }

    func test_unwritablePath_throwsWithPathAndErrnoText() {
        let path = directory.appendingPathComponent("no/such/dir/out.wav").path
        XCTAssertThrowsError(try WAVFileWriter(path: path, sampleRate: 22050)) { error in
            guard let error = error as? WAVWriteError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.path, path)
            XCTAssertTrue(error.message.contains("No such file or directory"), error.message)
            XCTAssertTrue(error.description.hasPrefix(path), error.description)
        }
    }

    func test_invalidSampleRate_throws() {
        XCTAssertThrowsError(try WAVFileWriter(path: path("x.wav"), sampleRate: 0))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.wav")))
    }

    func test_growingPastTheSizeLimit_throwsAndLeavesAValidFile() throws {
        let path = path("capped.wav")
        let writer = try WAVFileWriter(path: path, sampleRate: 22050, maximumDataBytes: 1000)
        try writer.appendSilence(sampleCount: 400)
        XCTAssertThrowsError(try writer.append([Int16](repeating: 1, count: 101))) { error in
            XCTAssertTrue("\(error)".contains("size limit"), "\(error)")
        }
        XCTAssertThrowsError(try writer.appendSilence(sampleCount: 101))
        try writer.append([Int16](repeating: 1, count: 100))    // exactly fills the limit
        XCTAssertThrowsError(try writer.append([1]))
        try writer.finish()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(bytes.count, 44 + 1000)
        XCTAssertEqual(Self.u32(bytes, 40), 1000)
    }

    func test_defaultLimit_isTheRIFFLimit_andHugeRequestsAreRefused() throws {
        XCTAssertEqual(UInt64(WAVFileWriter.largestDataBytes) + 36, UInt64(UInt32.max) - 1)
        let writer = try WAVFileWriter(path: path("huge.wav"), sampleRate: 22050)
        XCTAssertEqual(writer.maximumDataBytes, WAVFileWriter.largestDataBytes)
        // 2^31 samples = 4 GiB of data: refused before a byte is written.
        XCTAssertThrowsError(try writer.appendSilence(sampleCount: 1 << 31))
        XCTAssertThrowsError(try writer.appendSilence(sampleCount: Int.max))
        try writer.finish()
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path("huge.wav"))[.size] as? Int, 44)
    }

    func test_appendAfterFinish_throws() throws {
        let writer = try WAVFileWriter(path: path("done.wav"), sampleRate: 22050)
        try writer.finish()
        try writer.finish()
        XCTAssertThrowsError(try writer.append([1]))
    }

    private static func ascii(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> String {
        String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
