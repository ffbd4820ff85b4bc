import Foundation
import RouteCueCore

extension ReaderShapes {
    /// GPX route documents through the whole import (`routecue route inspect`, D-Bus LoadRoute).
    static var gpx: [ReaderShape] {
        [
            ReaderShape(reader: "GPX route", shape: "20,000 attributes on one trkpt at 16×", make: { scale in
                var attributes = ""
                for i in 0..<(1_250 * scale) { attributes += " a\(i)=\"1\"" }
                return gpx("<trk><trkseg><trkpt lat=\"50.0\" lon=\"8.0\"\(attributes)/><trkpt lat=\"50.001\" lon=\"8.0\"/></trkseg></trk>")
            }, read: importRoute),
            ReaderShape(reader: "GPX route", shape: "1.5 MB at 16×: attributes of one trkpt", make: { scale in
                var attributes = ""
                var i = 0
                while attributes.utf8.count < 1_500_000 * scale / 16 {
                    attributes += String(format: " gpxx:attribute-%06d=\"value-%06d\"", i, i)
                    i += 1
                }
                return gpx("<trk><trkseg><trkpt lat=\"50.0\" lon=\"8.0\"\(attributes)/><trkpt lat=\"50.001\" lon=\"8.0\"/></trkseg></trk>")
            }, read: importRoute),
            ReaderShape(reader: "GPX route", shape: "trk of many trkpts with ele (turns derived)", make: { scale in
                var body = "<trk><trkseg>"
                for p in stairs(6_000 * scale) { body += "<trkpt \(latLon(p))><ele>100.0</ele></trkpt>" }
                return gpx(body + "</trkseg></trk>")
            }, read: importRoute),
            ReaderShape(reader: "GPX route", shape: "rte of many rtepts placed on a trk", make: { scale in
                let line = stairs(3_000 * scale)
                var body = "<rte>"
                for k in stride(from: 0, to: line.count, by: 10) {
                    body += "<rtept \(latLon(line[k]))><desc>Turn \(k % 20 == 0 ? "left" : "right") onto Weg \(k)</desc></rtept>"
                }
                return gpx(body + "</rte>" + track(line))
            }, read: importRoute),
            ReaderShape(reader: "GPX route", shape: "one rtept's extensions of many children", make: { scale in
                let n = 2_500 * scale
                let ext = String(repeating: "<x/>", count: n) + String(repeating: "<time>5</time>", count: n)
                return gpx("<rte><rtept lat=\"50.0\" lon=\"8.0\"><extensions>\(ext)</extensions></rtept>"
                    + "<rtept lat=\"50.001\" lon=\"8.0\"/></rte>")
            }, read: importRoute),
            ReaderShape(reader: "GPX route", shape: "turn wpts placed on a trk", make: { scale in
                let line = stairs(3_000 * scale)
                var body = ""
                for k in stride(from: 10, to: line.count - 1, by: 10) {
                    body += "<wpt \(latLon(line[k]))><name>Weg \(k)</name><type>\(k % 20 == 0 ? "Left" : "Right")</type></wpt>"
                }
                return gpx(body + track(line))
            }, read: importRoute),
        ]
    }

    /// The XML reader alone (`XMLReader.parse`), on shapes a GPX route rarely has.
    static var xml: [ReaderShape] {
        let parse: ([UInt8]) throws -> Void = { _ = try XMLReader.parse($0) }
        return [
            ReaderShape(reader: "XML", shape: "long text", make: { scale in
                Array(("<a>" + String(repeating: "x", count: 60_000 * scale) + "</a>").utf8)
            }, read: parse),
            ReaderShape(reader: "XML", shape: "text of character references", make: { scale in
                Array(("<a>" + String(repeating: "&#x41;&amp;&lt;", count: 16_000 * scale) + "</a>").utf8)
            }, read: parse),
            ReaderShape(reader: "XML", shape: "attribute value of references", make: { scale in
                Array(("<a v=\"" + String(repeating: "&lt;&#65;", count: 20_000 * scale) + "\"/>").utf8)
            }, read: parse),
            ReaderShape(reader: "XML", shape: "long element and attribute names", make: { scale in
                let n = 30_000 * scale
                return Array(("<" + String(repeating: "n", count: n) + " " + String(repeating: "a", count: n) + "=\"1\"/>").utf8)
            }, read: parse),
            ReaderShape(reader: "XML", shape: "nesting 100 deep, repeated", make: { scale in
                let block = String(repeating: "<a>", count: 100) + "x" + String(repeating: "</a>", count: 100)
                return Array(("<r>" + String(repeating: block, count: 300 * scale) + "</r>").utf8)
            }, read: parse),
            ReaderShape(reader: "XML", shape: "text between many children", make: { scale in
                Array(("<a>" + String(repeating: "text<b/>", count: 20_000 * scale) + "</a>").utf8)
            }, read: parse),
            ReaderShape(reader: "XML", shape: "many comments and CDATA sections", make: { scale in
                Array(("<a>" + String(repeating: "<!-- c --><![CDATA[x]]>", count: 10_000 * scale) + "</a>").utf8)
            }, read: parse),
        ]
    }
}
