import DBusKit
import EventLoopKit

/// What the control interface asks of the daemon: every method and property of `org.routecue.Guidance1` and
/// `org.routecue.Audio1` maps to one of these. Each throws a `BusError` a person understands and changes nothing
/// when it refuses.
@RouteCueLoop
protocol GuidanceControl: AnyObject {
    /// Imports `document` (`format` auto or a format name) and guides along it; `completion` gets the number of
    /// maneuvers, at once, or once the routing engine has given a tour's missing ways.
    func loadRoute(_ document: [UInt8], format: String, source: String, completion: @escaping @RouteCueLoop (Result<Int, BusError>) -> Void)
    /// Starts guidance on the loaded route.
    func startGuidance() throws(BusError)
    /// Stops guidance; the route stays loaded.
    func stopGuidance()
    /// Goes on with the next leg.
    func skipDestination() throws(BusError)
    /// Says the next instruction again, now.
    func repeatInstruction() throws(BusError)
    /// The maneuvers of the loaded route (GetManeuvers' dictionaries).
    func maneuverDictionaries() -> [DBusValue]
    /// Every option SetOptions takes, with its value.
    func optionValues() -> [String: DBusValue]
    /// Sets options (all or none); `completion` hears once they are in force (a language's phrases are read off the
    /// loop first) or why none was set.
    func setOptions(_ options: [String: DBusValue], completion: @escaping @RouteCueLoop (Result<Void, BusError>) -> Void)
    /// The values of Guidance1's properties now.
    func guidanceProperties() -> PropertyValues<GuidanceProperty>
    /// Resumes the journal offered at start.
    func resumeOfferedJournal() throws(BusError)
    /// Forgets the journal offered at start.
    func discardOfferedJournal() throws(BusError)

    /// Speaks `text` at `priority`; the output's id.
    func speak(_ text: String, priority: String) throws(BusError) -> Int
    /// Plays the WAV `document` as an application output; its id.
    func playFile(_ document: [UInt8]) throws(BusError) -> Int
    /// Applies a queue command (skip, clear, stop and clear).
    func audioCommand(_ command: AudioCommand)
    /// The values of Audio1's properties now.
    func audioProperties() -> PropertyValues<AudioProperty>
    /// Sets a writable Audio1 property.
    func setAudioProperty(_ property: AudioProperty, _ value: DBusValue) throws(BusError)
}

/// Audio1's queue commands.
enum AudioCommand: Sendable {
    case skipCurrent, clearQueue, stopAndClear
}

/// The two interfaces as DBusKit exports them (contract: `config/dbus/*.xml`).
@RouteCueLoop
enum ControlInterfaces {
    nonisolated static let guidance: InterfaceName = "org.routecue.Guidance1"
    nonisolated static let audio: InterfaceName = "org.routecue.Audio1"
    /// The largest WAV PlayFile takes (about 3 minutes of 22 kHz stereo).
    nonisolated static let maxWAVBytes = 16 << 20

    static func all(_ control: GuidanceControl, maxDocumentBytes: Int) -> [ExportedInterface] {
        [guidanceInterface(control, maxDocumentBytes: maxDocumentBytes), audioInterface(control)]
    }

    /// Guidance1's properties, read from `control` (once the daemon is gone, which ends the bus first, an empty string).
    private static func guidanceProperties(_ control: GuidanceControl) -> [ExportedProperty] {
        GuidanceProperty.allCases.map { property in
            ExportedProperty(property.rawValue, property.type) { [weak control] in control?.guidanceProperties()[property] ?? .string("") }
        }
    }

    /// Audio1's properties, read from and set on `control`.
    private static func audioProperties(_ control: GuidanceControl) -> [ExportedProperty] {
        AudioProperty.allCases.map { property in
            let get: @RouteCueLoop () -> DBusValue = { [weak control] in control?.audioProperties()[property] ?? .string("") }
            guard property.isWritable else { return ExportedProperty(property.rawValue, property.type, emitsChanged: property.emitsChanged, get: get) }
            return ExportedProperty(property.rawValue, property.type, emitsChanged: property.emitsChanged, get: get) { [weak control] value throws(BusError) in
                try control?.setAudioProperty(property, value)
            }
        }
    }

