import Foundation
import RouteCueCore

extension ReaderShapes {
    /// JSON route documents through the whole import, one format after another.
    static var routes: [ReaderShape] {
        [
            ReaderShape(reader: "OSRM", shape: "many steps", make: { scale in
                Array(osrmDocument(steps: 400 * scale).utf8)
            }, read: importRoute),
            ReaderShape(reader: "OSRM", shape: "one step's long polyline", make: { scale in
                let line = stairs(15_000 * scale)
                let steps = [osrmStep("depart", nil, line), osrmStep("arrive", nil, [line[line.count - 1], line[line.count - 1]])]
                return Array(osrmRoute(legs: [osrmLeg(steps)], waypoints: [line[0], line[line.count - 1]]).utf8)
            }, read: importRoute),
            ReaderShape(reader: "OSRM", shape: "many legs", make: { scale in
                let legs = 150 * scale
                let line = stairs(10 * legs + 1)
                var legTexts: [String] = []
                for i in 0..<legs {
                    let piece = Array(line[(10 * i)...(10 * i + 10)])
                    legTexts.append(osrmLeg([osrmStep("depart", nil, piece), osrmStep("arrive", nil, [piece[10], piece[10]])]))
                }
                let waypoints = stride(from: 0, through: 10 * legs, by: 10).map { line[$0] }
                return Array(osrmRoute(legs: legTexts, waypoints: waypoints).utf8)
            }, read: importRoute),
            ReaderShape(reader: "Valhalla", shape: "many maneuvers", make: { scale in
                let count = 400 * scale
                let line = stairs(10 * count + 1)
                var maneuvers = [#"{"type":1,"begin_shape_index":0,"street_names":["Weg 0"]}"#]
                for j in 1..<count {
                    maneuvers.append(#"{"type":\#(j % 2 == 1 ? 10 : 15),"begin_shape_index":\#(10 * j),"street_names":["Weg \#(j)"]}"#)
                }
                maneuvers.append(#"{"type":4,"begin_shape_index":\#(10 * count)}"#)
                return Array(#"{"trip":{"legs":[{"shape":"\#(jsonEscaped(Polyline.encode(line, precision: 6)))","maneuvers":[\#(maneuvers.joined(separator: ","))]}]}}"#.utf8)
            }, read: importRoute),
            ReaderShape(reader: "GraphHopper", shape: "many instructions", make: { scale in
                let count = 400 * scale
                let line = stairs(10 * count + 1)
                var instructions: [String] = []
                for j in 0..<count {
                    let sign = j == 0 ? 0 : (j % 2 == 1 ? 2 : -2)
                    instructions.append(#"{"sign":\#(sign),"interval":[\#(10 * j),\#(10 * j + 10)],"text":"Turn onto Weg \#(j)","street_name":"Weg \#(j)"}"#)
                }
                instructions.append(#"{"sign":4,"interval":[\#(10 * count),\#(10 * count)],"text":"Arrive"}"#)
                return Array(#"{"paths":[{"points":"\#(jsonEscaped(Polyline.encode(line, precision: 5)))","instructions":[\#(instructions.joined(separator: ","))]}]}"#.utf8)
            }, read: importRoute),
            ReaderShape(reader: "Tour", shape: "svp trace of many points", make: { scale in
                let points = stairs(2_000 * scale).map { String(format: #"{"x":%.7f,"y":%.7f,"course":0}"#, $0.longitude, $0.latitude) }
                return Array(#"{"srs":"EPSG:4326","stations":[{"type":"svp","points":[\#(points.joined(separator: ","))]}]}"#.utf8)
            }, read: importRoute),
            ReaderShape(reader: "Tour", shape: "many regular stations 40 m apart", make: { scale in
                let line = stairs(1_000 * scale)
                let stations = stride(from: 0, to: line.count, by: 2).map {
                    String(format: #"{"type":"regular","name":"Stop %d","point":{"x":%.7f,"y":%.7f}}"#, $0, line[$0].longitude, line[$0].latitude)
                }
                return Array(#"{"srs":"EPSG:4326","stations":[\#(stations.joined(separator: ","))]}"#.utf8)
            }, read: importRoute),
            ReaderShape(reader: "RouteCue JSON", shape: "many maneuvers (OSRM steps converted)", make: { scale in
                // The bench's own OSRM document, converted as `routecue route convert` does.
                let route = try! RouteReader.read(Array(osrmDocument(steps: 400 * scale).utf8), name: "bench")
                return RouteCueJSON.write(route)
            }, read: importRoute),
        ]
    }

    /// An OSRM document of one leg of `steps` steps along a staircase, turning at each step.
    static func osrmDocument(steps count: Int) -> String {
        let line = stairs(10 * count + 1)
        var steps: [String] = []
        for j in 0..<count {
            let piece = Array(line[(10 * j)...(10 * j + 10)])
            steps.append(j == 0 ? osrmStep("depart", nil, piece) : osrmStep("turn", j % 2 == 1 ? "right" : "left", piece))
        }
        steps.append(osrmStep("arrive", nil, [line[line.count - 1], line[line.count - 1]]))
        return osrmRoute(legs: [osrmLeg(steps)], waypoints: [line[0], line[line.count - 1]])
    }

    /// One OSRM step at `points[0]` whose geometry is `points` (polyline, precision 5).
    static func osrmStep(_ type: String, _ modifier: String?, _ points: [Coordinate]) -> String {
        let modifierText = modifier.map { #","modifier":"\#($0)""# } ?? ""
        let distance = 20.0 * Double(points.count - 1)
        return #"{"maneuver":{"type":"\#(type)"\#(modifierText),"location":\#(lonLat(points[0])),"bearing_before":0,"bearing_after":90},"#
            + #""geometry":"\#(jsonEscaped(Polyline.encode(points, precision: 5)))","name":"Weg","mode":"driving","distance":\#(distance),"duration":2}"#
    }

    /// An OSRM leg of `steps`.
    static func osrmLeg(_ steps: [String]) -> String {
        #"{"summary":"Weg","distance":0,"duration":0,"steps":[\#(steps.joined(separator: ","))]}"#
    }

    /// An OSRM answer of one route of `legs`, with a waypoint at each of `waypoints`.
    static func osrmRoute(legs: [String], waypoints: [Coordinate]) -> String {
        let waypointTexts = waypoints.enumerated().map { #"{"name":"W\#($0.offset)","location":\#(lonLat($0.element))}"# }
        return #"{"code":"Ok","waypoints":[\#(waypointTexts.joined(separator: ","))],"routes":[{"distance":0,"duration":0,"legs":[\#(legs.joined(separator: ","))]}]}"#
    }

    /// `text` as the inside of a JSON string (encoded polylines may hold backslashes).
    static func jsonEscaped(_ text: String) -> String { text.replacingOccurrences(of: "\\", with: "\\\\") }
}
