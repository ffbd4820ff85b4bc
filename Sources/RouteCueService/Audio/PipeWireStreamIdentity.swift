import Glibc

/// How RouteCue's audio stream is named in a PipeWire session (pipewire-alsa reads `PIPEWIRE_ALSA` when a PCM opens):
/// the node `routecue` of the application `RouteCue` (`org.routecue`), so `pw-dump`, `wpctl status` and a session
/// policy's rules find it by name. Its `media.role` comes from the route (`audio.routes.*.media_role`, the PCM's
/// `ROLE` argument). Set once at start, before any thread exists; a `PIPEWIRE_ALSA` the integrator set is kept.
public enum PipeWireStreamIdentity {
    /// The properties, in PipeWire's SPA-JSON.
    public static let properties = #"{ node.name = "routecue" node.description = "RouteCue guidance" media.name = "RouteCue guidance" application.name = "RouteCue" application.id = "org.routecue" }"#

    /// Puts `properties` into the environment as `PIPEWIRE_ALSA` unless it is set already.
    public static func export() {
        setenv("PIPEWIRE_ALSA", properties, 0)
    }
}
