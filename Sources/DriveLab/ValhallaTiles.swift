import EventLoopKit
import Foundation
import Glibc

/// Valhalla tiles of one OSM XML map, built once and cached under `ValhallaProcess.cacheRoot/valhalla-tiles/KEY`
/// (KEY: a hash of the Valhalla version and the map text; the folder keeps the map itself and is used only when its
/// text is the same), so repeated test runs reuse them. The build: `osmium cat map.osm -o map.osm.pbf`,
/// `valhalla_build_admins` (the country boundary sets the driving side), `valhalla_build_tiles`, with a config written
/// by the wheel's `valhalla_build_config.py` that names only private folders (no timezone, traffic, elevation or
/// landmark data). A build happens in a folder of its own and is renamed into place when finished, so concurrent test
/// processes and interrupted builds leave no half-built cache.
public struct ValhallaTiles: Sendable {
    /// The cache folder of this map (holding map.osm, map.osm.pbf, admins.sqlite, tiles/, build.json, build.log).
    public let directory: URL
    /// The tile folder (`mjolnir.tile_dir`).
    public var tileDirectory: URL { directory.appendingPathComponent("tiles") }
    /// The admin database (`mjolnir.admin`).
    public var adminDatabase: URL { directory.appendingPathComponent("admins.sqlite") }
    /// The config the tiles were built with.
    public var buildConfig: URL { directory.appendingPathComponent("build.json") }
    /// What the build tools printed.
    public var buildLog: URL { directory.appendingPathComponent("build.log") }
    /// True when the tiles came from the cache (no build in this call).
    public let reused: Bool
    /// Seconds this call spent building (0 when reused): osmium, valhalla_build_admins, valhalla_build_tiles.
    public let buildSeconds: Double

    /// The folder all cached tile sets live in.
    public static var cacheFolder: URL { ValhallaProcess.cacheRoot.appendingPathComponent("valhalla-tiles") }

    /// The tiles of `osmXML`, from the cache when they were built before, else built now.
    public static func forMap(_ osmXML: String) throws -> ValhallaTiles {
        _ = try ValhallaProcess.availability.get()
        let key = cacheKey(osmXML)
        let directory = cacheFolder.appendingPathComponent(key)
        if isComplete(directory, map: osmXML) { return ValhallaTiles(directory: directory, reused: true, buildSeconds: 0) }
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        let stage = cacheFolder.appendingPathComponent(".build-\(key)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.removeItem(at: stage)
        try FileManager.default.createDirectory(at: stage, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: stage) }
        let started = MonotonicClock.nanoseconds()
        try build(osmXML, in: stage)
        let seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
        // The config names absolute paths: rewrite it for the final folder before the move.
        let staged = ValhallaTiles(directory: stage, reused: false, buildSeconds: seconds)
        try writeConfig(to: staged.buildConfig, tiles: ValhallaTiles(directory: directory, reused: false, buildSeconds: 0))
        try Data("done\n".utf8).write(to: staged.directory.appendingPathComponent(".complete"))
        if isComplete(directory, map: osmXML) {
            // Another process finished the same map meanwhile: use its tiles.
            return ValhallaTiles(directory: directory, reused: true, buildSeconds: 0)
        }
        // A stale folder of the same key (another map with the same hash, or an unfinished one): replace it.
        if FileManager.default.fileExists(atPath: directory.path) {
            try? FileManager.default.removeItem(at: directory)
        }
        if rename(stage.path, directory.path) != 0, !isComplete(directory, map: osmXML) {
            throw ValhallaError(message: "cannot move the tiles from \(stage.path) to \(directory.path): errno \(errno)")
        }
        return ValhallaTiles(directory: directory, reused: false, buildSeconds: seconds)
    }

