import DBusKit
import EventLoopKit

/// A media player the ducker can lower: an MPRIS player on the session bus (`MPRISPlayer`), or a test's stand-in.
@RouteCueLoop
public protocol DuckablePlayer: AnyObject {
    /// Its well-known name (`org.mpris.MediaPlayer2.mpv`).
    var busName: String { get }
    /// The unique name that owns it.
    var owner: String { get }
    /// `Playing`, `Paused` or `Stopped`.
    var playbackStatus: String { get }
    /// Its MPRIS volume, nil when it has no volume control.
    var volume: Double? { get }
    /// Whether it can be controlled at all.
    var canControl: Bool { get }
    /// Sets its volume.
    func setVolume(_ volume: Double, completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void)
    /// Pauses it.
    func pause(completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void)
    /// Plays it.
    func play(completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void)
}
