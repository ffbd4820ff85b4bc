import EventLoopKit
import Glibc

/// The audio thread's loop: takes commands, tops up every open PCM, reports events, and sleeps in `poll`
/// on the command eventfd until the next PCM needs frames. Created and run on the audio thread only.
///
/// A PCM's own descriptors join the poll only when it is full: with avail_min one period and at most two of
/// its periods queued, the PCM is writable all the time, so the loop instead sleeps until one period is left.
final class PlaybackLoop {
    private let mailbox: PlaybackMailbox
    private let events: @Sendable (PlaybackEvent) -> Void
    private var routes: [String: PlaybackRoute] = [:]
    private var idleHoldNanoseconds: UInt64 = 2_000_000_000

    init(mailbox: PlaybackMailbox, events: @escaping @Sendable (PlaybackEvent) -> Void) {
        self.mailbox = mailbox
        self.events = events
    }

    /// Runs until shutdown is asked, then stops every clip and closes every PCM.
    func run() {
        while true {
            let (commands, isShuttingDown) = mailbox.take()
            if isShuttingDown { break }
            for command in commands { handle(command) }
            let wakes = serviceRoutes()
            sleep(until: wakes)
        }
        let now = MonotonicClock.nanoseconds()
        for name in routes.keys.sorted() {
            guard let route = routes[name] else { continue }
            for pending in route.pendingFinishes {
                events(.finished(id: pending.id, .stoppedImmediately, playedSourceFrames: pending.playedSourceFrames, monotonicNanoseconds: now))
            }
            for player in route.list {
                let played = (try? route.playedFrames()).map { player.playedSourceFrames(routePlayed: $0) } ?? 0
                events(.finished(id: player.clip.id, .stoppedImmediately, playedSourceFrames: played, monotonicNanoseconds: now))
            }
            closeRoute(name)
        }
    }

    // MARK: Commands

    private func handle(_ command: PlaybackCommand) {
        let now = MonotonicClock.nanoseconds()
        switch command {
        case .open(let request):
            do throws(ALSAError) {
                _ = try route(for: request, now: now)
            } catch {
                events(.deviceError(device: request.device, message: error.description))
            }
        case .play(let clip, let request):
            play(clip, on: request, now: now)
        case .stop(let id, let mode):
            stop(id: id, mode: mode, now: now)
        case .stopAll:
            stopAll(now: now)
        case .close:
            for route in routes.values { route.closeRequested = true }
        case .setIdleHold(let seconds):
            idleHoldNanoseconds = UInt64(max(0, seconds) * 1e9)
        }
    }

    private func play(_ clip: PlaybackClip, on request: PCMRequest, now: UInt64) {
        guard clip.channels == 1 || clip.channels == 2, clip.sampleRate > 0 else {
            let message = "clip \(clip.id): \(clip.channels) channels at \(clip.sampleRate) Hz cannot be played (1 or 2 channels, positive rate)"
            events(.finished(id: clip.id, .failed(message), playedSourceFrames: 0, monotonicNanoseconds: now))
            return
        }
        do throws(ALSAError) {
            let route = try route(for: request, now: now)
            route.closeRequested = false
            route.append(ClipPlayer(clip: clip, configuration: route.device.configuration))
        } catch {
            events(.deviceError(device: request.device, message: error.description))
            events(.finished(id: clip.id, .failed(error.description), playedSourceFrames: 0, monotonicNanoseconds: now))
        }
    }

    private func stop(id: Int, mode: PlaybackStopMode, now: UInt64) {
        for (name, route) in routes {
            guard let index = route.list.firstIndex(where: { $0.clip.id == id }) else { continue }
            let player = route.list[index]
            if index == 0 && player.deviceStart != nil {
                switch mode {
                case .atWordBoundary:
                    player.stopAtWordBoundary()
                case .immediately:
                    do throws(ALSAError) {
                        let played = player.playedSourceFrames(routePlayed: try route.playedFrames())
                        try route.dropQueued(now: now, emit: events)
                        route.remove(at: 0, now: now)
                        events(.finished(id: id, .stoppedImmediately, playedSourceFrames: played, monotonicNanoseconds: MonotonicClock.nanoseconds()))
                    } catch {
                        fail(name, error)
                    }
                }
            } else {
                route.remove(at: index, now: now)
                let outcome: PlaybackOutcome = mode == .immediately ? .stoppedImmediately : .stoppedAtWordBoundary
                events(.finished(id: id, outcome, playedSourceFrames: 0, monotonicNanoseconds: now))
            }
            return
        }
    }

