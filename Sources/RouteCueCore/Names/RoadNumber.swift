/// Road numbers and refs (`A 73`, `B6`, `I-95`, `US 101`, `E 45; A 1`, `12`): route data read in the guidance
/// language even where the road's names are spoken in their own, because drivers hear them as numbers.
public enum RoadNumber {
    /// True when every part of `text` (split at `;`, `/`, `,`) is up to four letters, an optional space or
    /// hyphen, then a number with at most one letter after it. A name with words in it (`Route 66`, `Ringstraße`,
    /// `Am Kolk 3`) is not one.
    public static func isRoadNumber(_ text: String) -> Bool {
        let parts = text.split(whereSeparator: { $0 == ";" || $0 == "/" || $0 == "," })
        guard !parts.isEmpty else { return false }
        // Spaces around a part, and runs of them inside it, do not matter.
        return parts.allSatisfy { isOneNumber($0.split(separator: " ").joined(separator: " ")) }
    }

    private static func isOneNumber(_ part: String) -> Bool {
        let scalars = Array(part.unicodeScalars)
        var i = 0
        while i < scalars.count, i < 5, scalars[i].properties.isAlphabetic { i += 1 }
        guard i <= 4 else { return false }
        if i > 0, i < scalars.count, scalars[i] == " " || scalars[i] == "-" { i += 1 }
        let digitsStart = i
        while i < scalars.count, ("0"..."9").contains(scalars[i]) { i += 1 }
        guard i > digitsStart else { return false }
        if i < scalars.count, scalars[i].properties.isAlphabetic { i += 1 }
        return i == scalars.count
    }
}
