import RouteCueCore
import XCTest

/// The `routing` section: off by default, an engine URL, a timeout and a costing; bad values name their key path.
final class RoutingConfigurationTests: XCTestCase {
    func test_defaultsAreOff_andValuesAreRead() throws {
        XCTAssertNil(RouteCueConfiguration().routing.engineURL, "no engine unless configured")
        let config = try RouteCueConfiguration.parse(Array(#"{"routing": {"engine_url": "http://127.0.0.1:8002", "timeout_s": 2.5, "costing": "truck"}}"#.utf8))
        XCTAssertEqual(config.routing.engineURL, "http://127.0.0.1:8002")
        XCTAssertEqual(config.routing.timeoutSeconds, 2.5)
        XCTAssertEqual(config.routing.costing, "truck")
        let off = try RouteCueConfiguration.parse(Array(#"{"routing": {"engine_url": null, "costing": null}}"#.utf8))
        XCTAssertEqual(off.routing, RoutingSettings())
    }

    func test_badValues_nameTheirKeyPath() {
        let cases: [(String, String)] = [
            (#"{"routing": {"engine_url": "https://router"}}"#, "routing.engine_url"),
            (#"{"routing": {"engine_url": "http://a b"}}"#, "routing.engine_url"),
            (#"{"routing": {"engine_url": 8002}}"#, "routing.engine_url"),
            (#"{"routing": {"timeout_s": 0}}"#, "routing.timeout_s"),
            (#"{"routing": {"costing": "auto; rm"}}"#, "routing.costing"),
            (#"{"routing": {"url": "http://x"}}"#, "routing.url"),
        ]
        for (text, path) in cases {
            guard case .failure(let problems) = RouteCueConfiguration.parseReportingProblems(Array(text.utf8)) else {
                XCTFail("\(text) was accepted")
                continue
            }
            XCTAssertEqual(problems.problems.count, 1, "\(text): \(problems.problems)")
            XCTAssertTrue(problems.problems.first?.description.contains(path) == true, "\(text) names \(path): \(problems.problems)")
        }
    }
}
