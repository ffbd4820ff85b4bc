/// Chooses the language pack for a requested tag by walking BCP 47 fallback: the tag itself, its CLDR parent
/// region (es-AR → es-419, pt-AO → pt-PT, zh-MO → zh-HK), the bare language (es) unless the script differs
/// from the language's usual one (zh-Hant stops there), another pack of the same language, related languages
/// (no → nb), and at last the configured default. Every step is reported so the caller can log it.
///
/// Data-driven: the caller gives the pack tags it has and, per pack, the further tags it serves (a Cantonese
/// pack `yue` saying it serves `zh-HK`; an `es-MX` pack serving `es-419`; an `en-GB` pack serving `en-001`).
/// Tags are compared with their likely script filled in, so `zh-TW` and `zh-Hant-TW` are the same request.
public struct LanguageFallback: Sendable {
    /// The tags of the available packs.
    public let packs: [LanguageTag]
    /// The pack used when nothing else fits; always available.
    public let defaultPack: LanguageTag
    /// The rules the walk follows.
    public let rules: LanguageFallbackRules
    /// Each pack by its maximized tag.
    private let packsByKey: [LanguageTag: LanguageTag]
    /// The pack each declared served tag (maximized) goes to.
    private let servedByKey: [LanguageTag: LanguageTag]

    /// A fallback over `packs` (the default is added to them) with each pack's extra `served` tags. When two
    /// packs declare the same served tag, the first in `packs` order keeps it.
    public init(packs: [LanguageTag], default defaultPack: LanguageTag, served: [LanguageTag: [LanguageTag]] = [:],
                rules: LanguageFallbackRules = .standard) {
        var all = packs
        if !all.contains(defaultPack) { all.append(defaultPack) }
        self.packs = all
        self.defaultPack = defaultPack
        self.rules = rules
        var byKey: [LanguageTag: LanguageTag] = [:]
        for pack in all where byKey[rules.maximized(pack)] == nil { byKey[rules.maximized(pack)] = pack }
        var servedByKey: [LanguageTag: LanguageTag] = [:]
        for pack in all {
            for tag in served[pack] ?? [] where servedByKey[rules.maximized(tag)] == nil {
                servedByKey[rules.maximized(tag)] = pack
            }
        }
        self.packsByKey = byKey
        self.servedByKey = servedByKey
    }

    /// The pack for `requested`, with every candidate tried on the way.
    public func resolve(_ requested: LanguageTag) -> LanguageResolution {
        var walk = Walk(fallback: self)
        if let pack = walk.run(requested) {
            return LanguageResolution(requested: requested, pack: pack, steps: walk.steps)
        }
        walk.steps.append(LanguageFallbackStep(candidate: defaultPack, reason: .configuredDefault, pack: defaultPack,
                                               viaDeclaration: false))
        return LanguageResolution(requested: requested, pack: defaultPack, steps: walk.steps)
    }

    /// One resolution's state: the steps so far and the candidates already tried.
    private struct Walk {
        let fallback: LanguageFallback
        var steps: [LanguageFallbackStep] = []
        var tried: Set<LanguageTag> = []
        var languagesTried: Set<String> = []

        init(fallback: LanguageFallback) { self.fallback = fallback }

        /// Walks the requested language, then its related languages, until a pack fits.
        mutating func run(_ requested: LanguageTag) -> LanguageTag? {
            var queue: [(tag: LanguageTag, reason: LanguageFallbackStep.Reason)] = [(requested, .requested)]
            while !queue.isEmpty {
                let (start, reason) = queue.removeFirst()
                guard languagesTried.insert(start.language).inserted else { continue }
                if let pack = chain(from: start, reason: reason) { return pack }
                for related in fallback.rules.relatedLanguages[start.language] ?? [] {
                    queue.append((LanguageTag(canonicalLanguage: related, script: nil, region: nil, variants: []),
                                  .relatedLanguage))
                }
            }
            return nil
        }

        /// The tag, without variants, up its parents, then another pack of the same language.
        private mutating func chain(from start: LanguageTag, reason: LanguageFallbackStep.Reason) -> LanguageTag? {
            let rules = fallback.rules
            if let pack = attempt(start, reason) { return pack }
            if !start.variants.isEmpty, let pack = attempt(start.withoutVariants, .withoutVariants) { return pack }
            var current = rules.maximized(start.withoutVariants)
            while let (parent, parentReason) = parent(of: current) {
                if let pack = attempt(rules.minimized(parent), parentReason) { return pack }
                current = parent
            }
            let script = rules.maximized(start).script
            let sameLanguage = fallback.packs.filter { $0.language == start.language }
            let sameScript = sameLanguage.filter { rules.maximized($0).script == script }
            if let pack = preferred(among: sameScript, language: start.language, script: script),
               let found = attempt(pack, .sameLanguage) { return found }
            let otherScripts = sameLanguage.filter { rules.maximized($0).script != script }
            if let pack = preferred(among: otherScripts, language: start.language, script: nil),
               let found = attempt(pack, .sameLanguageOtherScript) { return found }
            return nil
        }

