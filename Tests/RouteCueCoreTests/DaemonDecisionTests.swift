import RouteCueCore
import XCTest

/// The decisions `routecue run` takes, as values of the core: which audio route plays, the prompt policy during a
/// call, whether a reroute answer replaces the route, which D-Bus property changes go out now, and the reroute
/// reason an off-route episode asks with.
final class DaemonDecisionTests: XCTestCase {
    // MARK: Audio route

    func test_theRequestedRoute_playsWhenItHasADevice() {
        let choice = AudioRouteChoice(requested: .handsFree, requestedPCM: "bluealsa:DEV=00:11,PROFILE=sco",
                                      defaultPCM: "hw:0", reason: "requested") { XCTFail("not asked"); return "" }
        XCTAssertEqual(choice, AudioRouteChoice(active: .handsFree, pcm: "bluealsa:DEV=00:11,PROFILE=sco", why: "requested"))
    }

    func test_handsFreeWithoutADevice_fallsBackToDefault_sayingWhyTheDeviceIsAbsent() {
        let choice = AudioRouteChoice(requested: .handsFree, requestedPCM: nil, defaultPCM: "hw:0", reason: "start") {
            "phone disconnected"
        }
        XCTAssertEqual(choice, AudioRouteChoice(active: .default, pcm: "hw:0", why: "phone disconnected"))
    }

    func test_anotherRouteWithoutADevice_fallsBackToALSAsDefault_namingTheRoute() {
        let choice = AudioRouteChoice(requested: .speaker, requestedPCM: nil, defaultPCM: nil, reason: "start") { "unused" }
        XCTAssertEqual(choice, AudioRouteChoice(active: .default, pcm: "default", why: "route speaker has no device"))
    }

    func test_routeNames_areTheConfigurationsAndDBusNames() {
        XCTAssertEqual(AudioRouteName.allCases.map(\.rawValue), ["default", "speaker", "hfp"])
        XCTAssertEqual(RouteCueConfiguration.audioRouteNames, ["default", "speaker", "hfp"])
    }

    // MARK: Prompts during a call

    func test_withoutACall_theUIsSettingsOverrideTheConfiguration() {
        let configured = OutputPolicy(promptStyle: .normal, volume: 0.8)
        let policy = configured.inForce(ui: UIAudioSettings(muted: true, promptStyle: .short, volume: 0.5), call: .none,
                                        inCallStyle: .tone)
        XCTAssertEqual(policy, OutputPolicy(muted: true, promptStyle: .short, volume: 0.5, call: .none))
        XCTAssertEqual(configured.inForce(ui: UIAudioSettings(), call: .none, inCallStyle: .none), configured)
    }

    func test_duringACall_theQuieterOfTheInCallAndTheUIsStyleHolds() {
        let configured = OutputPolicy(promptStyle: .normal)
        XCTAssertEqual(configured.inForce(ui: UIAudioSettings(), call: .ongoing, inCallStyle: .tone).promptStyle, .tone)
        XCTAssertEqual(configured.inForce(ui: UIAudioSettings(promptStyle: PromptStyle.none), call: .ongoing, inCallStyle: .tone).promptStyle,
                       .none, "the UI's quieter style stays")
        XCTAssertEqual(configured.inForce(ui: UIAudioSettings(promptStyle: .short), call: .ongoing, inCallStyle: .normal).promptStyle,
                       .short, "an in-call style louder than the UI's does not raise it")
    }

    func test_aCallOnTheHandsFreeLinkCuesPlayOn_silencesPrompts_andTheMusicIsNotDucked() {
        let call = CallPresence(inCall: true, outputIsHandsFree: true)
        XCTAssertEqual(call, .onOutputLink)
        XCTAssertEqual(CallPresence(inCall: true, outputIsHandsFree: false), .ongoing)
        XCTAssertEqual(CallPresence(inCall: false, outputIsHandsFree: true), CallPresence.none)
        let policy = OutputPolicy().inForce(ui: UIAudioSettings(), call: call, inCallStyle: .tone)
        XCTAssertFalse(policy.promptsAudible)
        XCTAssertEqual(policy.verdict(for: .speech(text: "Turn left", language: "en-US")), .veto(OutputReason.callOnOutputLink))
        XCTAssertTrue(OutputPolicy().inForce(ui: UIAudioSettings(), call: .ongoing, inCallStyle: .tone).promptsAudible)
        XCTAssertFalse(OutputPolicy().inForce(ui: UIAudioSettings(muted: true), call: .none, inCallStyle: .tone).promptsAudible)
    }

