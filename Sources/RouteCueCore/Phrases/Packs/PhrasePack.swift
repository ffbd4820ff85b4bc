/// One language's phrase pack (`config/phrases/<tag>.json`, format in docs/phrase-packs.md): the words that turn
/// a `CuePhraseRequest` into a sentence of that language.
///
/// Use: `let pack = try PhrasePack.parse(bytes, name: "en-US.json")`, then
/// `pack.render(request, units: .metric, abbreviations: table)` for a `SpokenText` (route data as `.routeData`,
/// ready for plain or SSML rendering) or `pack.text(for:units:abbreviations:)` for plain text.
public struct PhrasePack: Sendable {
    /// The language the pack is written in.
    public let language: LanguageTag
    /// The espeak-ng voice the pack is written for (its selection name, e.g. `en-us`, `de`).
    public let voice: String
    /// Further tags this pack answers for.
    public let serves: [LanguageTag]
    /// The pack's default unit system.
    public let units: UnitSystem
    /// The plural rule family of the language.
    public let pluralRule: PluralRule
    /// The decimal separator spoken in distances: `.`, `,` or a word (`점` in ko, `點` in yue).
    public let decimal: String
    /// The scripts (ISO 15924) the voice reads; route names with letters of another script are left out, unless
    /// their own language's voice says them (`render(…spokenInOwnVoice:)`).
    public let scripts: [String]
    /// `guidance` when the pack's language always reads route names of other languages with its own voice (pack
    /// key `names`); `native` (the default) lets `names.pronounce` decide.
    public let names: NamePronunciation.Mode

    let distances: [String: PackDistanceForm]
    let ordinals: [String: PackOrdinalForm]
    let modifiers: [String: [ManeuverModifier: String]]
    let directions: [String]
    let maneuvers: [ManeuverType: PackManeuver]
    let sentences: [String: PhraseTemplate]
    let landmarks: [String: String]
    let warnings: [String: PhraseTemplate]
    let words: [String: String]

    /// Reads a pack file strictly: unknown keys, missing keys, bad values and bad templates are errors naming
    /// the key path (and `name` as the file).
    public static func parse(_ bytes: [UInt8], name: String) throws(InputError) -> PhrasePack {
        do throws(InputError) {
            return try PhrasePackParser.parse(RouteReader.parseJSON(bytes))
        } catch {
            throw error.as(.phrasePack).inFile(name)
        }
    }

    /// The words of `request` with distances in `units`; road names, refs, rotary names and destinations are
    /// expanded for speech with `abbreviations` when given (the table of the pack's language), names of another
    /// language with that language's table from `nameAbbreviations` (keyed by primary language subtag). A name in
    /// a script the pack's voice cannot read is left out unless `spokenInOwnVoice` says its own voice will say it.
    public func render(_ request: CuePhraseRequest, units: UnitSystem, abbreviations: Abbreviations.LanguageTable? = nil,
                       nameAbbreviations: NameAbbreviations? = nil,
                       spokenInOwnVoice: ((_ text: String, _ language: String) -> Bool)? = nil) -> SpokenText {
        rendering(request, units: units, abbreviations: abbreviations, nameAbbreviations: nameAbbreviations,
                  spokenInOwnVoice: spokenInOwnVoice).text
    }

    /// `render` as plain text (the plain-text rendering of the `SpokenText`, no phoneme input).
    public func text(for request: CuePhraseRequest, units: UnitSystem,
                     abbreviations: Abbreviations.LanguageTable? = nil) -> String {
        render(request, units: units, abbreviations: abbreviations).plainText()
    }

    /// `render` with the values a template needed but did not get (a fault of the pack; empty for a good pack).
    public func rendering(_ request: CuePhraseRequest, units: UnitSystem, abbreviations: Abbreviations.LanguageTable? = nil,
                          nameAbbreviations: NameAbbreviations? = nil,
                          spokenInOwnVoice: ((_ text: String, _ language: String) -> Bool)? = nil) -> PhraseRendering {
        PhrasePackRenderer(pack: self, units: units, short: request.short, abbreviations: abbreviations,
                           nameAbbreviations: nameAbbreviations, spokenInOwnVoice: spokenInOwnVoice).render(request)
    }
}

/// A rendered phrase and what was missing while rendering it.
public struct PhraseRendering: Sendable, Equatable {
    /// The sentence.
    public let text: SpokenText
    /// Values a template used outside an optional group that had no value (left out of `text`).
    public let missingValues: [String]
}
