/// One `rtept` or turn `wpt` with everything its dialect says about the maneuver there: OsmAnd `turn`,
/// `turn-angle`, `offset`; GraphHopper `gh:` extensions; Locus `rtePointAction`; OruxMaps `om:ext` icons;
/// GPSies `sym`/`type`; and the `desc` text.
struct GPXTurnPoint: Sendable {
    /// Where the point is.
    var coordinate: Coordinate
    /// `.rtept` or `.wpt`.
    var kind: Provenance.Kind
    /// Index among the `rtept`s of its `rte`, or among all `wpt`s of the document.
    var sourceIndex: Int
    /// `rte[0].rtept[5]` or `wpt[3]`.
    var path: String
    /// The line of its start tag.
    var line: Int
    /// The turn a code states (GraphHopper sign, OsmAnd turn, Locus action, OruxMaps icon, GPSies sym/type).
    var codedTurn: GPXTurn?
    /// The instruction text (`desc`, else `cmt`) and what it says.
    var instruction: String?
    var text: GPXInstructionText?
    /// Its `<name>`.
    var name: String?
    /// OsmAnd `turn-angle` (degrees, positive right).
    var turnAngle: Double?
    /// GraphHopper `gh:azimuth`: heading after the point.
    var azimuth: Double?
    /// OsmAnd `offset`: index of the point in the `trk`.
    var offset: Int?
    /// Length (m) and duration (s) of the stretch to the next point, as the file states them.
    var sourceDistance: Double?
    var sourceDuration: Double?
    /// True when the distance came from `gh:distance` (summed into the route's stated distance).
    var isGraphHopperDistance = false
    /// Shape points after this route point (Garmin `gpxx:rpt`).
    var shapePoints: [Coordinate] = []

    /// The turn this point describes: its code first, then its text, then its OsmAnd turn angle.
    var statedTurn: GPXTurn? {
        var turn = codedTurn ?? text?.turn
        if turn == nil, let a = turnAngle { turn = .turn(ManeuverModifier(turnAngle: a)) }
        if var t = turn, t.type == .roundabout, t.exitNumber == nil, let exit = text?.turn?.exitNumber {
            t.exitNumber = exit
            turn = t
        }
        return turn
    }

    /// Reads a `rtept` or `wpt` element.
    init(_ element: XMLElement, kind: Provenance.Kind, sourceIndex: Int, path: String) throws(InputError) {
        coordinate = try GPXValues.coordinate(of: element, path: path)
        self.kind = kind
        self.sourceIndex = sourceIndex
        self.path = path
        line = element.line
        name = GPXValues.text(child: "name", of: element)
        instruction = GPXValues.text(child: "desc", of: element) ?? GPXValues.text(child: "cmt", of: element)
        if let words = instruction ?? name {
            let parsed = GPXInstructionText(words)
            if parsed != GPXInstructionText("") { text = parsed }
        }
        var turn: GPXTurn?
        if let ext = element.firstElement(named: "extensions") {
            try readExtensions(ext, path: "\(path).extensions", turn: &turn)
        }
        if turn == nil {
            for field in ["type", "sym"] {
                if let word = GPXValues.text(child: field, of: element), let t = GPXTurnCodes.word(word) {
                    turn = t
                    break
                }
            }
        }
        codedTurn = turn
    }

    private mutating func readExtensions(_ ext: XMLElement, path: String, turn: inout GPXTurn?) throws(InputError) {
        var graphHopperSign: GPXTurn?, osmAndTurn: GPXTurn?, locus: GPXTurn?, orux: GPXTurn?
        var stack: [(XMLElement, String, Int)] = [(ext, path, 0)]
        while let (element, elementPath, depth) = stack.popLast() {
            // Each field is read from its first element (later ones with the same local name are ignored), from the
            // child itself: looking it up again among the siblings would cost children² on a hostile point.
            var read: Set<String> = []
            for child in element.childElements {
                let childPath = "\(elementPath).\(child.name)"
                let prefixed = child.name != child.localName
                let field = child.localName
                let fieldRead: Bool
                switch field {
                case "sign", "distance": fieldRead = prefixed && !read.insert(field).inserted
                case "time", "azimuth", "turn", "turn-angle", "offset", "rtePointAction", "rteDistance", "rteTime":
                    fieldRead = !read.insert(field).inserted
                default: fieldRead = false
                }
                if fieldRead { continue }
                switch field {
                case "sign" where prefixed:
                    if let s = try GPXValues.integer(in: child, path: elementPath) {
                        graphHopperSign = GPXTurnCodes.graphHopperSign(s)
                    }
                case "distance" where prefixed:
                    sourceDistance = try GPXValues.number(in: child, path: elementPath)
                    isGraphHopperDistance = sourceDistance != nil
                case "time":
                    // GraphHopper's gh:time is milliseconds; OsmAnd's plain <time> is seconds.
                    if let t = try GPXValues.number(in: child, path: elementPath) {
                        sourceDuration = prefixed ? t / 1000 : t
                    }
                case "azimuth":
                    azimuth = try GPXValues.number(in: child, path: elementPath)
                case "turn":
                    if let word = GPXValues.text(in: child) { osmAndTurn = GPXTurnCodes.word(word) }
                case "turn-angle":
                    turnAngle = try GPXValues.number(in: child, path: elementPath)
                    if let a = turnAngle, abs(a) > 360 {
                        throw GPXValues.error(child, path: childPath, .invalidValue, "turn angle \(a) is outside -360…360 degrees")
                    }
                case "offset":
                    offset = try GPXValues.integer(in: child, path: elementPath)
                case "rtePointAction":
                    if let code = try GPXValues.integer(in: child, path: elementPath) {
                        locus = GPXTurnCodes.locusAction(code)
                    }
                case "rteDistance":
                    sourceDistance = try GPXValues.number(in: child, path: elementPath)
                case "rteTime":
                    sourceDuration = try GPXValues.number(in: child, path: elementPath)
                case "ext" where child.attribute("type") == "ICON":
                    let code = GPXValues.trimmed(child.text)
                    guard let value = GPXValues.number(code), value == value.rounded(), abs(value) < 1e9 else {
                        throw GPXValues.error(child, path: childPath, .invalidValue, "icon code \"\(code)\" is not a whole number")
                    }
                    orux = GPXTurnCodes.oruxIcon(Int(value))
                case "rpt":
                    shapePoints.append(try GPXValues.coordinate(of: child, path: childPath))
                default:
                    if depth < 4, !child.childElements.isEmpty { stack.append((child, childPath, depth + 1)) }
                }
            }
        }
        turn = graphHopperSign ?? osmAndTurn ?? locus ?? orux
    }

    /// True when this `wpt` carries a turn code of a known dialect (a plain POI does not).
    var isTurnWaypoint: Bool { codedTurn != nil }
}
