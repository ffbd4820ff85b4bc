/// Maneuvers of a tour leg that come from its svp traces' geometry: turns found by
/// `ManeuverDeriver.legManeuvers`, a `depart` where a trace starts the leg, an `arrive` where a trace
/// ends the tour. Each has provenance `derived` and the key path of the trace point it sits on.
enum TraceManeuvers {
    /// Geometry on either side of a trace that turn detection may look at (the approach into it and the
    /// way out of it), so that a turn onto or off a trace at its end points is found.
    static let context = 60.0

    /// Derived maneuvers of `assembly`'s traces, as (maneuver, point index in the leg).
    static func derive(_ assembly: TourLegAssembly, leg: Int, departs: Bool, arrives: Bool) -> [TourLegAssembly.PendingManeuver] {
        let coordinates = assembly.coordinates
        guard !coordinates.isEmpty else { return [] }
        let geometry = RouteGeometry(coordinates: coordinates)
        var out: [TourLegAssembly.PendingManeuver] = []
        var used = Set<Int>()

        for trace in assembly.traces {
            var from = trace.first, to = trace.last
            while from > 0, geometry.cumulativeDistances[trace.first] - geometry.cumulativeDistances[from] < context { from -= 1 }
            while to < coordinates.count - 1, geometry.cumulativeDistances[to] - geometry.cumulativeDistances[trace.last] < context { to += 1 }
            let window = Array(coordinates[from...to])
            for (m, placement) in ManeuverDeriver.legManeuvers(coordinates: window, leg: leg, sourcePath: trace.station.path,
                                                               includeDepart: false, includeArrive: false) {
                guard case .legIndex(let k) = placement else { continue }
                let index = from + k
                guard index >= trace.first, index <= trace.last, !used.contains(index) else { continue }
                used.insert(index)
                out.append(pending(m, index: index, trace: trace, leg: leg))
            }
        }

        if departs, let trace = assembly.traces.first {
            let head = Array(coordinates.prefix(2))
            for (m0, _) in ManeuverDeriver.legManeuvers(coordinates: head, leg: leg, sourcePath: trace.station.path,
                                                        includeDepart: true, includeArrive: false) where m0.type == .depart {
                var m = m0
                // The trace states the direction to leave in; it is geographic, as the model is.
                if let course = trace.points[0].course { m.bearingAfter = course }
                out.append(pending(m, index: 0, trace: trace, leg: leg, pointIndex: 0))
            }
        }
        if arrives, let trace = assembly.traces.last {
            let tail = Array(coordinates.suffix(2))
            for (m, _) in ManeuverDeriver.legManeuvers(coordinates: tail, leg: leg, sourcePath: trace.station.path,
                                                       includeDepart: false, includeArrive: true) where m.type == .arrive {
                out.append(pending(m, index: coordinates.count - 1, trace: trace, leg: leg, pointIndex: trace.points.count - 1))
            }
        }
        return out
    }

    /// A pending maneuver at leg point `index`, its provenance naming the trace point (`stations[1].points[7]`).
    private static func pending(_ m0: Maneuver, index: Int, trace: TourLegAssembly.Trace, leg: Int,
                                pointIndex: Int? = nil) -> TourLegAssembly.PendingManeuver {
        var m = m0
        let k = pointIndex ?? (index - trace.first)
        m.provenance = Provenance(kind: .derived, sourceLeg: leg, sourceIndex: nil,
                                  sourcePath: "\(trace.station.path).points[\(k)]")
        return TourLegAssembly.PendingManeuver(maneuver: m, legIndex: index, offset: 0)
    }
}
