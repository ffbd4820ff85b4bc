/// Places NMEA epochs on the UTC time line. RMC carries a date, GGA only a time of day, so:
/// - an epoch with a date (from a valid RMC; from any RMC when no valid one has one) uses it;
/// - other epochs take the date of their neighbour, going forward from the first dated epoch (and backwards
///   for the epochs before it), moving one day on whenever the time of day wraps by more than 12 hours
///   (midnight rollover in either direction);
/// - with no date anywhere, the given fallback date (options, or a gpsd log `# Date:` header) stands for the
///   first timed epoch; without one, UTC stays unknown (`nil`) and only a relative clock is kept.
struct NMEATimeline {
    /// UTC Unix seconds per epoch, where known.
    private(set) var utc: [Double?]
    /// Seconds on a consistent scale (UTC when known, else relative days + time of day) for the receive clock.
    private(set) var clock: [Double?]
    /// True when no date could be found or assumed.
    private(set) var dateUnknown = false

    init(epochs: [NMEAEpoch], fallbackDate: CivilDate?) {
        utc = Array(repeating: nil, count: epochs.count)
        clock = Array(repeating: nil, count: epochs.count)
        let anyValidDate = epochs.contains { ($0.rmc?.valid ?? false) && $0.rmc?.date != nil }
        func date(_ e: NMEAEpoch) -> CivilDate? {
            guard let rmc = e.rmc, rmc.valid || !anyValidDate else { return nil }
            return rmc.date
        }
        var days: [Int?] = Array(repeating: nil, count: epochs.count)
        let first = epochs.indices.first { epochs[$0].timeOfDay != nil && date(epochs[$0]) != nil }
        let anchored = first != nil || fallbackDate != nil
        var start = first ?? epochs.indices.first { epochs[$0].timeOfDay != nil }
        if let s = start, first == nil { days[s] = fallbackDate?.daysSinceEpoch ?? 0 }
        if let s = start, let d = date(epochs[s]) { days[s] = d.daysSinceEpoch }

        func step(from previous: (day: Int, tod: Double), to tod: Double) -> Int {
            let delta = tod - previous.tod
            if delta < -43_200 { return previous.day + 1 }
            if delta > 43_200 { return previous.day - 1 }
            return previous.day
        }
        if let s = start, let sDay = days[s], let sTod = epochs[s].timeOfDay {
            var current = (day: sDay, tod: sTod)
            var i = s - 1
            while i >= 0 {
                if let tod = epochs[i].timeOfDay {
                    let day = date(epochs[i])?.daysSinceEpoch ?? step(from: current, to: tod)
                    days[i] = day
                    current = (day, tod)
                }
                i -= 1
            }
            current = (sDay, sTod)
            i = s + 1
            while i < epochs.count {
                if let tod = epochs[i].timeOfDay {
                    let day = date(epochs[i])?.daysSinceEpoch ?? step(from: current, to: tod)
                    days[i] = day
                    current = (day, tod)
                }
                i += 1
            }
        } else {
            start = nil
        }
        for i in epochs.indices {
            guard let day = days[i], let tod = epochs[i].timeOfDay else { continue }
            let seconds = Double(day) * CivilDate.secondsPerDay + tod
            clock[i] = seconds
            if anchored { utc[i] = seconds }
        }
        dateUnknown = !anchored && start != nil
    }
}
