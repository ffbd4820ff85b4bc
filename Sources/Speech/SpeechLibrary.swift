import CESpeakNG

/// Facts about the espeak-ng library this process runs with.
public enum SpeechLibrary {
    /// The espeak-ng version (`espeak_Info`), e.g. "1.51"; needs no initialization.
    public static var version: String {
        guard let cString = espeak_Info(nil) else { return "unknown" }
        return String(cString: cString)
    }
}
