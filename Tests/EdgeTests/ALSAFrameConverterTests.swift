import ALSAOutput
import Foundation
import XCTest

/// FrameConverter: sine frequencies survive rate conversion, lengths follow n·out/in, chunked conversion
/// equals converting at once (no clicks at chunk joins), channels map as documented, downsampling filters.
final class ALSAFrameConverterTests: XCTestCase {
    private static func sine(frequency: Double, rate: Int, seconds: Double, channels: Int = 1, amplitude: Double = 10000) -> [Int16] {
        let frames = Int(seconds * Double(rate))
        var samples = [Int16](repeating: 0, count: frames * channels)
        for frame in 0..<frames {
            let value = Int16((amplitude * sin(2 * Double.pi * frequency * Double(frame) / Double(rate))).rounded())
            for channel in 0..<channels { samples[frame * channels + channel] = value }
        }
        return samples
    }

    private static func channel(_ samples: [Int16], _ channel: Int, of channels: Int) -> [Double] {
        stride(from: channel, to: samples.count, by: channels).map { Double(samples[$0]) }
    }

    /// Frequency from zero crossings (interpolated) between the first and last crossing.
    private static func frequency(_ signal: [Double], rate: Int) -> Double {
        var crossings: [Double] = []
        for index in 1..<signal.count where signal[index - 1] < 0 && signal[index] >= 0 {
            let a = signal[index - 1], b = signal[index]
            crossings.append(Double(index - 1) + (-a) / (b - a))
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) / ((last - first) / Double(rate))
    }

    private static func rms(_ signal: ArraySlice<Double>) -> Double {
        (signal.reduce(0) { $0 + $1 * $1 } / Double(max(1, signal.count))).squareRoot()
    }

    private static func convertAtOnce(_ samples: [Int16], _ converter: FrameConverter) -> [Int16] {
        var converter = converter
        return converter.convert(samples[...]) + converter.finish()
    }

    private static func convertInChunks(_ samples: [Int16], _ converter: FrameConverter, chunkFrames: [Int]) -> [Int16] {
        var converter = converter
        var output: [Int16] = []
        var start = 0
        var next = 0
        let channels = converter.sourceChannels
        while start < samples.count {
            let frames = chunkFrames[next % chunkFrames.count]
            next += 1
            let end = min(samples.count, start + frames * channels)
            output += converter.convert(samples[start..<end])
            start = end
        }
        return output + converter.finish()
    }

    func test_sine_keepsItsFrequency_upAndDown() {
        let cases: [(from: Int, to: Int, hz: Double)] = [(22050, 48000, 1000), (44100, 48000, 440), (8000, 48000, 300), (48000, 22050, 1000), (48000, 16000, 2500)]
        for (from, to, hz) in cases {
            let converter = FrameConverter(sourceRate: from, sourceChannels: 1, deviceRate: to, deviceChannels: 2)
            let output = Self.convertAtOnce(Self.sine(frequency: hz, rate: from, seconds: 1), converter)
            let left = Self.channel(output, 0, of: 2)
            let measured = Self.frequency(Array(left[1000..<(left.count - 1000)]), rate: to)
            let level = Self.rms(left[1000..<(left.count - 1000)]) / (10000 / 2.0.squareRoot())
            print("converter \(from)→\(to) Hz: \(hz) Hz tone measured \(String(format: "%.3f", measured)) Hz, level \(String(format: "%.4f", level))")
            XCTAssertEqual(measured, hz, accuracy: hz * 0.001, "\(from)→\(to)")
            XCTAssertEqual(level, 1, accuracy: 0.02, "a passband tone keeps its level \(from)→\(to)")
        }
    }

    func test_length_isSourceFramesTimesRatio_withinOneFrame() {
        for (from, to) in [(22050, 48000), (44100, 48000), (48000, 44100), (16000, 48000), (48000, 48000), (22051, 48000)] {
            for frames in [1, 7, 1000, 22050, 33333] {
                let converter = FrameConverter(sourceRate: from, sourceChannels: 2, deviceRate: to, deviceChannels: 2)
                let output = Self.convertAtOnce([Int16](repeating: 100, count: frames * 2), converter)
                let expected = Double(frames) * Double(to) / Double(from)
                XCTAssertEqual(Double(output.count / 2), expected, accuracy: 1, "\(frames) frames \(from)→\(to)")
            }
        }
    }

