import EventLoopKit
import Foundation
import Glibc

// The driver's ear of `drive-report`: RouteCue and mpv each play into an ALSA `file` PCM (behind a `plug` that fixes
// the format at S16_LE, 48 kHz, stereo) whose file is a FIFO. The bench reads each FIFO on a thread of its own at
// real-time pace (the pipe shrunk to one page, so a writer is never more than ~21 ms ahead of the reader: the
// FIFO is what paces both processes, ALSA's null slave does not), places every byte on one time axis that starts
// when the readers start (silence where the writer wrote nothing: RouteCue's PCM is closed between cues), and at
// the end mixes both streams into guidance.wav.

enum DriveAudio {
    static let guidancePCM = "routecue_bench_guidance"
    static let musicPCM = "routecue_bench_music"
    static let rate = 48_000
    static let bytesPerSecond = Double(rate * 4)

    /// The ALSA configuration (read after alsa.conf through ALSA_CONFIG_PATH) with both PCMs.
    static func config(guidanceFIFO: String, musicFIFO: String) -> String {
        func pcm(_ name: String, _ fifo: String) -> String {
            """
            pcm.\(name)_file { type file slave.pcm "null" file "\(fifo)" format "raw" }
            pcm.\(name) { type plug slave { pcm "\(name)_file" format S16_LE rate \(rate) channels 2 } }

            """
        }
        return "# routecue-bench drive-report: both players into FIFOs the bench reads at real-time pace\n"
            + pcm(guidancePCM, guidanceFIFO) + pcm(musicPCM, musicFIFO)
    }

    /// Mixes the two raw streams (S16LE stereo 48 kHz, both starting at the readers' origin) into a WAV, from
    /// `skipSeconds` after the origin; returns the WAV's length in seconds.
    static func mix(_ a: String, _ b: String, into wav: String, skipSeconds: Double) throws -> Double {
        guard let ha = FileHandle(forReadingAtPath: a), let hb = FileHandle(forReadingAtPath: b) else {
            throw CarAudioBenchError("cannot read the captured streams \(a), \(b)")
        }
        defer { try? ha.close(); try? hb.close() }
        let size = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0 }
        let skip = max(0, Int(skipSeconds * Double(rate))) * 4
        let total = max(0, max(size(a), size(b)) - skip) & ~3
        try? ha.seek(toOffset: UInt64(min(skip, size(a))))
        try? hb.seek(toOffset: UInt64(min(skip, size(b))))
        _ = FileManager.default.createFile(atPath: wav, contents: nil)
        guard let out = FileHandle(forWritingAtPath: wav) else { throw CarAudioBenchError("cannot write \(wav)") }
        defer { try? out.close() }
        out.write(wavHeader(dataBytes: total))
        var remaining = total
        while remaining > 0 {
            let n = min(remaining, 1 << 20)
            let da = (try? ha.read(upToCount: n)) ?? Data()
            let db = (try? hb.read(upToCount: n)) ?? Data()
            var mixed = [Int16](repeating: 0, count: n / 2)
            da.withUnsafeBytes { pa in
                db.withUnsafeBytes { pb in
                    let sa = pa.bindMemory(to: Int16.self), sb = pb.bindMemory(to: Int16.self)
                    for i in 0..<(n / 2) {
                        let x = Int32(i < sa.count ? Int16(littleEndian: sa[i]) : 0) + Int32(i < sb.count ? Int16(littleEndian: sb[i]) : 0)
                        mixed[i] = Int16(clamping: x).littleEndian
                    }
                }
            }
            mixed.withUnsafeBytes { out.write(Data($0)) }
            remaining -= n
        }
        return Double(total) / bytesPerSecond
    }

    /// Seconds from each span's `from` (monotonic s) to the first sample of the raw stream (S16LE stereo, starting at
    /// monotonic `origin`) louder than `threshold` between `searchFrom` and the span's `to`; nil where none.
    static func onsets(raw: String, origin: Double, spans: [(searchFrom: Double, from: Double, to: Double)], threshold: Int16 = 300) -> [Double?] {
        guard let handle = FileHandle(forReadingAtPath: raw) else { return spans.map { _ in nil } }
        defer { try? handle.close() }
        return spans.map { span in
            let lo = max(0, Int((span.searchFrom - origin) * Double(rate))), hi = max(lo, Int((span.to - origin) * Double(rate)))
            guard (try? handle.seek(toOffset: UInt64(lo * 4))) != nil, let data = try? handle.read(upToCount: (hi - lo) * 4) else { return nil }
            return data.withUnsafeBytes { p -> Double? in
                let samples = p.bindMemory(to: Int16.self)
                var i = 0
                while i + 1 < samples.count {
                    if abs(Int32(Int16(littleEndian: samples[i]))) > Int32(threshold) || abs(Int32(Int16(littleEndian: samples[i + 1]))) > Int32(threshold) {
                        return origin + Double(lo + i / 2) / Double(rate) - span.from
                    }
                    i += 2
                }
                return nil
            }
        }
    }

    static func wavHeader(dataBytes: Int) -> Data {
        var data = Data(capacity: 44)
        func le32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) } }
        func le16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8))
        le32(36 + dataBytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        le32(16); le16(1); le16(2); le32(rate); le32(rate * 4); le16(4); le16(16)
        data.append(contentsOf: Array("data".utf8))
        le32(dataBytes)
        return data
    }

    /// 8 s of "music" for mpv to loop: soft arpeggiated triads (C, A minor, F, G), stereo 16-bit 48 kHz, so the
    /// ducking is heard under the voice and music is told from speech at a glance in a spectrogram.
    static func writeMusic(to path: String) throws {
        let frames = 8 * rate
        var samples = [Int16](repeating: 0, count: frames * 2)
        let chords: [[Double]] = [[261.63, 329.63, 392.00], [220.00, 261.63, 329.63], [174.61, 220.00, 261.63], [196.00, 246.94, 293.66]]
        let note = rate / 4
        for frame in 0..<frames {
            let chord = chords[frame / (2 * rate) % chords.count]
            let n = frame / note
            let inNote = Double(frame % note) / Double(rate)
            let envelope = min(1, inNote / 0.01) * exp(-inNote * 5)
            let f = chord[n % 3] * (n % 6 >= 3 ? 2 : 1)
            let t = Double(frame) / Double(rate)
            let pad = chord.reduce(0) { $0 + sin(2 * .pi * $1 / 2 * t) } / 3
            let left = 0.22 * envelope * sin(2 * .pi * f * t) + 0.08 * pad
            let right = 0.22 * envelope * sin(2 * .pi * f * t + 0.3) + 0.08 * pad
            samples[2 * frame] = Int16((left * 32767).rounded()).littleEndian
            samples[2 * frame + 1] = Int16((right * 32767).rounded()).littleEndian
        }
        var data = wavHeader(dataBytes: frames * 4)
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        try data.write(to: URL(fileURLWithPath: path))
    }
}

