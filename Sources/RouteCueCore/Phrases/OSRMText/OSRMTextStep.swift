/// The fields of an OSRM v5 route step that osrm-text-instructions reads.
public struct OSRMTextStep: Sendable, Equatable {
    /// `maneuver.type` (`turn`, `off ramp`, `arrive`, … or a type this library does not know).
    public var type: String
    /// `maneuver.modifier` (`left`, `slight right`, `uturn`, …), required except for depart and arrive.
    public var modifier: String?
    /// `maneuver.exit`: the roundabout exit number.
    public var exit: Int?
    /// `maneuver.bearing_after` in degrees.
    public var bearingAfter: Double?
    /// `name`: the road name.
    public var name: String?
    /// `ref`: road references separated by `;`.
    public var ref: String?
    /// `destinations`: `"ref1,ref2: place1,place2"`.
    public var destinations: String?
    /// `exits`: exit numbers separated by `;`.
    public var exits: String?
    /// `rotary_name`.
    public var rotaryName: String?
    /// `junction_name`: the named junction the maneuver is at.
    public var junctionName: String?
    /// `mode` (`driving`, `ferry`, …).
    public var mode: String?
    /// `driving_side` (`left` or `right`).
    public var drivingSide: String?
    /// `intersections[0].lanes[*].valid`, or nil without lanes.
    public var laneValidity: [Bool]?

    /// A step with only a maneuver type.
    public init(type: String, modifier: String? = nil) {
        self.type = type
        self.modifier = modifier
    }

    /// Reads a step object of an OSRM v5 response.
    public init(node: JSONNode) throws(InputError) {
        let maneuver = try node.require("maneuver")
        self.type = try maneuver.require("type").string()
        self.modifier = try maneuver.optionalString("modifier")
        self.exit = try maneuver.optionalInt("exit")
        self.bearingAfter = try maneuver.optionalDouble("bearing_after")
        self.name = try node.optionalString("name")
        self.ref = try node.optionalString("ref")
        self.destinations = try node.optionalString("destinations")
        self.exits = try node.optionalString("exits")
        self.rotaryName = try node.optionalString("rotary_name")
        self.junctionName = try node.optionalString("junction_name")
        self.mode = try node.optionalString("mode")
        self.drivingSide = try node.optionalString("driving_side")
        if let intersections = try node.optionalArray("intersections"), let first = intersections.first,
           let lanes = try first.optionalArray("lanes") {
            var validity: [Bool] = []
            for lane in lanes { validity.append(try lane.require("valid").bool()) }
            self.laneValidity = validity
        }
    }
}
