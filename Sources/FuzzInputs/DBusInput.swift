import DBusKit
import RouteCueCore
import RouteCueService

extension FuzzInputs {
    /// The control interface's methods that take arguments from the UI, with the D-Bus signature each is exported with
    /// (`config/dbus/org.routecue.Guidance1.xml`, `org.routecue.Audio1.xml`), as `ObjectRegistry` checks them. The
    /// descriptor-passing ones (LoadRouteFd, PlayFile) are left out: their content is a route or a WAV, fuzzed as such.
    static let dbusMethods: [(interface: InterfaceName, member: MemberName, signature: [DBusType])] = [
        ("org.routecue.Guidance1", "SetOptions", [.dictionary(key: .string, value: .variant)]),
        ("org.routecue.Guidance1", "LoadRoute", [.string, .string]),
        ("org.routecue.Audio1", "Speak", [.string, .string]),
        (.properties, "Set", [.string, .string, .variant]),
    ]

    /// Names the real decoding code knows, for `DBusValueDecoder` to pick.
    static let dbusWords: [String] = {
        // Appended one list at a time: a single sum of a dozen arrays takes Swift 6.0's type checker minutes.
        var words: [String] = OptionChanges.names
        words += UnitSystem.allCases.map(\.rawValue)
        words += TransportMode.allCases.map(\.rawValue)
        words += CueStage.allCases.map(\.rawValue)
        words += ["auto"]
        words += TimingProfile.allCases.map(\.rawValue)
        words += RouteFormat.allCases.map(\.rawValue)
        words += AudioPropertyChange.names
        words += PromptStyle.allCases.map(\.rawValue)
        words += AudioRouteName.allCases.map(\.rawValue)
        words += ControlArguments.priorities.keys.sorted()
        words += ["org.routecue.Audio1", "de-DE", "en-US", "Turn left", "  ", "", "a\u{0}b"]
        return words
    }()

    /// D-Bus method arguments from the UI (docs/dbus.md): the first byte picks a method of the control interface (or,
    /// past them, any arguments at all); `DBusValueDecoder` reads the values, each of the method's type unless its
    /// leading byte is 0xF0 or more. The values go into a real libdbus message and are read back as the daemon
    /// receives them (they must come back the same, or libdbus must have refused them), the signature is checked as
    /// `ObjectRegistry` does, and the arguments are decoded by the daemon's own readers: `OptionChanges`,
    /// `ControlArguments`, `AudioPropertyChange`.
    @discardableResult
    public static func dbusArguments(_ bytes: [UInt8]) -> FuzzOutcome {
        var decoder = DBusValueDecoder(bytes.dropFirst(), words: dbusWords)
        let choice = Int(bytes.first ?? 0) % (dbusMethods.count + 1)
        let method = choice < dbusMethods.count ? dbusMethods[choice] : nil
        let types = method?.signature ?? (0..<Int(decoder.byte() % 4)).map { _ in decoder.type() }
        let values = types.map { expected in decoder.value(of: decoder.byte() >= 0xF0 ? decoder.type() : expected) }

        let message = DBusMessage.methodCall(destination: nil, path: ControlBus.path, interface: method?.interface ?? "org.routecue.Guidance1",
                                             member: method?.member ?? "Echo")
        do {
            try message.append(values)
        } catch {
            return .rejected("refused by libdbus: \(error)")
        }
        check(message.signature == DBusType.signature(of: values.map(\.type)), "message signature \(message.signature) for values \(values)")
        let arguments: [DBusValue]
        do {
            arguments = try message.arguments()
        } catch {
            fatalError("fuzz invariant: values libdbus took do not read back: \(error)")
        }
        check(arguments.map(\.type) == values.map(\.type) && arguments.map(\.description) == values.map(\.description),
              "values read back as \(arguments), written as \(values)")

        guard let method else { return .accepted }
        guard message.signature == DBusType.signature(of: method.signature) else {
            return .rejected("\(method.member) takes (\(DBusType.signature(of: method.signature))), not (\(message.signature))")
        }
        do throws(BusError) {
            try decodeControlCall(method.member.rawValue, arguments)
        } catch {
            check(error.is(.invalidArgs), "a control argument refused with \(error.name), not InvalidArgs")
            return .rejected("\(error)")
        }
        return .accepted
    }

    /// Decodes `arguments` of `member` as the control interface's handlers do, and checks what they promise.
    private static func decodeControlCall(_ member: String, _ arguments: [DBusValue]) throws(BusError) {
        switch member {
        case "SetOptions":
            let options = arguments[0].dictionary ?? [:]
            let changes = try OptionChanges(options)
            check(changes.keys == options.keys.sorted(), "changes of \(changes.keys) for options \(options.keys.sorted())")
            check(changes.keys.allSatisfy(OptionChanges.names.contains), "an option outside OptionChanges.names accepted")
            _ = changes.applied(to: TimingOptions())
            _ = OptionChanges.journalValues(options)
        case "LoadRoute":
            _ = try ControlArguments.routeFormat(arguments[0].string ?? "auto")
        case "Speak":
            let prompt = try ControlArguments.prompt(arguments[0].string ?? "", priority: arguments[1].string ?? "")
            check(!prompt.text.isEmpty && prompt.text.utf8.count <= ControlArguments.maxSpokenBytes, "a prompt of \(prompt.text.utf8.count) bytes")
            check(prompt.text.first?.isWhitespace == false && prompt.text.last?.isWhitespace == false, "a prompt with white space around it")
        default:
            let change = try AudioPropertyChange(arguments[1].string ?? "", arguments[2].unwrapped, routes: AudioRouteName.allCases)
            if case .volume(let volume) = change { check(volume.isFinite && (0...1).contains(volume), "a volume of \(volume)") }
        }
    }
}
