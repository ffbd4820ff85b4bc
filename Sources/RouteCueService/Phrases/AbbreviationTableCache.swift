import EventLoopKit
import RouteCueCore

/// The abbreviation tables of one phrase library (`FOLDER/abbreviations/<language>.json`), each read on first use and
/// kept, also when there is none or it is broken (a broken table expands nothing; the pack check reports it).
final class AbbreviationTableCache: Sendable {
    private let folder: String
    private let tables = LockedValue<[String: Abbreviations.LanguageTable?]>([:])

    init(folder: String) {
        self.folder = folder
    }

    /// The table of `language` (a primary language subtag), nil when the library has none.
    func table(_ language: String) -> Abbreviations.LanguageTable? {
        if let known = tables.withLock({ $0[language] }) { return known }
        let read = Self.read(FilePath.join(folder, "abbreviations/\(language).json"), language: language)
        tables.withLock { $0[language] = read }
        return read
    }

    private static func read(_ path: String, language: String) -> Abbreviations.LanguageTable? {
        // Only a language subtag names a file: no path may come from route data.
        guard !language.isEmpty, language.count <= 8, language.allSatisfy({ $0.isASCII && $0.isLowercase }),
              FileSystem.exists(path), let bytes = try? InputFile.read(path, maxBytes: 1 << 22, as: .abbreviations) else { return nil }
        return try? Abbreviations.parse(bytes, name: path)
    }
}
