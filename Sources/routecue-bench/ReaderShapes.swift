import Foundation
import RouteCueCore

/// The input shapes `routecue-bench readers` times, one list per family of readers. Every input is valid at every
/// scale and stays within RouteCue's default limits (docs/limits.md), so the table measures what the reader does with
/// what it accepts; sizes are chosen so that 1× is large enough to time and 16× still runs in seconds when linear.
enum ReaderShapes {
    /// Every shape, in table order.
    static var all: [ReaderShape] { gpx + xml + json + routes + fixes + http + settings }

    /// A staircase of `count` points 20 m apart from (50° N, 8° E), turning every 10 points: north, east, north…
    static func stairs(_ count: Int) -> [Coordinate] {
        var points: [Coordinate] = []
        points.reserveCapacity(count)
        var lat = 50.0, lon = 8.0
        for i in 0..<count {
            points.append(Coordinate(latitude: lat, longitude: lon))
            if (i / 10) % 2 == 0 { lat += 0.0001799 } else { lon += 0.0002798 }
        }
        return points
    }

    /// `lat="…" lon="…"` of a point.
    static func latLon(_ c: Coordinate) -> String { String(format: "lat=\"%.7f\" lon=\"%.7f\"", c.latitude, c.longitude) }

    /// `[lon, lat]` of a point.
    static func lonLat(_ c: Coordinate) -> String { String(format: "[%.7f,%.7f]", c.longitude, c.latitude) }

    /// A GPX 1.1 document around `body`.
    static func gpx(_ body: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"routecue-bench\" "
            + "xmlns=\"http://www.topografix.com/GPX/1/1\">" + body + "</gpx>\n").utf8)
    }

    /// A `trk` of plain `trkpt`s along `points`.
    static func track(_ points: [Coordinate]) -> String {
        var s = "<trk><trkseg>"
        for p in points { s += "<trkpt \(latLon(p))/>" }
        return s + "</trkseg></trk>"
    }

    /// `text` repeated until it is at least `bytes` long.
    static func repeated(_ text: String, toBytes bytes: Int) -> String {
        String(repeating: text, count: max(1, (bytes + text.utf8.count - 1) / text.utf8.count))
    }

    /// Reads a route document as `routecue route inspect` does.
    static func importRoute(_ bytes: [UInt8]) throws {
        _ = try RouteReader.read(bytes, name: "bench")
    }
}
