import CGPS
import EventLoopKit
import Glibc

/// A client connection to gpsd through libgps (gpsd 3.22, API 11), living on RouteCue's event loop: the blocking
/// `gps_open` (name lookup and TCP connect, which can hang on a remote host) runs on a thread of its own, the socket
/// is then made non-blocking and registered on the loop, and every complete report is read with `gps_read` and
/// handed to the watcher as a `GPSDEvent`, synchronously on the loop. The loop never blocks on gpsd.
@RouteCueLoop
public final class GPSDConnection {
    /// The host and port connected to.
    public let host: String
    public let port: String
    private var data: UnsafeMutablePointer<gps_data_t>?
    private var registration: DescriptorRegistration?
    private var handler: (@RouteCueLoop (GPSDEvent) -> Void)?
    /// libgps 3.22 buffers at most this many bytes of one line (2 × GPS_JSON_RESPONSE_MAX, as its recv shows); a line
    /// that long without a newline makes `gps_read` fail without a word.
    static let lineLimit = 20_480
    /// Each report is copied into this one (as long as libgps's buffer) to check it and read its class.
    private var message = [CChar](repeating: 0, count: GPSDConnection.lineLimit + 1)

    private init(host: String, port: String, data: UnsafeMutablePointer<gps_data_t>) {
        self.host = host
        self.port = port
        self.data = data
    }

    /// Connects to gpsd at `host`:`port` on a thread of its own; `completion` runs on the loop with the connection
    /// (not yet watching) or the reason it failed.
    public static func open(host: String, port: String,
                            completion: @escaping @RouteCueLoop (Result<GPSDConnection, GPSDError>) -> Void) {
        let start = { @Sendable () -> Void in
            let data = UnsafeMutablePointer<gps_data_t>.allocate(capacity: 1)
            data.initialize(to: gps_data_t())
            let status = gps_open(host, port, data)
            let failure: GPSDError? = status == 0 ? nil
                : GPSDError("connect to \(host):\(port)", reason: String(cString: gps_errstr(errno)))
            if failure != nil { data.deallocate() }
            let handed = HandedOver(data)
            try? RouteCueLoop.loop.execute {
                RouteCueLoop.assumeIsolated {
                    if let failure {
                        completion(.failure(failure))
                    } else {
                        completion(.success(GPSDConnection(host: host, port: port, data: handed.data)))
                    }
                }
            }
        }
        do {
            let thread = try SystemThread(name: "routecue-gpsd", start)
            thread.detach()
        } catch {
            completion(.failure(GPSDError("connect to \(host):\(port)", reason: "\(error)")))
        }
    }

    /// Asks gpsd for its reports as JSON (`gps_stream(WATCH_ENABLE | WATCH_JSON)`) and hands each one to `handler`, on
    /// the loop, until the connection ends (`.closed`, after which it is closed and deregistered).
    public func watch(_ handler: @escaping @RouteCueLoop (GPSDEvent) -> Void) throws(GPSDError) {
        guard let data else { throw GPSDError("watch \(host):\(port)", reason: "the connection is closed") }
        guard gps_stream(data, routecue_WATCH_ENABLE | routecue_WATCH_JSON, nil) == 0 else {
            throw GPSDError("watch \(host):\(port)", reason: String(cString: strerror(errno)))
        }
        let fd = data.pointee.gps_fd
        do {
            try FileDescriptor.setNonBlocking(fd)
            // libgps opens its socket without close-on-exec: a child started later would hold the connection open.
            try FileDescriptor.setCloseOnExec(fd)
        } catch {
            throw GPSDError("watch \(host):\(port)", reason: "\(error)")
        }
        self.handler = handler
        registration = RouteCueLoop.loop.register(fd: fd, interest: .read) { [weak self] _ in
            RouteCueLoop.assumeIsolated { self?.readReports() }
        }
    }

    /// Closes the connection (`gps_close`); no event follows.
    public func close() {
        if let registration { RouteCueLoop.loop.deregister(registration) }
        registration = nil
        handler = nil
        if let data {
            _ = gps_close(data)
            data.deallocate()
        }
        data = nil
    }

    #if compiler(>=6.2)
    isolated deinit { close() }
    #else
    deinit { RouteCueLoop.deinitTeardown { close() } }  // Swift 6.0: no isolated deinit
    #endif

