import Foundation

/// `routecue-bench synthetic-gpx OUT POINTS`: writes a recorded-drive-like GPX track of POINTS points (1 Hz,
/// with `ele` and `time`, on gentle bends), for measuring the GPX reader's memory on a file far
/// larger than any in the shared data. Deterministic: the same POINTS give the same bytes.
func syntheticGPXBench(_ args: [String]) {
    guard args.count >= 2, let count = Int(args[1]), count >= 2 else {
        fail("usage: routecue-bench synthetic-gpx OUT POINTS (POINTS ≥ 2)", status: 2)
    }
    var text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="routecue-bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>

    """
    text.reserveCapacity(count * 100)
    var lat = 50.0, lon = 8.0
    let start = 1_714_557_600.0    // 2024-05-01T10:00:00Z
    for i in 0..<count {
        let a = Double(i) * 0.0007
        lat += 0.00009 * cos(a)
        lon += 0.00012 * sin(a * 1.3)
        let time = Date(timeIntervalSince1970: start + Double(i)).ISO8601Format()
        text += String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><ele>%.1f</ele><time>%@</time></trkpt>\n",
                       lat, lon, 100 + 10 * sin(a), time)
    }
    text += "</trkseg></trk></gpx>\n"
    guard FileManager.default.createFile(atPath: args[0], contents: Data(text.utf8)) else {
        fail("routecue-bench: cannot write \(args[0])", status: 1)
    }
}
