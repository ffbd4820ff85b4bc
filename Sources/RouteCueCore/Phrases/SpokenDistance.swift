/// A distance as a driver hears it: a natural number in one unit ("1.5 kilometers", "a quarter mile").
public struct SpokenDistance: Sendable, Equatable, Codable {
    /// The exact length of the spoken value, in metres.
    public var metres: Double
    /// The number spoken, in `unit` (1.5 for "1.5 kilometers", 0.25 for "a quarter mile").
    public var value: Double
    /// The unit the number is spoken in.
    public var unit: DistanceUnit

    /// A spoken distance of `value` `unit`s; `metres` follows from them.
    public init(value: Double, unit: DistanceUnit) {
        self.value = value
        self.unit = unit
        self.metres = value * unit.metres
    }
}
