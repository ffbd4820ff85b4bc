import RouteCueCore

/// A requested language (`--lang`) resolved to an installed phrase pack along BCP 47 fallback, with the pack's
/// espeak-ng voice; plain English with the `en-us` voice when no packs are installed and English is asked for.
/// `run`, `simulate` and `say` all choose their language this way.
public struct LanguageChoice: Sendable {
    /// The pack chosen, or nil when no packs are installed (the built-in plain English).
    public let pack: PhrasePack?
    /// The folder of the library the pack came from. Only the folder is kept: the library holds every installed
    /// pack (46 of them parsed take about 4 MB), a long-running `routecue run` needs the one chosen.
    private let folder: String?
    /// The espeak-ng voice name.
    public let voice: String
    /// The language tag actually spoken.
    public let language: String
    /// How the request was resolved, when it was not direct.
    public let note: String?

    /// The pack for `requested` from the library in `phrases` (or the first candidate folder). A malformed tag, or
    /// a language other than English with no packs installed, throws `LanguageChoiceError`; a broken pack throws
    /// its `InputError`.
    public init(language requested: String, phrases: String?) throws {
        let tag: LanguageTag
        do { tag = try LanguageTag(requested) } catch {
            throw LanguageChoiceError(description: "--lang: \(error)")
        }
        guard let library = try PhrasePackLibrary.open(phrases), !library.packs.isEmpty else {
            guard tag.language == "en" else {
                throw LanguageChoiceError(description: "--lang \(requested): no phrase packs found (looked in \(PhrasePackLibrary.candidateFolders().joined(separator: ", ")); use --phrases DIR)")
            }
            (pack, folder, voice, language, note) = (nil, nil, "en-us", "en-US", nil)
            return
        }
        let (pack, resolution) = try library.resolve(tag)
        self.pack = pack
        folder = library.folder
        voice = pack.voice
        language = pack.language.description
        note = resolution.isDirect ? nil : resolution.description
    }

    /// The abbreviation tables of the library's other languages, for names written in them: each read on first use
    /// and kept (a table is a few kilobytes; a route's names come in a handful of languages). Nil without a library.
    public var nameAbbreviations: NameAbbreviations? {
        guard let folder else { return nil }
        let tables = AbbreviationTableCache(folder: folder)
        return NameAbbreviations { language in tables.table(language) }
    }

    /// The abbreviation table of the pack's language, if the library has one (read from disk on each call).
    public func abbreviations() throws -> Abbreviations.LanguageTable? {
        guard let folder, let pack else { return nil }
        return try PhrasePackLibrary.abbreviations(for: pack, in: folder)
    }
}

/// A language that cannot be chosen: a malformed tag, or no pack for it.
public struct LanguageChoiceError: Error, Sendable, CustomStringConvertible {
    /// One line.
    public let description: String
}
