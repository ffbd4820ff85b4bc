/// The writing systems (ISO 15924 codes) a voice reads as its own language. A route name with a letter of any
/// other script would be spelled out letter by letter or read with another language's rules, so a pack leaves
/// it out of the phrase (its optional groups drop) rather than say it.
enum VoiceScript {
    /// The scripts a pack may name in `scripts`, with their Unicode blocks.
    static let ranges: [String: [ClosedRange<UInt32>]] = [
        "Latn": [0x41...0x5A, 0x61...0x7A, 0xAA...0xAA, 0xBA...0xBA, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F,
                 0xA720...0xA7FF, 0xFF21...0xFF3A, 0xFF41...0xFF5A],
        "Cyrl": [0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F],
        "Grek": [0x370...0x3FF, 0x1F00...0x1FFF],
        "Arab": [0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF],
        "Hebr": [0x590...0x5FF, 0xFB1D...0xFB4F],
        "Deva": [0x900...0x97F], "Beng": [0x980...0x9FF], "Gujr": [0xA80...0xAFF], "Taml": [0xB80...0xBFF],
        "Telu": [0xC00...0xC7F], "Knda": [0xC80...0xCFF], "Mlym": [0xD00...0xD7F], "Thai": [0xE00...0xE7F],
        "Hang": [0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF],
        "Kana": [0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F],
        "Hani": [0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF],
    ]

    /// True when every script of `scripts` writes words without spaces between them (Han, kana), so that joining
    /// words ("尖沙咀及沙田") take no spaces around them.
    static func writtenWithoutSpaces(_ scripts: [String]) -> Bool {
        !scripts.isEmpty && scripts.allSatisfy { $0 == "Hani" || $0 == "Kana" }
    }

    /// True when every letter of `text` belongs to one of `scripts` (digits, spaces and punctuation always do).
    static func canSay(_ text: String, scripts: [String]) -> Bool {
        let allowed = scripts.flatMap { ranges[$0] ?? [] }
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
                if !allowed.contains(where: { $0.contains(scalar.value) }) { return false }
            default:
                continue
            }
        }
        return true
    }
}
