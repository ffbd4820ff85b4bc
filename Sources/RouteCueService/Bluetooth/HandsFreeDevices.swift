import DBusKit
import EventLoopKit

/// Follows which Bluetooth hands-free device RouteCue can speak to, as the audio gateway towards the driver's headset
/// or helmet intercom (`bluealsa -p hfp-ag`): BlueZ's devices (`org.bluez`, ObjectManager at `/`) and bluez-alsa's
/// PCMs (`org.bluealsa`, ObjectManager at `/org/bluealsa`), each through an `ObjectManagerClient` that follows its
/// service across restarts. `onChange` runs on the loop as soon as `chosen` or `candidates` change — a device
/// disconnecting (`Connected` false, its object or its PCM removed, either service quitting) is seen at once.
///
/// The bluez-alsa 4.0.0 (Debian 12's `bluez-alsa-utils`) D-Bus API relied on, from its src/bluealsa-iface.c,
/// src/bluealsa-dbus.c, src/ba-transport.c, src/ba-device.c and doc/bluealsa-api.txt:
/// - The ObjectManager is at `/org/bluealsa` (bluealsa-dbus.c `bluealsa_dbus_manager_path`; the same object has
///   `org.bluealsa.Manager1`), PCMs come and go with InterfacesAdded / InterfacesRemoved, and property changes are
///   PropertiesChanged on the PCM's own path (`bluealsa_dbus_pcm_update`).
/// - A PCM is `/org/bluealsa/hci0/dev_AA_BB_CC_DD_EE_FF/<type>/<mode>`, type `hfpag`, `hspag`, `hfphf`, `hsphs`,
///   `a2dpsrc` or `a2dpsnk`, mode `sink` or `source` (ba-transport.c `transport_pcm_init`, ba-device.c).
/// - `org.bluealsa.PCM1` properties: Device `o` (the BlueZ device object), Sequence `u`, Transport `s` ("HFP-AG",
///   "HSP-AG", "A2DP-source", …), Mode `s`, Format `q`, Channels `y`, Sampling `u`, Codec `s` ("CVSD" or "mSBC" for
///   SCO: hfp.c; the api.txt's "uint16" is wrong, the interface says `s`), Delay `q` in 1/10 ms (for SCO the PCM's
///   delay + 10, i.e. at least 1 ms: ba-transport.c `ba_transport_pcm_get_delay`), SoftVolume `b`, Volume `q`.
///   `Running` `b` exists only from 4.1.0 on: absent, `running` is false.
/// - On the gateway side the SCO transport has a `sink` PCM (`spk_pcm`: what the client writes is played by the
///   headset) and a `source` PCM (its microphone): RouteCue plays into the sink of an HFP-AG or HSP-AG transport.
///
/// BlueZ `org.bluez.Device1`: Address `s`, Alias `s`, Name `s`, Connected `b`, UUIDs `as`. A device is a candidate when
/// connected with the hands-free (`0000111e-…`) or headset (`00001108-…`) UUID; a phone (audio gateway, `0000111f-…`
/// only) never is. Properties of the wrong type count as absent.
@RouteCueLoop
public final class HandsFreeDevices {
    /// Which device to prefer and how to name its PCM.
    public struct Settings: Sendable, Equatable {
        /// The device to use whenever it is a candidate ("AA:BB:CC:DD:EE:FF", any case); else the most recently
        /// connected one is used.
        public var preferredAddress: String?
        /// The ALSA PCM name; `{address}` is replaced by the device's validated address.
        public var pcmTemplate: String = "bluealsa:DEV={address},PROFILE=sco"

        /// Settings preferring `preferredAddress` (nil: the most recently connected) with PCM names from `pcmTemplate`.
        public init(preferredAddress: String? = nil, pcmTemplate: String = "bluealsa:DEV={address},PROFILE=sco") {
            self.preferredAddress = preferredAddress
            self.pcmTemplate = pcmTemplate
        }
    }

    /// BlueZ's name and its ObjectManager.
    public nonisolated static let bluezService: BusName = "org.bluez"
    /// bluez-alsa's name (bluez-alsa 4.0.0 src/bluealsa-iface.h `BLUEALSA_SERVICE`; a daemon started with
    /// `-B NAME` owns `org.bluealsa.NAME` instead, which RouteCue does not follow).
    public nonisolated static let bluealsaService: BusName = "org.bluealsa"
    /// Where bluez-alsa 4.0 has its ObjectManager.
    public nonisolated static let bluealsaManagerPath: ObjectPath = "/org/bluealsa"
    static let deviceInterface = "org.bluez.Device1"
    static let pcmInterface = "org.bluealsa.PCM1"

    /// Which device to prefer and how to name its PCM; setting it (a configuration reload) chooses again.
    public var settings: Settings {
        didSet { if settings != oldValue { update() } }
    }
    /// The device to speak to now: the first candidate; nil when there is none.
    public private(set) var chosen: HandsFreeDevice?
    /// Connected hands-free or headset devices that have a bluez-alsa SCO sink PCM, best first.
    public private(set) var candidates: [HandsFreeDevice] = []
    /// Whether `org.bluez` has an owner.
    public private(set) var isBlueZPresent = false
    /// Whether `org.bluealsa` has an owner.
    public private(set) var isBlueALSAPresent = false
    /// Why there is no device now (for RouteChanged): "BlueZ not running", "bluez-alsa not running", "no hands-free
    /// device connected" or "<name> has no SCO PCM in bluez-alsa"; empty while a device is chosen.
    public var absenceReason: String { reason }

