import DBusKit
import EventLoopKit
import Foundation
import Glibc
import RouteCueService
import TestSupport
import XCTest

/// DBusKit against a private dbus-daemon: a service connection owns a name and exports `TestBusObject`, a client
/// connection calls it. Values of every type survive the round trip, errors travel both ways, a call nobody answers
/// times out on the loop's clock, and a peer that vanishes mid-call ends the call at once.
final class DBusKitCallTests: XCTestCase {
    private var bus: DBusDaemonProcess?
    private var service: BusConnection?
    private var client: BusConnection?
    private var object: TestBusObject?

    override func setUpWithError() throws {
        try DBusDaemonProcess.require()
        let bus = try DBusDaemonProcess(.session)
        self.bus = bus
        let service = try connectToBus(bus.address)
        self.service = service
        client = try connectToBus(bus.address)
        object = try onLoop { try TestBusObject(on: service) }
        let reply = Awaited<Result<NameRequestReply, BusError>>()
        try onLoop { service.requestName(TestBusObject.name) { reply.set($0) } }
        XCTAssertEqual(try reply.wait().get(), .primaryOwner)
    }

    override func tearDown() {
        let (service, client) = (service, client)
        _ = try? onLoop {
            service?.close()
            client?.close()
        }
        object = nil
        bus?.stop()
        super.tearDown()
    }

    private func call(_ member: MemberName, _ arguments: [DBusValue] = [], timeout: Double = 5) throws -> Result<[DBusValue], BusError> {
        try callAndWait(client!, TestBusObject.name, TestBusObject.path, TestBusObject.interface, member, arguments, timeout: timeout)
    }

    func test_connections_haveUniqueNames_andTheBusListsThem() throws {
        let (service, client) = (service!, client!)
        let names = try onLoop { (service.uniqueName, client.uniqueName) }
        XCTAssertTrue(names.0.hasPrefix(":") && names.1.hasPrefix(":") && names.0 != names.1, "\(names)")
        let listed = try callAndWait(client, .bus, "/org/freedesktop/DBus", .bus, "ListNames").get()
        let all = Set(listed.first?.elements?.compactMap(\.string) ?? [])
        XCTAssertTrue(all.isSuperset(of: ["org.freedesktop.DBus", "org.routecue.Test", names.0, names.1]), "\(all)")
        XCTAssertTrue(try onLoop { client.canPassFileDescriptors })
    }

    func test_valuesOfEveryType_surviveTheRoundTrip() throws {
        let nested: DBusValue = .structure([
            .byte(255), .boolean(true), .int16(-32768), .uint16(65535), .int32(-7), .uint32(4_000_000_000),
            .int64(Int64.min), .uint64(UInt64.max), .double(-0.125), .string("Straße Ø 東京 \u{1F697}"),
            .objectPath("/org/routecue/Guidance"), .signature("a{sv}"),
            .array(.string, []), .array(.double, [.double(1.5), .double(2.5)]),
            .vardict(["road": .string("Ringstraße"), "leg": .uint32(2), "location": .structure([.double(48.2), .double(16.37)])]),
            .dictionary(key: .uint32, value: .array(.string), [.init(.uint32(1), .strings(["a", "b"]))]),
            .variant(.variant(.int32(42))),
        ])
        let reply = try call("Echo", [.variant(nested)]).get()
        XCTAssertEqual(reply, [.variant(nested)])
    }

    func test_aStringWithNUL_isRefusedBeforeSending() throws {
        XCTAssertEqual(failure(try call("Echo", [.variant(.string("a\u{0}b"))]))?.name, BusError.Standard.invalidArgs.rawValue)
        XCTAssertEqual(try call("Echo", [.variant(.string("still answers"))]).get(), [.variant(.string("still answers"))])
    }

