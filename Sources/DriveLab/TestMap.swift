import Foundation
import RouteCueCore

/// A small German town, generated in code as OSM XML, for tests against a real routing engine (`ValhallaProcess`).
///
/// About 1.5 × 1.5 km in Duisburg-Neudorf (south-west corner 51.4600 N 6.7460 E), laid out on a local metre grid
/// (x east, y north, from that corner):
///
/// ```
///  y
/// 1500 ─┬┬───────────────────────────────────────────────────  (map edge)
/// 1300  ││  L━━━━━━━━K━━━━━━━━D━━━━━━━━O━━━━━━━━S   Friedenstraße
/// 1050  ││⟋ L━━━━━━━━K━━━━━━━━D●━━━━━━━O━━━━━━━━S   Kammerstraße        ⟋ exit link from the A 59 southbound
///  800  ││⟍ L←━━━━━━━K←━━━━━━━D●━━━━━━━O←━━━━━━━S   Grabenstraße (one-way west) ⟍ on-ramp to the A 59 northbound
///  550  ││⟋ L━━━━━━━━K●━━━━━━━D●━━━━━━(R)━━━━━━━S   Mülheimer Straße (secondary), R: roundabout
///  300  ││  L━━━━━━━━K━━━━━━━━D━━━━━━━━O━━━━━━━━S   Neudorfer Straße    ⟋ exit link from the A 59 northbound (12)
///    0 ─┴┴───────────────────────────────────────────────────
///      A 59   250       500      750      1000     1250   x
/// ```
///
/// - Streets running north: Lotharstraße (x 250, one-way north), Koloniestraße (500), Düsseldorfer Straße (750,
///   secondary), Oststraße (1000, through the roundabout), Sternbuschweg (1250). Streets running east: Neudorfer
///   Straße (y 300), Mülheimer Straße (550, secondary, through the roundabout), Grabenstraße (800, one-way west),
///   Kammerstraße (1050), Friedenstraße (1300). Residential streets have `maxspeed=30`, the secondary ones 50.
/// - Traffic signals (●, `highway=traffic_signals` on the junction node) where Düsseldorfer Straße meets Mülheimer
///   Straße, Grabenstraße and Kammerstraße, and where Koloniestraße meets Mülheimer Straße.
/// - A roundabout (`junction=roundabout`, radius 25 m, counter-clockwise as in right-hand traffic) at (1000, 550) with
///   four arms: Oststraße south and north, Mülheimer Straße west and east. Entering from the south arm, exit 1 is
///   east, 2 north, 3 west.
/// - The A 59 along the west edge as two one-way carriageways (`highway=motorway`, `ref=A 59`, `maxspeed=100`):
///   northbound at x 110 with exit 12 "Duisburg-Neudorf" (`highway=motorway_junction`, `ref=12`) at y 350, whose
///   `motorway_link` ends at Lotharstraße/Mülheimer Straße, and an on-ramp from the west end of Grabenstraße merging
///   at y 1000; southbound at x 90 with exit 13 "Duisburg-Zentrum" at y 1200, whose link bridges the northbound
///   carriageway to the west end of Kammerstraße.
/// - Two dead-end streets east of Sternbuschweg whose corners are bends of one street, not junctions (the routing engine
///   says nothing there; geometry alone sees a turn): Am Kolk, continuing Mülheimer Straße east to x 1400 and turning
///   north there to y 700 (one 90° corner), and Waldweg, continuing Kammerstraße east to x 1350, north to y 1120 and
///   east again to x 1450 (an S-jog of two 90° corners 70 m apart). Dead ends: no route between other places uses them.
/// - The country (`boundary=administrative`, `admin_level=2`, `ISO3166-1=DE`, name Deutschland) and the state
///   (`admin_level=4`, Nordrhein-Westfalen) as relations around a closed way 300 m outside the map: without them
///   Valhalla assumes left-hand traffic and counts roundabout exits the other way round.
///
/// `Places` names points on the streets to route between. The text is the same on every run (no timestamps), so
/// `ValhallaTiles` can key its cache by its hash.
public enum TestMap {
    /// The south-west corner of the metre grid.
    public static let origin = Coordinate(latitude: 51.4600, longitude: 6.7460)

    /// Metres per degree of latitude (spherical earth, radius 6,371 km).
    static let metresPerDegreeLatitude = 6_371_000.0 * Double.pi / 180
    /// Metres per degree of longitude at the map's middle latitude.
    static let metresPerDegreeLongitude = metresPerDegreeLatitude * cos(51.467 * Double.pi / 180)