        /// The next tag up from a maximized `tag`: its parent region, or the tag without region; nil at the top.
        private func parent(of tag: LanguageTag) -> (LanguageTag, LanguageFallbackStep.Reason)? {
            guard let region = tag.region else { return nil }
            let rules = fallback.rules
            if let parentRegion = rules.parentRegions["\(tag.language)-\(region)"],
               tag.script == rules.likelyScript(language: tag.language, region: region) {
                return (tag.with(region: parentRegion), .parentRegion)
            }
            return (tag.with(region: nil), .withoutRegion)
        }

        /// The pack of `candidates` in the language's likely region, else the first by name.
        private func preferred(among candidates: [LanguageTag], language: String, script: String?) -> LanguageTag? {
            let rules = fallback.rules
            let likely = script.flatMap { rules.likelyRegions["\(language)-\($0)"] } ?? rules.likelyRegions[language]
            if let likely, let pack = candidates.first(where: { $0.region == likely }) { return pack }
            return candidates.min { $0.description < $1.description }
        }

        /// Tries `candidate`: records a step, and returns the pack that has or serves it.
        private mutating func attempt(_ candidate: LanguageTag, _ reason: LanguageFallbackStep.Reason) -> LanguageTag? {
            let key = fallback.rules.maximized(candidate)
            guard tried.insert(key).inserted else { return nil }
            if let pack = fallback.packsByKey[key] {
                steps.append(LanguageFallbackStep(candidate: candidate, reason: reason, pack: pack, viaDeclaration: false))
                return pack
            }
            if let pack = fallback.servedByKey[key] {
                steps.append(LanguageFallbackStep(candidate: candidate, reason: reason, pack: pack, viaDeclaration: true))
                return pack
            }
            steps.append(LanguageFallbackStep(candidate: candidate, reason: reason, pack: nil, viaDeclaration: false))
            return nil
        }
    }
}

/// One candidate tag a `LanguageFallback` tried, and whether a pack fits it.
public struct LanguageFallbackStep: Sendable, Equatable, CustomStringConvertible {
    /// How the walk came to a candidate.
    public enum Reason: String, Sendable, Equatable {
        /// The tag as requested.
        case requested
        /// The requested tag without its variants.
        case withoutVariants
        /// The CLDR parent region (es-AR → es-419).
        case parentRegion
        /// The tag without its region (es-419 → es).
        case withoutRegion
        /// Another pack of the same language and script (de → de-DE).
        case sameLanguage
        /// A pack of the same language in another script (zh-Hant → zh-CN).
        case sameLanguageOtherScript
        /// A language that stands in for the requested one (no → nb).
        case relatedLanguage
        /// The configured default, nothing else fitting.
        case configuredDefault
    }

    /// The tag tried, in minimal form (`zh-TW`, not `zh-Hant-TW`).
    public let candidate: LanguageTag
    /// Why it was tried.
    public let reason: Reason
    /// The pack that fits it, or nil.
    public let pack: LanguageTag?
    /// True when the pack fits because it declared it serves the candidate (yue serving zh-HK).
    public let viaDeclaration: Bool

    /// e.g. `es-419 (parentRegion): no pack`, `zh-HK (requested): pack yue (declared)`.
    public var description: String {
        let outcome = pack.map { "pack \($0)" + (viaDeclaration ? " (declared)" : "") } ?? "no pack"
        return "\(candidate) (\(reason.rawValue)): \(outcome)"
    }
}

/// The outcome of `LanguageFallback.resolve`: the chosen pack and the steps to it.
public struct LanguageResolution: Sendable, Equatable, CustomStringConvertible {
    /// The tag asked for.
    public let requested: LanguageTag
    /// The pack chosen.
    public let pack: LanguageTag
    /// Every candidate tried, in order; the last is the one whose pack was chosen.
    public let steps: [LanguageFallbackStep]

    /// True when the requested tag itself has a pack (or a pack serves it): nothing to log.
    public var isDirect: Bool { steps.count == 1 && steps[0].reason == .requested }
    /// True when nothing fitted and the configured default was taken.
    public var usedDefault: Bool { steps.last?.reason == .configuredDefault }
    /// The candidates in order, e.g. `[es-AR, es-419, es, en-US]`.
    public var chain: [LanguageTag] { steps.map(\.candidate) }

    /// One log line, e.g. `language es-AR → es-419 → es → en-US (configured default): pack en-US`.
    public var description: String {
        let path = chain.map(\.description).joined(separator: " → ")
        let how = usedDefault ? " (configured default)" : (steps.last?.viaDeclaration == true ? " (declared)" : "")
        return "language \(path)\(how): pack \(pack)"
    }
}
