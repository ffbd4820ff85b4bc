import EventLoopKit
import Glibc

/// A Blackman-windowed sinc low-pass, tabulated finely and read with linear interpolation, for
/// `FrameConverter`. The cut-off sits just below the lower of the two Nyquist frequencies, so upsampling
/// does not image and downsampling does not alias.
struct ResamplingKernel: Sendable {
    /// Half the kernel's width, in source frames.
    let halfWidth: Double
    /// Source frames on each side of an output position that can carry weight (`ceil(halfWidth)`).
    let reach: Int
    private let table: [Float]
    private static let stepsPerFrame = 512

    /// The kernel for `sourceRate` → `deviceRate`, tabulated once per rate pair for the process: a table
    /// takes about a millisecond to fill (debug builds) and every clip after the first reuses it.
    static func shared(sourceRate: Int, deviceRate: Int) -> ResamplingKernel {
        let key = RatePair(source: sourceRate, device: deviceRate)
        if let kernel = tabulated.withLock({ $0[key] }) { return kernel }
        let kernel = ResamplingKernel(sourceRate: sourceRate, deviceRate: deviceRate)
        tabulated.withLock { $0[key] = kernel }
        return kernel
    }

    private struct RatePair: Hashable { let source: Int; let device: Int }
    private static let tabulated = LockedValue<[RatePair: ResamplingKernel]>([:])

    /// A kernel for converting `sourceRate` to `deviceRate` with `zeroCrossings` sinc lobes on each side.
    init(sourceRate: Int, deviceRate: Int, zeroCrossings: Double = 10, passband: Double = 0.94) {
        let cutoff = min(1, Double(deviceRate) / Double(sourceRate)) * passband
        halfWidth = zeroCrossings / cutoff
        reach = Int(halfWidth.rounded(.up))
        let count = Int(halfWidth * Double(Self.stepsPerFrame)) + 2
        table = (0..<count).map { index in
            let x = Double(index) / Double(Self.stepsPerFrame)
            return Float(Self.windowedSinc(x, cutoff: cutoff, halfWidth: zeroCrossings / cutoff))
        }
    }

    /// The weight of a source frame `distance` frames away from the output position (0 beyond the half width).
    @inline(__always)
    func weight(at distance: Double) -> Float {
        let position = abs(distance) * Double(Self.stepsPerFrame)
        let index = Int(position)
        guard index + 1 < table.count else { return 0 }
        let fraction = Float(position - Double(index))
        return table.withUnsafeBufferPointer { t in t[index] + (t[index + 1] - t[index]) * fraction }
    }

    private static func windowedSinc(_ x: Double, cutoff: Double, halfWidth: Double) -> Double {
        guard x < halfWidth else { return 0 }
        let t = cutoff * x
        let sinc = t == 0 ? 1 : sin(Double.pi * t) / (Double.pi * t)
        let w = x / halfWidth
        let blackman = 0.42 + 0.5 * cos(Double.pi * w) + 0.08 * cos(2 * Double.pi * w)
        return cutoff * sinc * blackman
    }
}