    /// Reads every complete report the socket holds (each `gps_read` unpacks one line). libgps takes any line that
    /// does not start with `{` as an empty packet and a truncated or malformed JSON object as a partial report, so
    /// a line that is not a whole JSON object with a class is refused here: the connection is dropped with
    /// `.unreadable`, not read as a report of no fix.
    private func readReports() {
        while let data, let handler {
            message[0] = 0
            data.pointee.set = 0
            let status = message.withUnsafeMutableBufferPointer { gps_read(data, $0.baseAddress, Int32($0.count)) }
            let readError = errno
            if status == 0 { return }
            let line = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            if status < 0 {
                let reason: String
                if readError != 0 {
                    reason = String(cString: strerror(readError))
                } else if Self.peerClosed(data.pointee.gps_fd) {
                    reason = "gpsd closed the connection"
                } else {
                    // libgps's buffer is full and holds no newline (gps_read fails with errno 0 then, as at end of file).
                    let why = "a line longer than libgps's \(Self.lineLimit)-byte buffer"
                    handler(.unreadable(line: Self.bufferedPrefix(data), why: why))
                    reason = "gpsd sent \(why)"
                }
                close()
                handler(.closed(reason: reason))
                return
            }
            guard Self.isReport(line) else {
                let why = "a line that is not a gpsd JSON report"
                handler(.unreadable(line: String(line.prefix(200)), why: why))
                close()
                handler(.closed(reason: "gpsd sent \(why)"))
                return
            }
            handler(.report(report(from: data.pointee, line: line)))
        }
    }

    /// True when `line` is a whole JSON object with a `"class"` (all gpsd sends with WATCH_JSON): `{`, `}` last, a
    /// class name, and no NUL cut it short (libgps copies up to the first NUL only).
    static func isReport(_ line: String) -> Bool {
        var bytes = Array(line.utf8)
        while let last = bytes.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") { bytes.removeLast() }
        guard bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return false }
        return !className(of: line).isEmpty
    }

    /// True when the peer has closed `fd` (a peek reads end of file); false when data or nothing is waiting.
    private static func peerClosed(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    /// The first 200 bytes libgps holds (its buffer is full, so they are there and not NUL-terminated before).
    private static func bufferedPrefix(_ data: UnsafeMutablePointer<gps_data_t>) -> String {
        guard let buffer = gps_data(data) else { return "" }
        let length = strnlen(buffer, 200)
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The report `line` was unpacked into `data` as.
    private func report(from data: gps_data_t, line: String) -> GPSDReport {
        switch Self.className(of: line) {
        case "TPV":
            let fix = data.fix
            func value(_ x: Double) -> Double? { x.isFinite ? x : nil }
            let time = fix.time.tv_sec == 0 && fix.time.tv_nsec == 0 ? nil
                : Double(fix.time.tv_sec) + Double(fix.time.tv_nsec) / 1e9
            return .tpv(GPSDFix(
                device: Self.string(data.dev.path), mode: GPSDMode(rawValue: Int(fix.mode)) ?? .notSeen,
                status: Int(fix.status), time: time, latitude: value(fix.latitude), longitude: value(fix.longitude),
                altitudeMSL: value(fix.altMSL), altitudeHAE: value(fix.altHAE), speed: value(fix.speed),
                track: value(fix.track), climb: value(fix.climb), eph: value(fix.eph), epx: value(fix.epx),
                epy: value(fix.epy), epv: value(fix.epv), eps: value(fix.eps), epd: value(fix.epd), ept: value(fix.ept)))
        case "DEVICE":
            let activated = data.dev.activated.tv_sec != 0 || data.dev.activated.tv_nsec != 0
            return .device(path: Self.string(data.dev.path), activated: activated)
        case "DEVICES":
            var paths: [String] = []
            withUnsafeBytes(of: data.devices.list) { raw in
                let list = raw.bindMemory(to: devconfig_t.self)
                for index in 0..<min(Int(data.devices.ndevices), list.count) { paths.append(Self.string(list[index].path)) }
            }
            return .devices(paths)
        case "VERSION":
            return .version(release: Self.string(data.version.release),
                            protocol: "\(data.version.proto_major).\(data.version.proto_minor)")
        case let other:
            return .other(className: other)
        }
    }

    /// The `"class"` of a JSON report line.
    static func className(of line: String) -> String {
        let key = Array("\"class\":\"".utf8)
        let bytes = Array(line.utf8)
        guard bytes.count >= key.count else { return "" }
        for start in 0...(bytes.count - key.count) where bytes[start..<(start + key.count)].elementsEqual(key) {
            let value = bytes[(start + key.count)...].prefix { $0 != UInt8(ascii: "\"") }
            return String(decoding: value, as: UTF8.self)
        }
        return ""
    }

    /// A C char array field (a tuple in Swift) as a string.
    private static func string<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let end = bytes.firstIndex(of: 0) ?? bytes.count
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
    }
}

/// What a watched connection tells its watcher.
public enum GPSDEvent: Sendable, Equatable {
    /// A report.
    case report(GPSDReport)
    /// A line that is no gpsd report (garbage on the socket, `why` says how; `line` is its start); the connection
    /// is closed next.
    case unreadable(line: String, why: String)
    /// The connection ended (gpsd went away, an error, garbage); it is closed and deregistered.
    case closed(reason: String)
}

/// libgps's state moving from the connecting thread to the loop: only the loop touches it afterwards.
private struct HandedOver: @unchecked Sendable {
    let data: UnsafeMutablePointer<gps_data_t>
    init(_ data: UnsafeMutablePointer<gps_data_t>) { self.data = data }
}
