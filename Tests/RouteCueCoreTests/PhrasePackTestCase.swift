@testable import RouteCueCore
import TestSupport
import XCTest

/// A test class for one language's phrase pack: `say` speaks a maneuver or another subject through the pack that
/// the subclass's `packTag` names.
class PhrasePackTestCase: XCTestCase {
    /// The BCP 47 tag of the pack under test; each subclass names its own.
    class var packTag: String { preconditionFailure("\(self) must name its phrase pack") }

    /// The pack's sentence for maneuver `m` at `stage`.
    func say(_ m: Maneuver, _ stage: CueStage = .distance, _ d: SpokenDistance? = nil, then: Maneuver? = nil,
             landmark: Landmark? = nil, short: Bool = false, units: UnitSystem = .metric) throws -> String {
        try PhrasePackSamples.pack(Self.packTag).say(m, stage, d, then: then, landmark: landmark, short: short, units: units)
    }

    /// The pack's sentence for a subject other than a maneuver (waypoint, arrival, warning, reroute, ...).
    func say(_ subject: CuePhraseRequest.Subject, short: Bool = false, units: UnitSystem = .metric) throws -> String {
        try PhrasePackSamples.pack(Self.packTag).say(subject, short: short, units: units)
    }
}