    /// The coordinate of grid point (`x` m east, `y` m north of `origin`), rounded to 7 decimals as in OSM.
    public static func coordinate(x: Double, y: Double) -> Coordinate {
        Coordinate(latitude: rounded7(origin.latitude + y / metresPerDegreeLatitude),
                   longitude: rounded7(origin.longitude + x / metresPerDegreeLongitude))
    }

    /// Grid x (metres east) of the streets running north.
    public enum Column {
        public static let lotharstrasse = 250.0, koloniestrasse = 500.0, duesseldorferStrasse = 750.0
        public static let oststrasse = 1000.0, sternbuschweg = 1250.0
        /// The A 59's northbound and southbound carriageways.
        public static let a59North = 110.0, a59South = 90.0
    }

    /// Grid y (metres north) of the streets running east.
    public enum Row {
        public static let neudorferStrasse = 300.0, muelheimerStrasse = 550.0, grabenstrasse = 800.0
        public static let kammerstrasse = 1050.0, friedenstrasse = 1300.0
    }

    /// The roundabout's centre and radius (metres, grid).
    public static let roundaboutCentre = (x: 1000.0, y: 550.0), roundaboutRadius = 25.0

    /// Named points on the map's streets (each on a way, away from junctions unless its name says otherwise).
    public enum Places {
        /// The first point of the PTV tour the upcoming tour tests route: on Düsseldorfer Straße, 11 m south of
        /// Grabenstraße.
        public static let tourFirstPoint = Coordinate(latitude: 51.4671, longitude: 6.7568)

        /// Oststraße, 130 m south of the roundabout (south arm).
        public static let roundaboutSouthArm = TestMap.coordinate(x: 1000, y: 420)
        /// Oststraße, 130 m north of the roundabout (north arm).
        public static let roundaboutNorthArm = TestMap.coordinate(x: 1000, y: 680)
        /// Mülheimer Straße, 120 m west of the roundabout (west arm).
        public static let roundaboutWestArm = TestMap.coordinate(x: 880, y: 550)
        /// Mülheimer Straße, 120 m east of the roundabout (east arm).
        public static let roundaboutEastArm = TestMap.coordinate(x: 1120, y: 550)
        /// The roundabout's centre (not on a road).
        public static let roundaboutCentre = TestMap.coordinate(x: TestMap.roundaboutCentre.x, y: TestMap.roundaboutCentre.y)

        /// The signalised junction Düsseldorfer Straße / Mülheimer Straße (the node itself).
        public static let signalDuesseldorferMuelheimer = TestMap.coordinate(x: 750, y: 550)
        /// Düsseldorfer Straße 130 m south and north of that junction: a line between them crosses the signal.
        public static let duesseldorferSouthOfSignal = TestMap.coordinate(x: 750, y: 420)
        public static let duesseldorferNorthOfSignal = TestMap.coordinate(x: 750, y: 680)
        /// The signalised junction Koloniestraße / Mülheimer Straße.
        public static let signalKolonieMuelheimer = TestMap.coordinate(x: 500, y: 550)

        /// Kammerstraße (two-way) at x 400, 625 and 875: a route from west to east along it, and a point between.
        public static let kammerstrasseWest = TestMap.coordinate(x: 400, y: 1050)
        public static let kammerstrasseMiddle = TestMap.coordinate(x: 625, y: 1050)
        public static let kammerstrasseEast = TestMap.coordinate(x: 875, y: 1050)

        /// Grabenstraße (one-way west) between Koloniestraße and Düsseldorfer Straße.
        public static let grabenstrasseOneWay = TestMap.coordinate(x: 625, y: 800)
        /// Neudorfer Straße between Düsseldorfer Straße and Oststraße.
        public static let neudorferStrasse = TestMap.coordinate(x: 875, y: 300)
        /// Friedenstraße between Koloniestraße and Düsseldorfer Straße (the north of the town).
        public static let friedenstrasse = TestMap.coordinate(x: 625, y: 1300)
        /// Sternbuschweg between Grabenstraße and Kammerstraße (the east of the town).
        public static let sternbuschweg = TestMap.coordinate(x: 1250, y: 925)

        /// Am Kolk past its corner, near its dead end.
        public static let amKolk = TestMap.coordinate(x: 1400, y: 660)
        /// Waldweg past its S-jog, near its dead end.
        public static let waldweg = TestMap.coordinate(x: 1420, y: 1120)

