import Foundation
import RouteCueCore

// routecue-bench: import-time and peak-memory benchmark of the route importers (`make bench`).
//
// usage: routecue-bench import FILE [--iterations N]
//
// Each file runs in its own process (the Makefile loops), so the peak RSS is that file's alone. Time is
// the median of N imports; the baseline measured in the same run is the time to parse the same bytes as
// plain JSON (or XML for GPX), so "import ÷ parse" says what the model building costs on top of parsing.
// Memory: peak RSS of the process, against the RSS before the file was read and against the file size.

/// `routecue-bench import FILE [--iterations N]`: import time and peak memory of one route file.
func importBench(_ args: [String]) {
    let path = args[0]
    var iterations = 5
    if let i = args.firstIndex(of: "--iterations"), i + 1 < args.count, let n = Int(args[i + 1]) { iterations = max(1, n) }

    let rssBefore = currentRSSKiB()
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("routecue-bench: \(path): cannot read\n".utf8))
        exit(1)
    }
    let bytes = [UInt8](data)
    let clock = ContinuousClock()

    var importTimes: [Double] = []
    var route: Route?
    for _ in 0..<iterations {
        let start = clock.now
        do {
            route = try RouteReader.read(bytes, name: path)
        } catch {
            FileHandle.standardError.write(Data("routecue-bench: \(error)\n".utf8))
            exit(1)
        }
        importTimes.append(seconds(clock.now - start))
    }
    let peakAfterImport = residentPeakKiB()

    var parseTimes: [Double] = []
    let isXML = bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "<")
    for _ in 0..<iterations {
        let start = clock.now
        if isXML {
            _ = try? XMLReader.parse(bytes)
        } else {
            _ = try? JSONParser.parse(bytes)
        }
        parseTimes.append(seconds(clock.now - start))
    }

    let r = route!
    let importMedian = median(importTimes), parseMedian = median(parseTimes)
    let name = (path as NSString).lastPathComponent
    let km = r.length / 1000
    print(String(format: "bench import %@: %.1f KB, %.1f km, %d points, %d maneuvers", name, Double(bytes.count) / 1024, km, r.geometry.count, r.maneuvers.count))
    print(String(format: "  import time  median %.1f ms of %d (min %.1f ms); %.0f km/ms", importMedian * 1000, iterations, (importTimes.min() ?? 0) * 1000, km / max(importMedian * 1000, 1e-9)))
    print(String(format: "  baseline     plain %@ parse of the same bytes %.1f ms; import ÷ parse = %.2f", isXML ? "XML" : "JSON", parseMedian * 1000, importMedian / max(parseMedian, 1e-12)))
    print(String(format: "  peak memory  %.1f MB RSS (%.1f MB before reading); peak growth ÷ file size = %.1f", Double(peakAfterImport) / 1024, Double(rssBefore) / 1024, Double(peakAfterImport - rssBefore) * 1024 / Double(max(bytes.count, 1))))
}
