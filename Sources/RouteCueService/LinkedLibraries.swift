import ALSAOutput
import DBusKit
import GPSD
import Speech

/// The C libraries RouteCue's edges run on, with their versions, for `routecue --version`.
public enum LinkedLibraries {
    /// One `name version` pair per library.
    public static var versions: [(name: String, version: String)] {
        [("libgps API", GPSDLibrary.apiVersion),
         ("alsa-lib", ALSALibrary.runtimeVersion),
         ("espeak-ng", SpeechLibrary.version),
         ("libdbus", DBusLibrary.version)]
    }
}
