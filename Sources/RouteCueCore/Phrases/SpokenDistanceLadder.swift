/// The sorted natural values of one unit system and the bounds between them: each value is what a driver
/// is told for every remaining distance from the midpoint to the value below (half the smallest value for
/// the smallest) up to, but not including, the midpoint to the value above (no end for the largest).
struct SpokenDistanceLadder: Sendable {
    /// The natural values, ascending by metres.
    let values: [SpokenDistance]
    /// `lowerBounds[i]` is where `values[i]` starts being the spoken value; ascending.
    let lowerBounds: [Double]

    init(values: [SpokenDistance]) {
        self.values = values
        var bounds: [Double] = []
        bounds.reserveCapacity(values.count)
        for (i, v) in values.enumerated() {
            bounds.append(i == 0 ? v.metres / 2 : (values[i - 1].metres + v.metres) / 2)
        }
        self.lowerBounds = bounds
    }

    /// Index of the value whose range holds `metres`, nil below the smallest value's lower bound or for NaN.
    func index(forRemaining metres: Double) -> Int? {
        guard !metres.isNaN, let first = lowerBounds.first, metres >= first else { return nil }
        // Last index whose lower bound is <= metres.
        var low = 0, high = lowerBounds.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lowerBounds[mid] <= metres { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The half-open range of remaining distances in which `values[i]` is spoken.
    func range(at i: Int) -> Range<Double> {
        let upper = i + 1 < lowerBounds.count ? lowerBounds[i + 1] : Double.infinity
        return lowerBounds[i]..<upper
    }
}

extension SpokenDistanceLadder {
    /// Metric: 50 m steps below 1 km; 1, 1.5, 2, 2.5, 3 km; whole km to 10; then the long-distance tail.
    static let metric: SpokenDistanceLadder = {
        var values = stride(from: 50.0, through: 950, by: 50).map { SpokenDistance(value: $0, unit: .metre) }
        values += kilometreOrMileSteps(unit: .kilometre, upTo: 40_000)
        return SpokenDistanceLadder(values: values)
    }()

    /// Imperial US: feet in 50 ft steps up to 500 ft (just under 0.1 mile), then quarter, half and
    /// three quarters of a mile, then the same mile steps as the metric kilometre steps. Never tenths.
    static let imperialUS: SpokenDistanceLadder = {
        var values = stride(from: 50.0, through: 500, by: 50).map { SpokenDistance(value: $0, unit: .foot) }
        values += fractionsOfAMile + kilometreOrMileSteps(unit: .mile, upTo: 25_000)
        return SpokenDistanceLadder(values: values)
    }()

    /// Imperial UK: 50, 100, 150, 200 and 300 yards, then the same miles as imperial US.
    static let imperialUK: SpokenDistanceLadder = {
        var values = [50.0, 100, 150, 200, 300].map { SpokenDistance(value: $0, unit: .yard) }
        values += fractionsOfAMile + kilometreOrMileSteps(unit: .mile, upTo: 25_000)
        return SpokenDistanceLadder(values: values)
    }()

    static func ladder(for units: UnitSystem) -> SpokenDistanceLadder {
        switch units {
        case .metric: return metric
        case .imperialUS: return imperialUS
        case .imperialUK: return imperialUK
        }
    }

    private static let fractionsOfAMile = [0.25, 0.5, 0.75].map { SpokenDistance(value: $0, unit: .mile) }

    /// 1, 1.5, 2, 2.5, 3, 4 … 10, 12, 15, 20, 25, 30, 40 … 100, then 50-unit steps to 500, then 100-unit
    /// steps up to `limit` (beyond any road route).
    private static func kilometreOrMileSteps(unit: DistanceUnit, upTo limit: Double) -> [SpokenDistance] {
        var numbers: [Double] = [1, 1.5, 2, 2.5, 3]
        numbers += stride(from: 4.0, through: 10, by: 1)
        numbers += [12, 15, 20, 25, 30]
        numbers += stride(from: 40.0, through: 100, by: 10)
        numbers += stride(from: 150.0, through: 500, by: 50)
        numbers += stride(from: 600.0, through: limit, by: 100)
        return numbers.map { SpokenDistance(value: $0, unit: unit) }
    }
}
