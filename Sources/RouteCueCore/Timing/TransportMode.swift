/// How the user travels; each mode has its own stage timings.
public enum TransportMode: String, Sendable, Codable, CaseIterable {
    case car, truck, bus, taxi, scooter, bicycle, pedestrian
}

/// Which timing row applies to a maneuver: chosen from the approach road class where the route has it, else
/// from the speed, and fixed once per maneuver so stages never flip-flop between rows.
public enum TimingProfile: String, Sendable, Codable, CaseIterable {
    /// Town streets, residential roads, walking and cycling paces.
    case slowSpeed
    /// Main roads outside motorways.
    case regularSpeed
    /// Motorways and trunk roads.
    case fastSpeed
}
