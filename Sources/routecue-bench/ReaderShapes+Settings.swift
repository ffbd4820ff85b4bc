import Foundation
import RouteCueCore

extension ReaderShapes {
    /// The readers of RouteCue's own files: phrase packs, abbreviation tables, the configuration, the journal and
    /// audio clips.
    static var settings: [ReaderShape] {
        [
            ReaderShape(reader: "Phrase pack", shape: "en-US with many distance forms", make: { scale in
                guard let data = FileManager.default.contents(atPath: "config/phrases/en-US.json") else {
                    fail("readers: run from the repository (config/phrases/en-US.json not found)")
                }
                let form = #"{"metre":{"one":"{n} meter","other":"{n} meters"},"kilometre":{"one":"{n} kilometer","other":"{n} kilometers"},"#
                    + #""foot":{"one":"{n} foot","other":"{n} feet"},"yard":{"one":"{n} yard","other":"{n} yards"},"mile":{"one":"{n} mile","other":"{n} miles"}}"#
                var forms = ""
                for i in 0..<(150 * scale) { forms += "\"form\(i)\": \(form),\n" }
                let pack = String(decoding: data, as: UTF8.self)
                return Array(pack.replacingOccurrences(of: "\"distances\": {", with: "\"distances\": {\n\(forms)").utf8)
            }, read: { _ = try PhrasePack.parse($0, name: "bench.json") }),
            ReaderShape(reader: "Phrase pack", shape: "a long form name over many special entries", make: { scale in
                guard let data = FileManager.default.contents(atPath: "config/phrases/en-US.json") else {
                    fail("readers: run from the repository (config/phrases/en-US.json not found)")
                }
                let name = String(repeating: "f", count: 16_000 * scale)
                let special = (0..<(1_000 * scale)).map { "\"mile \($0).25\": \"words\"" }.joined(separator: ",")
                let form = #"{"metre":{"one":"{n} meter","other":"{n} meters"},"kilometre":{"one":"{n} kilometer","other":"{n} kilometers"},"#
                    + #""foot":{"one":"{n} foot","other":"{n} feet"},"yard":{"one":"{n} yard","other":"{n} yards"},"mile":{"one":"{n} mile","other":"{n} miles"},"#
                    + #""special":{\#(special)}}"#
                let pack = String(decoding: data, as: UTF8.self)
                return Array(pack.replacingOccurrences(of: "\"distances\": {", with: "\"distances\": {\n\"\(name)\": \(form),\n").utf8)
            }, read: { _ = try PhrasePack.parse($0, name: "bench.json") }),
            ReaderShape(reader: "Abbreviations", shape: "many word entries", make: { scale in
                let words = (0..<(2_000 * scale)).map { #"{"abbreviation":"A\#($0)","expansion":"Alpha \#($0)","position":"anywhere"}"# }
                return Array(#"{"$comment":"bench","language":"en","words":[\#(words.joined(separator: ","))]}"#.utf8)
            }, read: { _ = try Abbreviations.parse($0, name: "bench.json") }),
            ReaderShape(reader: "Configuration", shape: "many unknown keys (each a problem)", make: { scale in
                let keys = (0..<(2_000 * scale)).map { #""unknown_\#($0)":1"# }
                return Array(#"{"import":{"max_file_bytes":67108864,\#(keys.joined(separator: ","))}}"#.utf8)
            }, read: { bytes in
                guard case .failure = RouteCueConfiguration.parseReportingProblems(bytes) else { fail("readers: unknown keys accepted") }
            }),
            ReaderShape(reader: "Configuration", shape: "long $comment", make: { scale in
                let lines = (0..<(5_000 * scale)).map { "\"comment line \($0)\"" }
                return Array(#"{"$comment":[\#(lines.joined(separator: ","))],"import":{"max_file_bytes":67108864}}"#.utf8)
            }, read: { _ = try RouteCueConfiguration.parse($0) }),
            ReaderShape(reader: "Journal", shape: "many heard cues (1 MB at 16×)", make: { scale in
                var heard: Set<HeardCue> = []
                for m in 0..<(4_000 * scale) { heard.insert(.stage(maneuver: m, .range)) }
                return GuidanceJournal(savedAt: 1_774_778_400, routeFile: GuidanceJournal.routeFileName(checksum: "0123456789abcdef"),
                                       routeBytes: 1000, routeChecksum: "0123456789abcdef", routeSource: "bench", destination: "Ziel",
                                       options: ["language": .string("de-DE")],
                                       progress: JournalProgress(leg: 0, distanceAlong: 0, heard: heard)).jsonBytes
            }, read: { _ = try GuidanceJournal.parse($0) }),
            ReaderShape(reader: "WAV", shape: "16-bit PCM samples", make: { scale in
                wav(samples: 256_000 * scale, extraChunks: 0)
            }, read: { _ = try WAVDecoder.decode($0) }),
            ReaderShape(reader: "WAV", shape: "many chunks before the data", make: { scale in
                wav(samples: 100, extraChunks: 8_000 * scale)
            }, read: { _ = try WAVDecoder.decode($0) }),
        ]
    }

    /// A mono 16-bit 22,050 Hz WAV of `samples` samples after `extraChunks` empty `LIST` chunks.
    static func wav(samples: Int, extraChunks: Int) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        func le16(_ v: Int) -> [UInt8] { (0..<2).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        // One piece at a time: a long `+` chain of arrays is too much for Swift 6.0's type checker.
        var out: [UInt8] = []
        for piece in [Array("RIFF".utf8), le32(0), Array("WAVE".utf8), Array("fmt ".utf8), le32(16), le16(1), le16(1),
                      le32(22_050), le32(44_100), le16(2), le16(16)] { out += piece }
        let list = Array("LIST".utf8) + le32(4) + Array("INFO".utf8)
        for _ in 0..<extraChunks { out += list }
        out += Array("data".utf8)
        out += le32(2 * samples)
        out.reserveCapacity(out.count + 2 * samples)
        for i in 0..<samples { out += le16((i * 37) & 0x7FFF) }
        out.replaceSubrange(4..<8, with: le32(out.count - 8))
        return out
    }
}
