// swift-tools-version:6.0
import PackageDescription

/// RouteCue's libFuzzer targets (docs/fuzzing.md): one executable per input, each handing libFuzzer's bytes to its
/// function in the root package's `FuzzInputs`. Separate from the root package because these executables only link with
/// `--sanitize fuzzer` (libFuzzer supplies `main`); `make fuzz` (tools/fuzz.sh) builds them with `--sanitize fuzzer
/// --sanitize address -Xswiftc -sanitize=fuzzer,address` (the last flag so that swiftc instruments for both).
/// The root package is named by its folder, whatever the clone is called.
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map { $0.lowercased() } ?? "routecue"
let inputs = Target.Dependency.product(name: "FuzzInputs", package: root)

let package = Package(
    name: "RouteCueFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(name: "FuzzJSON", dependencies: [inputs]),
        .executableTarget(name: "FuzzXML", dependencies: [inputs]),
        .executableTarget(name: "FuzzRouteAuto", dependencies: [inputs]),
        .executableTarget(name: "FuzzRouteOSRM", dependencies: [inputs]),
        .executableTarget(name: "FuzzRouteValhalla", dependencies: [inputs]),
        .executableTarget(name: "FuzzRouteGraphHopper", dependencies: [inputs]),
        .executableTarget(name: "FuzzRouteGPX", dependencies: [inputs]),
        .executableTarget(name: "FuzzRouteTour", dependencies: [inputs]),
        .executableTarget(name: "FuzzRouteRouteCue", dependencies: [inputs]),
        .executableTarget(name: "FuzzFixesAuto", dependencies: [inputs]),
        .executableTarget(name: "FuzzFixesNMEA", dependencies: [inputs]),
        .executableTarget(name: "FuzzFixesGPSDJSON", dependencies: [inputs]),
        .executableTarget(name: "FuzzFixesGPX", dependencies: [inputs]),
        .executableTarget(name: "FuzzConfig", dependencies: [inputs]),
        .executableTarget(name: "FuzzPhrasePack", dependencies: [inputs]),
        .executableTarget(name: "FuzzAbbreviations", dependencies: [inputs]),
        .executableTarget(name: "FuzzJournal", dependencies: [inputs]),
        .executableTarget(name: "FuzzHTTPResponse", dependencies: [inputs]),
        .executableTarget(name: "FuzzDBusArguments", dependencies: [inputs]),
        .executableTarget(name: "FuzzWAV", dependencies: [inputs]),
    ],
    swiftLanguageModes: [.v6]
)
