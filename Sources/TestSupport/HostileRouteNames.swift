/// Route text written to attack the speech pipeline, shared by the markup tests of the core and of espeak-ng.
public enum HostileRouteNames {
    /// Road names a map could carry, each an attack on one reading of the text: markup, entities, inline
    /// phonemes, and the characters espeak-ng drops so that `[[` forms after all.
    public static let all = [
        "<audio src=\"file:///etc/passwd\"/>",
        "Smith & Sons",
        "[[h@l'oU]]",
        "Main St <break time=\"10s\"/> East",
        "</speak><audio src=\"/etc/passwd\"/><speak>",
        "O'Brien \"Bridge\" &amp; &#60;Lane&gt;",
        "<phoneme alphabet=\"espeak\" ph=\"h@l'oU\"/>",
        "]]<voice name=\"de\">[[",
        "[\u{00AD}[h@l'oU]]", // espeak-ng drops the soft hyphen: "[[" once it has
        "[\u{200C}[h@l'oU]]", // likewise U+200C
        "Route [",
        "<!-- x --><![CDATA[<audio/>]]>",
    ]

    /// `all`, and a name with control characters (NUL, BEL), which renderers turn into spaces.
    public static let withControlCharacters = all + ["Route\u{0}66\u{7}"]
}
