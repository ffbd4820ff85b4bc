#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure to write a WAV file, naming the file and the system's reason (errno text).
public struct WAVWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file being written.
    public let path: String
    /// What failed and why, e.g. `cannot create: Permission denied`.
    public let message: String

    /// Creates an error for `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, one line.
    public var description: String { "\(path): \(message)" }
}

/// Streams 16-bit mono PCM into a canonical 44-byte-header WAV file: samples go to disk as they are appended,
/// and `finish()` patches the RIFF and data sizes. Refuses to grow past what the 32-bit RIFF sizes can hold
/// (4 GiB) rather than write a broken file. Not thread-safe: one owner appends.
public final class WAVFileWriter {
    /// The file being written.
    public let path: String
    /// Samples per second written in the header.
    public let sampleRate: Int
    /// The most PCM bytes the file may hold: `UInt32.max - 36` rounded down to whole samples unless lowered.
    public let maximumDataBytes: UInt32
    /// PCM bytes written so far (two per sample).
    public private(set) var dataBytes: UInt32 = 0
    /// Samples written so far.
    public var sampleCount: Int { Int(dataBytes / 2) }

    /// The largest data chunk a RIFF file can describe: its RIFF size (36 + data) must fit in 32 bits; even.
    public static let largestDataBytes: UInt32 = (UInt32.max - 36) & ~1
    /// Size of the header `init` writes and `finish` patches.
    public static let headerBytes = 44

    private var descriptor: Int32

    /// Creates (or truncates) `path` and writes a header with zero sizes.
    /// `maximumDataBytes` caps the file below the RIFF limit (e.g. to bound a simulation's output).
    public init(path: String, sampleRate: Int,
                maximumDataBytes: UInt32 = WAVFileWriter.largestDataBytes) throws(WAVWriteError) {
        guard sampleRate > 0, sampleRate <= Int(UInt32.max / 2) else {
            throw WAVWriteError(path: path, message: "sample rate \(sampleRate) Hz is not a valid WAV rate")
        }
        self.path = path
        self.sampleRate = sampleRate
        self.maximumDataBytes = min(maximumDataBytes, Self.largestDataBytes) & ~1
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WAVWriteError(path: path, message: "cannot create: \(Self.errnoText())") }
        descriptor = fd
        let failure = header(dataBytes: 0).withUnsafeBytes { Self.writeAll($0, to: fd, at: nil) }
        if let failure {
            close(fd)
            descriptor = -1
            throw WAVWriteError(path: path, message: "cannot write header: \(failure)")
        }
    }

    deinit {
        // Best effort for an owner that forgot `finish()`: a file with correct sizes beats one with zeros.
        if descriptor >= 0 {
            try? finish()
        }
    }

    /// Appends `samples` (host-order Int16, written little-endian).
    /// Throws when the file would pass `maximumDataBytes` (nothing of `samples` is written then) or on I/O errors.
    public func append(_ samples: [Int16]) throws(WAVWriteError) {
        guard !samples.isEmpty else { return }
        try reserve(sampleCount: samples.count)
        let failure = samples.map(\.littleEndian).withUnsafeBytes { writeAll($0, at: nil) }
        if let failure { throw WAVWriteError(path: path, message: "cannot write samples: \(failure)") }
        dataBytes += UInt32(samples.count * 2)
    }

    /// Appends `sampleCount` samples of silence (zeros), in bounded chunks.
    public func appendSilence(sampleCount: Int) throws(WAVWriteError) {
        guard sampleCount > 0 else {
            if sampleCount < 0 { throw WAVWriteError(path: path, message: "negative silence of \(sampleCount) samples") }
            return
        }
        try reserve(sampleCount: sampleCount)
        let chunk = [UInt8](repeating: 0, count: 2 * min(sampleCount, 32_768))
        var remaining = sampleCount * 2
        while remaining > 0 {
            let size = min(remaining, chunk.count)
            let failure = chunk.withUnsafeBytes { writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<size]), at: nil) }
            if let failure { throw WAVWriteError(path: path, message: "cannot write silence: \(failure)") }
            remaining -= size
            dataBytes += UInt32(size)
        }
    }

    /// Patches the RIFF and data sizes into the header and closes the file. Further calls do nothing.
    public func finish() throws(WAVWriteError) {
        guard descriptor >= 0 else { return }
        let fd = descriptor
        descriptor = -1
        let failure = header(dataBytes: dataBytes).withUnsafeBytes { Self.writeAll($0, to: fd, at: 0) }
        let closed = close(fd) == 0 ? nil : Self.errnoText()
        if let failure { throw WAVWriteError(path: path, message: "cannot patch header sizes: \(failure)") }
        if let closed { throw WAVWriteError(path: path, message: "cannot close: \(closed)") }
    }

    /// Throws unless `sampleCount` more samples fit in an open file below `maximumDataBytes`.
    private func reserve(sampleCount: Int) throws(WAVWriteError) {
        guard descriptor >= 0 else { throw WAVWriteError(path: path, message: "append after finish()") }
        let (needed, overflow) = sampleCount.multipliedReportingOverflow(by: 2)
        guard !overflow, needed <= Int(maximumDataBytes - dataBytes) else {
            throw WAVWriteError(path: path, message:
                "\(sampleCount) more samples would exceed the WAV size limit of \(maximumDataBytes) data bytes "
                + "(\(dataBytes / 2) samples written)")
        }
    }

    /// The 44-byte canonical header: RIFF/WAVE, a 16-byte PCM `fmt ` chunk (mono, 16 bit), a `data` chunk header.
    private func header(dataBytes: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.headerBytes)
        func ascii(_ tag: String) { bytes.append(contentsOf: tag.utf8) }
        func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        let channels: UInt16 = 1
        let bitsPerSample: UInt16 = 16
        let blockAlign = channels * bitsPerSample / 8
        ascii("RIFF"); u32(36 + dataBytes); ascii("WAVE")
        ascii("fmt "); u32(16); u16(1 /* PCM */); u16(channels); u32(UInt32(sampleRate))
        u32(UInt32(sampleRate) * UInt32(blockAlign)); u16(blockAlign); u16(bitsPerSample)
        ascii("data"); u32(dataBytes)
        return bytes
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int?) -> String? {
        Self.writeAll(bytes, to: descriptor, at: offset)
    }

    /// Writes every byte (at the current position, or with `pwrite` at `offset`), retrying EINTR and short
    /// writes; returns the errno text on failure, nil on success.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, at offset: Int?) -> String? {
        var done = 0
        while done < bytes.count {
            let pointer = bytes.baseAddress! + done
            let count = bytes.count - done
            let written = if let offset {
                pwrite(fd, pointer, count, off_t(offset + done))
            } else {
                write(fd, pointer, count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errnoText()
            }
            done += written
        }
        return nil
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
