/// Fills a `PhraseTemplate` from a value lookup. Route data comes in as `SpokenText` route-data segments and stays
/// so; template wording becomes literal segments (adjacent literals merged).
struct PhraseTemplateRenderer {
    /// The value for a name and form, nil when missing.
    let lookup: (_ name: String, _ form: String?) -> SpokenText?

    /// The filled template; a value missing outside any group is left out and its name added to `missing`.
    func render(_ template: PhraseTemplate, missing: inout [String]) -> SpokenText {
        var out: [SpokenSegment] = []
        for part in template.parts {
            switch part {
            case .text(let text): Self.append(.literal(text), to: &out)
            case let .value(name, form):
                if let value = lookup(name, form) {
                    for segment in value.segments { Self.append(segment, to: &out) }
                } else {
                    missing.append(form.map { "\(name):\($0)" } ?? name)
                }
            case .group(let alternatives):
                if let segments = firstComplete(alternatives) { for s in segments { Self.append(s, to: &out) } }
            }
        }
        return SpokenText(out)
    }

    /// The segments of the first alternative whose values are all present, nil when none is complete.
    private func firstComplete(_ alternatives: [[PhraseTemplate.Part]]) -> [SpokenSegment]? {
        for alternative in alternatives {
            if let segments = complete(alternative) { return segments }
        }
        return nil
    }

    private func complete(_ parts: [PhraseTemplate.Part]) -> [SpokenSegment]? {
        var out: [SpokenSegment] = []
        for part in parts {
            switch part {
            case .text(let text): Self.append(.literal(text), to: &out)
            case let .value(name, form):
                guard let value = lookup(name, form) else { return nil }
                for segment in value.segments { Self.append(segment, to: &out) }
            case .group(let alternatives):
                if let segments = firstComplete(alternatives) { for s in segments { Self.append(s, to: &out) } }
            }
        }
        return out
    }

    /// Appends `segment`, merging it into a literal before it; empty literals are skipped.
    static func append(_ segment: SpokenSegment, to out: inout [SpokenSegment]) {
        if case .literal(let text) = segment {
            if text.isEmpty { return }
            if case .literal(let previous)? = out.last {
                out[out.count - 1] = .literal(previous + text)
                return
            }
        }
        out.append(segment)
    }
}
