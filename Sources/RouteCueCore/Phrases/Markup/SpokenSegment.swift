/// One piece of a `SpokenText`. Text is never markup: whatever a text segment contains is spoken as the
/// characters it is made of, in every rendering. Markup (a pause, a phoneme) comes only from typed segments.
public enum SpokenSegment: Hashable, Sendable {
    /// Wording from our own language packs (trusted for what it says, still escaped like any text).
    case literal(String)
    /// Text from route data (road names, refs, exit numbers, destinations, waypoint names): untrusted, may be
    /// anything a map or a router sent. `phonetic` is its pronunciation when the data had one, `language` the
    /// BCP 47 language the name is written in when the route says (`Maneuver.nameLanguage`), for speaking it in
    /// that language's voice.
    case routeData(String, phonetic: PhoneticName? = nil, language: String? = nil)
    /// A silence of about `milliseconds` (clamped to `SpokenText.pauseRange`).
    case pause(milliseconds: Int)
}
