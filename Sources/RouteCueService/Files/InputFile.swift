import Foundation
import RouteCueCore

/// Reads an input file (a route, a drive, the configuration, a phrase pack), refusing files over the size limit
/// before reading them.
public enum InputFile {
    /// The bytes of `path`, or an import error naming the file (missing, unreadable, too large).
    public static func read(_ path: String, maxBytes: Int) throws(RouteImportError) -> [UInt8] {
        let name = path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw RouteImportError(file: name, message: "cannot open: no such file or not readable")
        }
        if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
            throw RouteImportError(file: name, message: "is a directory, not a file")
        }
        if let size = attributes[.size] as? NSNumber {
            do { try RouteImportError.checkSize(size.intValue, limit: maxBytes) } catch { throw error.inFile(name) }
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw RouteImportError(file: name, message: "cannot open: permission denied")
        }
        defer { try? handle.close() }
        // Read at most one byte past the limit, so a file that grew since stat is still refused.
        let data: Data
        do {
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw RouteImportError(file: name, message: "read failed: \(error.localizedDescription)")
        }
        if data.count > maxBytes {
            throw RouteImportError(file: name, message: "file is over the \(maxBytes)-byte limit")
        }
        return [UInt8](data)
    }
}