/// One FIFO read at real-time pace from `origin` on, its bytes (and silence for the time nothing came) appended to
/// a raw file (or dropped when there is none).
final class PacedFIFOReader: @unchecked Sendable {
    let fifo: String
    let raw: String?
    let origin: UInt64
    private let fd: Int32
    private let lock = NSLock()
    private var running = true
    private var _dataBytes = 0
    private var _placed = 0
    private var thread: Thread?
    private let done = DispatchSemaphore(value: 0)

    /// Seconds of the stream that came from the writer (not filled in).
    var dataSeconds: Double { lock.withLock { Double(_dataBytes) } / DriveAudio.bytesPerSecond }
    /// Seconds placed on the axis so far.
    var placedSeconds: Double { lock.withLock { Double(_placed) } / DriveAudio.bytesPerSecond }

    init(fifo: String, raw: String?, origin: UInt64) throws {
        self.fifo = fifo
        self.raw = raw
        self.origin = origin
        unlink(fifo)
        guard mkfifo(fifo, 0o600) == 0 else { throw CarAudioBenchError("mkfifo \(fifo): \(String(cString: strerror(errno)))") }
        // Read-write: the writer's open never blocks and the reader never sees end of file while RouteCue closes and
        // reopens its PCM between cues.
        fd = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw CarAudioBenchError("open \(fifo): \(String(cString: strerror(errno)))") }
        _ = fcntl(fd, 1031 /* F_SETPIPE_SZ */, Int32(4096))
        if let raw { _ = FileManager.default.createFile(atPath: raw, contents: nil) }
        let thread = Thread { [self] in loop() }
        thread.name = "fifo-reader"
        self.thread = thread
        thread.start()
    }

    func stop() {
        let wasRunning = lock.withLock { () -> Bool in defer { running = false }; return running }
        if wasRunning { done.wait() }
        close(fd)
    }

    private func loop() {
        defer { done.signal() }
        let out = raw.flatMap { FileHandle(forWritingAtPath: $0) }
        defer { try? out?.close() }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let slack = Int(0.05 * DriveAudio.bytesPerSecond) & ~3, keep = Int(0.01 * DriveAudio.bytesPerSecond) & ~3
        var placed = 0
        while lock.withLock({ running }) {
            let elapsed = Double(MonotonicClock.nanoseconds() &- origin) / 1e9
            let target = Int(max(0, elapsed) * DriveAudio.bytesPerSecond) & ~3
            let allowed = target - placed
            guard allowed > 0 else { usleep(2_000); continue }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, min(allowed, $0.count)) }
            if n > 0 {
                out?.write(Data(buffer[0..<n]))
                placed += n
                lock.withLock { _dataBytes += n; _placed = placed }
                continue
            }
            // Nothing written for longer than the slack: that time was silence.
            if placed % 4 == 0, allowed > slack {
                let fill = (allowed - keep) & ~3
                out?.write(Data(count: fill))
                placed += fill
                lock.withLock { _placed = placed }
            }
            usleep(2_000)
        }
    }
}
