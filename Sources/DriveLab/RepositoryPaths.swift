import Foundation

/// Where the repository is, for tests and benches that run its tools and read its files.
public enum RepositoryPaths {
    /// The repository's root folder (found from this source file's path).
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }   // Sources/DriveLab/RepositoryPaths.swift
        return url
    }()
}
