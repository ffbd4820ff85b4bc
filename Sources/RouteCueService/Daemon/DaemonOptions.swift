import DBusKit
/// What `routecue run` was asked on its command line (the configuration file holds the rest).
public struct DaemonOptions: Sendable {
    /// The configuration file (default `/etc/routecue/routecue.json`, the built-in defaults when absent).
    public var configPath: String?
    /// A route or tour loaded at start.
    public var routePath: String?
    /// gpsd's `HOST:PORT`, instead of the configuration's.
    public var gpsd: String?
    /// The ALSA PCM of the `default` audio route, instead of the configuration's.
    public var device: String?
    /// Where the cue log (JSON Lines) goes.
    public var cuesPath: String?
    /// Where RouteCue keeps state between runs (created if missing).
    public var stateDirectory: String?
    /// The language of the cues (BCP 47).
    public var language = "en-US"
    /// The phrase packs' folder.
    public var phrases: String?
    /// The log level, instead of the configuration's.
    public var logLevel: DaemonLog.Severity?
    /// The bus the control interface is offered on (`--bus system|session|ADDRESS`); nil for `--bus none`.
    public var bus: BusAddress? = .system
    /// The session bus of the media players (MPRIS) and PipeWire's telephony (`--session-bus session|ADDRESS|none`);
    /// nil: the configuration's `ducking.session_bus`, else the environment's session bus.
    public var sessionBus: String?
    /// The routing engine's URL (`--engine URL`), instead of the configuration's `routing.engine_url`.
    public var engineURL: String?
    /// Debugging the watchdog: block the loop's thread `after` seconds after start, for `duration` seconds.
    public var blockLoop: (after: Double, duration: Double)?

    /// Options with everything at its default.
    public init() {}
}

/// `routecue run`'s exit statuses (docs/daemon.md). systemd restarts the unit on a runtime failure; a configuration
/// error needs someone to fix the file (`EX_CONFIG` from sysexits.h, which systemd shows as "CONFIG").
public enum DaemonExit: Int32, Sendable {
    /// Stopped by SIGTERM or SIGINT.
    case stopped = 0
    /// Something failed at run time (a thread or the event loop could not start; the bus name is owned by another
    /// process, or was taken away).
    case runtimeFailure = 1
    /// The command line was wrong.
    case usage = 2
    /// The configuration, the phrase packs or the cue log path cannot be used.
    case configuration = 78
}
