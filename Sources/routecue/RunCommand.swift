import DBusKit
import RouteCueCore
import RouteCueService

/// `routecue run`: the daemon of the head unit.
enum RunCommand {
    static let usage = """
        usage: routecue run [--config FILE] [--route FILE] [--gpsd HOST:PORT] [--device PCM] [--cues FILE]
                            [--state-dir DIR] [--lang TAG] [--phrases DIR] [--log-level LEVEL]
                            [--bus system|session|ADDRESS|none] [--session-bus session|ADDRESS|none] [--engine URL]
        """

    static let help = """
        routecue run — the head unit's guidance process: gpsd in, spoken cues out

        \(usage)

          --config FILE       the configuration (default: the first that exists of $ROUTECUE_CONFIG,
                              <prefix>/etc/routecue/routecue.json beside the binary (/etc/… for the prefix /usr),
                              /etc/routecue/routecue.json; else the built-in defaults); SIGHUP reads it again (a
                              bad file keeps the running one, and every problem is logged with its key path)
          --route FILE        a route or tour to guide along from the start (any format `routecue route inspect`
                              reads); a file that does not import is an error line and no route
          --gpsd HOST:PORT    where gpsd listens (default: the configuration's gps.gpsd, localhost:2947); RouteCue
                              starts without it and keeps reconnecting
          --device PCM        the ALSA PCM of the default audio route (default: the configuration's, "default")
          --cues FILE         write the cue log there: JSON Lines, one object per cue spoken, cancelled or skipped
                              (docs/cue-log.md), appended as each is decided
          --state-dir DIR     where RouteCue keeps state between runs (created 0700 if missing): the volumes of
                              the media players it has ducked, put back at the next start after a crash, and
                              the guidance journal: the route, the options and the cues heard, resumed at the next
                              start after a power loss (journal.resume in the configuration; docs/journal.md)
          --lang TAG          the language of the cues, BCP 47 (default en-US), with the fallback simulate uses
          --phrases DIR       the phrase packs (default: as simulate)
          --log-level LEVEL   error, warning, info or debug (default: the configuration's logging.level, info)
          --bus BUS           where the control interface (org.routecue, docs/dbus.md) is offered: system (the
                              default), session, a bus address (unix:path=…), or none. No bus, or a bus that goes
                              away, never stops guidance: RouteCue reconnects with back-off. BlueZ, bluez-alsa
                              (the hfp route's device) and oFono (phone calls) are followed on the same bus
          --session-bus BUS   where the media players are ducked (MPRIS) and PipeWire's telephony is followed:
                              session (DBUS_SESSION_BUS_ADDRESS), an address, or none (default: the
                              configuration's ducking.session_bus, else the session bus when there is one)
          --engine URL        the routing engine (Valhalla's HTTP API) that gives a tour's missing ways, the first
                              from the last fix (default: the configuration's routing.engine_url; none when not set).
                              A tour given with --route waits for the first fix, and while the engine is down is
                              tried again until it answers (D-Bus RoutingState). A car that leaves the route is
                              rerouted through it to the waypoints still ahead. A GPX trk or step-less route gets
                              the engine's maneuvers by map matching; routing.traffic_signals marks signals
          --debug-block-loop AFTER:FOR
                              debugging: block the event loop AFTER seconds after start for FOR seconds (the systemd
                              watchdog pings stop)

        Logs one line per event on standard error; under systemd (JOURNAL_STREAM) each line carries its priority.
        Notifies systemd (NOTIFY_SOCKET): READY=1 once configuration, audio and the gpsd client are set up, STATUS=
        as guidance changes, WATCHDOG=1 at half of WATCHDOG_USEC, STOPPING=1.
        SIGTERM or SIGINT: the cue playing stops at its next word boundary, exit 0 within a second.

        Exit status: 0 stopped by a signal, 1 runtime failure (a thread or the event loop could not start, the bus
        name org.routecue is owned by another process or was taken away), 2 usage error, 78 configuration error
        (configuration file, phrase packs, cue log path).
        """

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") { print(help); return 0 }
        let options: DaemonOptions
        let level: DaemonLog.Severity?
        do {
            let args = try ArgumentList(arguments, valued: ["config", "route", "gpsd", "device", "cues", "state-dir", "lang",
                                                            "phrases", "log-level", "debug-block-loop", "bus", "session-bus", "engine"],
                                        flagNames: ["help"])
            guard args.positional.isEmpty else { throw ArgumentList.UsageError(description: "unexpected argument '\(args.positional[0])'") }
            var parsed = DaemonOptions()
            parsed.configPath = args.value("config")
            parsed.routePath = args.value("route")
            parsed.gpsd = args.value("gpsd")
            parsed.device = args.value("device")
            parsed.cuesPath = args.value("cues")
            parsed.stateDirectory = args.value("state-dir")
            parsed.language = args.value("lang") ?? parsed.language
            parsed.phrases = args.value("phrases")
            if let bus = args.value("bus") {
                guard !bus.isEmpty else { throw ArgumentList.UsageError(description: "--bus needs system, session, an address or none") }
                parsed.bus = bus == "none" ? nil : BusAddress(argument: bus)
            }
            if let url = args.value("engine") {
                guard RoutingSettings.isEngineURL(url) else {
                    throw ArgumentList.UsageError(description: "--engine needs an http:// URL such as http://127.0.0.1:8002, not '\(url)'")
                }
                parsed.engineURL = url
            }
            if let bus = args.value("session-bus") {
                guard !bus.isEmpty, bus != "system" else { throw ArgumentList.UsageError(description: "--session-bus needs session, an address or none") }
                parsed.sessionBus = bus
            }
            if let block = args.value("debug-block-loop") {
                let parts = block.split(separator: ":").map { Double($0) }
                guard parts.count == 2, let after = parts[0], let duration = parts[1], after >= 0, duration > 0 else {
                    throw ArgumentList.UsageError(description: "--debug-block-loop needs AFTER:FOR in seconds, not '\(block)'")
                }
                parsed.blockLoop = (after, duration)
            }
            if let endpoint = parsed.gpsd {
                do { _ = try GPSSettings.endpoint(endpoint) } catch {
                    throw ArgumentList.UsageError(description: "--gpsd: \(error)")
                }
            }
            level = try args.choice("log-level", of: DaemonLog.Severity.self)
            parsed.logLevel = level
            options = parsed
        } catch let error as ArgumentList.UsageError {
            CLI.printError(error.description)
            CLI.printError(usage, prefixed: false)
            return DaemonExit.usage.rawValue
        } catch {
            CLI.printError("\(error)")
            return DaemonExit.usage.rawValue
        }
        return GuidanceDaemon.run(options).rawValue
    }
}