        /// The A 59 northbound, 150 m north of the map's south edge (before exit 12).
        public static let a59NorthboundSouth = TestMap.coordinate(x: 110, y: 150)
        /// The A 59 northbound near the map's north edge (after the on-ramp merge).
        public static let a59NorthboundNorth = TestMap.coordinate(x: 110, y: 1400)
        /// The A 59 southbound near the map's north edge (before exit 13).
        public static let a59SouthboundNorth = TestMap.coordinate(x: 90, y: 1400)
        /// Exit 12 "Duisburg-Neudorf" (the `motorway_junction` node on the northbound carriageway).
        public static let exit12 = TestMap.coordinate(x: 110, y: 350)
        /// Exit 13 "Duisburg-Zentrum" (the `motorway_junction` node on the southbound carriageway).
        public static let exit13 = TestMap.coordinate(x: 90, y: 1200)
    }

    /// The map as OSM XML (version 0.6), UTF-8.
    public static let town: String = {
        var map = Builder()
        map.build()
        return map.xml()
    }()

    // MARK: - Generation

    /// Collects nodes (shared where ways meet at the same grid point), ways and relations, then writes them out.
    struct Builder {
        struct Node { var id: Int; var coordinate: Coordinate; var tags: [(String, String)] }
        struct Way { var id: Int; var nodes: [Int]; var tags: [(String, String)] }
        struct Relation { var id: Int; var ways: [(id: Int, role: String)]; var tags: [(String, String)] }

        private(set) var nodes: [Node] = []
        private(set) var ways: [Way] = []
        private(set) var relations: [Relation] = []
        private var nodeAt: [String: Int] = [:]

        /// The node at grid point (x, y), created on first use; `tags` are added to it.
        mutating func node(_ x: Double, _ y: Double, tags: [(String, String)] = []) -> Int {
            let key = "\(x),\(y)"
            if let id = nodeAt[key] {
                nodes[id - 1].tags += tags
                return id
            }
            let id = nodes.count + 1
            nodes.append(Node(id: id, coordinate: TestMap.coordinate(x: x, y: y), tags: tags))
            nodeAt[key] = id
            return id
        }

        /// A way through grid points, in order.
        @discardableResult
        mutating func way(_ points: [(Double, Double)], _ tags: [(String, String)]) -> Int {
            let ids = points.map { node($0.0, $0.1) }
            let id = ways.count + 1
            ways.append(Way(id: id, nodes: ids, tags: tags))
            return id
        }

        /// A way through existing node ids.
        mutating func way(nodeIDs: [Int], _ tags: [(String, String)]) -> Int {
            let id = ways.count + 1
            ways.append(Way(id: id, nodes: nodeIDs, tags: tags))
            return id
        }

        static func street(_ name: String, _ highway: String = "residential", maxspeed: Int? = nil,
                           oneway: Bool = false) -> [(String, String)] {
            var tags = [("highway", highway), ("name", name)]
            tags.append(("maxspeed", String(maxspeed ?? (highway == "residential" ? 30 : 50))))
            if oneway { tags.append(("oneway", "yes")) }
            return tags
        }

        /// Grid points along a street from `from` to `to` (both included), with every crossing street's coordinate
        /// between them, so that streets share their junction nodes.
        static func points(alongX y: Double, from: Double, to: Double, crossing: [Double]) -> [(Double, Double)] {
            let inner = crossing.filter { min(from, to) < $0 && $0 < max(from, to) }.sorted(by: from < to ? (<) : (>))
            return ([from] + inner + [to]).map { ($0, y) }
        }

        static func points(alongY x: Double, from: Double, to: Double, crossing: [Double]) -> [(Double, Double)] {
            let inner = crossing.filter { min(from, to) < $0 && $0 < max(from, to) }.sorted(by: from < to ? (<) : (>))
            return ([from] + inner + [to]).map { (x, $0) }
        }

