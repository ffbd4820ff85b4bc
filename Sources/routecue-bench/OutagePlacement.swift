import DriveLab
import RouteCueCore

// Where the outage benches put their GPS outages: `routecue-bench outage` (through simulate's wiring) and
// `routecue-bench daemon-drive --outage` (gpsd really killed and started again) place them the same way, so their
// figures measure the same cues.

/// A stretch without fixes before one cue, and the cue it is for.
struct PlacedOutage {
    /// Fix time (UTC) of its first missing fix's moment: fixes at `start ≤ t < end` are missing.
    var start: Double
    var end: Double
    /// Seconds between its end and the moment the cue was heard without an outage (negative: it ends after it).
    var lead: Double
    /// The cue's key (`cueKey`).
    var cue: String
}

/// The leads the outages take (`outage`: each in its own replay; `daemon-drive --outage`: in turn): seconds between
/// an outage's end and the moment its cue was due.
let outageLeads = [-2.0, -1.0, 0.5, 1.5, 3.0]

/// A cue label's identity across runs: its stage and maneuver ("range m4"), without the sequence number and error.
func cueKey(_ label: String) -> String {
    label.split(separator: " ").dropFirst().prefix(2).joined(separator: " ")
}

/// Outages of `seconds` ending a lead before each distance cue of `clean` heard while the car braked (its true
/// speed fell by at least 1.5 m/s during the outage), at least 20 s apart. The n-th outage placed ends
/// `leads[n % leads.count]` seconds before its cue was due (one lead for every outage when `leads` has one).
func placeOutages(_ clean: CueTimingEvaluation, drive: GeneratedDrive, seconds: Double, leads: [Double]) -> [PlacedOutage] {
    var placed: [PlacedOutage] = []
    for (label, start) in zip(clean.distanceCueLabels, clean.distanceCueStarts) {
        let lead = leads[placed.count % leads.count]
        let end = start - lead, begin = end - seconds
        guard drive.trueSpeed(atFixTime: begin) - drive.trueSpeed(atFixTime: end) >= 1.5 else { continue }
        if let last = placed.last, begin < last.end + 20 { continue }
        placed.append(PlacedOutage(start: begin, end: end, lead: lead, cue: cueKey(label)))
    }
    return placed
}

extension Array where Element == Fix {
    /// The fixes not measured inside one of `outages`: the outages as simulate's wiring sees them.
    func removing(_ outages: [PlacedOutage]) -> [Fix] {
        filter { fix in
            guard let t = fix.time else { return true }
            return !outages.contains { t >= $0.start && t < $0.end }
        }
    }
}
