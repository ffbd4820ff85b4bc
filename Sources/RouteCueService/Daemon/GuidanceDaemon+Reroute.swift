import EventLoopKit
import RouteCueCore

extension GuidanceDaemon {
    /// Serves a reroute request in-process with the routing engine (the car off the route, or SkipDestination): the
    /// car's position and course to the waypoints still ahead (`RerouteTour`), asked off the loop. The answer replaces
    /// the route (the engine's new generation: no departure cue, nothing already said repeated) unless the car came
    /// back onto the old route meanwhile or another route was loaded. A failure is logged and the back-off's next request (`RouteProgress`) asks again; while one
    /// request is out, the next is not sent. `RerouteNeeded` goes out on D-Bus either way, for a UI that routes itself.
    func reroute(_ request: RerouteRequest) {
        guard let bytes = RerouteTour.document(for: request) else {
            log.warning("reroute needed (\(request.reason)) but there is \(request.position == nil ? "no position" : "no waypoint left") to route")
            return
        }
        guard !rerouting else {
            log.info("reroute needed (\(request.reason), attempt \(request.attempt)): the routing engine has not answered the last request yet")
            return
        }
        rerouting = true
        let generation = guidance?.engine.routeGeneration
        let asked = RouteCueLoop.loop.now
        let options = RerouteTour.options(for: request, base: config.importOptions)
        log.info("rerouting (\(request.reason), attempt \(request.attempt)) to \(request.remainingWaypoints.count) waypoint\(request.remainingWaypoints.count == 1 ? "" : "s") through the routing engine")
        defer { publishProperties() }
        routeImporter.read(bytes, name: "reroute", options: options) { [weak self] result in
            guard let self, !self.stopping else { return }
            self.rerouting = false
            self.publishProperties()
            let ms = Int((RouteCueLoop.loop.now.seconds(since: asked) * 1000).rounded())
            let engine = self.guidance?.engine
            let answer = RerouteAnswer.verdict(on: request, askedAt: generation, current: engine?.routeGeneration,
                                               state: engine?.progress.state ?? .acquiring)
            if answer == .dropAnotherRouteLoaded {
                self.log.info("reroute answer after \(ms) ms dropped: \(answer.dropReason)")
                return
            }
            switch result {
            case .success(let route):
                guard answer == .take else {
                    self.log.info("reroute answer after \(ms) ms dropped: \(answer.dropReason)")
                    return
                }
                self.load(route, from: "the routing engine after \(ms) ms (reroute attempt \(request.attempt))")
            case .failure(let error):
                self.log.warning("reroute failed after \(ms) ms: \(error); asking again after the back-off")
            }
        }
    }
}
