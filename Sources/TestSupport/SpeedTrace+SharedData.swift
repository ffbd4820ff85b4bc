@_exported import DriveLab

extension SpeedTrace {
    /// Reads a recorded drive from the shared test data, e.g. `SpeedTrace.shared(SpeedTrace.swissDrive)`.
    public static func shared(_ relativePath: String, step: Double = 0.1) throws -> SpeedTrace {
        try read(try SharedData.bytes(relativePath), name: relativePath, step: step)
    }
}
