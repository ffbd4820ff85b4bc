import DBusKit
import EventLoopKit
import Glibc
import RouteCueCore
import RouteCueService

/// `routecue ctl`: the integrator's bench client of `routecue run`'s D-Bus interface (docs/dbus.md): one command
/// per method or property a UI uses, and `watch` for the signals.
enum CtlCommand {
    static let usage = """
        usage: routecue ctl [--bus system|session|ADDRESS] [--timeout S] COMMAND [ARGS...]
          COMMAND: status | load FILE [--format F] | start | stop | skip | repeat | say TEXT [--priority P]
                   | route default|speaker|hfp | set KEY VALUE | get KEY | maneuvers | watch
        """

    static let help = """
        routecue ctl — talk to routecue run over D-Bus (org.routecue at /org/routecue/Guidance, docs/dbus.md)

        \(usage)

        commands:
          status                     every property of Guidance1 and Audio1, one "Name: value" a line
          load FILE [--format F]     load a route (LoadRoute; a file over 1 MiB goes as a file descriptor, LoadRouteFd;
                                     FILE - reads standard input); prints "loaded N maneuvers". F: auto (the default),
                                     \(RouteFormat.allCases.map(\.rawValue).joined(separator: ", "))
          start                      guide along the loaded route (Start)
          stop                       stop guidance; the route stays loaded (Stop)
          skip                       go on with the next leg of a multi-leg route (SkipDestination)
          repeat                     speak the next maneuver's instruction again (RepeatInstruction)
          say TEXT [--priority P]    speak TEXT (one argument: quote it) through the cue queue (Audio1.Speak); P:
                                     application (the default), message, guidance, urgent; prints the output's id
          route default|speaker|hfp  the audio route to use (sets Audio1.RequestedRoute)
          set KEY VALUE              one guidance option (SetOptions), VALUE read as the type GetOptions gives it: a
                                     string (units imperial_us, language de-DE), true or false (natural_guidance false),
                                     a comma-separated list (included_stages range,action); for an unknown KEY RouteCue
                                     lists its options. A KEY with a capital sets a writable property (Muted true,
                                     PromptStyle tone)
          get KEY                    an option (units) or a property of either interface (State, DistanceRemaining,
                                     Muted), printed as status prints it but without units
          maneuvers                  the loaded route's maneuvers (GetManeuvers): index, type, modifier, road, distance
                                     along the route, leg, announced
          watch                      every signal from org.routecue on /org/routecue/Guidance, one line each as it comes:
                                       EventText "In 400 meters, turn right" maneuver stage=range maneuver=1 …
                                       PropertiesChanged Guidance1 State=guiding DistanceRemaining=6950
                                       DidPlay 3 spoken
                                     RouteCue leaving or taking the name is a line too (the watch goes on); SIGINT
                                     (Ctrl-C) or SIGTERM ends it

        options:
          --bus BUS      the bus routecue run is on: system (the default), session, or an address (unix:path=…), as
                         routecue run --bus reads it; DBUS_SYSTEM_BUS_ADDRESS and DBUS_SESSION_BUS_ADDRESS are honoured
          --timeout S    seconds to wait for each reply (default 5)
          --help, -h     this help

        Exit status: 0 done (watch: ended by a signal); 1 the call failed (printed as "routecue ctl: ERROR.NAME:
        message", e.g. org.routecue.Error.BadRoute or org.freedesktop.DBus.Error.InvalidArgs), no bus, nothing owning
        org.routecue on it, or the bus going away during watch; 2 usage error.
        """

    /// Files larger than this are passed by descriptor (LoadRouteFd) instead of in the message.
    static let largeDocumentBytes = 1 << 20

    /// One command line, read.
    struct Request {
        var bus: BusAddress = .system
        var timeout = 5.0
        var command: Command
    }

