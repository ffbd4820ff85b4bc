import Speech
import XCTest

/// Word, sentence and clause boundaries as espeak-ng 1.51 reports them (WORD, SENTENCE, END events' `sample`),
/// checked against the audio itself.
final class SpeechBoundaryTests: XCTestCase {
    private let twoSentences = "In 500 meters, turn left onto Main Street. Then keep right towards the airport."

    func test_twoSentences_haveTwoSentenceStartsAndEnds_andClauseEndsAtCommaAndStops() throws {
        let speech = try SpeechSynthesizer().synthesize(twoSentences)
        print("speech: \(speech.samples.count) samples, words \(speech.wordStarts), sentences \(speech.sentenceStarts), clause ends \(speech.clauseEnds), sentence ends \(speech.sentenceEnds)")
        XCTAssertEqual(speech.sentenceStarts.count, 2)
        XCTAssertEqual(speech.sentenceStarts.first, 0)
        XCTAssertEqual(speech.clauseEnds.count, 3, "after \"meters,\", \"Street.\" and \"airport.\"")
        XCTAssertEqual(speech.sentenceEnds.count, 2)
        XCTAssertEqual(speech.sentenceEnds.last, speech.samples.count, "the last END is the end of the samples")
        // The second sentence starts where the first ended, with its first word ("Then").
        XCTAssertEqual(speech.sentenceStarts[1], speech.sentenceEnds[0])
        XCTAssertTrue(speech.wordStarts.contains(speech.sentenceStarts[1]))
        XCTAssertEqual(speech.wordStarts.count, 14, "\"500\" is one word")
        for list in [speech.wordStarts, speech.sentenceStarts, speech.clauseEnds, speech.sentenceEnds] {
            XCTAssertTrue(zip(list, list.dropFirst()).allSatisfy(<), "strictly ascending: \(list)")
            XCTAssertTrue(list.allSatisfy { (0...speech.samples.count).contains($0) })
        }
    }

    func test_sentenceEnd_isPrecededByItsPause() throws {
        let speech = try SpeechSynthesizer().synthesize(twoSentences)
        let end = speech.sentenceEnds[0]
        let window = speech.sampleRate / 10
        let pause = SpeechSignal.rms(speech.samples[(end - window)..<end])
        let overall = SpeechSignal.rms(speech.samples)
        print("speech: rms of the 100 ms before the first sentence end \(Int(pause)), of all speech \(Int(overall))")
        XCTAssertLessThan(pause, overall * 0.1)
    }

    func test_stopPoints_areWordStartsClauseEndsAndTheEnd_sortedAndDistinct() throws {
        let speech = try SpeechSynthesizer().synthesize(twoSentences)
        let points = speech.stopPoints
        XCTAssertEqual(points, Array(Set(speech.wordStarts + speech.clauseEnds + [speech.samples.count])).sorted())
        XCTAssertEqual(points.last, speech.samples.count)
        XCTAssertEqual(speech.nextStopPoint(atOrAfter: 0), 0)
        XCTAssertEqual(speech.nextStopPoint(atOrAfter: speech.wordStarts[2] + 1), speech.wordStarts[3])
        XCTAssertEqual(speech.nextStopPoint(atOrAfter: speech.wordStarts[3]), speech.wordStarts[3])
        XCTAssertEqual(speech.nextStopPoint(atOrAfter: speech.samples.count + 100), speech.samples.count)
        let gaps = zip(points, points.dropFirst()).map { Double($1 - $0) / Double(speech.sampleRate) }
        print("speech: \(points.count) stop points, longest wait for the next one \(String(format: "%.0f", (gaps.max() ?? 0) * 1000)) ms")
    }

    /// A word start is where the signal is quiet, roughly: in connected speech some words run into each other
    /// ("turn left"), so the figure compared is the quietest 5 ms frame within ±10 ms of each word start against
    /// the same figure halfway between word starts.
    func test_wordStarts_lieInOrNearLowEnergyGaps() throws {
        var atStarts: [Double] = []
        var midWord: [Double] = []
        var quietStarts = 0
        var speechRMS: [Double] = []
        for text in [twoSentences, "Now turn right, then take the second exit onto Station Road",
                     "At the roundabout, take the third exit"] {
            let speech = try SpeechSynthesizer().synthesize(text)
            let level = SpeechSignal.rms(speech.samples)
            speechRMS.append(level)
            let starts = speech.wordStarts.dropFirst()
            for start in starts {
                let quietest = Self.quietestFrame(speech, around: start)
                atStarts.append(quietest / level)
                if quietest < level * 0.35 { quietStarts += 1 }
            }
            for (from, to) in zip(speech.wordStarts, speech.wordStarts.dropFirst()) {
                midWord.append(Self.quietestFrame(speech, around: (from + to) / 2) / level)
            }
        }
        let meanStart = atStarts.reduce(0, +) / Double(atStarts.count)
        let meanMid = midWord.reduce(0, +) / Double(midWord.count)
        print("speech: quietest 5 ms frame near word starts / speech rms: mean \(String(format: "%.2f", meanStart)), mid-word \(String(format: "%.2f", meanMid)); \(quietStarts) of \(atStarts.count) word starts below 0.35")
        XCTAssertLessThan(meanStart, meanMid * 0.5)
        XCTAssertGreaterThanOrEqual(Double(quietStarts), Double(atStarts.count) * 0.8)
    }

    /// The RMS of the quietest 5 ms frame starting within ±10 ms of `sample`.
    private static func quietestFrame(_ speech: SynthesizedSpeech, around sample: Int) -> Double {
        let frame = speech.sampleRate / 200
        let reach = speech.sampleRate / 100
        var quietest = Double.infinity
        var start = max(0, sample - reach)
        while start <= min(sample + reach, speech.samples.count - frame) {
            quietest = min(quietest, SpeechSignal.rms(speech.samples[start..<(start + frame)]))
            start += frame / 5
        }
        return quietest.isFinite ? quietest : 0
    }
}
