/// Choices a user can make when reading a recorded-fix file.
public struct FixReadOptions: Sendable, Equatable {
    /// Read as this format instead of detecting it from the content.
    public var format: FixFormat?
    /// The limits of the readers (the configuration's `import`): size, and for gpsd JSON and GPX nesting and string
    /// length, for NMEA the line length.
    public var limits = ImportLimits()
    /// Files larger than this are rejected before parsing (default 64 MB, as for routes; `limits.maxFileBytes`).
    public var maxBytes: Int {
        get { limits.maxFileBytes }
        set { limits.maxFileBytes = newValue }
    }
    /// The UTC date of the first epoch, for NMEA streams that never give one (GGA only, no RMC; ZDA is not read).
    /// Without it such streams get `time == nil`, unless a gpsd log header (`# Date: YYYY-MM-DD`) says it.
    public var date: CivilDate?

    /// Default options: detect the format, 64 MB limit, no date given.
    public init(format: FixFormat? = nil, maxBytes: Int = ImportOptions.defaultMaxBytes, date: CivilDate? = nil) {
        self.format = format
        self.date = date
        self.limits.maxFileBytes = maxBytes
    }

    /// Options with these limits (format detected, no date given).
    public init(limits: ImportLimits) {
        self.limits = limits
    }
}
