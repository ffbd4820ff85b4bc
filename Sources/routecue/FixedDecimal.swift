import Glibc

/// A number written with a fixed count of decimals, as C's `%.Nf` writes it (`String(format:)` before): rounded to
/// nearest from the exact binary value, `-0.00` for a small negative, `nan`, `inf`. The process never sets
/// `LC_NUMERIC`, so the decimal point is `.`.
enum FixedDecimal {
    /// `value` with `places` decimals: `text(2.675, places: 2)` is `2.67`, `text(0.375, places: 1)` is `0.4`.
    static func text(_ value: Double, places: Int) -> String {
        let format = "%.\(max(0, places))f"
        var buffer = [CChar](repeating: 0, count: 64)
        while true {
            let length = Int(withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) })
            if length < buffer.count {
                return String(decoding: buffer[..<max(0, length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            buffer = [CChar](repeating: 0, count: length + 1)
        }
    }
}
