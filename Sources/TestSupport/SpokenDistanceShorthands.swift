import RouteCueCore

/// Spoken distances written the way phrase tests read: `metres(300)`, `km(1.5)`, `miles(0.25)`, `yards(200)`, `feet(500)`.
public func metres(_ value: Double) -> SpokenDistance { SpokenDistance(value: value, unit: .metre) }
/// A spoken distance in kilometres.
public func km(_ value: Double) -> SpokenDistance { SpokenDistance(value: value, unit: .kilometre) }
/// A spoken distance in miles.
public func miles(_ value: Double) -> SpokenDistance { SpokenDistance(value: value, unit: .mile) }
/// A spoken distance in yards.
public func yards(_ value: Double) -> SpokenDistance { SpokenDistance(value: value, unit: .yard) }
/// A spoken distance in feet.
public func feet(_ value: Double) -> SpokenDistance { SpokenDistance(value: value, unit: .foot) }
