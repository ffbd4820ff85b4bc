import DBusKit
import EventLoopKit
import Foundation
import RouteCueService
import TestSupport
import XCTest

/// Which hands-free device RouteCue speaks to, against python-dbusmock's BlueZ (`bluez5`) and our bluez-alsa 4.0
/// template (`Tests/fixtures/dbusmock/bluealsa.py`) on a private bus: headsets connect, get their SCO sink PCM,
/// change, disconnect and vanish, the services quit and come back, and `HandsFreeDevices` follows at once.
final class HandsFreeDeviceTests: XCTestCase {
    private static let handsFree = "0000111e-0000-1000-8000-00805f9b34fb"
    private static let headset = "00001108-0000-1000-8000-00805f9b34fb"
    private static let audioGateway = "0000111f-0000-1000-8000-00805f9b34fb"
    private static let helmet = "AA:BB:CC:DD:EE:FF"
    private static let intercom = "11:22:33:44:55:66"

    private var bus: DBusDaemonProcess?
    private var bluez: DBusMockProcess?
    private var bluealsa: BlueALSAMock?
    private var connection: BusConnection?
    private var devices: HandsFreeDevices?
    private var mirror: ObjectManagerClient?
    /// Every `onChange`: the chosen device (nil: none) and the reason then, with the moment it ran.
    private let changes = Collected<Change>()

