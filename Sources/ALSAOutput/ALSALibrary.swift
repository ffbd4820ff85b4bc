import CALSA

/// Facts about the alsa-lib this process runs with.
public enum ALSALibrary {
    /// The run-time alsa-lib version (`snd_asoundlib_version`), e.g. "1.2.8".
    public static var runtimeVersion: String { String(cString: snd_asoundlib_version()) }
    /// The alsa-lib version the binary was compiled against (`SND_LIB_VERSION_STR`).
    public static var buildVersion: String { String(cString: routecue_SND_LIB_VERSION_STR) }

    /// Stops alsa-lib from printing its own error lines on stderr: every failure reaches the caller as an
    /// `ALSAError`, which RouteCue reports as one line. Done once per process.
    static func silenceErrorPrinting() { _ = silenced }

    private static let silenced: Void = routecue_alsa_silence_errors()
}
