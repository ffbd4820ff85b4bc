/// Traffic signals a routing engine knows along a route (Valhalla's `/trace_attributes`: `traffic_signal` on an
/// edge's end node), as natural-guidance landmarks on the route's maneuvers: "At the next traffic light, turn left".
///
/// Every signal on the line goes onto the first maneuver at or after it (within `pastManeuver` metres past it, as a
/// signal is mapped on the junction node or just before it), with its distance before that maneuver. The landmark
/// rule (`unambiguousLandmark`) then names a signal only when it stands at the maneuver and no other signal lies
/// between the car and it, so a signal passed straight on before the turn makes the phrase wrong and it is not said.
public enum TrafficSignalLandmarks {
    /// The landmark kind natural guidance speaks as "the next traffic light".
    public static let kind = "traffic_signals"
    /// A signal farther than this from the route's line is not on it (the engine matched elsewhere).
    static let maxOffset = 20.0
    /// A signal this far past a maneuver still belongs to it (the junction node and the maneuver point differ a little).
    static let pastManeuver = 5.0

    /// The requests for `route`'s whole line, cut as `ManeuverMatching` cuts a leg (each piece reaching into its
    /// neighbours; `merged(_:)` drops the signals two pieces both report).
    public static func requests(for route: Route) -> [RoutingRequest] {
        guard route.length >= ManeuverMatching.minimumLegLength else { return [] }
        let whole = RouteLeg(index: 0, geometryStart: 0, geometryEnd: route.geometry.count - 1, distanceStart: 0,
                             distanceEnd: route.length)
        return ManeuverMatching.pieces(of: whole, in: route.geometry, label: "traffic signals").map {
            RoutingRequest(signalsAlong: $0.request.points.map(\.coordinate), path: $0.request.path)
        }
    }

    /// The signals of all pieces in travel order, each once.
    public static func merged(_ pieces: [[Coordinate]]) -> [Coordinate] {
        var out: [Coordinate] = []
        for signal in pieces.joined() where !out.suffix(8).contains(where: { GeoMath.distance($0, signal) < 2 }) {
            out.append(signal)
        }
        return out
    }

    /// The signals in a `/trace_attributes` answer: the end node of every edge with `traffic_signal`, located on the
    /// answer's matched `shape` (polyline6) at the edge's `end_shape_index`. A bad answer is an error of the routing
    /// engine. Read under `limits` (nesting, string length).
    public static func signals(inTraceAttributes bytes: [UInt8], limits: ImportLimits = ImportLimits()) throws(InputError) -> [Coordinate] {
        do throws(InputError) {
            let root = try RouteReader.parseJSON(bytes, limits: limits)
            let shapeNode = try root.require("shape")
            let encoded = try shapeNode.string()
            let shape: [Coordinate]
            do throws(Polyline.DecodingError) {
                shape = try Polyline.decode(encoded, precision: 6)
            } catch {
                throw shapeNode.error(.invalidValue, error.description)
            }
            var signals: [Coordinate] = []
            for edge in try root.require("edges").array() {
                guard let node = edge["end_node"], try node.optionalBool("traffic_signal") == true else { continue }
                let indexNode = try edge.require("end_shape_index")
                let index = try indexNode.int()
                guard index >= 0, index < shape.count else {
                    throw indexNode.error(.invalidValue, "end_shape_index \(index) outside the shape's \(shape.count) points")
                }
                signals.append(shape[index])
            }
            return signals
        } catch {
            throw error.as(.routingEngine)
        }
    }

    /// `route` with a `traffic_signals` landmark for each of `signals` (in travel order) that lies on its line, on the
    /// maneuver it comes before; landmarks the source already gave are kept and not doubled. Also the number placed.
    public static func apply(_ signals: [Coordinate], to route: Route) -> (route: Route, placed: Int) {
        var result = route
        var placed = 0
        var notBefore = -Double.infinity
        let turns = route.maneuvers.indices.filter { route.maneuvers[$0].type != .depart }
        for signal in signals {
            guard let hit = route.geometry.nearest(to: signal, notBefore: notBefore, settleWithin: (10, 2_000)),
                  hit.offset <= maxOffset else { continue }
            notBefore = hit.distanceAlong
            guard let k = turns.first(where: { route.maneuvers[$0].distanceAlong + pastManeuver >= hit.distanceAlong }) else { continue }
            let before = max(0, route.maneuvers[k].distanceAlong - hit.distanceAlong)
            let existing = result.maneuvers[k].landmarks.contains {
                $0.kind == kind && abs(($0.distanceBeforeManeuver ?? 0) - before) < 15
            }
            guard !existing else { continue }
            result.maneuvers[k].landmarks.append(Landmark(kind: kind, distanceBeforeManeuver: (before * 10).rounded() / 10))
            placed += 1
        }
        return (result, placed)
    }
}
