#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The prompt chime played in place of speech in the `tone` prompt style: two soft overlapping notes, E6 then C6
/// (a falling major third, "ding-dong"), 0.35 s in all. Each note rises over a raised-cosine attack and falls
/// over a raised-cosine release to exactly zero, so the chime starts and ends at zero without clicks.
public enum Chime {
    /// First note, Hz (E6).
    public static let firstFrequency = 1318.51
    /// Second note, Hz (C6).
    public static let secondFrequency = 1046.50
    /// Length of each note, seconds.
    public static let noteSeconds = 0.2
    /// Start of the second note, seconds (it overlaps the end of the first).
    public static let secondNoteStart = 0.15
    /// Raised-cosine attack of each note, seconds.
    public static let attackSeconds = 0.01
    /// Peak amplitude of each note, as a fraction of full scale (the two overlap at ≤ 0.9 in sum).
    public static let amplitude = 0.45

    /// Whole length, seconds.
    public static var seconds: Double { secondNoteStart + noteSeconds }

    /// The chime as mono 16-bit samples at `sampleRate` Hz (empty for a rate ≤ 0).
    public static func samples(sampleRate: Int) -> [Int16] {
        guard sampleRate > 0 else { return [] }
        let rate = Double(sampleRate)
        let noteLength = max(2, Int((noteSeconds * rate).rounded()))
        let secondStart = Int((secondNoteStart * rate).rounded())
        var mix = [Double](repeating: 0, count: secondStart + noteLength)
        addNote(firstFrequency, at: 0, length: noteLength, rate: rate, into: &mix)
        addNote(secondFrequency, at: secondStart, length: noteLength, rate: rate, into: &mix)
        return mix.map { StereoRendering.saturated($0 * Double(Int16.max)) }
    }

    /// Adds one note (a sine with a little second harmonic) under its envelope, from sample `start` for `length`.
    private static func addNote(_ frequency: Double, at start: Int, length: Int, rate: Double, into mix: inout [Double]) {
        let attack = min(length - 1, max(1, Int((attackSeconds * rate).rounded())))
        let release = Double(length - 1 - attack)
        for k in 0..<length {
            let envelope: Double
            if k < attack {
                envelope = 0.5 * (1 - cos(Double.pi * Double(k) / Double(attack)))
            } else {
                envelope = release > 0 ? 0.5 * (1 + cos(Double.pi * Double(k - attack) / release)) : 0
            }
            let phase = 2 * Double.pi * frequency * Double(k) / rate
            let tone = (sin(phase) + 0.15 * sin(2 * phase)) / 1.15
            mix[start + k] += amplitude * envelope * tone
        }
    }
}