    private struct Change: Sendable {
        var chosen: HandsFreeDevice?
        var candidates: [String]
        var reason: String
        var nanoseconds: UInt64
        /// Wall-clock seconds, to compare with the mock's log timestamps.
        var wallClock: Double
    }

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        try DBusMockProcess.require()
        let bus = try DBusDaemonProcess(.permissive)
        self.bus = bus
        bluez = try DBusMockProcess(template: "bluez5", owning: "org.bluez", on: bus)
        bluealsa = try BlueALSAMock(on: bus)
        try bluezCall("AddAdapter", ["'hci0'", "'head unit'"])
        connection = try connectToBus(bus.address)
    }

    override func tearDown() {
        let (connection, devices, mirror) = (connection, devices, mirror)
        _ = try? onLoop {
            devices?.stop()
            mirror?.stop()
            connection?.close()
        }
        self.devices = nil
        self.mirror = nil
        bluealsa?.stop()
        bluez?.stop()
        bus?.stop()
        super.tearDown()
    }

    // MARK: - Tests

    func test_noDevice_chosenIsNil_withTheReason() throws {
        let devices = try start()
        try waitUntil("both services seen") { $0.isBlueZPresent && $0.isBlueALSAPresent }
        try waitUntil("the reason") { $0.absenceReason == "no hands-free device connected" }
        XCTAssertNil(try onLoop { devices.chosen })
        XCTAssertEqual(try onLoop { devices.candidates }, [])
        XCTAssertEqual(changes.count, 0, "nothing changed, so no onChange: \(changes.all)")
    }

    func test_connectedHeadsetWithSinkPCM_isChosen_withTheTemplatesPCMNameAndTheDelay() throws {
        let path = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: true)
        let pcm = try bluealsa!.addPCM(device: path, transport: "HFP-AG", mode: "sink", codec: "mSBC", delay: 250)
        XCTAssertEqual(pcm, "/org/bluealsa/hci0/dev_AA_BB_CC_DD_EE_FF/hfpag/sink")
        try bluealsa!.addPCM(device: path, transport: "HFP-AG", mode: "source", codec: "mSBC", delay: 250)
        let devices = try start()
        let chosen = try waitForChosen(Self.helmet)
        XCTAssertEqual(chosen, HandsFreeDevice(address: Self.helmet, name: "Helmet", devicePath: path, pcmPath: pcm,
                                               pcm: "bluealsa:DEV=AA:BB:CC:DD:EE:FF,PROFILE=sco", codec: "mSBC",
                                               delaySeconds: 0.025, running: false))
        XCTAssertEqual(try onLoop { devices.absenceReason }, "")

        // A configuration reload with another template names the PCM anew.
        try onLoop { devices.settings = .init(pcmTemplate: "bluealsa:SRV=org.bluealsa,DEV={address},PROFILE=sco") }
        try waitUntil("the new PCM name") { $0.chosen?.pcm == "bluealsa:SRV=org.bluealsa,DEV=AA:BB:CC:DD:EE:FF,PROFILE=sco" }
        XCTAssertEqual(changes.all.last?.chosen?.pcm, "bluealsa:SRV=org.bluealsa,DEV=AA:BB:CC:DD:EE:FF,PROFILE=sco")
    }

    func test_headsetProfileAlone_isACandidate_andLowerCaseUUIDsOrAddressesAreRead() throws {
        let path = try addDevice(Self.intercom, alias: "Intercom", uuids: [Self.headset.uppercased()], connected: true)
        try bluealsa!.addPCM(device: path, transport: "HSP-AG", codec: "CVSD", delay: 10)
        _ = try start()
        let chosen = try waitForChosen(Self.intercom)
        XCTAssertEqual(chosen.pcmPath, "/org/bluealsa/hci0/dev_11_22_33_44_55_66/hspag/sink")
        XCTAssertEqual(chosen.delaySeconds, 0.001, accuracy: 1e-12)
        XCTAssertEqual(chosen.codec, "CVSD")
    }

    func test_phoneWithOnlyTheAudioGatewayUUID_isNeverACandidate() throws {
        let phone = try addDevice(Self.intercom, alias: "Phone", uuids: [Self.audioGateway], connected: true)
        try bluealsa!.addPCM(device: phone, transport: "HFP-AG", mode: "sink")
        let devices = try start()
        // The helmet connecting afterwards is chosen: by then the phone's events have all been seen.
        let helmet = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: true)
        try bluealsa!.addPCM(device: helmet)
        _ = try waitForChosen(Self.helmet)
        XCTAssertEqual(try onLoop { devices.candidates.map(\.address) }, [Self.helmet], "the phone is no candidate")
        XCTAssertFalse(changes.all.contains { $0.candidates.contains(Self.intercom) }, "\(changes.all)")
    }

    func test_connectedWithoutPCM_reportsWhy_thenThePCMArrivingChoosesIt() throws {
        let path = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: true)
        let devices = try start()
        try waitUntil("the reason") { $0.absenceReason == "Helmet has no SCO PCM in bluez-alsa" }
        // Only a source PCM (the microphone), an A2DP sink, an HFP-HF sink: none is the gateway's SCO sink.
        try bluealsa!.addPCM(device: path, transport: "HFP-AG", mode: "source")
        try bluealsa!.addPCM(device: path, transport: "A2DP-source", mode: "sink", codec: "SBC")
        try bluealsa!.addPCM(device: path, transport: "HFP-HF", mode: "sink")
        try mirrorBlueALSA()
        try waitUntilMirrored("three PCMs") { $0.count == 3 }
        XCTAssertNil(try onLoop { devices.chosen })
        XCTAssertEqual(try onLoop { devices.absenceReason }, "Helmet has no SCO PCM in bluez-alsa")
        XCTAssertEqual(changes.count, 0, "\(changes.all)")

        try bluealsa!.addPCM(device: path, transport: "HFP-AG", mode: "sink", codec: "CVSD", delay: 120)
        let chosen = try waitForChosen(Self.helmet)
        XCTAssertEqual(chosen.pcmPath, "/org/bluealsa/hci0/dev_AA_BB_CC_DD_EE_FF/hfpag/sink")
        XCTAssertEqual(chosen.delaySeconds, 0.012, accuracy: 1e-12)
    }

    func test_twoHeadsets_theMostRecentlyConnectedWins_aConfiguredPreferenceWins_anAbsentOneFallsBack() throws {
        let helmet = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: false)
        let intercom = try addDevice(Self.intercom, alias: "Intercom", uuids: [Self.handsFree, Self.headset], connected: false)
        try bluealsa!.addPCM(device: helmet)
        try bluealsa!.addPCM(device: intercom)
        let devices = try start()
        try bluezCall("ConnectDevice", ["'hci0'", "'\(Self.helmet)'"])
        _ = try waitForChosen(Self.helmet)
        try bluezCall("ConnectDevice", ["'hci0'", "'\(Self.intercom)'"])
        _ = try waitForChosen(Self.intercom)
        XCTAssertEqual(try onLoop { devices.candidates.map(\.address) }, [Self.intercom, Self.helmet])

        try onLoop { devices.settings.preferredAddress = "aa:bb:cc:dd:ee:ff" }
        _ = try waitForChosen(Self.helmet)
        XCTAssertEqual(try onLoop { devices.candidates.map(\.address) }, [Self.helmet, Self.intercom])

        try onLoop { devices.settings.preferredAddress = "66:66:66:66:66:66" }
        _ = try waitForChosen(Self.intercom)

        // The preferred one reconnecting wins again; the other disconnecting leaves the preferred.
        try onLoop { devices.settings.preferredAddress = Self.helmet }
        _ = try waitForChosen(Self.helmet)
        try bluezCall("DisconnectDevice", ["'hci0'", "'\(Self.helmet)'"])
        _ = try waitForChosen(Self.intercom)
        try bluezCall("ConnectDevice", ["'hci0'", "'\(Self.helmet)'"])
        _ = try waitForChosen(Self.helmet)

        // Without a preference: the helmet just reconnected, so it is the most recent.
        try onLoop { devices.settings.preferredAddress = nil }
        XCTAssertEqual(try onLoop { devices.candidates.map(\.address) }, [Self.helmet, Self.intercom],
                       "the helmet reconnected after the intercom")
        try bluezCall("DisconnectDevice", ["'hci0'", "'\(Self.intercom)'"])
        try waitUntil("only the helmet") { $0.candidates.map(\.address) == [Self.helmet] }
        try bluezCall("ConnectDevice", ["'hci0'", "'\(Self.intercom)'"])
        _ = try waitForChosen(Self.intercom)
    }

    func test_devicesAlreadyConnectedAtStart_theLaterListedCountsAsMoreRecent() throws {
        let helmet = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: false)
        let intercom = try addDevice(Self.intercom, alias: "Intercom", uuids: [Self.handsFree], connected: false)
        // Connected in the other order than listed: what counts at start is BlueZ's listing order.
        try bluezCall("ConnectDevice", ["'hci0'", "'\(Self.intercom)'"])
        try bluezCall("ConnectDevice", ["'hci0'", "'\(Self.helmet)'"])
        try bluealsa!.addPCM(device: helmet)
        try bluealsa!.addPCM(device: intercom)
        let listing = try bus!.gdbusCall(destination: "org.bluez", path: "/", method: "org.freedesktop.DBus.ObjectManager.GetManagedObjects")
        let helmetAt = try XCTUnwrap(listing.stdout.range(of: "dev_AA_BB_CC_DD_EE_FF")).lowerBound
        let intercomAt = try XCTUnwrap(listing.stdout.range(of: "dev_11_22_33_44_55_66")).lowerBound
        XCTAssertLessThan(helmetAt, intercomAt, "the mock lists the helmet first")
        let devices = try start()
        try waitUntil("two candidates") { $0.candidates.count == 2 }
        XCTAssertEqual(try onLoop { devices.candidates.map(\.address) }, [Self.intercom, Self.helmet])
    }

    func test_disconnect_dropsTheDeviceAtOnce() throws {
        let path = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: true)
        try bluealsa!.addPCM(device: path)
        _ = try start()
        var sinceCall: [Double] = []
        var sinceSignal: [Double] = []
        for _ in 0..<5 {
            _ = try waitForChosen(Self.helmet)
            let before = changes.count
            let called = MonotonicClock.nanoseconds()
            try bluezCall("DisconnectDevice", ["'hci0'", "'\(Self.helmet)'"])
            try waitUntil("the helmet gone", timeout: 2) { $0.chosen == nil }
            let change = try XCTUnwrap(changes.all.dropFirst(before).first { $0.chosen == nil })
            XCTAssertEqual(change.reason, "no hands-free device connected")
            sinceCall.append(Double(change.nanoseconds - called) / 1e6)
            // The mock logs `1796185025.448 emit /org/bluez/… org.freedesktop.DBus.Properties.PropertiesChanged …`.
            let emitted = try XCTUnwrap(bluez!.log.split(separator: "\n").last {
                $0.contains(" emit ") && $0.contains("PropertiesChanged") && $0.contains("\"Connected\": False")
            }.flatMap { Double($0.prefix { $0 != " " }) }, bluez!.log)
            sinceSignal.append((change.wallClock - emitted) * 1000)
            try bluezCall("ConnectDevice", ["'hci0'", "'\(Self.helmet)'"])
        }
        let format = { (values: [Double]) in values.map { String(format: "%.1f", $0) }.joined(separator: ", ") }
        print("HandsFreeDevices: DisconnectDevice call → onChange(nil): \(format(sinceCall)) ms (gdbus start included); "
              + "the mock's PropertiesChanged → onChange(nil): \(format(sinceSignal)) ms (the mock logs to 1 ms)")
        XCTAssertLessThan(sinceCall.max()!, 500, "a disconnect must be seen at once")
    }

    func test_pcmRemoved_dropsTheDevice() throws {
        let path = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: true)
        let pcm = try bluealsa!.addPCM(device: path)
        let devices = try start()
        _ = try waitForChosen(Self.helmet)
        try bluealsa!.removePCM(pcm)
        try waitUntil("the helmet gone") { $0.chosen == nil }
        XCTAssertEqual(changes.all.last?.reason, "Helmet has no SCO PCM in bluez-alsa")
        XCTAssertEqual(try onLoop { devices.candidates }, [])
    }

    func test_deviceObjectRemoved_dropsTheDevice() throws {
        let path = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: true)
        try bluealsa!.addPCM(device: path)
        _ = try start()
        _ = try waitForChosen(Self.helmet)
        let removed = try bus!.gdbusCall(destination: "org.bluez", path: "/org/bluez/hci0", method: "org.bluez.Adapter1.RemoveDevice", ["'\(path)'"])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        try waitUntil("the helmet gone") { $0.chosen == nil }
        XCTAssertEqual(changes.all.last?.reason, "no hands-free device connected")
    }

    func test_delayCodecAndRunningChanges_ofTheChosen_callOnChange_otherChangesDoNot() throws {
        let path = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: true)
        let pcm = try bluealsa!.addPCM(device: path, codec: "CVSD", delay: 100)
        _ = try start()
        XCTAssertEqual(try waitForChosen(Self.helmet).delaySeconds, 0.010, accuracy: 1e-12)
        let before = changes.count

        // A volume change and an RSSI change alter nothing RouteCue reports: no onChange for them.
        try bluealsa!.updatePCM(pcm, "{'Volume': <uint16 2560>}")
        try bluezUpdate(path, "{'RSSI': <int16 -50>}")
        try bluealsa!.updatePCM(pcm, "{'Delay': <uint16 450>}")
        try waitUntil("the new delay") { $0.chosen?.delaySeconds == 0.045 }
        XCTAssertEqual(changes.count, before + 1, "one onChange, for the delay: \(changes.all)")
        XCTAssertEqual(changes.all.last?.chosen?.delaySeconds, 0.045)

        try bluealsa!.updatePCM(pcm, "{'Codec': <'mSBC'>, 'Running': <true>}")
        try waitUntil("the new codec") { $0.chosen?.codec == "mSBC" && $0.chosen?.running == true }
        XCTAssertEqual(changes.count, before + 2, "\(changes.all)")
        XCTAssertEqual(changes.all.last?.chosen?.running, true)
    }

    func test_bluealsaQuitting_dropsTheDevice_andItsReturnWithPCMsBringsItBack() throws {
        let path = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: true)
        try bluealsa!.addPCM(device: path)
        let devices = try start()
        _ = try waitForChosen(Self.helmet)

        bluealsa!.stop()
        try waitUntil("the helmet gone") { $0.chosen == nil }
        XCTAssertEqual(changes.all.last?.reason, "bluez-alsa not running")
        XCTAssertFalse(try onLoop { devices.isBlueALSAPresent })

        try bluealsa!.start()
        try waitUntil("bluez-alsa back") { $0.isBlueALSAPresent && $0.absenceReason == "Helmet has no SCO PCM in bluez-alsa" }
        try bluealsa!.addPCM(device: path, codec: "mSBC", delay: 300)
        let chosen = try waitForChosen(Self.helmet)
        XCTAssertEqual(chosen.codec, "mSBC")
        XCTAssertEqual(chosen.delaySeconds, 0.03, accuracy: 1e-12)
    }

    func test_bluezQuitting_dropsTheDevice_andItsReturnBringsItBack() throws {
        let path = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: true)
        try bluealsa!.addPCM(device: path)
        let devices = try start()
        _ = try waitForChosen(Self.helmet)

        bluez!.stop()
        try waitUntil("the helmet gone") { $0.chosen == nil }
        XCTAssertEqual(changes.all.last?.reason, "BlueZ not running")
        XCTAssertFalse(try onLoop { devices.isBlueZPresent })

        bluez = try DBusMockProcess(template: "bluez5", owning: "org.bluez", on: bus!)
        try bluezCall("AddAdapter", ["'hci0'", "'head unit'"])
        try waitUntil("BlueZ back") { $0.isBlueZPresent && $0.absenceReason == "no hands-free device connected" }
        XCTAssertEqual(try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: true), path)
        _ = try waitForChosen(Self.helmet)
    }

    func test_hostileAliasOrAddress_cannotInjectIntoThePCMName() throws {
        let hostileAlias = "Helmet,PROFILE=a2dp} pcm.evil { type file {address}"
        let path = try addDevice(Self.helmet, alias: hostileAlias, uuids: [Self.handsFree], connected: true)
        try bluealsa!.addPCM(device: path)
        let devices = try start()
        let chosen = try waitForChosen(Self.helmet)
        XCTAssertEqual(chosen.pcm, "bluealsa:DEV=AA:BB:CC:DD:EE:FF,PROFILE=sco")
        XCTAssertEqual(chosen.name, hostileAlias)

        // A device whose Address is no address is no candidate: its PCM name is never made.
        try mirrorBlueZ()
        let hostileAddresses = ["AA:BB:CC:DD:EE:FF,PROFILE=a2dp", "AA:BB:CC:DD:EE:FG", "AA:BB:CC:DD:EE:FF:00",
                                " AA:BB:CC:DD:EE:FF", "AA-BB-CC-DD-EE-FF", "AA:BB:CC:DD:EE:F}", "", "AA:BB:CC:DD:EE:FF\n",
                                "AA:BB:CC:DD:EE:FF' PROFILE=a2dp", "ＡA:BB:CC:DD:EE:FF"]
        for address in hostileAddresses {
            try bluezUpdate(path, "{'Address': <\(gvariantString(address))>}")
            try waitUntilMirrored("the address \(address.debugDescription)") {
                $0[ObjectPath(stringLiteral: path)]?["org.bluez.Device1"]?["Address"]?.string == address
            }
            XCTAssertNil(try onLoop { devices.chosen }, "address \(address.debugDescription)")
            XCTAssertEqual(try onLoop { devices.absenceReason }, "no hands-free device connected", "address \(address.debugDescription)")
        }
        for change in changes.all { XCTAssertEqual(change.chosen.map(\.pcm) ?? "bluealsa:DEV=AA:BB:CC:DD:EE:FF,PROFILE=sco",
                                                   "bluealsa:DEV=AA:BB:CC:DD:EE:FF,PROFILE=sco") }

        // A lower-case valid address is upper-cased into the name.
        try bluezUpdate(path, "{'Address': <'aa:bb:cc:dd:ee:ff'>}")
        XCTAssertEqual(try waitForChosen(Self.helmet).pcm, "bluealsa:DEV=AA:BB:CC:DD:EE:FF,PROFILE=sco")
    }

    func test_malformedProperties_areIgnoredWithoutCrashing() throws {
        let path = try addDevice(Self.helmet, alias: "Helmet", uuids: [Self.handsFree], connected: true)
        // PCMs each with one property of the wrong type (Device a string, Transport a number, Mode an array): none is
        // a PCM of the device.
        let good = ["Device": "objectpath '\(path)'", "Transport": "'HFP-AG'", "Mode": "'sink'", "Codec": "'CVSD'", "Delay": "uint16 100"]
        let malformed = [("Device", "'\(path)'"), ("Transport", "uint32 1"), ("Mode", "['sink']")]
        for (index, (name, value)) in malformed.enumerated() {
            var properties = good
            properties[name] = value
            let text = "{" + properties.sorted { $0.key < $1.key }.map { "'\($0.key)': <\($0.value)>" }.joined(separator: ", ") + "}"
            try bluealsa!.addPCM(at: "/org/bluealsa/hci0/dev_AA_BB_CC_DD_EE_FF/bad\(index)/sink", properties: text)
        }
        let devices = try start()
        try mirrorBlueALSA()
        try waitUntilMirrored("the malformed PCMs") { $0.count == malformed.count }
        try waitUntil("the reason") { $0.absenceReason == "Helmet has no SCO PCM in bluez-alsa" }
        XCTAssertEqual(changes.count, 0, "\(changes.all)")

        // A good PCM whose Delay, Codec and Running then turn malformed: delay 0, no codec, not running.
        let pcm = try bluealsa!.addPCM(device: path, transport: "HSP-AG", codec: "CVSD", delay: 200)
        XCTAssertEqual(try waitForChosen(Self.helmet).delaySeconds, 0.02, accuracy: 1e-12)
        try bluealsa!.updatePCM(pcm, "{'Delay': <'soon'>, 'Codec': <uint16 2>, 'Running': <'yes'>}")
        try waitUntil("the malformed values") { $0.chosen?.delaySeconds == 0 && $0.chosen?.codec == nil }
        XCTAssertEqual(try onLoop { devices.chosen?.running }, false)

        // Connected and UUIDs of the wrong type: not a connected hands-free device.
        try bluezUpdate(path, "{'Connected': <'yes'>}")
        try waitUntil("the helmet gone") { $0.chosen == nil }
        try bluezUpdate(path, "{'Connected': <true>, 'UUIDs': <'\(Self.handsFree)'>}")
        try mirrorBlueZ()
        try waitUntilMirrored("the string UUIDs") { $0[ObjectPath(stringLiteral: path)]?["org.bluez.Device1"]?["Connected"]?.bool == true }
        XCTAssertNil(try onLoop { devices.chosen })
        try bluezUpdate(path, "{'UUIDs': <['\(Self.handsFree)']>, 'Alias': <uint32 7>}")
        let chosen = try waitForChosen(Self.helmet)
        XCTAssertEqual(chosen.name, "Helmet", "the Name when the Alias is malformed")
    }

    // MARK: - Helpers

    /// Starts following, recording every onChange.
    private func start(_ settings: HandsFreeDevices.Settings = .init()) throws -> HandsFreeDevices {
        let connection = connection!
        let changes = changes
        let devices = try onLoop {
            let devices = HandsFreeDevices(connection: connection, settings: settings) { devices in
                changes.append(Change(chosen: devices.chosen, candidates: devices.candidates.map(\.address),
                                      reason: devices.absenceReason, nanoseconds: MonotonicClock.nanoseconds(),
                                      wallClock: Date().timeIntervalSince1970))
            }
            devices.start()
            return devices
        }
        self.devices = devices
        return devices
    }

    /// Waits until `condition` holds of the devices (checked on the loop).
    private func waitUntil(_ what: String, timeout: Double = 5, file: StaticString = #filePath, line: UInt = #line,
                           _ condition: @escaping @RouteCueLoop @Sendable (HandsFreeDevices) -> Bool) throws {
        let devices = devices!
        guard PollingWait.until(timeout: timeout, { (try? onLoop { condition(devices) }) == true }) else {
            let state = try onLoop { "chosen \(String(describing: devices.chosen)), reason \(devices.absenceReason)" }
            XCTFail("\(what) within \(timeout) s: \(state); changes \(changes.all)\nbluez-alsa: \(bluealsa?.log ?? "")",
                    file: file, line: line)
            throw DBusDaemonError(message: "timed out waiting for \(what)")
        }
    }

    /// Waits until the chosen device has `address`, and returns it.
    private func waitForChosen(_ address: String, file: StaticString = #filePath, line: UInt = #line) throws -> HandsFreeDevice {
        try waitUntil("\(address) chosen", file: file, line: line) { $0.chosen?.address == address }
        return try XCTUnwrap(try onLoop { [devices] in devices?.chosen }, file: file, line: line)
    }

    /// A second client of one service on the same connection, created after the devices' own: once it holds a change,
    /// the devices have seen it too (signals reach subscriptions in the order they were made).
    private func mirror(_ service: BusName, _ path: ObjectPath) throws {
        let connection = connection!
        mirror = try onLoop {
            let client = ObjectManagerClient(connection: connection, service: service, managerPath: path) { _ in }
            client.start()
            return client
        }
    }

    private func mirrorBlueZ() throws { try mirror("org.bluez", .root) }
    private func mirrorBlueALSA() throws { try mirror("org.bluealsa", "/org/bluealsa") }

    private func waitUntilMirrored(_ what: String, file: StaticString = #filePath, line: UInt = #line,
                                   _ condition: @escaping @RouteCueLoop @Sendable ([ObjectPath: ObjectManagerClient.Interfaces]) -> Bool) throws {
        let mirror = mirror!
        guard PollingWait.until(timeout: 5, { (try? onLoop { condition(mirror.objects) }) == true }) else {
            XCTFail("\(what) not seen within 5 s: \(try onLoop { mirror.objects })", file: file, line: line)
            throw DBusDaemonError(message: "timed out waiting for \(what)")
        }
    }

    private var mock: BlueZMock {
        let bluez = bluez
        return BlueZMock(bus: bus!, log: { bluez?.log ?? "" })
    }

    /// Adds a device to the BlueZ mock with `uuids` (AddDevice leaves them empty), connected or not; its path.
    private func addDevice(_ address: String, alias: String, uuids: [String], connected: Bool) throws -> String {
        try reported { try mock.addDevice(address, alias: alias, uuids: uuids, connected: connected) }
    }

    private func bluezCall(_ method: String, _ arguments: [String]) throws {
        try reported { try mock.call(method, arguments) }
    }

    /// `org.freedesktop.DBus.Mock.UpdateProperties org.bluez.Device1 PROPERTIES` on the device at `path`.
    private func bluezUpdate(_ path: String, _ properties: String) throws {
        try reported { try mock.update(path, properties) }
    }

    /// `body`, with a failure of the mock also failing the test (with the mock's message).
    private func reported<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch {
            XCTFail("\(error)")
            throw error
        }
    }

    private func gvariantString(_ text: String) -> String { BlueZMock.gvariantString(text) }
}
