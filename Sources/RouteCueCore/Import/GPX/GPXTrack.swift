/// The points of all `trk`/`trkseg`s of a document joined in order, with elevations when every point has one.
struct GPXTrack: Sendable {
    var coordinates: [Coordinate] = []
    var elevations: [Double]?
    /// How many `trk` elements there were.
    var trackCount = 0

    /// Reads every `trkpt`, checking coordinates and `ele` values.
    init(_ root: XMLElement) throws(InputError) {
        var elevations: [Double] = []
        var allHaveElevation = true
        let tracks = root.elements(named: "trk")
        trackCount = tracks.count
        for (t, trk) in tracks.enumerated() {
            for (s, seg) in trk.elements(named: "trkseg").enumerated() {
                var p = 0
                for case .element(let pt) in seg.children where pt.localName == "trkpt" {
                    coordinates.append(try GPXValues.coordinate(of: pt, path: "trk[\(t)].trkseg[\(s)].trkpt[\(p)]"))
                    if allHaveElevation {
                        if let e = try GPXValues.number(child: "ele", of: pt, path: "trk[\(t)].trkseg[\(s)].trkpt[\(p)]") {
                            elevations.append(e)
                        } else {
                            allHaveElevation = false
                        }
                    } else if pt.firstElement(named: "ele") != nil {
                        _ = try GPXValues.number(child: "ele", of: pt, path: "trk[\(t)].trkseg[\(s)].trkpt[\(p)]")
                    }
                    p += 1
                }
            }
        }
        self.elevations = allHaveElevation && !coordinates.isEmpty ? elevations : nil
    }
}
