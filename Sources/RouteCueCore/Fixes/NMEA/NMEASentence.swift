/// One checked NMEA 0183 sentence: `$TTSSS,f1,f2,…*HH`. The checksum is verified on parsing.
struct NMEASentence {
    /// The address field: `GPRMC`, `GNGGA`, `PSRFTXT`…
    let address: ArraySlice<UInt8>
    /// The data fields after the address (field 1 is `fields[0]`).
    let fields: [ArraySlice<UInt8>]

    /// Why a line is not a usable sentence.
    enum Problem: Error {
        case notASentence
        case missingChecksum
        case badChecksum(expected: UInt8, found: UInt8)
        case badAddress

        var reason: String {
            switch self {
            case .notASentence: return "not an NMEA sentence"
            case .missingChecksum: return "no checksum (truncated sentence?)"
            case .badChecksum(let expected, let found):
                return "checksum mismatch: says \(hex(found)), computed \(hex(expected))"
            case .badAddress: return "malformed sentence address"
            }
        }

        private func hex(_ b: UInt8) -> String {
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
    }

    /// Parses a trimmed line starting with `$` or `!`.
    static func parse(_ line: ArraySlice<UInt8>) -> Result<NMEASentence, Problem> {
        guard let first = line.first, first == UInt8(ascii: "$") || first == UInt8(ascii: "!") else {
            return .failure(.notASentence)
        }
        guard let star = line.lastIndex(of: UInt8(ascii: "*")), line.endIndex - star == 3,
              let high = hexValue(line[star + 1]), let low = hexValue(line[star + 2]) else {
            return .failure(.missingChecksum)
        }
        let stated = high << 4 | low
        var computed: UInt8 = 0
        let body = line[(line.startIndex + 1)..<star]
        for b in body { computed ^= b }
        guard computed == stated else { return .failure(.badChecksum(expected: computed, found: stated)) }
        var parts = body.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard let address = parts.first, address.count >= 3, address.count <= 10,
              address.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) }) else {
            return .failure(.badAddress)
        }
        parts.removeFirst()
        return .success(NMEASentence(address: address, fields: parts))
    }

    /// Field `n` (1-based, as NMEA documents count them), or an empty slice when the sentence is shorter.
    func field(_ n: Int) -> ArraySlice<UInt8> {
        n >= 1 && n <= fields.count ? fields[n - 1] : []
    }

    /// True for a standard sentence with this three-letter type from any two-letter talker (`GPRMC`, `GNRMC`,
    /// `INRMC`…), not a proprietary `P…` sentence.
    func isStandard(_ type: StaticString) -> Bool {
        guard address.count == 5, address.first != UInt8(ascii: "P") else { return false }
        let t = type.utf8Start
        let a = address.startIndex
        return address[a + 2] == t[0] && address[a + 3] == t[1] && address[a + 4] == t[2]
    }

    /// True when the address is exactly `name`.
    func isAddress(_ name: StaticString) -> Bool {
        guard address.count == name.utf8CodeUnitCount else { return false }
        let t = name.utf8Start
        var k = 0
        for b in address {
            guard b == t[k] else { return false }
            k += 1
        }
        return true
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: return b - 48
        case 65...70: return b - 55
        case 97...102: return b - 87
        default: return nil
        }
    }
}
