/// One voice call as oFono reports it (an `org.ofono.VoiceCall` object; PipeWire's telephony service reports its
/// calls the same way).
public struct PhoneCall: Sendable, Equatable {
    /// The call's object path (`/ril_0/voicecall01`, `/org/pipewire/Telephony/ag0/call0`).
    public var path: String
    /// The path of the modem (or PipeWire audio gateway) the call belongs to (`/ril_0`).
    public var modem: String
    /// oFono's `State` property: `active`, `held`, `dialing`, `alerting`, `incoming`, `waiting` or `disconnected`
    /// (empty when the service did not say).
    public var state: String

    /// A call of `modem` at `path` in `state`.
    public init(path: String, modem: String, state: String) {
        self.path = path
        self.modem = modem
        self.state = state
    }

    /// The states in which the driver is on the phone, or about to be: RouteCue is "in a call".
    public static let ongoingStates: Set<String> = ["dialing", "alerting", "incoming", "waiting", "active", "held"]

    /// True while the call is dialing, alerting, incoming, waiting, active or held.
    public var isOngoing: Bool { Self.ongoingStates.contains(state) }
}
