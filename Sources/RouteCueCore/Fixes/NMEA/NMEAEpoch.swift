/// The RMC and GGA sentences of one receiver epoch (same UTC time of day), merged into one fix.
struct NMEAEpoch {
    /// UTC seconds since midnight, when the sentences carry a time.
    var timeOfDay: Double?
    /// The line of the epoch's first sentence.
    var line: Int
    var rmc: RMCRecord?
    var gga: GGARecord?
    /// Garmin's error estimates, which follow the epoch's RMC/GGA without a time of their own.
    var pgrme: PGRMERecord?
    /// A receiver restart banner came just before this epoch.
    var afterRestart = false

    /// True when a sentence of this time and kind belongs to this epoch: same time (or both without), and
    /// the epoch has no sentence of that kind yet.
    func accepts(timeOfDay t: Double?, isRMC: Bool) -> Bool {
        guard t == timeOfDay else { return false }
        return isRMC ? rmc == nil : gga == nil
    }

    /// The merged fix: RMC gives time, date, speed and course; GGA altitude, satellites, HDOP and quality;
    /// Garmin's PGRME, where present, the receiver's own error estimates (else they derive from the HDOP).
    /// The position comes from whichever sentence is valid (RMC first). `time` is resolved by the caller.
    func fix(time: Double?, received: MonotonicInstant) -> Fix {
        let rmcValid = rmc.map { $0.valid && $0.position != nil } ?? false
        let ggaValid = gga?.valid ?? false
        let position = rmcValid ? rmc?.position : (ggaValid ? gga?.position : nil)
        guard let position else {
            return Fix(time: time, received: received, mode: .noFix, status: .unknown, satellitesUsed: gga?.satellites)
        }
        let altitude = ggaValid ? gga?.altitudeMSL : nil
        var hae: Double?
        if let altitude, let separation = gga?.geoidSeparation { hae = altitude + separation }
        let status: FixStatus = ggaValid ? gga!.status : (rmc?.status ?? .gps)
        return Fix(time: time, received: received, position: position,
                   altitudeMSL: altitude, altitudeHAE: hae,
                   speed: rmcValid ? rmc?.speed : nil, course: rmcValid ? rmc?.course : nil,
                   mode: altitude == nil ? .twoD : .threeD, status: status,
                   errors: errors(ggaValid: ggaValid),
                   satellitesUsed: gga?.satellites)
    }

    private func errors(ggaValid: Bool) -> FixErrorEstimates {
        let hdop = ggaValid ? gga?.hdop : nil
        if let pgrme, pgrme.horizontal != nil { return pgrme.estimates(hdop: hdop) }
        return .fromHDOP(hdop)
    }
}
