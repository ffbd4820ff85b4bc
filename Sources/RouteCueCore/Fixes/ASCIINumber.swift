/// Fast number parsing straight from ASCII bytes, for line-based fix logs (no String per field).
enum ASCIINumber {
    /// A decimal number (`-12.345`, `+7`, `.5`), or nil when the bytes are empty or not such a number.
    /// Up to 17 significant digits are used. With up to 15 (every NMEA field) the mantissa and the power of ten
    /// are exact doubles and the result is their correctly rounded quotient; beyond that it may be off by an ulp.
    static func double(_ s: ArraySlice<UInt8>) -> Double? {
        var i = s.startIndex
        let end = s.endIndex
        guard i < end else { return nil }
        var negative = false
        if s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") {
            negative = s[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var extraIntegerDigits = 0
        var seenDot = false
        var any = false
        while i < end {
            let c = s[i]
            if c >= 48 && c <= 57 {
                any = true
                if digits < 17 {
                    mantissa = mantissa * 10 + UInt64(c - 48)
                    if mantissa > 0 { digits += 1 }
                    if seenDot { fractionDigits += 1 }
                } else if !seenDot {
                    extraIntegerDigits += 1
                }
            } else if c == UInt8(ascii: ".") && !seenDot {
                seenDot = true
            } else {
                return nil
            }
            i += 1
        }
        guard any else { return nil }
        var value = Double(mantissa)
        if fractionDigits > 0 { value /= powerOfTen(fractionDigits) }
        if extraIntegerDigits > 0 { value *= powerOfTen(extraIntegerDigits) }
        return negative ? -value : value
    }

    /// A non-negative decimal integer, or nil.
    static func int(_ s: ArraySlice<UInt8>) -> Int? {
        guard !s.isEmpty, s.count <= 18 else { return nil }
        var v = 0
        for c in s {
            guard c >= 48 && c <= 57 else { return nil }
            v = v * 10 + Int(c - 48)
        }
        return v
    }

    private static func powerOfTen(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0..<n { p *= 10 }
        return p
    }
}
