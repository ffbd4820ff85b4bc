import EventLoopKit
import RouteCueCore

/// The phrase packs installed with RouteCue (`config/phrases/` in the source tree): finding their folder, loading
/// them with their languages' abbreviation tables, and choosing one for a requested language along BCP 47 fallback.
public struct PhrasePackLibrary: Sendable {
    /// The folder holding `<tag>.json` packs and `abbreviations/<language>.json` tables.
    public let folder: String
    /// Every pack found, by tag.
    public let packs: [LanguageTag: PhrasePack]

    /// The language used when a request finds nothing closer.
    public static let defaultLanguage = "en-US"

    /// Where packs are looked for when `--phrases` is not given: `$ROUTECUE_PHRASES`, beside the installed binary
    /// (`<prefix>/share/routecue/phrases` for `<prefix>/bin/routecue`, as `make install` puts them),
    /// `/usr/share/routecue/phrases`, then `config/phrases` of the working directory (a source checkout).
    public static func candidateFolders(environment: [String: String] = ProcessEnvironment.variables()) -> [String] {
        var folders = [environment["ROUTECUE_PHRASES"]].compactMap { $0 }.filter { !$0.isEmpty }
        if let prefix = InstallationPrefix.ofRunningBinary() {
            folders.append(FilePath.join(prefix, "share/routecue/phrases"))
        }
        folders += ["/usr/share/routecue/phrases", "config/phrases"]
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    /// The library in `explicit`, or in the first candidate folder that exists; nil when none does.
    public static func open(_ explicit: String?) throws -> PhrasePackLibrary? {
        if let explicit {
            guard FileSystem.isDirectory(explicit) else {
                throw InputError(.unreadable, input: .phrasePack, file: explicit, message: "is not a folder of phrase packs")
            }
            return try PhrasePackLibrary(folder: explicit)
        }
        for folder in candidateFolders() {
            if FileSystem.isDirectory(folder) {
                return try PhrasePackLibrary(folder: folder)
            }
        }
        return nil
    }

    /// Loads every `<tag>.json` of `folder`; a broken pack is an error naming its file and key path.
    public init(folder: String) throws {
        self.folder = folder
        var packs: [LanguageTag: PhrasePack] = [:]
        let names = FileSystem.listDirectory(folder) ?? []
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = FilePath.join(folder, name)
            let pack = try PhrasePack.parse(try InputFile.read(path, maxBytes: 1 << 22, as: .phrasePack), name: path)
            packs[pack.language] = pack
        }
        self.packs = packs
    }

    /// The abbreviation table of `pack`'s language (`abbreviations/<language>.json`), if there is one.
    public func abbreviations(for pack: PhrasePack) throws -> Abbreviations.LanguageTable? {
        try Self.abbreviations(for: pack, in: folder)
    }

    /// The abbreviation table of `pack`'s language in the library `folder`, if there is one: what a chosen language
    /// needs without keeping the whole library (every pack) loaded.
    public static func abbreviations(for pack: PhrasePack, in folder: String) throws -> Abbreviations.LanguageTable? {
        let path = FilePath.join(folder, "abbreviations/\(pack.language.language).json")
        guard FileSystem.exists(path) else { return nil }
        return try Abbreviations.parse(try InputFile.read(path, maxBytes: 1 << 22, as: .abbreviations), name: path)
    }

    /// The pack for `requested` along BCP 47 fallback, and how it was found (one line for the log).
    public func resolve(_ requested: LanguageTag) throws -> (pack: PhrasePack, resolution: LanguageResolution) {
        let tags = packs.keys.sorted { $0.description < $1.description }
        let fallbackDefault = try LanguageTag(Self.defaultLanguage)
        let defaultTag = packs[fallbackDefault] != nil ? fallbackDefault : (tags.first ?? fallbackDefault)
        let resolution = LanguageFallback(packs: tags, default: defaultTag, served: packs.mapValues(\.serves)).resolve(requested)
        guard let pack = packs[resolution.pack] else {
            throw InputError(.missing, input: .phrasePack, file: folder, message: "holds no phrase pack for \(requested) nor for \(defaultTag)")
        }
        return (pack, resolution)
    }
}
