// swift-tools-version:6.0
import PackageDescription

/// RouteCue: the voice-guidance process of an in-car head unit.
/// Layers as in docs/architecture.md: a pure core, one system-library target and one thin wrapper per C library,
/// the service wiring, the `routecue` executable, and test support.
let package = Package(
    name: "RouteCue",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "routecue", targets: ["routecue"]),
        .library(name: "RouteCueCore", targets: ["RouteCueCore"]),
        // For the fuzz package (Fuzz/Package.swift, `make fuzz`), whose libFuzzer executables only link with -sanitize=fuzzer.
        .library(name: "FuzzInputs", targets: ["FuzzInputs"]),
    ],
    targets: [
        // Pure domain: no C, no I/O; Glibc (Darwin) for maths only.
        .target(name: "RouteCueCore"),

        // The event loop, the monotonic clock, file descriptors and thread start: below the wrappers, so GPSD and
        // DBusKit plug into the loop without importing RouteCueService. CEventLoop exports the Linux calls Glibc lacks.
        .target(name: "CEventLoop"),
        .target(name: "EventLoopKit", dependencies: ["CEventLoop"]),

        // System libraries (Debian 12 -dev packages, found through pkg-config).
        .systemLibrary(name: "CGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CESpeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),

        // One thin typed wrapper per C library.
        .target(name: "GPSD", dependencies: ["CGPS", "EventLoopKit"]),
        .target(name: "ALSAOutput", dependencies: ["CALSA", "EventLoopKit"]),
        .target(name: "Speech", dependencies: ["CESpeakNG", "EventLoopKit"]),
        .target(name: "DBusKit", dependencies: ["CDBus", "EventLoopKit"]),
        // Plain HTTP/1.1 to a local service (the routing engine), on a thread of its own.
        .target(name: "HTTPKit", dependencies: ["EventLoopKit"]),

        // Wiring of the edges around the core.
        .target(name: "RouteCueService", dependencies: ["RouteCueCore", "EventLoopKit", "GPSD", "ALSAOutput", "Speech", "DBusKit", "HTTPKit"]),

        // The one executable.
        .executableTarget(name: "routecue", dependencies: ["RouteCueCore", "RouteCueService", "EventLoopKit", "Speech", "DBusKit"]),

        // Benchmarks run by `make bench`.
        .executableTarget(name: "routecue-bench", dependencies: ["RouteCueCore", "RouteCueService", "DriveLab", "EventLoopKit", "ALSAOutput", "Speech", "DBusKit", "HTTPKit"]),

        // Generated test drives: real route geometry driven with real recorded speed, with ground truth; the real
        // components tests and benches start (gpsd, a Valhalla routing engine on a generated map).
        .target(name: "DriveLab", dependencies: ["RouteCueCore", "EventLoopKit", "HTTPKit"]),

        // Every input RouteCue reads from outside as one function of bytes that must never crash (docs/fuzzing.md): run by
        // the fuzz package's libFuzzer executables and by EdgeTests' replay of the failing cases found.
        .target(name: "FuzzInputs", dependencies: ["RouteCueCore", "HTTPKit", "DBusKit", "RouteCueService"]),

        // Fixtures and helpers shared by the test targets; CTestHooks runs its set-up as the test bundle loads.
        .target(name: "CTestHooks"),
        .target(name: "TestSupport", dependencies: ["RouteCueCore", "DriveLab", "EventLoopKit", "HTTPKit", "CTestHooks"]),

        // Helpers both EdgeTests and IntegrationTests use (the ALSA test configuration, recorders of the audio service's
        // and the gpsd client's reports, running a ManualLoop's jobs); no process of its own.
        .target(name: "ServiceTestSupport", dependencies: ["RouteCueCore", "EventLoopKit", "ALSAOutput", "Speech", "RouteCueService", "TestSupport"],
                path: "Tests/ServiceTestSupport"),

        .testTarget(name: "RouteCueCoreTests", dependencies: ["RouteCueCore", "EventLoopKit", "TestSupport"]),
        // In the test's process only: no child process, no external service (`make test-fast` runs these and the core's).
        .testTarget(name: "EdgeTests", dependencies: ["RouteCueCore", "EventLoopKit", "DriveLab", "GPSD", "ALSAOutput", "Speech", "DBusKit", "HTTPKit", "RouteCueService", "TestSupport", "ServiceTestSupport", "FuzzInputs"]),
        // Tests that start a process or a service: dbus-daemon, python-dbusmock, gpsd, jackd, Valhalla, mpv, `routecue`.
        .testTarget(name: "IntegrationTests", dependencies: ["RouteCueCore", "EventLoopKit", "DriveLab", "ALSAOutput", "Speech", "DBusKit", "RouteCueService", "TestSupport", "ServiceTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "EventLoopKit"]),
    ],
    swiftLanguageModes: [.v6]
)
