import DriveLab
import Foundation
import XCTest

/// Locates the public test data in `../shared/data` next to the repository. A fresh clone has no
/// `../shared`: tests that need it call `SharedData.require()` and skip with a visible message.
public enum SharedData {
    /// The repository root (the folder holding Package.swift).
    public static let repositoryRoot: URL = RepositoryPaths.root

    /// `../shared/data`, or the folder named by `ROUTECUE_SHARED_DATA`.
    public static let root: URL = {
        if let env = ProcessInfo.processInfo.environment["ROUTECUE_SHARED_DATA"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    /// True when the shared data folder exists.
    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("SOURCES.md").path) }

    /// Skips the calling test, with a message saying why, when the shared data is absent.
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        guard isAvailable else {
            let message = "SKIPPED: shared test data not found at \(root.path) (a fresh clone has no ../shared)"
            print(message)
            throw XCTSkip(message, file: file, line: line)
        }
    }

    /// A file under the shared data folder, e.g. `url("routes/osrm/osrm-backend/portugal_to_korea.json")`.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The bytes of a shared data file.
    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relativePath)))
    }

    /// Every file under `folder` (relative to the data root) whose name ends in one of `extensions`, sorted.
    public static func files(under folder: String, extensions: [String]) -> [String] {
        let base = url(folder)
        guard let e = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var out: [String] = []
        while let item = e.nextObject() as? String {
            if extensions.contains(where: { item.hasSuffix($0) }) { out.append(folder + "/" + item) }
        }
        return out.sorted()
    }
}
