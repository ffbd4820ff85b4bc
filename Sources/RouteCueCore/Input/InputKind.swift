/// The kind of input an `InputError` is about: which file or answer RouteCue could not take.
public enum InputKind: String, Sendable, CaseIterable {
    /// A route document: OSRM, Valhalla, GraphHopper, a tour, RouteCue JSON or GPX (`RouteReader`), or a route
    /// file being written.
    case route
    /// A recorded-fix file: NMEA 0183, gpsd JSON or a GPX track (`FixReader`).
    case fixes
    /// The configuration file (`RouteCueConfiguration`), including a value only the service can check (the
    /// routing engine's URL).
    case configuration
    /// A phrase pack, or the folder of phrase packs (`PhrasePack`).
    case phrasePack = "phrase_pack"
    /// An abbreviation table of RouteCue's own (`Abbreviations`).
    case abbreviations
    /// OSRM text instructions: a translation, its grammar or abbreviations, or a step compiled with them.
    case textInstructions = "text_instructions"
    /// The cue log: a line read back, or the file written.
    case cueLog = "cue_log"
    /// The state directory and the files RouteCue keeps in it (the ducking record).
    case stateDirectory = "state_directory"
    /// The routing engine: a request that failed, or an answer that cannot be used.
    case routingEngine = "routing_engine"
}
