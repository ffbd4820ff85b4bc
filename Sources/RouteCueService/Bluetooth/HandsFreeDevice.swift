/// A hands-free device RouteCue can speak to now: a connected BlueZ device with the hands-free or headset profile and
/// the bluez-alsa SCO sink PCM RouteCue writes to.
public struct HandsFreeDevice: Sendable, Equatable {
    /// The validated Bluetooth address, upper case: "AA:BB:CC:DD:EE:FF".
    public var address: String
    /// BlueZ's `Alias` (else `Name`), as the device reports it: for display only, never part of `pcm`.
    public var name: String?
    /// The BlueZ `org.bluez.Device1` object.
    public var devicePath: String
    /// The bluez-alsa `org.bluealsa.PCM1` object (`…/hfpag/sink` or `…/hspag/sink`).
    public var pcmPath: String
    /// The ALSA PCM name, from the configured template with the address put in.
    public var pcm: String
    /// PCM1 `Codec` ("CVSD", "mSBC"); nil when absent.
    public var codec: String?
    /// PCM1 `Delay` (1/10 ms) in seconds: what the PCM adds in latency; 0 when absent.
    public var delaySeconds: Double
    /// PCM1 `Running` (the SCO link is up); false when absent, as in bluez-alsa 4.0.0, which has no such property.
    public var running: Bool

    /// A device with all its fields.
    public init(address: String, name: String?, devicePath: String, pcmPath: String, pcm: String, codec: String?,
                delaySeconds: Double, running: Bool) {
        self.address = address
        self.name = name
        self.devicePath = devicePath
        self.pcmPath = pcmPath
        self.pcm = pcm
        self.codec = codec
        self.delaySeconds = delaySeconds
        self.running = running
    }
}

/// A Bluetooth device address, validated: six pairs of hex digits separated by colons, nothing else. Only such an
/// address goes into a PCM name, so a hostile `Address` property cannot add ALSA arguments (`,PROFILE=a2dp`, `}`).
struct BluetoothAddress: Sendable, Hashable, CustomStringConvertible {
    /// Upper case, as BlueZ writes it.
    let text: String

    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 17 else { return nil }
        for (index, byte) in bytes.enumerated() {
            if index % 3 == 2 {
                guard byte == UInt8(ascii: ":") else { return nil }
            } else {
                guard Self.isHexDigit(byte) else { return nil }
            }
        }
        self.text = text.uppercased()
    }

    var description: String { text }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}

/// What RouteCue knows of one BlueZ `org.bluez.Device1` object, its properties already type-checked.
struct BlueZDeviceState: Sendable, Equatable {
    var path: String
    /// `Address` when it is a valid address; nil otherwise (such a device is never a candidate).
    var address: BluetoothAddress?
    /// `Alias`, else `Name`.
    var name: String?
    var connected: Bool
    /// `UUIDs`, lower case.
    var uuids: Set<String>
    /// When RouteCue saw `Connected` become true (larger: later); nil while not connected.
    var connectedOrder: UInt64?

    /// The hands-free unit (HFP HF) service class, `0000111e-…`, and the headset (HSP HS) one, `00001108-…`. The audio
    /// gateway class (`0000111f-…`, a phone) is not among them: RouteCue is the gateway itself.
    static let handsFreeUUIDs: Set<String> = ["0000111e-0000-1000-8000-00805f9b34fb", "00001108-0000-1000-8000-00805f9b34fb"]

    /// Connected, with a valid address and the hands-free or headset profile.
    var isConnectedHandsFree: Bool { connected && address != nil && !uuids.isDisjoint(with: Self.handsFreeUUIDs) }

    /// The name for messages: the alias, else the address, else the object path.
    var displayName: String { name.flatMap { $0.isEmpty ? nil : $0 } ?? address?.text ?? path }
}

/// What RouteCue knows of one bluez-alsa `org.bluealsa.PCM1` object, its properties already type-checked.
struct BlueALSAPCMState: Sendable, Equatable {
    var path: String
    /// `Device`: the BlueZ device object.
    var device: String?
    /// `Transport`: "HFP-AG", "HSP-AG", "A2DP-source", …
    var transport: String?
    /// `Mode`: "sink" (RouteCue writes, the headset plays) or "source" (the headset's microphone).
    var mode: String?
    var codec: String?
    /// `Delay` in 1/10 ms.
    var delay: Int64?
    var running: Bool?

    /// The SCO PCM of the audio-gateway side that plays towards the device: mode "sink" of an HFP-AG or HSP-AG
    /// transport (bluez-alsa 4.0.0 src/ba-transport.c: the SCO transport's `spk_pcm` is the sink).
    var isGatewaySink: Bool { mode == "sink" && (transport == "HFP-AG" || transport == "HSP-AG") }
}

/// The choice of hands-free device, from what BlueZ and bluez-alsa publish: no I/O, so the rules read in one place.
enum HandsFreeSelection {
    /// The outcome: candidates best first (the chosen one is the first), and why there is none when empty.
    struct Outcome: Equatable {
        var candidates: [HandsFreeDevice]
        var absenceReason: String
    }

    /// Candidates are connected hands-free devices with a gateway SCO sink PCM, the configured `preferredAddress` first
    /// (case-insensitive), then the most recently connected first.
    static func select(devices: [BlueZDeviceState], pcms: [BlueALSAPCMState], preferredAddress: String?,
                       pcmTemplate: String, bluezPresent: Bool, bluealsaPresent: Bool) -> Outcome {
        guard bluezPresent else { return Outcome(candidates: [], absenceReason: "BlueZ not running") }
        guard bluealsaPresent else { return Outcome(candidates: [], absenceReason: "bluez-alsa not running") }
        let preferred = preferredAddress.flatMap(BluetoothAddress.init)
        let connected = devices.filter(\.isConnectedHandsFree).sorted { a, b in
            let (aPreferred, bPreferred) = (a.address == preferred, b.address == preferred)
            if aPreferred != bPreferred { return aPreferred }
            if a.connectedOrder != b.connectedOrder { return (a.connectedOrder ?? 0) > (b.connectedOrder ?? 0) }
            return a.path < b.path
        }
        guard let best = connected.first else {
            return Outcome(candidates: [], absenceReason: "no hands-free device connected")
        }
        let sinks = pcms.filter(\.isGatewaySink)
        let candidates = connected.compactMap { device -> HandsFreeDevice? in
            // HFP before HSP when both exist, then by path, so the choice does not depend on dictionary order.
            guard let address = device.address,
                  let pcm = sinks.filter({ $0.device == device.path })
                      .min(by: { ($0.transport == "HFP-AG" ? 0 : 1, $0.path) < ($1.transport == "HFP-AG" ? 0 : 1, $1.path) })
            else { return nil }
            return HandsFreeDevice(address: address.text, name: device.name, devicePath: device.path, pcmPath: pcm.path,
                                   pcm: pcmName(pcmTemplate, address: address), codec: pcm.codec,
                                   delaySeconds: Double(max(0, pcm.delay ?? 0)) / 10_000, running: pcm.running ?? false)
        }
        return Outcome(candidates: candidates,
                       absenceReason: candidates.isEmpty ? "\(best.displayName) has no SCO PCM in bluez-alsa" : "")
    }

    /// `template` with each `{address}` replaced by the (validated) address.
    static func pcmName(_ template: String, address: BluetoothAddress) -> String {
        template.replacing("{address}", with: address.text)
    }
}
