import Foundation
import TestSupport
import XCTest

/// A test case that runs the built `routecue` binary, with a temporary directory removed after each test.
class CommandTestCase: XCTestCase {
    /// A fresh temporary directory for the test.
    var tmp: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: CommandRunner.routecueBinary.path) else {
            XCTFail("\(CommandRunner.routecueBinary.path) is not built: `make test` builds it first")
            throw CocoaError(.fileNoSuchFile)
        }
        tmp = try CommandRunner.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        if let tmp { try? FileManager.default.removeItem(at: tmp) }
    }
}