        mutating func build() {
            let columns = [Column.lotharstrasse, Column.koloniestrasse, Column.duesseldorferStrasse, Column.oststrasse,
                           Column.sternbuschweg]
            let rows = [Row.neudorferStrasse, Row.muelheimerStrasse, Row.grabenstrasse, Row.kammerstrasse,
                        Row.friedenstrasse]
            let (west, east) = (columns.first!, columns.last!)
            let (south, north) = (rows.first!, rows.last!)
            let (cx, cy, r) = (roundaboutCentre.x, roundaboutCentre.y, roundaboutRadius)

            // Traffic signals on junction nodes (tagged before the ways reuse them).
            let signal = [("highway", "traffic_signals")]
            for (x, y) in [(Column.duesseldorferStrasse, Row.muelheimerStrasse), (Column.duesseldorferStrasse, Row.grabenstrasse),
                           (Column.duesseldorferStrasse, Row.kammerstrasse), (Column.koloniestrasse, Row.muelheimerStrasse)] {
                _ = node(x, y, tags: signal)
            }

            // Streets running north.
            way(Self.points(alongY: Column.lotharstrasse, from: south, to: north, crossing: rows),
                Self.street("Lotharstraße", oneway: true))
            way(Self.points(alongY: Column.koloniestrasse, from: south, to: north, crossing: rows),
                Self.street("Koloniestraße"))
            way(Self.points(alongY: Column.duesseldorferStrasse, from: south, to: north, crossing: rows),
                Self.street("Düsseldorfer Straße", "secondary") + [("ref", "L 60")])
            way(Self.points(alongY: Column.oststrasse, from: south, to: cy - r, crossing: rows), Self.street("Oststraße"))
            way(Self.points(alongY: Column.oststrasse, from: cy + r, to: north, crossing: rows), Self.street("Oststraße"))
            way(Self.points(alongY: Column.sternbuschweg, from: south, to: north, crossing: rows),
                Self.street("Sternbuschweg"))

            // Streets running east (Grabenstraße one-way west: its nodes run east to west).
            way(Self.points(alongX: Row.neudorferStrasse, from: west, to: east, crossing: columns),
                Self.street("Neudorfer Straße"))
            way(Self.points(alongX: Row.muelheimerStrasse, from: west, to: cx - r, crossing: columns),
                Self.street("Mülheimer Straße", "secondary"))
            way(Self.points(alongX: Row.muelheimerStrasse, from: cx + r, to: east, crossing: columns),
                Self.street("Mülheimer Straße", "secondary"))
            way(Self.points(alongX: Row.grabenstrasse, from: east, to: west, crossing: columns),
                Self.street("Grabenstraße", oneway: true))
            way(Self.points(alongX: Row.kammerstrasse, from: west, to: east, crossing: columns),
                Self.street("Kammerstraße"))
            way(Self.points(alongX: Row.friedenstrasse, from: west, to: east, crossing: columns),
                Self.street("Friedenstraße"))

            // Dead ends east of Sternbuschweg with corners that are bends of one street.
            way([(east, Row.muelheimerStrasse), (1400, Row.muelheimerStrasse), (1400, 700)], Self.street("Am Kolk"))
            way([(east, Row.kammerstrasse), (1350, Row.kammerstrasse), (1350, 1120), (1450, 1120)], Self.street("Waldweg"))

            // The roundabout: 16 nodes counter-clockwise from the east arm, closed.
            var ring: [Int] = []
            for k in 0..<16 {
                let angle = Double(k) * Double.pi / 8
                let x = k % 4 == 0 ? cx + [r, 0, -r, 0][k / 4] : rounded1(cx + r * cos(angle))
                let y = k % 4 == 0 ? cy + [0, r, 0, -r][k / 4] : rounded1(cy + r * sin(angle))
                ring.append(node(x, y))
            }
            _ = way(nodeIDs: ring + [ring[0]], [("highway", "secondary"), ("junction", "roundabout"), ("maxspeed", "30")])

            // The A 59: two one-way carriageways along the west edge.
            let motorway: [(String, String)] = [("highway", "motorway"), ("ref", "A 59"), ("oneway", "yes"),
                                                ("maxspeed", "100"), ("lanes", "2")]
            _ = node(Column.a59North, 350, tags: [("highway", "motorway_junction"), ("ref", "12"), ("name", "Duisburg-Neudorf")])
            _ = node(Column.a59South, 1200, tags: [("highway", "motorway_junction"), ("ref", "13"), ("name", "Duisburg-Zentrum")])
            way([(Column.a59North, 0), (Column.a59North, 350), (Column.a59North, 700), (Column.a59North, 1000),
                 (Column.a59North, 1500)], motorway + [("destination", "Dinslaken;Oberhausen")])
            way([(Column.a59South, 1500), (Column.a59South, 1200), (Column.a59South, 800), (Column.a59South, 400),
                 (Column.a59South, 0)], motorway + [("destination", "Düsseldorf")])
            // Exit 12 (northbound) to Lotharstraße / Mülheimer Straße.
            way([(Column.a59North, 350), (170, 430), (220, 510), (west, Row.muelheimerStrasse)],
                [("highway", "motorway_link"), ("oneway", "yes"), ("maxspeed", "60"),
                 ("destination", "Duisburg-Neudorf;Universität")])
            // On-ramp from the west end of Grabenstraße, merging northbound at y 1000.
            way([(west, Row.grabenstrasse), (200, 860), (150, 930), (Column.a59North, 1000)],
                [("highway", "motorway_link"), ("oneway", "yes"), ("maxspeed", "60"), ("destination", "Oberhausen")])
            // Exit 13 (southbound), bridging the northbound carriageway, to the west end of Kammerstraße.
            way([(Column.a59South, 1200), (150, 1150), (200, 1100), (west, Row.kammerstrasse)],
                [("highway", "motorway_link"), ("oneway", "yes"), ("maxspeed", "60"), ("bridge", "yes"), ("layer", "1"),
                 ("destination", "Duisburg-Zentrum")])

            // The boundary: a closed way 300 m outside the map, outer member of the country and the state.
            let border = [(-300.0, -300.0), (1800, -300), (1800, 1800), (-300, 1800)].map { node($0.0, $0.1) }
            let borderWay = way(nodeIDs: border + [border[0]], [])
            relations.append(Relation(id: 1, ways: [(borderWay, "outer")], tags: [
                ("type", "boundary"), ("boundary", "administrative"), ("admin_level", "2"), ("name", "Deutschland"),
                ("name:de", "Deutschland"), ("name:en", "Germany"), ("ISO3166-1", "DE"), ("ISO3166-1:alpha2", "DE"),
                ("ISO3166-1:alpha3", "DEU"), ("default_language", "de")]))
            relations.append(Relation(id: 2, ways: [(borderWay, "outer")], tags: [
                ("type", "boundary"), ("boundary", "administrative"), ("admin_level", "4"),
                ("name", "Nordrhein-Westfalen"), ("ISO3166-2", "DE-NW")]))
        }