    /// Writes a Valhalla config for `tiles` with `valhalla_build_config.py`, naming private folders only: the service
    /// listens on `listen` (`tcp://127.0.0.1:PORT`), its loopback, interrupt and worker sockets are `ipc://` paths in
    /// `socketFolder` (the defaults, ipc:///tmp/…, collide between services), and it drains for 0 s on SIGTERM.
    /// Without a socket folder (a build config) the sockets would be in the tile folder.
    public static func writeConfig(to file: URL, tiles: ValhallaTiles, listen: String = "tcp://127.0.0.1:0",
                                   socketFolder: URL? = nil) throws {
        let sockets = "ipc://" + (socketFolder ?? tiles.directory).path
        let arguments = [ValhallaProcess.buildConfigScript.path,
                         "--mjolnir-tile-dir", tiles.tileDirectory.path,
                         "--mjolnir-tile-extract", tiles.directory.appendingPathComponent("tiles.tar").path,
                         "--mjolnir-admin", tiles.adminDatabase.path,
                         "--mjolnir-timezone", "",
                         "--mjolnir-traffic-extract", "",
                         "--mjolnir-landmarks", "",
                         "--additional-data-elevation", "",
                         "--mjolnir-transit-dir", tiles.directory.appendingPathComponent("transit").path,
                         "--mjolnir-transit-feeds-dir", tiles.directory.appendingPathComponent("transit_feeds").path,
                         "--mjolnir-concurrency", "1",
                         "--loki-service-defaults-mvt-cache-dir", "",
                         "--httpd-service-listen", listen,
                         "--httpd-service-loopback", "\(sockets)/loopback",
                         "--httpd-service-interrupt", "\(sockets)/interrupt",
                         "--httpd-service-drain-seconds", "0",
                         "--httpd-service-shutdown-seconds", "1",
                         "--loki-service-proxy", "\(sockets)/loki",
                         "--thor-service-proxy", "\(sockets)/thor",
                         "--odin-service-proxy", "\(sockets)/odin",
                         "--meili-service-proxy", "\(sockets)/meili"]
        let result = try CommandRunner.run("python3", arguments)
        guard result.status == 0, result.stdout.contains("\"mjolnir\"") else {
            throw ValhallaError(message: "valhalla_build_config.py failed (status \(result.status)): \(result.stderr)")
        }
        try Data(result.stdout.utf8).write(to: file)
    }

    // MARK: - Building

    private static func build(_ osmXML: String, in directory: URL) throws {
        let tiles = ValhallaTiles(directory: directory, reused: false, buildSeconds: 0)
        let map = directory.appendingPathComponent("map.osm"), pbf = directory.appendingPathComponent("map.osm.pbf")
        try Data(osmXML.utf8).write(to: map)
        try FileManager.default.createDirectory(at: tiles.tileDirectory, withIntermediateDirectories: true)
        try writeConfig(to: tiles.buildConfig, tiles: tiles)
        var log = ""
        func step(_ tool: String, _ arguments: [String]) throws {
            let result = try CommandRunner.run(tool, arguments)
            log += "$ \(([tool] + arguments).joined(separator: " "))\n\(result.stdout)\(result.stderr)\n"
            try? Data(log.utf8).write(to: tiles.buildLog)
            guard result.status == 0 else {
                throw ValhallaError(message: "\((tool as NSString).lastPathComponent) failed with status \(result.status): \(String(result.stderr.suffix(2000)))")
            }
        }
        try step("osmium", ["cat", map.path, "-o", pbf.path, "--overwrite"])
        try step(ValhallaProcess.tool("valhalla_build_admins").path, ["-c", tiles.buildConfig.path, pbf.path])
        try step(ValhallaProcess.tool("valhalla_build_tiles").path, ["-c", tiles.buildConfig.path, "-j", "1", pbf.path])
        let produced = FileManager.default.enumerator(atPath: tiles.tileDirectory.path)?.contains { ($0 as? String)?.hasSuffix(".gph") == true } ?? false
        guard produced else { throw ValhallaError(message: "valhalla_build_tiles wrote no tile; log: \(log.suffix(2000))") }
    }

    private static func isComplete(_ directory: URL, map: String) -> Bool {
        let fm = FileManager.default
        guard fm.fileExists(atPath: directory.appendingPathComponent(".complete").path),
              let stored = fm.contents(atPath: directory.appendingPathComponent("map.osm").path) else { return false }
        return stored == Data(map.utf8)
    }

    /// 64-bit FNV-1a of the Valhalla version and the text, as 16 hex digits (a folder name; equality of the stored
    /// map text is checked on reuse, so a collision costs a rebuild, never wrong tiles).
    static func cacheKey(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array("valhalla \(ValhallaProcess.version)\n".utf8) + Array(text.utf8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
