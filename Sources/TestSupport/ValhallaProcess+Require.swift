import DriveLab
import XCTest

extension ValhallaProcess {
    /// Skips the calling test, printing why, when the engine cannot be had: not fetched and no network (or no pip) to
    /// fetch it, osmium (Debian package osmium-tool) or python3 missing.
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        if case .failure(let error) = availability {
            let message = "SKIPPED: \(error.message): tests with a real Valhalla routing engine skipped"
            print(message)
            throw XCTSkip(message, file: file, line: line)
        }
    }
}
