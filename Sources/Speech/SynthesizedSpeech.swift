/// The audio espeak-ng produced for one text: signed 16-bit mono PCM with the sample index of every word
/// start, sentence start and clause end, as espeak-ng's WORD, SENTENCE and END events report them.
public struct SynthesizedSpeech: Sendable, Equatable {
    /// The PCM samples, S16 mono, in host byte order.
    public let samples: [Int16]
    /// Samples per second (espeak-ng's rate, 22050 Hz on Debian 12).
    public let sampleRate: Int
    /// Sample index at which each word starts (espeak-ng `espeakEVENT_WORD`), ascending.
    public let wordStarts: [Int]
    /// Sample index at which each sentence starts (`espeakEVENT_SENTENCE`), ascending; the first is 0.
    public let sentenceStarts: [Int]
    /// Sample index at which each clause ends (`espeakEVENT_END`): after a comma, a full stop, the text's end.
    /// In espeak-ng 1.51 it coincides with the next word's start (the clause's pause lies before it), and the
    /// last one is the end of the samples.
    public let clauseEnds: [Int]
    /// The clause ends that end a sentence (the last `END` before a `SENTENCE` event, and the last of all).
    public let sentenceEnds: [Int]

    /// Creates speech from its samples, rate and boundaries.
    public init(samples: [Int16], sampleRate: Int, wordStarts: [Int],
                sentenceStarts: [Int] = [], clauseEnds: [Int] = [], sentenceEnds: [Int] = []) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.wordStarts = wordStarts
        self.sentenceStarts = sentenceStarts
        self.clauseEnds = clauseEnds
        self.sentenceEnds = sentenceEnds
    }

    /// How long the speech plays, in seconds. espeak-ng may make the same text a few milliseconds longer or
    /// shorter from one call to the next.
    public var duration: Double {
        sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0
    }

    /// Sample indexes where stopping sounds natural, ascending and distinct: every word start, every clause
    /// end, and the end of the samples. A stop "at the next word boundary" plays up to the first stop point at
    /// or after the current position.
    public var stopPoints: [Int] {
        var points = Set(wordStarts.filter { $0 <= samples.count })
        points.formUnion(clauseEnds.filter { $0 <= samples.count })
        points.insert(samples.count)
        return points.sorted()
    }

    /// The first stop point at or after `sample` (the end of the samples when none is left).
    public func nextStopPoint(atOrAfter sample: Int) -> Int {
        let points = stopPoints
        var low = 0
        var high = points.count
        while low < high {
            let middle = (low + high) / 2
            if points[middle] < sample { low = middle + 1 } else { high = middle }
        }
        return low < points.count ? points[low] : samples.count
    }

    /// The memory this speech holds, in bytes: 2 per sample, 8 per boundary, plus a fixed overhead for the
    /// arrays' headers. `SpeechCache` counts its bound in these bytes.
    public var byteCount: Int {
        samples.count * 2 + (wordStarts.count + sentenceStarts.count + clauseEnds.count + sentenceEnds.count) * 8
            + Self.overheadBytes
    }

    /// Bytes counted for one speech besides its samples and boundaries.
    public static let overheadBytes = 160
}
