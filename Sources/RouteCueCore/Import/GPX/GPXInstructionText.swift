/// Reads an instruction text as GraphHopper, BRouter and OsmAnd write it in `<desc>` into a turn and a road:
/// English ("turn sharp left onto Tarostraße", "at roundabout, take exit 2 onto B 6", "keep right and drive
/// toward Berlin", "continue onto Max-Liebermann-Straße, B 6", "right", "destination") and GraphHopper's
/// German ("scharf links abbiegen auf Tarostraße", "im Kreisverkehr Ausfahrt 2 auf B 6 nehmen").
struct GPXInstructionText: Sendable, Equatable {
    /// The turn the text describes, nil when it does not describe one.
    var turn: GPXTurn?
    /// The road taken (after "onto").
    var roadName: String?
    /// The road reference, split off the road name ("B 6") or after "and take".
    var ref: String?
    /// Signposted destinations (after "toward").
    var destinations: String?

    init(_ text: String) {
        let original = GPXValues.trimmed(text)
        // Lower-case ASCII letters only, so character offsets match the original.
        let lower = String(original.map { $0.isASCII ? Character($0.lowercased()) : $0 })
        var headEnd = lower.endIndex

        if let toward = lower.firstRange(of: " toward ") {
            let value = GPXValues.trimmed(String(original[Self.index(toward.upperBound, lower, original)...]))
            if !value.isEmpty { destinations = value }
            headEnd = toward.lowerBound
            if let take = lower[..<headEnd].firstRange(of: " and take ") {
                let r = GPXValues.trimmed(String(original[Self.index(take.upperBound, lower, original)..<Self.index(headEnd, lower, original)]))
                if !r.isEmpty { ref = r }
                headEnd = take.lowerBound
            } else if let drive = lower[..<headEnd].firstRange(of: " and drive") {
                headEnd = drive.lowerBound
            }
        }
        if let onto = lower[..<headEnd].firstRange(of: " onto ") {
            let name = GPXValues.trimmed(String(original[Self.index(onto.upperBound, lower, original)..<Self.index(headEnd, lower, original)]))
            (roadName, ref) = Self.splitRef(name, ref)
            headEnd = onto.lowerBound
        }
        let head = GPXValues.trimmed(String(lower[..<headEnd]))
        turn = Self.turn(head, hasRoad: roadName != nil)
        if turn == nil, let german = GPXInstructionText(german: original, lower: lower) { self = german }
    }

