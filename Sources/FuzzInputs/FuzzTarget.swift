/// One fuzz target: its name (the fuzz executable's, the corpus folder's and the failing-cases folder's, see
/// docs/fuzzing.md) and the input function it runs.
public struct FuzzTarget: Sendable {
    /// e.g. `route-osrm`.
    public let name: String
    /// The `FuzzInputs` function.
    public let run: @Sendable ([UInt8]) -> FuzzOutcome

    /// A target named `name` running `run`.
    public init(_ name: String, _ run: @escaping @Sendable ([UInt8]) -> FuzzOutcome) {
        self.name = name
        self.run = run
    }

    /// Every target, in the order `make fuzz` runs them.
    public static let all: [FuzzTarget] = [
        FuzzTarget("json", FuzzInputs.json),
        FuzzTarget("xml", FuzzInputs.xml),
        FuzzTarget("route-auto", FuzzInputs.routeAuto),
        FuzzTarget("route-osrm", FuzzInputs.routeOSRM),
        FuzzTarget("route-valhalla", FuzzInputs.routeValhalla),
        FuzzTarget("route-graphhopper", FuzzInputs.routeGraphHopper),
        FuzzTarget("route-gpx", FuzzInputs.routeGPX),
        FuzzTarget("route-tour", FuzzInputs.routeTour),
        FuzzTarget("route-routecue", FuzzInputs.routeRouteCue),
        FuzzTarget("fixes-auto", FuzzInputs.fixesAuto),
        FuzzTarget("fixes-nmea", FuzzInputs.fixesNMEA),
        FuzzTarget("fixes-gpsd-json", FuzzInputs.fixesGPSDJSON),
        FuzzTarget("fixes-gpx", FuzzInputs.fixesGPX),
        FuzzTarget("config", FuzzInputs.configuration),
        FuzzTarget("phrase-pack", FuzzInputs.phrasePack),
        FuzzTarget("abbreviations", FuzzInputs.abbreviations),
        FuzzTarget("journal", FuzzInputs.journal),
        FuzzTarget("http-response", FuzzInputs.httpResponse),
        FuzzTarget("dbus-arguments", FuzzInputs.dbusArguments),
        FuzzTarget("wav", FuzzInputs.wav),
    ]

    /// The target named `name`.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}