    /// Runs `body` and replies with what it returns, or with its error.
    private static func answer(_ call: MethodInvocation, _ body: () throws(BusError) -> [DBusValue]) {
        do { call.reply(try body()) } catch { call.fail(error) }
    }

    /// Replies to LoadRoute(Fd) with the number of maneuvers, or fails it.
    private static func answerLoad(_ call: MethodInvocation, _ result: Result<Int, BusError>) {
        switch result {
        case .success(let count): call.reply([.uint32(UInt32(count))])
        case .failure(let error): call.fail(error)
        }
    }

    static func guidanceInterface(_ control: GuidanceControl, maxDocumentBytes: Int) -> ExportedInterface {
        let values: @RouteCueLoop () -> [String: DBusValue] = { [weak control] in control?.guidanceProperties().all.byName ?? [:] }
        return ExportedInterface(
            name: guidance,
            methods: [
                ExportedMethod("LoadRoute", inputs: [DBusArgument("format", .string), DBusArgument("document", .string)],
                               outputs: [DBusArgument("maneuvers", .uint32)]) { [weak control] call in
                    guard let control else { return call.fail(BusError(.failed, "RouteCue is stopping")) }
                    let document = call.arguments[1].string ?? ""
                    guard document.utf8.count <= maxDocumentBytes else {
                        return call.fail(BusError(name: ControlErrors.badRoute, message: "the document is \(document.utf8.count) bytes, over the limit of \(maxDocumentBytes) (import.max_file_bytes)"))
                    }
                    control.loadRoute(Array(document.utf8), format: call.arguments[0].string ?? "auto", source: "LoadRoute from \(call.sender)") {
                        answerLoad(call, $0)
                    }
                },
                ExportedMethod("LoadRouteFd", inputs: [DBusArgument("fd", .unixFD), DBusArgument("format", .string)],
                               outputs: [DBusArgument("maneuvers", .uint32)]) { [weak control] call in
                    guard let control else { return call.fail(BusError(.failed, "RouteCue is stopping")) }
                    guard case .unixFD(let fd) = call.arguments[0] else { return call.fail(BusError(.invalidArgs, "no file descriptor")) }
                    let document: [UInt8]
                    do throws(BusError) { document = try DescriptorReader.readAll(fd.descriptor, limit: maxDocumentBytes) } catch { return call.fail(error) }
                    control.loadRoute(document, format: call.arguments[1].string ?? "auto", source: "LoadRouteFd from \(call.sender)") {
                        answerLoad(call, $0)
                    }
                },
                ExportedMethod("Start") { [weak control] call in
                    answer(call) { () throws(BusError) in
                        try control?.startGuidance()
                        return []
                    }
                },
                ExportedMethod("Stop") { [weak control] call in
                    control?.stopGuidance()
                    call.reply()
                },
                ExportedMethod("SkipDestination") { [weak control] call in
                    answer(call) { () throws(BusError) in
                        try control?.skipDestination()
                        return []
                    }
                },
                ExportedMethod("RepeatInstruction") { [weak control] call in
                    answer(call) { () throws(BusError) in
                        try control?.repeatInstruction()
                        return []
                    }
                },
                ExportedMethod("GetManeuvers", outputs: [DBusArgument("maneuvers", .array(.dictionary(key: .string, value: .variant)))]) { [weak control] call in
                    call.reply([.array(.dictionary(key: .string, value: .variant), control?.maneuverDictionaries() ?? [])])
                },
                ExportedMethod("SetOptions", inputs: [DBusArgument("options", .dictionary(key: .string, value: .variant))]) { [weak control] call in
                    guard let control else { return call.fail(BusError(.failed, "RouteCue is stopping")) }
                    control.setOptions(call.arguments[0].dictionary ?? [:]) { result in
                        switch result {
                        case .success: call.reply()
                        case .failure(let error): call.fail(error)
                        }
                    }
                },
                ExportedMethod("ResumeJournal") { [weak control] call in
                    answer(call) { () throws(BusError) in
                        try control?.resumeOfferedJournal()
                        return []
                    }
                },
                ExportedMethod("DiscardJournal") { [weak control] call in
                    answer(call) { () throws(BusError) in
                        try control?.discardOfferedJournal()
                        return []
                    }
                },
                ExportedMethod("GetOptions", outputs: [DBusArgument("options", .dictionary(key: .string, value: .variant))]) { [weak control] call in
                    call.reply([.vardict(control?.optionValues() ?? [:])])
                },
            ],
            properties: guidanceProperties(control),
            signals: [
                ExportedSignal("EventText", [DBusArgument("text", .string), DBusArgument("kind", .string),
                                             DBusArgument("details", .dictionary(key: .string, value: .variant))]),
                ExportedSignal("WaypointReached", [DBusArgument("leg", .uint32)]),
                ExportedSignal("DestinationReached"),
                ExportedSignal("RerouteNeeded", [DBusArgument("lat", .double), DBusArgument("lon", .double), DBusArgument("heading", .double)]),
                ExportedSignal("OffRoute"),
                ExportedSignal("BackOnRoute"),
                ExportedSignal("JournalOffered", [DBusArgument("destination", .string), DBusArgument("age_s", .double)]),
            ],
            allProperties: values)
    }

