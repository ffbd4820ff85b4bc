extension StringProtocol {
    /// The text without the tabs and spaces (any Unicode space separator, U+00A0 and U+3000 too, and the zero-width
    /// space U+200B) at either end; line breaks are kept. `" 52.5\t"` → `"52.5"`.
    func trimmingWhitespace() -> String {
        let scalars = String(self).unicodeScalars
        func isWhitespace(_ s: Unicode.Scalar) -> Bool { s == "\t" || s == "\u{200B}" || s.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isWhitespace($0) })!
        return String(scalars[first...last])
    }
}
