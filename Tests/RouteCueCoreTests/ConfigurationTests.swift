import RouteCueCore
import TestSupport
import XCTest

final class ConfigurationTests: XCTestCase {
    func test_shippedDefaults_equalBuiltInDefaults() throws {
        let bytes = [UInt8](try Data(contentsOf: SharedData.repositoryRoot.appendingPathComponent("config/routecue.json")))
        XCTAssertEqual(try RouteCueConfiguration.parse(bytes), RouteCueConfiguration())
        XCTAssertEqual(RouteCueConfiguration().importOptions.maxBytes, 64 * 1024 * 1024)
    }

    func test_maxFileBytes_isRead() throws {
        let c = try RouteCueConfiguration.parse(Array(#"{"import": {"max_file_bytes": 2048}}"#.utf8))
        XCTAssertEqual(c.importOptions.maxBytes, 2048)
    }

    func test_unknownKeysAndBadValues_nameTheKeyPath() {
        func message(_ s: String) -> String {
            do { _ = try RouteCueConfiguration.parse(Array(s.utf8)); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertEqual(message(#"{"imprt": {}}"#), "imprt: unknown key")
        XCTAssertEqual(message(#"{"import": {"max_bytes": 1}}"#), "import.max_bytes: unknown key")
        XCTAssertEqual(message(#"{"import": {"max_file_bytes": "big"}}"#), "import.max_file_bytes: expected a number, found string")
        XCTAssertEqual(message(#"{"import": {"max_file_bytes": 10}}"#), "import.max_file_bytes: must be between 1024 and 4294967296 bytes, not 10")
        XCTAssertEqual(message("[]"), "(root): expected an object, found array")
    }
}
