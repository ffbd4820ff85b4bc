import Foundation

// routecue-bench readers: every reader's cost against the size of its input (`make bench-readers`, issue 29).
//
// usage: routecue-bench readers [--only TEXT] [--slow-seconds S] [--scales 1,4,16]
//
// For each reader and each input shape (many attributes, many keys, long strings, deep nesting, many points, many
// maneuvers, long lines, many chunks…) the input is written at 1×, 4× and 16× its base size and read the way RouteCue
// reads it (best of a few runs). The table gives the time per MB (10^6 bytes) at each size and the ratio of the 16×
// time per MB to the 1× one: about 1 for a linear reader, about 16 for a quadratic one; above 2 is flagged. A size
// whose read takes longer than --slow-seconds (default 30) ends its row: the larger ones are not tried. --scales
// times other sizes (e.g. 1,4,16,64 to see whether a ratio near 2 keeps growing); the table then shows the first, the
// second and the last, and the ratio of the last to the first.

/// `routecue-bench readers`: the table of time per MB at 1×, 4× and 16× per reader and shape.
func readersBench(_ args: [String]) {
    var only: String?
    var slowSeconds = 30.0
    var scales = [1, 4, 16]
    var i = 0
    while i < args.count {
        switch args[i] {
        case "--only" where i + 1 < args.count: only = args[i + 1]; i += 1
        case "--slow-seconds" where i + 1 < args.count: slowSeconds = Double(args[i + 1]) ?? slowSeconds; i += 1
        case "--scales" where i + 1 < args.count:
            scales = args[i + 1].split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            i += 1
        default: fail("usage: routecue-bench readers [--only TEXT] [--slow-seconds S] [--scales 1,4,16]", status: 2)
        }
        i += 1
    }
    let shapes = ReaderShapes.all.filter { shape in
        guard let only else { return true }
        return "\(shape.reader) \(shape.shape)".localizedCaseInsensitiveContains(only)
    }
    guard !shapes.isEmpty else { fail("readers: no shape matches '\(only ?? "")'", status: 2) }

    guard scales.count >= 3 else { fail("readers: --scales needs three sizes or more", status: 2) }
    let (first, second, last) = (scales[0], scales[1], scales[scales.count - 1])
    print("bench readers: time per MB (10^6 bytes) of each reader at \(scales.map { "\($0)×" }.joined(separator: ", ")) its input;")
    print("  \(last)×/\(first)× ≈ 1 is linear, above 2 is flagged SUPERLINEAR (quadratic work gives about \(last / first)).")
    print("  Best of a few runs; release build.")
    print("")
    let header = pad("reader", 14) + pad("shape", 50) + lpad("\(first)× size", 10) + lpad("ms/MB", 9) + lpad("\(second)× ms/MB", 10)
        + lpad("\(last)× size", 10) + lpad("ms/MB", 9) + lpad("\(last)×/\(first)×", 8)
    print(header)
    print(String(repeating: "-", count: header.count))
    var flagged: [String] = []
    for shape in shapes {
        var sizes: [Int] = []
        var perMB: [Double] = []
        var note = ""
        for scale in scales {
            let input = shape.make(scale)
            do {
                let t = try ReaderTiming.best { try shape.read(input) }
                sizes.append(input.count)
                perMB.append(t * 1000 / (Double(input.count) / 1e6))
                if t > slowSeconds, scale < scales[scales.count - 1] {
                    note = "  (\(scale)× took \(String(format: "%.1f", t)) s: larger sizes not tried)"
                    break
                }
            } catch {
                note = "  ERROR at \(scale)×: \(error)"
                break
            }
        }
        var row = pad(shape.reader, 14) + pad(shape.shape, 50)
        row += lpad(sizes.count > 0 ? byteSize(sizes[0]) : "-", 10) + lpad(perMB.count > 0 ? msText(perMB[0]) : "-", 9)
        row += lpad(perMB.count > 1 ? msText(perMB[1]) : "-", 10)
        let complete = perMB.count == scales.count
        row += lpad(complete ? byteSize(sizes[sizes.count - 1]) : "-", 10) + lpad(complete ? msText(perMB[perMB.count - 1]) : "-", 9)
        if complete {
            let ratio = perMB[perMB.count - 1] / max(perMB[0], 1e-9)
            row += lpad(String(format: "%.2f", ratio), 8)
            if ratio > 2 {
                row += "  SUPERLINEAR"
                flagged.append("\(shape.reader): \(shape.shape)")
            }
        } else if perMB.count >= 2 {
            let ratio = perMB[1] / max(perMB[0], 1e-9)
            row += lpad("\(second)×/\(first)× " + String(format: "%.1f", ratio), 8)
            flagged.append("\(shape.reader): \(shape.shape)")
        }
        print(row + note)
        fflush(nil)
    }
    print("")
    if flagged.isEmpty {
        print("bench readers: all \(shapes.count) shapes linear (\(last)×/\(first)× time per MB ≤ 2)")
    } else {
        print("bench readers: \(flagged.count) of \(shapes.count) shapes superlinear or unfinished: \(flagged.joined(separator: "; "))")
    }
}

private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? String(text.prefix(width - 1)) + " " : text + String(repeating: " ", count: width - text.count)
}

private func lpad(_ text: String, _ width: Int) -> String {
    text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
}

private func byteSize(_ n: Int) -> String {
    n >= 1_000_000 ? String(format: "%.1f MB", Double(n) / 1e6) : String(format: "%.0f kB", Double(n) / 1e3)
}

private func msText(_ ms: Double) -> String {
    ms >= 100 ? String(format: "%.0f", ms) : String(format: "%.1f", ms)
}
