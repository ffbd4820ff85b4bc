/// The turn code tables of the GPX dialects RouteCue reads. Sources: BRouter's `VoiceHint` (which writes
/// the OsmAnd, Locus, GPSies and OruxMaps styles), Locus' `PointRteAction` ids, GraphHopper's
/// `Instruction` sign constants.
enum GPXTurnCodes {
    /// OsmAnd `<turn>` and GPSies `<sym>`/`<type>` words: `TL`, `TSLR`, `KL`, `TU`, `EXIT3`, `RNDB2`, `Left`,
    /// `Straight`, …; nil for an unknown word.
    static func word(_ text: String) -> GPXTurn? {
        let w = GPXValues.trimmed(text).uppercased()
        switch w {
        case "C", "STRAIGHT", "CONTINUE": return GPXTurn(.continue, .straight)
        case "TL", "LEFT": return .turn(.left)
        case "TSLL", "SLIGHT LEFT", "SLIGHT_LEFT": return .turn(.slightLeft)
        case "TSHL", "SHARP LEFT", "SHARP_LEFT": return .turn(.sharpLeft)
        case "TR", "RIGHT": return .turn(.right)
        case "TSLR", "SLIGHT RIGHT", "SLIGHT_RIGHT": return .turn(.slightRight)
        case "TSHR", "SHARP RIGHT", "SHARP_RIGHT": return .turn(.sharpRight)
        case "KL", "KEEP LEFT", "KEEP_LEFT": return GPXTurn(.keep, .left)
        case "KR", "KEEP RIGHT", "KEEP_RIGHT": return GPXTurn(.keep, .right)
        case "TU", "TLU", "TRU", "U-TURN", "UTURN", "U_TURN": return GPXTurn(.uTurn, .uTurn)
        case "EL", "EXIT LEFT": return GPXTurn(.offRamp, .slightLeft)
        case "ER", "EXIT RIGHT": return GPXTurn(.offRamp, .slightRight)
        case "BL": return GPXTurn(.continue, .straight)          // beeline segment
        case "OFFR": return GPXTurn(.notification)               // off route
        default: break
        }
        for prefix in ["EXIT", "RNDB", "RNLB"] where w.hasPrefix(prefix) {
            let rest = GPXValues.trimmed(String(w.dropFirst(prefix.count)))
            if let n = Int(rest), n > 0, n < 100 { return GPXTurn(.roundabout, exit: n) }
        }
        return nil
    }

    /// A Locus `rtePointAction` id; nil for an unknown id.
    static func locusAction(_ code: Int) -> GPXTurn? {
        switch code {
        case 0: return GPXTurn(.notification)                    // no maneuver
        case 1: return GPXTurn(.continue, .straight)
        case 2: return GPXTurn(.newName, .straight)
        case 3: return .turn(.slightLeft)
        case 4: return .turn(.left)
        case 5: return .turn(.sharpLeft)
        case 6: return .turn(.slightRight)
        case 7: return .turn(.right)
        case 8: return .turn(.sharpRight)
        case 9: return GPXTurn(.keep, .left)
        case 10: return GPXTurn(.keep, .right)
        case 11: return GPXTurn(.keep, .straight)
        case 12, 13, 14: return GPXTurn(.uTurn, .uTurn)
        case 15: return GPXTurn(.offRamp, .slightLeft)
        case 16: return GPXTurn(.offRamp, .slightRight)
        case 17: return GPXTurn(.onRamp, .left)
        case 18: return GPXTurn(.onRamp, .right)
        case 19: return GPXTurn(.onRamp, .straight)
        case 20: return GPXTurn(.merge, .slightLeft)
        case 21: return GPXTurn(.merge, .slightRight)
        case 22: return GPXTurn(.merge, .straight)
        case 23: return GPXTurn(.notification)                   // entering a state
        case 24: return GPXTurn(.arrive)
        case 25: return GPXTurn(.arrive, .left)
        case 26: return GPXTurn(.arrive, .right)
        case 27...34: return GPXTurn(.roundabout, exit: code - 26)
        case 50: return GPXTurn(.notification)                   // passing a place
        default: return nil
        }
    }

    /// An OruxMaps `<om:ext type="ICON">` code as BRouter writes it; nil for other icons.
    ///
    /// BRouter writes a roundabout as 1008 + its exit, and holds the exit of a clockwise (left-hand traffic)
    /// roundabout negative: 1009… are exits 1… anticlockwise, 1007…1004 exits 1…4 clockwise. Clockwise exits
    /// past the 4th come out as 1003…1000, the same codes as a U-turn and turns, and read as those.
    static func oruxIcon(_ code: Int) -> GPXTurn? {
        switch code {
        case 1000: return .turn(.left)
        case 1001: return .turn(.right)
        case 1002: return GPXTurn(.continue, .straight)
        case 1003: return GPXTurn(.uTurn, .uTurn)
        case 1004...1007: return GPXTurn(.roundabout, exit: 1008 - code)
        case 1009...1013: return GPXTurn(.roundabout, exit: code - 1008)
        case 1014: return GPXTurn(.keep, .right)
        case 1015: return GPXTurn(.keep, .left)
        case 1016: return .turn(.slightRight)
        case 1017: return .turn(.slightLeft)
        case 1018: return .turn(.sharpRight)
        case 1019: return .turn(.sharpLeft)
        default: return nil
        }
    }

    /// What a GraphHopper sign means; `5` (via reached) is `.waypoint`, `4` (finish) is `.arrive`, `9` a ferry.
    static func graphHopperSign(_ sign: Int) -> GPXTurn? {
        switch sign {
        case -98, -8, 8: return GPXTurn(.uTurn, .uTurn)
        case -7: return GPXTurn(.keep, .left)
        case 7: return GPXTurn(.keep, .right)
        case -6: return GPXTurn(.exitRoundabout)
        case 6: return GPXTurn(.roundabout)
        case -3: return .turn(.sharpLeft)
        case -2: return .turn(.left)
        case -1: return .turn(.slightLeft)
        case 0: return GPXTurn(.newName, .straight)           // continue on street: the name changes
        case 1: return .turn(.slightRight)
        case 2: return .turn(.right)
        case 3: return .turn(.sharpRight)
        case 4: return GPXTurn(.arrive)
        case 5: return GPXTurn(.waypoint)
        case 9: return GPXTurn(.ferry)                         // Instruction.FERRY (GraphHopper 9+)
        case 101, 102, 103: return GPXTurn(.notification)      // public transport legs
        default: return nil
        }
    }
}