    func test_chunkedConversion_equalsConvertingAtOnce() {
        let source = Self.sine(frequency: 700, rate: 22050, seconds: 0.5, channels: 2)
            .enumerated().map { $0.offset % 2 == 0 ? $0.element : $0.element / 3 }
        for (from, to) in [(22050, 48000), (22050, 44100), (22050, 16000), (22050, 22050)] {
            let converter = FrameConverter(sourceRate: from, sourceChannels: 2, deviceRate: to, deviceChannels: 2)
            let whole = Self.convertAtOnce(source, converter)
            for chunks in [[1], [3, 50, 7], [128], [441, 1, 999]] {
                let chunked = Self.convertInChunks(source, converter, chunkFrames: chunks)
                XCTAssertEqual(chunked.count, whole.count, "\(from)→\(to) chunks \(chunks)")
                let firstDifference = zip(chunked, whole).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                XCTAssertNil(firstDifference, "\(from)→\(to) chunks \(chunks): differs at sample \(firstDifference ?? -1)")
            }
        }
    }

    func test_chunkJoins_haveNoClicks() {
        let source = Self.sine(frequency: 440, rate: 22050, seconds: 0.3)
        let converter = FrameConverter(sourceRate: 22050, sourceChannels: 1, deviceRate: 48000, deviceChannels: 1)
        let output = Self.convertInChunks(source, converter, chunkFrames: [37, 211, 5]).map(Double.init)
        // A 440 Hz sine of amplitude 10000 at 48 kHz moves at most 2π·440·10000/48000 ≈ 576 per sample.
        // The clip's own start and end (a tone switched on and off) ring; the joins are all in between.
        let inner = Array(output[200..<(output.count - 200)])
        let largestStep = zip(inner.dropFirst(), inner).map { abs($0 - $1) }.max() ?? 0
        print("converter chunked 22050→48000: largest sample-to-sample step \(Int(largestStep)) (sine bound 576)")
        XCTAssertLessThan(largestStep, 600)
    }

    func test_downsampling_removesToneAboveNewNyquist() {
        let converter = FrameConverter(sourceRate: 48000, sourceChannels: 1, deviceRate: 22050, deviceChannels: 1)
        let output = Self.convertAtOnce(Self.sine(frequency: 15000, rate: 48000, seconds: 0.5), converter).map(Double.init)
        let level = Self.rms(output[500..<(output.count - 500)]) / (10000 / 2.0.squareRoot())
        print("converter 48000→22050: 15 kHz tone left at \(String(format: "%.1f", 20 * log10(max(level, 1e-9)))) dB")
        XCTAssertLessThan(level, 0.01, "a 15 kHz tone must not alias into a 22.05 kHz output")
    }

    func test_channels_monoDuplicates_stereoAverages_extraChannelsSilent() {
        var monoToFour = FrameConverter(sourceRate: 48000, sourceChannels: 1, deviceRate: 48000, deviceChannels: 4)
        XCTAssertEqual(monoToFour.convert([1000, -2000][...]), [1000, 1000, 0, 0, -2000, -2000, 0, 0])
        var stereoToMono = FrameConverter(sourceRate: 48000, sourceChannels: 2, deviceRate: 48000, deviceChannels: 1)
        XCTAssertEqual(stereoToMono.convert([1000, 3000, -100, -300][...]), [2000, -200])
        var stereoToStereo = FrameConverter(sourceRate: 22050, sourceChannels: 2, deviceRate: 48000, deviceChannels: 2)
        let output = stereoToStereo.convert(Self.sine(frequency: 500, rate: 22050, seconds: 0.2, channels: 2)
            .enumerated().map { $0.offset % 2 == 0 ? $0.element : 0 }[...]) + stereoToStereo.finish()
        XCTAssertGreaterThan(Self.rms(Self.channel(output, 0, of: 2)[...]), 5000)
        XCTAssertEqual(Self.rms(Self.channel(output, 1, of: 2)[...]), 0, "a silent right channel stays silent")
    }

    func test_gain_scalesAndClampsToS16() {
        var converter = FrameConverter(sourceRate: 48000, sourceChannels: 1, deviceRate: 48000, deviceChannels: 1, gain: 2)
        XCTAssertEqual(converter.convert([100, -100, 20000, -20000][...]), [200, -200, Int16.max, Int16.min])
    }
}
