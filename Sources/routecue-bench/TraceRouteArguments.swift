/// The arguments of the benches that drive routes with recorded speed (`timing`, `outage`, `timing-drives`):
/// `--trace FILE` (one or more), routes as the other words, and options of the bench's own that take a value.
struct TraceRouteArguments {
    /// The speed traces (`--trace`), in order.
    var traces: [String] = []
    /// The routes, in order.
    var routes: [String] = []
    /// The value of each of the bench's own options given (the last one of a repeated option).
    var values: [String: String] = [:]

    /// Reads `args`; exits with status 2 and a usage line naming `command` when there is no trace or no route.
    init(_ args: [String], command: String, options: Set<String> = [], usage: String = "--trace FILE and at least one ROUTE") {
        var i = 0
        while i < args.count {
            if args[i] == "--trace", i + 1 < args.count {
                traces.append(args[i + 1])
                i += 2
            } else if options.contains(args[i]), i + 1 < args.count {
                values[args[i]] = args[i + 1]
                i += 2
            } else {
                routes.append(args[i])
                i += 1
            }
        }
        guard !traces.isEmpty, !routes.isEmpty else { fail("\(command) needs \(usage)", status: 2) }
    }
}