    // MARK: Reroute answers

    private func request(_ reason: RerouteReason) -> RerouteRequest {
        RerouteRequest(reason: reason, position: Coordinate(latitude: 52.5, longitude: 13.4), course: 90,
                       remainingWaypoints: [], attempt: 1)
    }

    func test_anOffRouteAnswer_isTakenWhileOffRoute_andDroppedOnceBackOnTheRoute() {
        for reason in [RerouteReason.offRoute, .wrongWay] {
            XCTAssertEqual(RerouteAnswer.verdict(on: request(reason), askedAt: 2, current: 2, state: .offRoute), .take)
            XCTAssertEqual(RerouteAnswer.verdict(on: request(reason), askedAt: 2, current: 2, state: .onRoute), .dropBackOnTheRoute)
        }
    }

    func test_aSkippedStopsAnswer_andATourRest_areTakenOnTheRouteToo() {
        for reason in [RerouteReason.waypointSkipped, .tourContinues] {
            XCTAssertEqual(RerouteAnswer.verdict(on: request(reason), askedAt: 0, current: 0, state: .onRoute), .take)
        }
    }

    func test_anAnswerAfterAnotherRouteWasLoaded_isDropped() {
        XCTAssertEqual(RerouteAnswer.verdict(on: request(.offRoute), askedAt: 1, current: 2, state: .offRoute), .dropAnotherRouteLoaded)
        XCTAssertEqual(RerouteAnswer.verdict(on: request(.offRoute), askedAt: 1, current: nil, state: .offRoute), .dropAnotherRouteLoaded)
        XCTAssertEqual(RerouteAnswer.dropAnotherRouteLoaded.dropReason, "another route was loaded meanwhile")
    }

    func test_offRouteReasons_askWithTheirRerouteReason_andReadAsSentences() {
        XCTAssertEqual(OffRouteReason.allCases.map(\.rerouteReason), [.offRoute, .wrongWay, .offRoute, .offRoute])
        XCTAssertEqual(OffRouteReason.wrongWay.description, "driving the wrong way (U-turn)")
        XCTAssertEqual(RerouteReason.allCases.map(\.code), ["off_route", "wrong_way", "waypoint_skipped", "tour_continues"])
    }

    // MARK: Property changes

    func test_changesOfState_goOutAtOnce_distancesAtMostOnceASecond_aHeldOneWithTheNextBatch() {
        var throttle = PropertyChangeThrottle<String, Double>(positionDriven: ["DistanceRemaining"])
        let t0 = MonotonicInstant(nanoseconds: 10_000_000_000)
        var sent = throttle.changes(in: ["State": 1, "DistanceRemaining": 500], at: t0)
        XCTAssertEqual(sent.send, ["State": 1, "DistanceRemaining": 500])
        XCTAssertNil(sent.lookAgainAt)
        sent = throttle.changes(in: ["State": 1, "DistanceRemaining": 500], at: t0.advanced(bySeconds: 0.1))
        XCTAssertEqual(sent.send, [:], "nothing changed, nothing sent")
        sent = throttle.changes(in: ["State": 2, "DistanceRemaining": 490], at: t0.advanced(bySeconds: 0.4))
        XCTAssertEqual(sent.send, ["State": 2], "the state at once, the distance held")
        XCTAssertEqual(sent.lookAgainAt, t0.advanced(bySeconds: 1))
        sent = throttle.changes(in: ["State": 2, "DistanceRemaining": 480], at: t0.advanced(bySeconds: 1))
        XCTAssertEqual(sent.send, ["DistanceRemaining": 480])
        XCTAssertNil(sent.lookAgainAt)
        XCTAssertEqual(throttle.published, ["State": 2, "DistanceRemaining": 480])
    }

    func test_afterEverythingWasSent_onlyChangesFollow_andTheSecondCountsFromThen() {
        var throttle = PropertyChangeThrottle<String, Double>(positionDriven: ["DistanceRemaining"])
        let t0 = MonotonicInstant(nanoseconds: 5_000_000_000)
        throttle.sentAll(["State": 1, "DistanceRemaining": 300], at: t0)
        let sent = throttle.changes(in: ["State": 1, "DistanceRemaining": 290], at: t0.advanced(bySeconds: 0.5))
        XCTAssertEqual(sent.send, [:])
        XCTAssertEqual(sent.lookAgainAt, t0.advanced(bySeconds: 1))
    }
}
