/// How a recorded drive is replayed through the engine.
public struct SimulationOptions: Sendable, Equatable {
    /// Mean delay (s) from the moment a fix describes to its arrival at RouteCue (0.1–1 s in a car).
    public var fixLatency = 0.3
    /// Uniform jitter (s) around `fixLatency`: each fix arrives `fixLatency ± fixJitter` after its receive instant.
    public var fixJitter = 0.1
    /// Seed of the jitter, so a run is reproducible.
    public var seed: UInt64 = 1
    /// How long to keep the engine running after the last fix (for cues still predicted).
    public var tailSeconds = 30.0
    /// The fix-triggered baseline: the engine is looked at only when a fix arrives (no timers), as the peers do.
    public var fixTriggeredOnly = false

    /// The defaults (300 ± 100 ms).
    public init() {}
}
