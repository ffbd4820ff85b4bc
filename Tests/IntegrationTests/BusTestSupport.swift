import DBusKit
import EventLoopKit
import Glibc
import RouteCueService
import TestSupport
import XCTest

/// A value loop code sets and the test thread waits for.
final class Awaited<T: Sendable>: Sendable {
    private let slot = LockedValue<T?>(nil)

    func set(_ value: T) { slot.withLock { $0 = value } }
    var value: T? { slot.withLock { $0 } }

    /// The value, once set (within `timeout` seconds); fails the test otherwise.
    func wait(_ timeout: Double = 5, _ what: String = "the result", file: StaticString = #filePath, line: UInt = #line) throws -> T {
        guard PollingWait.until(timeout: timeout, { value != nil }) else {
            XCTFail("\(what) did not arrive within \(timeout) s", file: file, line: line)
            throw DBusDaemonError(message: "timed out waiting for \(what)")
        }
        return value!
    }
}

/// Values loop code appends and the test reads.
final class Collected<T: Sendable>: Sendable {
    private let items = LockedValue<[T]>([])
    func append(_ item: T) { items.withLock { $0.append(item) } }
    var all: [T] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }
}

/// Runs `body` on the loop and waits for it.
@discardableResult
func onLoop<T: Sendable>(_ body: @escaping @RouteCueLoop @Sendable () throws -> T) throws -> T {
    try RouteCueLoop.runAndWait(body)
}

/// Connects to `address` (a private bus) and waits for the connection.
func connectToBus(_ address: String, file: StaticString = #filePath, line: UInt = #line) throws -> BusConnection {
    let outcome = Awaited<Result<BusConnection, BusError>>()
    try onLoop { BusConnection.connect(.address(address)) { outcome.set($0) } }
    return try outcome.wait(10, "the connection to \(address)", file: file, line: line).get()
}

/// Calls a method from the test thread and waits for the reply's values or error.
func callAndWait(_ connection: BusConnection, _ destination: BusName, _ path: ObjectPath, _ interface: InterfaceName,
                 _ member: MemberName, _ arguments: [DBusValue] = [], timeout: Double = 5,
                 file: StaticString = #filePath, line: UInt = #line) throws -> Result<[DBusValue], BusError> {
    let outcome = Awaited<Result<[DBusValue], BusError>>()
    try onLoop {
        connection.call(destination: destination, path: path, interface: interface, member: member,
                        arguments: arguments, timeout: timeout) { outcome.set($0) }
    }
    return try outcome.wait(timeout + 5, "the reply to \(member)", file: file, line: line)
}

/// Reads one property (`org.freedesktop.DBus.Properties.Get`) from the test thread: its value out of the variant, or nil
/// when the call fails.
func propertyAndWait(_ connection: BusConnection, _ destination: BusName, _ path: ObjectPath, _ interface: InterfaceName,
                     _ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> DBusValue? {
    let reply = try callAndWait(connection, destination, path, .properties, "Get", [.string(interface.rawValue), .string(name)],
                                file: file, line: line)
    guard case .success(let values) = reply, case .variant(let inner)? = values.first else { return nil }
    return inner
}

/// The error of a result that must be one.
func failure<T>(_ result: Result<T, BusError>, file: StaticString = #filePath, line: UInt = #line) -> BusError? {
    if case .failure(let error) = result { return error }
    XCTFail("expected an error, got \(result)", file: file, line: line)
    return nil
}

/// An object exported for the tests (`org.routecue.Test1` at `/org/routecue/Test`): echoes, fails as told, never
/// answers, reads a passed descriptor; a read-write `Count`, a read-only `Label`; the signal `Ping`.
@RouteCueLoop
final class TestBusObject {
    nonisolated static let name: BusName = "org.routecue.Test"
    nonisolated static let path: ObjectPath = "/org/routecue/Test"
    nonisolated static let interface: InterfaceName = "org.routecue.Test1"

    var count: UInt32 = 0
    var label = "test object"
    /// Invocations left unanswered by `Never`.
    var held: [MethodInvocation] = []
    let connection: BusConnection

    init(on connection: BusConnection) throws {
        self.connection = connection
        try connection.export([interfaceDescription()], at: Self.path)
    }

    private func interfaceDescription() -> ExportedInterface {
        ExportedInterface(
            name: Self.interface,
            methods: [
                ExportedMethod("Echo", inputs: [DBusArgument("value", .variant)], outputs: [DBusArgument("value", .variant)]) { call in
                    call.reply(call.arguments)
                },
                ExportedMethod("Fail", inputs: [DBusArgument("name", .string), DBusArgument("message", .string)]) { call in
                    call.fail(BusError(name: call.arguments[0].string!, message: call.arguments[1].string!))
                },
                ExportedMethod("Never") { [weak self] call in self?.held.append(call) },
                ExportedMethod("ReadFd", inputs: [DBusArgument("fd", .unixFD)], outputs: [DBusArgument("text", .string)]) { call in
                    guard case .unixFD(let fd) = call.arguments[0] else { return call.fail(BusError(.invalidArgs, "no fd")) }
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    let n = pread(fd.descriptor, &buffer, buffer.count, 0)
                    call.reply([.string(String(decoding: buffer.prefix(max(0, n)), as: UTF8.self))])
                },
            ],
            properties: [
                ExportedProperty("Count", .uint32, get: { [weak self] in .uint32(self?.count ?? 0) }, set: { [weak self] value throws(BusError) in
                    guard case .uint32(let n) = value, n <= 1000 else { throw BusError(.invalidArgs, "Count must be 0…1000") }
                    self?.count = n
                    try self?.connection.emitPropertiesChanged(path: Self.path, interface: Self.interface, changed: ["Count": value])
                }),
                ExportedProperty("Label", .string, get: { [weak self] in .string(self?.label ?? "") }),
            ],
            signals: [ExportedSignal("Ping", [DBusArgument("text", .string)])])
    }
}
