import FoundationEssentials
import RouteCueCore
import XCTest

final class SpokenDistanceTests: XCTestCase {
    private func km(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .kilometre) }
    private func m(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .metre) }
    private func mi(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .mile) }
    private func ft(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .foot) }
    private func yd(_ v: Double) -> SpokenDistance { SpokenDistance(value: v, unit: .yard) }

    // MARK: The natural values

    func test_metric_values_are50mStepsThenKilometreSteps() {
        let values = SpokenDistances.values(for: .metric)
        let expected: [SpokenDistance] = stride(from: 50.0, through: 950, by: 50).map(m)
            + [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 150, 200]
            .map(km)
        XCTAssertEqual(Array(values.prefix(expected.count)), expected)
        let beyond = values.dropFirst(expected.count).map(\.value)
        XCTAssertTrue(beyond.allSatisfy { $0.truncatingRemainder(dividingBy: 50) == 0 }, "multiples of 50 km beyond 200 km")
        XCTAssertGreaterThanOrEqual(values.last!.metres, 20_000_000, "covers any road route")
    }

    func test_imperialUS_feetBelowATenthOfAMile_thenQuarterHalfThreeQuartersAndMiles() {
        let values = SpokenDistances.values(for: .imperialUS)
        XCTAssertEqual(values.filter { $0.unit == .foot }, stride(from: 50.0, through: 500, by: 50).map(ft))
        XCTAssertTrue(values.filter { $0.unit == .foot }.allSatisfy { $0.metres < 1609.344 / 10 })
        XCTAssertEqual(Array(values.filter { $0.unit == .mile }.prefix(12)),
                       [0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7].map(mi))
        XCTAssertEqual(Set(values.map(\.unit)), [.foot, .mile])
        for v in values where v.unit == .mile {
            XCTAssertEqual((v.value * 4).rounded(), v.value * 4, "\(v.value) miles is not a quarter step: no tenths")
        }
    }

    func test_imperialUK_yardsBelowAQuarterMile_thenTheSameMiles() {
        let values = SpokenDistances.values(for: .imperialUK)
        XCTAssertEqual(values.filter { $0.unit == .yard }, [50, 100, 150, 200, 300].map(yd))
        XCTAssertEqual(values.filter { $0.unit == .mile }, SpokenDistances.values(for: .imperialUS).filter { $0.unit == .mile })
        XCTAssertEqual(Set(values.map(\.unit)), [.yard, .mile])
    }

    func test_values_areStrictlyAscending_andMetresFollowValueAndUnit() {
        for units in UnitSystem.allCases {
            let values = SpokenDistances.values(for: units)
            for (a, b) in zip(values, values.dropFirst()) { XCTAssertLessThan(a.metres, b.metres, "\(units)") }
            for v in values { XCTAssertEqual(v.metres, v.value * v.unit.metres, "\(units)") }
        }
    }

    // MARK: Rounding tables (nearest by metres; an exact midpoint goes to the larger value)

    func test_nearest_metric_table() {
        let table: [(Double, SpokenDistance)] = [
            (1000, km(1)), (1200, km(1)), (1249.9, km(1)), (1250, km(1.5)), (1300, km(1.5)), (480, m(500)),
            (740, m(750)), (975, km(1)), (974.9, m(950)), (3400, km(3)), (3600, km(4)), (11_000, km(12)),
            (13_000, km(12)), (130_000, km(150)), (60, m(50)), (10, m(50)), (0, m(50)),
        ]
        for (metres, expected) in table {
            XCTAssertEqual(SpokenDistances.nearest(toMetres: metres, in: .metric), expected, "\(metres) m")
        }
    }

    func test_nearest_imperialUS_table() {
        let table: [(Double, SpokenDistance)] = [
            (100, ft(350)), (160, ft(500)), (300, mi(0.25)), (400, mi(0.25)), (800, mi(0.5)), (1200, mi(0.75)),
            (1609.344, mi(1)), (2000, mi(1)), (2100, mi(1.5)), (5000, mi(3)), (30, ft(100)),
        ]
        for (metres, expected) in table {
            XCTAssertEqual(SpokenDistances.nearest(toMetres: metres, in: .imperialUS), expected, "\(metres) m")
        }
    }

    func test_nearest_imperialUK_table() {
        let table: [(Double, SpokenDistance)] = [
            (200, yd(200)), (250, yd(300)), (350, mi(0.25)), (90, yd(100)), (800, mi(0.5)), (1609.344, mi(1)),
        ]
        for (metres, expected) in table {
            XCTAssertEqual(SpokenDistances.nearest(toMetres: metres, in: .imperialUK), expected, "\(metres) m")
        }
    }

    func test_trueRange_boundsAreMidpointsToTheNeighbours() {
        XCTAssertEqual(SpokenDistances.trueRange(of: km(1), in: .metric), 975..<1250)
        XCTAssertEqual(SpokenDistances.trueRange(of: m(50), in: .metric), 25..<75)
        XCTAssertEqual(SpokenDistances.trueRange(of: m(500), in: .metric), 475..<525)
        let quarter = SpokenDistances.trueRange(of: mi(0.25), in: .imperialUS)
        XCTAssertEqual(quarter.lowerBound, (152.4 + 402.336) / 2, accuracy: 1e-9)
        XCTAssertEqual(quarter.upperBound, (402.336 + 804.672) / 2, accuracy: 1e-9)
        let last = SpokenDistances.values(for: .imperialUK).last!
        XCTAssertEqual(SpokenDistances.trueRange(of: last, in: .imperialUK).upperBound, .infinity)
    }

    func test_spoken_isNilOnlyBelowHalfTheSmallestValue() {
        XCTAssertNil(SpokenDistances.spoken(forRemaining: 24.9, in: .metric))
        XCTAssertEqual(SpokenDistances.spoken(forRemaining: 25, in: .metric), m(50))
        XCTAssertNil(SpokenDistances.spoken(forRemaining: 7.6, in: .imperialUS))
        XCTAssertEqual(SpokenDistances.spoken(forRemaining: 7.7, in: .imperialUS), ft(50))
        XCTAssertNil(SpokenDistances.spoken(forRemaining: 22.8, in: .imperialUK))
        XCTAssertEqual(SpokenDistances.spoken(forRemaining: 22.9, in: .imperialUK), yd(50))
        XCTAssertNil(SpokenDistances.spoken(forRemaining: -3, in: .metric))
        XCTAssertNil(SpokenDistances.spoken(forRemaining: .nan, in: .metric))
        XCTAssertEqual(SpokenDistances.spoken(forRemaining: .infinity, in: .metric), SpokenDistances.values(for: .metric).last)
    }

    // MARK: Consistency of nearest, spoken and trueRange

    func test_nearestSpokenAndTrueRange_agreeEverywhereUpTo200km() {
        for units in UnitSystem.allCases {
            let values = SpokenDistances.values(for: units)
            let smallestLower = SpokenDistances.trueRange(of: values[0], in: units).lowerBound
            var previous: SpokenDistance? = nil
            var checked = 0
            var d = 0.0
            while d <= 200_000 {
                defer { d += 0.5 }
                guard let said = SpokenDistances.spoken(forRemaining: d, in: units) else {
                    XCTAssertLessThan(d, smallestLower, "\(units) \(d) m")
                    XCTAssertEqual(SpokenDistances.nearest(toMetres: d, in: units), values[0])
                    continue
                }
                checked += 1
                XCTAssertEqual(SpokenDistances.nearest(toMetres: d, in: units), said, "\(units) \(d) m")
                XCTAssertTrue(SpokenDistances.trueRange(of: said, in: units).contains(d), "\(units) \(d) m")
                let i = values.firstIndex(of: said)!
                let error = abs(d - said.metres)
                if i > 0 { XCTAssertLessThanOrEqual(error, abs(d - values[i - 1].metres), "\(units) \(d) m") }
                if i + 1 < values.count { XCTAssertLessThanOrEqual(error, abs(d - values[i + 1].metres), "\(units) \(d) m") }
                if let previous { XCTAssertGreaterThanOrEqual(said.metres, previous.metres, "monotonic at \(d) m") }
                previous = said
            }
            print("\(units): \(checked) remaining distances checked, \(values.count) natural values")
        }
    }

    func test_everyNaturalValue_isItsOwnNearest_andRangesTileWithoutGaps() {
        for units in UnitSystem.allCases {
            let values = SpokenDistances.values(for: units)
            for v in values {
                XCTAssertEqual(SpokenDistances.nearest(toMetres: v.metres, in: units), v)
                XCTAssertEqual(SpokenDistances.spoken(forRemaining: v.metres, in: units), v)
                let range = SpokenDistances.trueRange(of: v, in: units)
                XCTAssertTrue(range.contains(v.metres))
                XCTAssertEqual(SpokenDistances.spoken(forRemaining: range.lowerBound, in: units), v, "lower bound belongs")
                if range.upperBound.isFinite {
                    XCTAssertNotEqual(SpokenDistances.spoken(forRemaining: range.upperBound, in: units), v, "upper bound excluded")
                }
            }
            for (a, b) in zip(values, values.dropFirst()) {
                XCTAssertEqual(SpokenDistances.trueRange(of: a, in: units).upperBound,
                               SpokenDistances.trueRange(of: b, in: units).lowerBound, "\(units) \(a.value) \(a.unit)")
            }
        }
    }

    func test_trueRange_ofAnOddValue_isThatOfTheNearestNaturalValue() {
        XCTAssertEqual(SpokenDistances.trueRange(of: m(1100), in: .metric), SpokenDistances.trueRange(of: km(1), in: .metric))
    }

    func test_spokenDistance_roundTripsThroughCodable() throws {
        let d = mi(0.25)
        let data = try JSONEncoder().encode(d)
        XCTAssertEqual(try JSONDecoder().decode(SpokenDistance.self, from: data), d)
    }
}
