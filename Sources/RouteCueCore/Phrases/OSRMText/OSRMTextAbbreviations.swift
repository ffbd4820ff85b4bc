/// A street-name abbreviation table of osrm-text-instructions (`languages/abbreviations/<code>.json`):
/// spelled-out words (lower case, possibly several words) and their abbreviations, in three groups
/// (`abbreviations`, `classifications` such as street types, `directions`). Upstream ships them for
/// shortening names shown on screen; `compile` uses them only when `OSRMTextOptions.abbreviatesNames` asks.
public struct OSRMTextAbbreviations: Sendable {
    /// Spelled-out form (lower case) → abbreviation, all groups together.
    public let abbreviationOf: [String: String]
    /// The most words any spelled-out form has.
    private let longestKey: Int

    /// Reads an abbreviation file.
    public init(bytes: [UInt8], name: String) throws(InputError) {
        let root = try OSRMTextDocument.parse(bytes, name: name)
        var table: [String: String] = [:]
        do throws(InputError) {
            for group in ["abbreviations", "classifications", "directions"] {
                guard let node = root[group] else { continue }
                for key in try node.object().keys {
                    table[key.lowercased()] = try node.require(key).string()
                }
            }
        } catch {
            throw error.as(.textInstructions).inFile(name)
        }
        self.init(table)
    }

    /// A table from spelled-out forms to abbreviations.
    public init(_ table: [String: String]) {
        var lowered: [String: String] = [:]
        for (key, value) in table { lowered[key.lowercased()] = value }
        self.abbreviationOf = lowered
        self.longestKey = lowered.keys.map { $0.split(separator: " ").count }.max() ?? 0
    }

    /// `name` with every spelled-out word or word group of the table replaced by its abbreviation, matching
    /// whole space-separated words without regard to case, longest group first ("Saint Mary Street" → "St Mary St").
    public func abbreviate(_ name: String) -> String {
        let words = name.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        var i = 0
        while i < words.count {
            var replaced = false
            var length = min(longestKey, words.count - i)
            while length >= 1 {
                let phrase = words[i..<(i + length)].joined(separator: " ").lowercased()
                if let short = abbreviationOf[phrase] {
                    out.append(short)
                    i += length
                    replaced = true
                    break
                }
                length -= 1
            }
            if !replaced {
                out.append(words[i])
                i += 1
            }
        }
        return out.joined(separator: " ")
    }
}