        func xml() -> String {
            var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"RouteCue TestMap\">\n"
            let all = nodes.map(\.coordinate)
            let (minLat, maxLat) = (all.map(\.latitude).min()!, all.map(\.latitude).max()!)
            let (minLon, maxLon) = (all.map(\.longitude).min()!, all.map(\.longitude).max()!)
            out += "  <bounds minlat=\"\(fixed7(minLat))\" minlon=\"\(fixed7(minLon))\" maxlat=\"\(fixed7(maxLat))\" maxlon=\"\(fixed7(maxLon))\"/>\n"
            let meta = "version=\"1\" timestamp=\"2026-01-01T00:00:00Z\" changeset=\"1\" uid=\"1\" user=\"routecue\""
            for n in nodes {
                let head = "  <node id=\"\(n.id)\" \(meta) lat=\"\(fixed7(n.coordinate.latitude))\" lon=\"\(fixed7(n.coordinate.longitude))\""
                if n.tags.isEmpty { out += head + "/>\n"; continue }
                out += head + ">\n" + Self.tagLines(n.tags) + "  </node>\n"
            }
            for w in ways {
                out += "  <way id=\"\(w.id)\" \(meta)>\n"
                for id in w.nodes { out += "    <nd ref=\"\(id)\"/>\n" }
                out += Self.tagLines(w.tags) + "  </way>\n"
            }
            for r in relations {
                out += "  <relation id=\"\(r.id)\" \(meta)>\n"
                for m in r.ways { out += "    <member type=\"way\" ref=\"\(m.id)\" role=\"\(m.role)\"/>\n" }
                out += Self.tagLines(r.tags) + "  </relation>\n"
            }
            return out + "</osm>\n"
        }

        static func tagLines(_ tags: [(String, String)]) -> String {
            tags.map { "    <tag k=\"\(escaped($0.0))\" v=\"\(escaped($0.1))\"/>\n" }.joined()
        }

        static func escaped(_ text: String) -> String { XMLEscape.escaped(text) }
    }
}

private func rounded7(_ value: Double) -> Double { (value * 1e7).rounded() / 1e7 }
private func rounded1(_ value: Double) -> Double { (value * 10).rounded() / 10 }

/// `value` with exactly 7 decimals, without Foundation's formatters (the text must not depend on the locale).
private func fixed7(_ value: Double) -> String {
    let scaled = Int64((value * 1e7).rounded())
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    let fraction = String(magnitude % 10_000_000)
    return "\(sign)\(magnitude / 10_000_000).\(String(repeating: "0", count: 7 - fraction.count))\(fraction)"
}
