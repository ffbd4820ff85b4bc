/// One template of a phrase pack, parsed: text, `{name}` / `{name:form}` values and optional `[ … | … ]` groups.
///
/// A group is dropped when a value inside it is missing; with alternatives (`[onto {road}|straight]`) the first
/// alternative whose values are all present is used, and the group is dropped when none is.
struct PhraseTemplate: Sendable, Equatable {
    /// A piece of a template.
    indirect enum Part: Sendable, Equatable {
        /// Pack wording.
        case text(String)
        /// A value, with the grammatical form asked for.
        case value(name: String, form: String?)
        /// An optional group: its alternatives in order.
        case group([[Part]])
    }

    /// The top-level parts; a value missing here is a fault of the pack (reported, never a crash).
    let parts: [Part]
    /// The template as written, for messages.
    let source: String

    /// Every value reference, with whether it sits inside a group.
    var references: [(name: String, form: String?, grouped: Bool)] {
        var out: [(String, String?, Bool)] = []
        func walk(_ parts: [Part], grouped: Bool) {
            for part in parts {
                switch part {
                case .text: break
                case let .value(name, form): out.append((name, form, grouped))
                case let .group(alternatives): for alternative in alternatives { walk(alternative, grouped: true) }
                }
            }
        }
        walk(parts, grouped: false)
        return out.map { (name: $0.0, form: $0.1, grouped: $0.2) }
    }
}