    /// GraphHopper's German texts; nil when the text has none of their verbs.
    private init?(german original: String, lower: String) {
        let verbs = ["abbiegen", "halten", "wenden", "kreisverkehr", "straßenverlauf", "ziel", "wegpunkt"]
        guard verbs.contains(where: { lower.contains($0) }) else { return nil }
        func text(_ from: String.Index, _ to: String.Index) -> String {
            guard from < to else { return "" }
            return GPXValues.trimmed(String(original[Self.index(from, lower, original)..<Self.index(to, lower, original)]))
        }
        var headEnd = lower.endIndex
        if let toward = lower.firstRange(of: " richtung ") {
            var end = lower.endIndex
            if lower.hasSuffix(" fahren") { end = lower.index(end, offsetBy: -7) }
            let value = text(toward.upperBound, max(toward.upperBound, end))
            if !value.isEmpty { destinations = value }
            headEnd = toward.lowerBound
            for joiner in [" und fahre zur ", " und "] {
                if let r = lower[..<headEnd].firstRange(of: joiner) {
                    if joiner == " und fahre zur " {
                        var refEnd = headEnd
                        if lower[..<headEnd].hasSuffix(" in") { refEnd = lower.index(headEnd, offsetBy: -3) }
                        let value = text(r.upperBound, max(r.upperBound, refEnd))
                        if !value.isEmpty { ref = value }
                    }
                    headEnd = r.lowerBound
                    break
                }
            }
        }
        var head = String(lower[..<headEnd])
        if let von = head.firstRange(of: "dem straßenverlauf von "), lower[..<headEnd].hasSuffix(" folgen") {
            (roadName, ref) = Self.splitRef(text(von.upperBound, lower.index(headEnd, offsetBy: -7)), ref)
            turn = GPXTurn(.newName, .straight)
            return
        }
        if let auf = lower[..<headEnd].firstRange(of: " auf ") {
            // "… auf X nehmen" / "Kreisverkehr auf X verlassen": the verb follows the road.
            var end = headEnd
            var verb = ""
            for suffix in [" nehmen", " verlassen"] where lower[..<headEnd].hasSuffix(suffix) {
                end = lower.index(headEnd, offsetBy: -suffix.count)
                verb = suffix
            }
            (roadName, ref) = Self.splitRef(text(auf.upperBound, max(auf.upperBound, end)), ref)
            head = String(lower[..<auf.lowerBound]) + verb
        }
        let words = head.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "!" }).map(String.init)
        func has(_ w: String) -> Bool { words.contains(w) }
        if has("ziel") {
            turn = GPXTurn(.arrive)
        } else if has("wegpunkt") {
            turn = GPXTurn(.waypoint)
        } else if has("kreisverkehr") {
            turn = has("verlassen") ? GPXTurn(.exitRoundabout) : GPXTurn(.roundabout, exit: words.lazy.compactMap { Int($0) }.first)
        } else if has("wenden") {
            turn = GPXTurn(.uTurn, .uTurn)
        } else if has("links") != has("rechts") {
            let left = has("links")
            if has("halten") {
                turn = GPXTurn(.keep, left ? .left : .right)
            } else if has("scharf") {
                turn = .turn(left ? .sharpLeft : .sharpRight)
            } else if has("leicht") {
                turn = .turn(left ? .slightLeft : .slightRight)
            } else {
                turn = .turn(left ? .left : .right)
            }
        } else if head.contains("straßenverlauf") {
            turn = GPXTurn(.continue, .straight)
        }
    }

    /// The index in `original` at the same character offset as `i` in `lower`.
    private static func index(_ i: String.Index, _ lower: String, _ original: String) -> String.Index {
        original.index(original.startIndex, offsetBy: lower.distance(from: lower.startIndex, to: i))
    }

    /// Splits "Max-Liebermann-Straße, B 6" into the name and the trailing road reference.
    private static func splitRef(_ name: String, _ ref: String?) -> (String?, String?) {
        guard !name.isEmpty else { return (nil, ref) }
        let parts = name.split(separator: ",").map { GPXValues.trimmed(String($0)) }
        if parts.count >= 2, let last = parts.last, looksLikeRef(last), ref == nil {
            return (parts.dropLast().joined(separator: ", "), last)
        }
        if parts.count == 1, looksLikeRef(name), ref == nil { return (name, name) }
        return (name, ref)
    }

    /// True for road references like "B 6", "A9", "I-80", "US 101", "L 1234a".
    static func looksLikeRef(_ s: String) -> Bool {
        let u = Array(s.utf8)
        var i = 0
        while i < u.count, u[i] >= 0x41, u[i] <= 0x5A { i += 1 }
        guard i >= 1, i <= 3 else { return false }
        if i < u.count, u[i] == 0x20 || u[i] == 0x2D { i += 1 }
        let digitsStart = i
        while i < u.count, u[i] >= 0x30, u[i] <= 0x39 { i += 1 }
        guard i > digitsStart else { return false }
        if i < u.count, u[i] >= 0x61, u[i] <= 0x7A { i += 1 }
        return i == u.count
    }

    /// The turn named by the words before "onto" (lower-cased).
    private static func turn(_ head: String, hasRoad: Bool) -> GPXTurn? {
        if head.isEmpty { return nil }
        let words = head.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "!" || $0 == "." }).map(String.init)
        func has(_ w: String) -> Bool { words.contains(w) }
        if head.hasPrefix("arrive") || head.hasPrefix("finish") || head == "destination" || head.hasPrefix("you have arrived")
            || head.hasPrefix("you arrived") {
            return GPXTurn(.arrive)
        }
        if head.hasPrefix("waypoint") || head.hasPrefix("stopover") || head.hasPrefix("via point") || head == "via" {
            return GPXTurn(.waypoint)
        }
        if head == "start" || head.hasPrefix("depart") || head.hasPrefix("head ") { return GPXTurn(.depart) }
        if has("roundabout") || has("rotary") || head.hasPrefix("take exit") {
            if head.hasPrefix("exit the roundabout") || head.hasPrefix("leave the roundabout") || head.hasPrefix("leave roundabout") {
                return GPXTurn(.exitRoundabout)
            }
            let exit = words.lazy.compactMap { Int($0) }.first
            return GPXTurn(.roundabout, exit: exit)
        }
        if head.contains("u-turn") || head.contains("uturn") || head.contains("u turn") { return GPXTurn(.uTurn, .uTurn) }

        let left = has("left"), right = has("right")
        let side: ManeuverModifier?
        if left != right {
            if has("sharp") || has("sharply") {
                side = left ? .sharpLeft : .sharpRight
            } else if has("slight") || has("slightly") || has("bear") {
                side = left ? .slightLeft : .slightRight
            } else {
                side = left ? .left : .right
            }
        } else {
            side = nil
        }
        if head.hasPrefix("keep") || head.hasPrefix("stay") || head.hasPrefix("fork") {
            if let side { return GPXTurn(.keep, side == .slightLeft || side == .sharpLeft ? .left : side == .slightRight || side == .sharpRight ? .right : side) }
            return GPXTurn(.keep, .straight)
        }
        if head.hasPrefix("merge") { return GPXTurn(.merge, side ?? .straight) }
        if head.hasPrefix("exit") || head.hasPrefix("take the ramp") {
            if let side { return GPXTurn(.offRamp, side) }
        }
        if let side { return .turn(side) }
        if head.hasPrefix("continue") || head.hasPrefix("straight") || head.hasPrefix("go straight") {
            return hasRoad && head.hasPrefix("continue") ? GPXTurn(.newName, .straight) : GPXTurn(.continue, .straight)
        }
        return nil
    }
}