    static func audioInterface(_ control: GuidanceControl) -> ExportedInterface {
        let values: @RouteCueLoop () -> [String: DBusValue] = { [weak control] in control?.audioProperties().all.byName ?? [:] }
        func command(_ name: MemberName, _ command: AudioCommand) -> ExportedMethod {
            ExportedMethod(name) { [weak control] call in
                control?.audioCommand(command)
                call.reply()
            }
        }
        return ExportedInterface(
            name: audio,
            methods: [
                ExportedMethod("Speak", inputs: [DBusArgument("text", .string), DBusArgument("priority", .string)],
                               outputs: [DBusArgument("id", .uint32)]) { [weak control] call in
                    answer(call) { () throws(BusError) in
                        guard let control else { throw BusError(.failed, "RouteCue is stopping") }
                        return [.uint32(UInt32(try control.speak(call.arguments[0].string ?? "", priority: call.arguments[1].string ?? "")))]
                    }
                },
                ExportedMethod("PlayFile", inputs: [DBusArgument("fd", .unixFD)], outputs: [DBusArgument("id", .uint32)]) { [weak control] call in
                    answer(call) { () throws(BusError) in
                        guard let control else { throw BusError(.failed, "RouteCue is stopping") }
                        guard case .unixFD(let fd) = call.arguments[0] else { throw BusError(.invalidArgs, "no file descriptor") }
                        return [.uint32(UInt32(try control.playFile(try DescriptorReader.readAll(fd.descriptor, limit: ControlInterfaces.maxWAVBytes))))]
                    }
                },
                command("SkipCurrent", .skipCurrent),
                command("ClearQueue", .clearQueue),
                command("StopAndClear", .stopAndClear),
            ],
            properties: audioProperties(control),
            signals: [
                ExportedSignal("WillPlay", [DBusArgument("id", .uint32), DBusArgument("text", .string), DBusArgument("kind", .string)]),
                ExportedSignal("DidPlay", [DBusArgument("id", .uint32), DBusArgument("outcome", .string), DBusArgument("reason", .string)]),
                ExportedSignal("RouteChanged", [DBusArgument("route", .string), DBusArgument("reason", .string)]),
            ],
            allProperties: values)
    }
}

/// RouteCue's own error names.
enum ControlErrors {
    /// A route document that does not import (the message says where: key path, or line and column).
    static let badRoute = "org.routecue.Error.BadRoute"
    /// A tour whose ways the routing engine could not give: unreachable, timed out, failed (the message names the
    /// station). The document may be fine; trying again may succeed.
    static let routingFailed = "org.routecue.Error.RoutingFailed"
    /// A method that needs a route, without one.
    static let noRoute = "org.routecue.Error.NoRoute"
    /// ResumeJournal or DiscardJournal without a journal offered.
    static let noJournal = "org.routecue.Error.NoJournal"
}