    private weak var connection: BusConnection?
    private let onChange: @RouteCueLoop (HandsFreeDevices) -> Void
    private var bluez: ObjectManagerClient?
    private var bluealsa: ObjectManagerClient?
    private var ownerWatches: [NameOwnerWatch] = []
    private var reason = "BlueZ not running"
    /// When each connected device was seen to connect (larger: later).
    private var connectedOrder: [ObjectPath: UInt64] = [:]
    private var connections: UInt64 = 0

    /// Follows devices on `connection` once started; `onChange` hears every change of `chosen` or `candidates`.
    public init(connection: BusConnection, settings: Settings, onChange: @escaping @RouteCueLoop (HandsFreeDevices) -> Void) {
        self.connection = connection
        self.settings = settings
        self.onChange = onChange
    }

    /// Watches both services and lists their objects once they are on the bus.
    public func start() {
        guard let connection, bluez == nil else { return }
        // The owner watches first: they hear a service quit before its client drops the objects, so the change
        // that empties `candidates` already has the right reason.
        ownerWatches.append(connection.watchNameOwner(Self.bluezService) { [weak self] owner in
            guard let self else { return }
            self.isBlueZPresent = owner != nil
            self.update()
        })
        ownerWatches.append(connection.watchNameOwner(Self.bluealsaService) { [weak self] owner in
            guard let self else { return }
            self.isBlueALSAPresent = owner != nil
            self.update()
        })
        let bluez = ObjectManagerClient(connection: connection, service: Self.bluezService, managerPath: .root) { [weak self] _ in
            self?.bluezChanged()
        }
        let bluealsa = ObjectManagerClient(connection: connection, service: Self.bluealsaService,
                                           managerPath: Self.bluealsaManagerPath) { [weak self] _ in
            self?.update()
        }
        self.bluez = bluez
        self.bluealsa = bluealsa
        bluez.start()
        bluealsa.start()
    }

    /// Stops following; `chosen` and `candidates` keep their last values and `onChange` is not called again.
    public func stop() {
        bluez?.stop()
        bluealsa?.stop()
        bluez = nil
        bluealsa = nil
        if let connection { for watch in ownerWatches { connection.unwatchNameOwner(watch) } }
        ownerWatches = []
    }

    #if compiler(>=6.2)
    isolated deinit { stop() }
    #else
    deinit { RouteCueLoop.deinitTeardown { stop() } }  // Swift 6.0: no isolated deinit
    #endif

    /// Keeps the connection order: a device seen connecting is the latest; one listed already connected counts as
    /// connecting when listed (BlueZ's listing order: the later listed is more recent).
    private func bluezChanged() {
        let objects = bluez?.objects ?? [:]
        for path in connectedOrder.keys where objects[path]?[Self.deviceInterface]?["Connected"]?.bool != true {
            connectedOrder[path] = nil
        }
        for (path, interfaces) in objects.sorted(by: { $0.key < $1.key })
        where interfaces[Self.deviceInterface]?["Connected"]?.bool == true && connectedOrder[path] == nil {
            connections += 1
            connectedOrder[path] = connections
        }
        update()
    }

    /// Chooses again from what both clients hold, and tells `onChange` when the outcome differs.
    private func update() {
        let devices = (bluez?.objects ?? [:]).compactMap { path, interfaces in
            interfaces[Self.deviceInterface].map { Self.device(path, $0, order: connectedOrder[path]) }
        }
        let pcms = (bluealsa?.objects ?? [:]).compactMap { path, interfaces in
            interfaces[Self.pcmInterface].map { Self.pcm(path, $0) }
        }
        let outcome = HandsFreeSelection.select(devices: devices, pcms: pcms, preferredAddress: settings.preferredAddress,
                                                pcmTemplate: settings.pcmTemplate, bluezPresent: isBlueZPresent,
                                                bluealsaPresent: isBlueALSAPresent)
        reason = outcome.absenceReason
        guard outcome.candidates != candidates else { return }
        candidates = outcome.candidates
        chosen = candidates.first
        onChange(self)
    }

    /// A Device1's properties, type-checked (a wrong type counts as absent).
    private static func device(_ path: ObjectPath, _ properties: [String: DBusValue], order: UInt64?) -> BlueZDeviceState {
        let uuids = properties["UUIDs"]?.elements?.compactMap { Self.text($0)?.lowercased() } ?? []
        return BlueZDeviceState(path: path.rawValue, address: text(properties["Address"]).flatMap(BluetoothAddress.init),
                                name: text(properties["Alias"]) ?? text(properties["Name"]),
                                connected: properties["Connected"]?.bool ?? false, uuids: Set(uuids), connectedOrder: order)
    }

    /// A PCM1's properties, type-checked (a wrong type counts as absent).
    private static func pcm(_ path: ObjectPath, _ properties: [String: DBusValue]) -> BlueALSAPCMState {
        var device: String?
        switch properties["Device"] {
        case .objectPath(let value)?: device = value.rawValue
        default: device = nil
        }
        return BlueALSAPCMState(path: path.rawValue, device: device, transport: text(properties["Transport"]),
                                mode: text(properties["Mode"]), codec: text(properties["Codec"]),
                                delay: properties["Delay"]?.integer, running: properties["Running"]?.bool)
    }

    /// The string of an `s` value only.
    private static func text(_ value: DBusValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }
}