    private func stopAll(now: UInt64) {
        for name in routes.keys.sorted() {
            guard let route = routes[name], !route.isIdle else { continue }
            do throws(ALSAError) {
                let played = try route.playedFrames()
                let stopped = route.list.map { ($0.clip.id, $0.playedSourceFrames(routePlayed: played)) }
                try route.dropQueued(now: now, emit: events)
                while !route.list.isEmpty { route.remove(at: route.list.count - 1, now: now) }
                let at = MonotonicClock.nanoseconds()
                for (id, frames) in stopped {
                    events(.finished(id: id, .stoppedImmediately, playedSourceFrames: frames, monotonicNanoseconds: at))
                }
            } catch {
                fail(name, error)
            }
        }
    }

    // MARK: Routes

    /// The open route for `request.device`, opened now if needed (a device stays in the shape it was first
    /// opened with until it closes).
    private func route(for request: PCMRequest, now: UInt64) throws(ALSAError) -> PlaybackRoute {
        if let route = routes[request.device] { return route }
        let route = PlaybackRoute(request: request, device: try PCMDevice(request: request), now: now)
        routes[request.device] = route
        return route
    }

    /// Tops up every route; closes those idle past the hold (or asked to close); returns their wake-ups.
    private func serviceRoutes() -> [(route: PlaybackRoute, wake: PlaybackRoute.Wake)] {
        var wakes: [(route: PlaybackRoute, wake: PlaybackRoute.Wake)] = []
        for name in routes.keys.sorted() {
            guard let route = routes[name] else { continue }
            let now = MonotonicClock.nanoseconds()
            do throws(ALSAError) {
                let wake = try route.service(now: now, emit: events)
                if route.isIdle && (route.closeRequested || now >= route.idleSince + idleHoldNanoseconds) {
                    closeRoute(name)
                    continue
                }
                var next = wake
                if route.isIdle { next.atNanoseconds = min(next.atNanoseconds, route.idleSince + idleHoldNanoseconds) }
                wakes.append((route, next))
            } catch {
                fail(name, error)
            }
        }
        return wakes
    }

    private func fail(_ name: String, _ error: ALSAError) {
        guard let route = routes[name] else { return }
        let message = error.description
        events(.deviceError(device: name, message: message))
        let now = MonotonicClock.nanoseconds()
        for pending in route.pendingFinishes {
            events(.finished(id: pending.id, .failed(message), playedSourceFrames: pending.playedSourceFrames, monotonicNanoseconds: now))
        }
        for player in route.list {
            events(.finished(id: player.clip.id, .failed(message), playedSourceFrames: 0, monotonicNanoseconds: now))
        }
        closeRoute(name)
    }

    private func closeRoute(_ name: String) {
        guard routes.removeValue(forKey: name) != nil else { return }
        events(.closed(device: name))
    }

    // MARK: Sleeping

    private func sleep(until wakes: [(route: PlaybackRoute, wake: PlaybackRoute.Wake)]) {
        var descriptors = [pollfd(fd: mailbox.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        var polled: [(PlaybackRoute, Range<Int>)] = []
        for (route, wake) in wakes where wake.needsDeviceRoom {
            let own = route.device.pollDescriptors()
            polled.append((route, descriptors.count..<(descriptors.count + own.count)))
            descriptors += own
        }
        let now = MonotonicClock.nanoseconds()
        var timeoutMilliseconds: Int32 = -1
        if let earliest = wakes.map(\.wake.atNanoseconds).min() {
            let wait = earliest > now ? earliest - now : 0
            timeoutMilliseconds = Int32(min(60_000, (wait + 999_999) / 1_000_000))
        }
        let result = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        guard result > 0 else { return }
        for (route, range) in polled {
            do throws(ALSAError) {
                let revents = try route.device.events(from: Array(descriptors[range]))
                if revents & Int16(POLLERR) != 0 { _ = try route.device.delay() }
            } catch {
                fail(route.request.device, error)
            }
        }
    }
}
