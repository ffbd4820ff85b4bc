import Foundation
import RouteCueCore

/// The example drive the repository carries (`examples/`), which `make demo` uses and a fresh clone has.
public enum BundledExample {
    /// `examples/grid-trip.osrm.json`: 7 km, seven maneuvers, German street names.
    public static func route() throws -> Route {
        let url = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip.osrm.json")
        return try RouteReader.read(Array(try Data(contentsOf: url)), name: "grid-trip.osrm.json")
    }
}

extension BundledExample {
    /// `examples/grid-trip-drive.nmea`: the example route driven, 422 fixes at 1 Hz.
    public static func drive() throws -> [Fix] {
        let url = SharedData.repositoryRoot.appendingPathComponent("examples/grid-trip-drive.nmea")
        return try FixReader.read(Array(try Data(contentsOf: url)), name: "grid-trip-drive.nmea").fixes
    }
}