    /// What to do.
    enum Command: Equatable {
        case status, start, stop, skip, repeatInstruction, maneuvers, watch
        case load(file: String, format: String)
        case say(text: String, priority: String)
        case route(String)
        case set(key: String, value: String)
        case get(String)
    }

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") || arguments.first == "help" {
            print(help)
            return 0
        }
        let request: Request
        do {
            request = try parse(arguments)
        } catch {
            printError(error.description)
            StandardStream.error.write(usage + "\n")
            return 2
        }
        do {
            return try perform(request)
        } catch {
            printError(error.description)
            return 1
        }
    }

    /// Reads the command line: global options anywhere, then the command and its arguments.
    static func parse(_ arguments: [String]) throws(ArgumentList.UsageError) -> Request {
        let args = try ArgumentList(arguments, valued: ["bus", "timeout", "format", "priority"], flagNames: [])
        var words = args.positional
        guard !words.isEmpty else { throw ArgumentList.UsageError(description: "missing COMMAND") }
        let name = words.removeFirst()
        func expect(_ names: String...) throws(ArgumentList.UsageError) -> [String] {
            guard words.count == names.count else {
                let what = names.isEmpty ? "no arguments" : names.joined(separator: " ")
                throw ArgumentList.UsageError(description: "\(name) takes \(what)" + (words.count > names.count ? ", not '\(words[names.count])'" : ""))
            }
            return words
        }
        let command: Command
        switch name {
        case "status": _ = try expect(); command = .status
        case "start": _ = try expect(); command = .start
        case "stop": _ = try expect(); command = .stop
        case "skip": _ = try expect(); command = .skip
        case "repeat": _ = try expect(); command = .repeatInstruction
        case "maneuvers": _ = try expect(); command = .maneuvers
        case "watch": _ = try expect(); command = .watch
        case "load": command = .load(file: try expect("FILE")[0], format: args.value("format") ?? "auto")
        case "say":
            guard words.count == 1 else {
                throw ArgumentList.UsageError(description: words.isEmpty ? "say needs TEXT" : "give the text as one argument (quote it)")
            }
            command = .say(text: words[0], priority: args.value("priority") ?? "application")
        case "route":
            let route = try expect("default|speaker|hfp")[0]
            guard AudioRouteName(rawValue: route) != nil else {
                throw ArgumentList.UsageError(description: "route takes default, speaker or hfp, not '\(route)'")
            }
            command = .route(route)
        case "set":
            let pair = try expect("KEY", "VALUE")
            command = .set(key: pair[0], value: pair[1])
        case "get": command = .get(try expect("KEY")[0])
        default: throw ArgumentList.UsageError(description: "unknown command '\(name)'")
        }
        let loads = if case .load = command { true } else { false }
        let says = if case .say = command { true } else { false }
        if args.value("format") != nil, !loads { throw ArgumentList.UsageError(description: "--format belongs to 'load'") }
        if args.value("priority") != nil, !says { throw ArgumentList.UsageError(description: "--priority belongs to 'say'") }
        var request = Request(command: command)
        if let bus = args.value("bus") {
            guard !bus.isEmpty, bus != "none" else { throw ArgumentList.UsageError(description: "--bus needs system, session or an address") }
            request.bus = BusAddress(argument: bus)
        }
        if let timeout = args.value("timeout") {
            guard let seconds = Double(timeout), seconds > 0, seconds.isFinite else {
                throw ArgumentList.UsageError(description: "--timeout needs a positive number of seconds, not '\(timeout)'")
            }
            request.timeout = seconds
        }
        return request
    }

    /// Connects and carries out `request`.
    static func perform(_ request: Request) throws(CtlFailure) -> Int32 {
        // Before the first connection starts the loop's thread, so every thread inherits the block.
        if request.command == .watch { try CtlWatch.blockSignals() }
        let client = try CtlClient.connect(request.bus, timeout: request.timeout)
        defer { client.close() }
        switch request.command {
        case .status:
            let lines = CtlOutput.statusLines(try client.properties(CtlClient.guidance), order: CtlOutput.guidanceOrder)
                + CtlOutput.statusLines(try client.properties(CtlClient.audio), order: CtlOutput.audioOrder)
            print(lines.joined(separator: "\n"))
        case .load(let file, let format):
            let count = try load(file, format: format, client)
            print("loaded \(count) maneuver\(count == 1 ? "" : "s")")
        case .start: _ = try client.call(CtlClient.guidance, "Start")
        case .stop: _ = try client.call(CtlClient.guidance, "Stop")
        case .skip: _ = try client.call(CtlClient.guidance, "SkipDestination")
        case .repeatInstruction: _ = try client.call(CtlClient.guidance, "RepeatInstruction")
        case .say(let text, let priority):
            let reply = try client.call(CtlClient.audio, "Speak", [.string(text), .string(priority)])
            print(reply.first.map(CtlOutput.text) ?? "")
        case .route(let route):
            try client.setProperty(CtlClient.audio, "RequestedRoute", .string(route))
        case .set(let key, let value):
            try set(key, value, client)
        case .get(let key):
            print(try get(key, client))
        case .maneuvers:
            let reply = try client.call(CtlClient.guidance, "GetManeuvers")
            print(CtlOutput.maneuverTable(reply.first?.elements ?? []))
        case .watch:
            return try CtlWatch.run(client)
        }
        return 0
    }

    // MARK: - Commands

    /// Sends the route in `path` (`-`: standard input); the number of maneuvers loaded.
    private static func load(_ path: String, format: String, _ client: CtlClient) throws(CtlFailure) -> Int {
        let descriptor = path == "-" ? fcntl(0, F_DUPFD_CLOEXEC, 0) : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .local("cannot read \(path): \(String(cString: strerror(errno)))") }
        let file = UnixFD(taking: descriptor)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .local("cannot read \(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw .local("cannot read \(path): it is a directory") }
        let regular = info.st_mode & S_IFMT == S_IFREG
        let byDescriptor = client.canPassFileDescriptors
        let reply: [DBusValue]
        if regular, info.st_size > largeDocumentBytes, byDescriptor {
            reply = try client.call(CtlClient.guidance, "LoadRouteFd", [.unixFD(file), .string(format)])
        } else {
            let bytes: [UInt8]
            do {
                bytes = try FileDescriptor.readAll(descriptor)
            } catch {
                throw .local("cannot read \(path): \(FileErrorText.sentence(errno: error.code, reading: true))")
            }
            // UTF-8 text, a byte order mark at its start dropped.
            let utf8 = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
            if let text = String(validating: utf8, as: UTF8.self) {
                reply = try client.call(CtlClient.guidance, "LoadRoute", [.string(format), .string(text)])
            } else if regular, byDescriptor, lseek(descriptor, 0, SEEK_SET) == 0 {
                // Not UTF-8 (a GPX file in Latin-1): a D-Bus string cannot carry it, a descriptor can.
                reply = try client.call(CtlClient.guidance, "LoadRouteFd", [.unixFD(file), .string(format)])
            } else {
                throw .local("\(path) is not UTF-8 text, and this bus cannot pass a file descriptor")
            }
        }
        guard let count = reply.first?.integer else { throw .local("LoadRoute answered \(reply), not a number") }
        return Int(count)
    }

    /// Sets option `key` (SetOptions) or, for a capitalized `key`, the property of that name.
    private static func set(_ key: String, _ text: String, _ client: CtlClient) throws(CtlFailure) {
        if key.first?.isUppercase == true {
            for interface in [CtlClient.guidance, CtlClient.audio] {
                let properties = try client.properties(interface)
                if let current = properties[key] {
                    return try client.setProperty(interface, key, value(text, like: current) ?? .string(text))
                }
            }
            throw .call(BusError(.unknownProperty, "neither \(CtlClient.guidance) nor \(CtlClient.audio) has a property \(key)"), bus: client.bus)
        }
        // An unknown key goes as a string: RouteCue's InvalidArgs names the options there are.
        let parsed = try client.options()[key].flatMap { value(text, like: $0) } ?? .string(text)
        _ = try client.call(CtlClient.guidance, "SetOptions", [.vardict([key: parsed])])
    }

    /// `text` as a value of `current`'s type; nil when it is not one (RouteCue then says what it takes).
    static func value(_ text: String, like current: DBusValue) -> DBusValue? {
        switch current.unwrapped {
        case .string: .string(text)
        case .boolean: ["true": true, "false": false][text.lowercased()].map(DBusValue.boolean)
        case .double: Double(text).map(DBusValue.double)
        case .uint32: UInt32(text).map(DBusValue.uint32)
        case .int32: Int32(text).map(DBusValue.int32)
        case .uint64: UInt64(text).map(DBusValue.uint64)
        case .int64: Int64(text).map(DBusValue.int64)
        case .array(.string, _):
            .strings(text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty })
        default: nil
        }
    }

    /// Option `key`, else the property `key` of either interface (exact, then ignoring case), as text.
    private static func get(_ key: String, _ client: CtlClient) throws(CtlFailure) -> String {
        let options = try client.options()
        if let value = options[key] { return CtlOutput.text(value) }
        let guidance = try client.properties(CtlClient.guidance)
        let audio = try client.properties(CtlClient.audio)
        let properties = guidance.merging(audio) { first, _ in first }
        if let value = properties[key] ?? properties.first(where: { $0.key.lowercased() == key.lowercased() })?.value {
            return CtlOutput.text(value)
        }
        throw .local("no option or property \(key) (options: \(options.keys.sorted().joined(separator: ", ")); "
            + "properties: \(properties.keys.sorted().joined(separator: ", ")))")
    }

    /// Prints `routecue ctl: message` on standard error, on one line.
    static func printError(_ message: String) {
        StandardStream.error.write("routecue ctl: " + InputError.oneLine(message) + "\n")
    }
}
