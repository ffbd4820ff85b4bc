/// How recorded fixes reach RouteCue in a replay: each `fixLatency ± fixJitter` seconds (uniform, seeded) after the
/// receive instant its reader gave it, never before the fix ahead of it (gpsd delivers in order).
public enum FixDelivery {
    /// `fixes` with `received` moved to their arrival instants, in order.
    public static func arrivals(of fixes: [Fix], options: SimulationOptions) -> [Fix] {
        var jitter = SplitMix64(seed: options.seed)
        var arrivals: [Fix] = []
        arrivals.reserveCapacity(fixes.count)
        var lastArrival = MonotonicInstant.zero
        for fix in fixes {
            var delivered = fix
            let delay = max(0, options.fixLatency + options.fixJitter * jitter.nextSigned())
            var at = fix.received.advanced(bySeconds: delay)
            if at < lastArrival { at = lastArrival }
            delivered.received = at
            lastArrival = at
            arrivals.append(delivered)
        }
        return arrivals
    }
}
