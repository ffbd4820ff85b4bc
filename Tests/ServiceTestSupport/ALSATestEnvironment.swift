import Foundation

/// The ALSA configuration every ALSA test in this process shares. alsa-lib reads `ALSA_CONFIG_PATH` once and
/// caches the tree globally, so one file defines every PCM the tests use and the variable is set once,
/// before the first `snd_pcm_open`.
public enum ALSATestEnvironment {
    /// The PCM that plays in real time: JACK's dummy driver through `plug` (the jack PCM takes FLOAT only).
    public static let pacedDevice = "routecue_paced"

    /// The paced PCM with a file tap in front: `routecue_paced_tap:FILE=/tmp/x.wav` plays in real time and
    /// records every frame written to it in a WAV.
    public static func pacedTap(_ path: String) -> String { "routecue_paced_tap:FILE=\(path)" }

    /// Writes the shared config and points `ALSA_CONFIG_PATH` at it (once per process).
    public static func prepare() {
        _ = configPath
    }

    private static let configPath: String = {
        let path = NSTemporaryDirectory() + "routecue-alsa-tests-\(getuid()).conf"
        let text = """
            pcm.routecue_jackraw {
                type jack
                playback_ports { 0 system:playback_1 1 system:playback_2 }
            }
            pcm.\(pacedDevice) {
                type plug
                slave.pcm "routecue_jackraw"
            }
            pcm.routecue_paced_tap {
                @args [ FILE ]
                @args.FILE { type string }
                type file
                slave.pcm "\(pacedDevice)"
                file $FILE
                format "wav"
            }

            """
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        setenv("ALSA_CONFIG_PATH", "/usr/share/alsa/alsa.conf:\(path)", 1)
        return path
    }()

    /// A file PCM name writing a WAV to `path` (unpaced: it takes audio as fast as it is written).
    public static func fileDevice(_ path: String) -> String { "file:FILE=\(path),FORMAT=wav" }
}