    func test_errorsTravelBothWays_withTheirNamesAndMessages() throws {
        let custom = failure(try call("Fail", [.string("org.routecue.Error.BadRoute"), .string("routes[0].legs: missing")]))
        XCTAssertEqual(custom, BusError(name: "org.routecue.Error.BadRoute", message: "routes[0].legs: missing"))

        let wrongSignature = failure(try call("Echo", [.string("not a variant")]))
        XCTAssertEqual(wrongSignature, BusError(.invalidArgs, "Echo takes (v), not (s)"))

        XCTAssertEqual(failure(try call("Nope"))?.name, BusError.Standard.unknownMethod.rawValue)
        let wrongObject = failure(try callAndWait(client!, TestBusObject.name, "/org/routecue/Nothing", TestBusObject.interface, "Echo"))
        XCTAssertEqual(wrongObject?.name, BusError.Standard.unknownObject.rawValue)
        let wrongInterface = failure(try callAndWait(client!, TestBusObject.name, TestBusObject.path, "org.routecue.Other1", "Echo"))
        XCTAssertEqual(wrongInterface?.name, BusError.Standard.unknownInterface.rawValue)
        let nobody = failure(try callAndWait(client!, "org.routecue.Absent", "/", "org.routecue.Absent1", "Start"))
        XCTAssertEqual(nobody?.name, BusError.Standard.serviceUnknown.rawValue)
        // The service answers as before.
        XCTAssertEqual(try call("Echo", [.variant(.uint32(7))]).get(), [.variant(.uint32(7))])
    }

    func test_aCallNobodyAnswers_timesOutWithNoReply_andTheLoopKeepsRunning() throws {
        let started = MonotonicClock.nanoseconds()
        let outcome = Awaited<Result<[DBusValue], BusError>>()
        let ticks = Collected<UInt64>()
        let client = client!
        try onLoop {
            client.call(destination: TestBusObject.name, path: TestBusObject.path, interface: TestBusObject.interface,
                        member: "Never", timeout: 0.3) { outcome.set($0) }
            for i in 1...5 {
                try RouteCueLoop.loop.schedule(atNanoseconds: started + UInt64(i) * 50_000_000) { ticks.append(MonotonicClock.nanoseconds()) }
            }
        }
        let error = failure(try outcome.wait())
        let elapsed = Double(MonotonicClock.nanoseconds() - started) / 1e9
        XCTAssertEqual(error?.name, BusError.Standard.noReply.rawValue, "\(String(describing: error))")
        XCTAssertEqual(elapsed, 0.3, accuracy: 0.15)
        XCTAssertEqual(ticks.count, 5, "the loop's timers ran while the call waited")
    }

    func test_aPeerVanishingMidCall_endsTheCallAtOnce() throws {
        let outcome = Awaited<Result<[DBusValue], BusError>>()
        let (client, service) = (client!, service!)
        let object = object!
        try onLoop {
            client.call(destination: TestBusObject.name, path: TestBusObject.path, interface: TestBusObject.interface,
                        member: "Never", timeout: 20) { outcome.set($0) }
        }
        XCTAssertTrue(PollingWait.until(timeout: 5) { (try? onLoop { object.held.count }) == 1 })
        let closed = MonotonicClock.nanoseconds()
        try onLoop { service.close() }
        let error = failure(try outcome.wait(5))
        let waited = Double(MonotonicClock.nanoseconds() - closed) / 1e9
        print(String(format: "peer vanished mid-call: the call ended %.1f ms later with %@", waited * 1000, error?.description ?? "-"))
        XCTAssertEqual(error?.name, BusError.Standard.noReply.rawValue, "the bus answers for a recipient that left")
        XCTAssertLessThan(waited, 1, "not the 20 s timeout")
        XCTAssertFalse(try onLoop { service.isConnected })
        // The unanswered invocation, dropped, tries to reply on a closed connection: nothing happens.
        try onLoop { object.held.removeAll() }
    }

    func test_aFileDescriptor_isPassed_andReadByThePeer() throws {
        let path = NSTemporaryDirectory() + "routecue-fd-\(getpid()).txt"
        try Data("route document via fd".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let passed = UnixFD(taking: fd)
        XCTAssertEqual(try call("ReadFd", [.unixFD(passed)]).get(), [.string("route document via fd")])
    }

    func test_aBurstOf1000Calls_isAnsweredInOrder() throws {
        let replies = Collected<UInt32>()
        let errors = Collected<BusError>()
        let client = client!
        try onLoop {
            for i in 0..<1000 {
                client.call(destination: TestBusObject.name, path: TestBusObject.path, interface: TestBusObject.interface,
                            member: "Echo", arguments: [.variant(.uint32(UInt32(i)))]) { result in
                    switch result {
                    case .success(let values): replies.append(UInt32(values.first?.unwrapped.integer ?? -1))
                    case .failure(let error): errors.append(error)
                    }
                }
            }
        }
        XCTAssertTrue(PollingWait.until(timeout: 20) { replies.count + errors.count == 1000 })
        XCTAssertEqual(errors.all, [])
        XCTAssertEqual(replies.all, (0..<1000).map(UInt32.init))
    }
}
