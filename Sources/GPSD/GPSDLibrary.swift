import CGPS

/// Facts about the libgps this binary was built against (`GPSD_API_MAJOR_VERSION`, `GPSD_API_MINOR_VERSION`).
public enum GPSDLibrary {
    /// The gpsd client API version, e.g. "11.0" for gpsd 3.21/3.22.
    public static var apiVersion: String { "\(routecue_GPSD_API_MAJOR).\(routecue_GPSD_API_MINOR)" }
    /// The TCP port gpsd listens on by default (`DEFAULT_GPSD_PORT`).
    public static var defaultPort: String { String(cString: routecue_DEFAULT_GPSD_PORT) }
}
