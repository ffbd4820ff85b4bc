@testable import RouteCueCore
import TestSupport
import XCTest

/// Issue 5 "Output queue": priorities, preemption at a word boundary, clear / skip / stop, deadlines, the
/// should-play policy and the order of the delegate events, on a virtual clock with the audio side's reports
/// sent by hand.
final class OutputQueueTests: XCTestCase {
    typealias K = OutputQueueKit

    // MARK: Starting and order

    func test_enqueue_whenIdle_consultsPolicy_thenAnnouncesAndStarts_thenDidPlayOnFinish() {
        var q = OutputQueue()
        let r = K.speech(1, .guidance)
        XCTAssertEqual(q.handle(.enqueue(r), at: K.t(0)), [
            .event(.shouldPlay(id: 1, verdict: .play)),
            .event(.willPlay(id: 1, rendition: .asIs)),
            .start(r, rendition: .asIs, volume: 1),
        ])
        XCTAssertEqual(q.current, r)
        XCTAssertEqual(q.handle(.started(id: 1), at: K.t(0.05)), [])
        XCTAssertEqual(q.handle(.finished(id: 1, nil), at: K.t(2)), [.event(.didPlay(id: 1, outcome: .completed))])
        XCTAssertNil(q.current)
    }

    func test_samePriority_playsFIFO_oneAtATime() {
        var q = OutputQueue()
        var log = K.Log()
        for id in 1...4 { log.record(q.handle(.enqueue(K.speech(id, .message)), at: K.t(0))) }
        XCTAssertEqual(log.startedIDs, [1], "only one output plays at a time")
        XCTAssertEqual(q.queued.map(\.id), [2, 3, 4])
        for id in 1...4 { log.record(q.handle(.finished(id: id, nil), at: K.t(Double(id)))) }
        XCTAssertEqual(log.startedIDs, [1, 2, 3, 4])
        XCTAssertEqual(log.outcomes.count, 4)
        XCTAssertTrue(log.outcomes.values.allSatisfy { $0 == .completed })
    }

    func test_waitingOutputs_playHigherPriorityFirst_FIFOWithinEach() {
        var q = OutputQueue()
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .urgent)), at: K.t(0)))
        let order: [(Int, OutputPriority)] = [(2, .message), (3, .guidance), (4, .application), (5, .message),
                                              (6, .urgent), (7, .guidance)]
        for (id, p) in order { log.record(q.handle(.enqueue(K.speech(id, p)), at: K.t(0.1))) }
        XCTAssertEqual(log.stops, [], "nothing outranks an urgent output")
        XCTAssertEqual(q.queued.map(\.id), [6, 3, 7, 2, 5, 4])
        var t = 1.0
        while let id = q.current?.id {
            log.record(q.handle(.finished(id: id, nil), at: K.t(t)))
            t += 1
        }
        XCTAssertEqual(log.startedIDs, [1, 6, 3, 7, 2, 5, 4])
    }

    // MARK: Preemption

    func test_higherPriority_preemptsAtWordBoundary_andStartsWhenTheStoppedOneHasEnded() {
        var q = OutputQueue()
        let message = K.speech(1, .message)
        let action = K.speech(2, .urgent)
        _ = q.handle(.enqueue(message), at: K.t(0))
        _ = q.handle(.started(id: 1), at: K.t(0.05))
        XCTAssertEqual(q.handle(.enqueue(action), at: K.t(1)), [.stop(id: 1, .atWordBoundary), .prepare(action)],
                       "the message stops after its word; the action waits for it, its PCM rendered meanwhile")
        XCTAssertEqual(q.currentStopMode, .atWordBoundary)
        XCTAssertEqual(q.handle(.finished(id: 1, .stopped(.atWordBoundary)), at: K.t(1.2)), [
            .event(.didPlay(id: 1, outcome: .interrupted(OutputReason.preempted(by: 2)))),
            .event(.shouldPlay(id: 2, verdict: .play)),
            .event(.willPlay(id: 2, rendition: .asIs)),
            .start(action, rendition: .asIs, volume: 1),
        ])
        XCTAssertEqual(q.queued, [], "a preempted output is not requeued")
        XCTAssertEqual(q.handle(.finished(id: 2, nil), at: K.t(3)), [.event(.didPlay(id: 2, outcome: .completed))])
        XCTAssertNil(q.current, "the interrupted message is not resumed")
    }

    func test_equalOrLowerPriority_doesNotPreempt() {
        for waiting in [OutputPriority.guidance, .message, .application] {
            var q = OutputQueue()
            _ = q.handle(.enqueue(K.speech(1, .guidance)), at: K.t(0))
            let actions = q.handle(.enqueue(K.speech(2, waiting)), at: K.t(0.5))
            XCTAssertFalse(actions.contains { if case .stop = $0 { true } else { false } }, "\(waiting)")
            XCTAssertNil(q.currentStopMode)
        }
    }

    func test_secondHigherOutput_doesNotStopTwice_andTheBestWaitingOneFollows() {
        var q = OutputQueue()
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .application)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(2, .guidance)), at: K.t(0.1)))
        log.record(q.handle(.enqueue(K.speech(3, .urgent)), at: K.t(0.2)))
        XCTAssertEqual(log.stops, [.stop(id: 1, .atWordBoundary)])
        log.record(q.handle(.finished(id: 1, .stopped(.atWordBoundary)), at: K.t(0.3)))
        XCTAssertEqual(log.startedIDs, [1, 3])
        XCTAssertEqual(log.outcomes[1], .interrupted(OutputReason.preempted(by: 2)))
    }

    func test_preemptedOutput_thatEndsBeforeItsNextWordBoundary_reportsCompleted() {
        var q = OutputQueue()
        _ = q.handle(.enqueue(K.speech(1, .message)), at: K.t(0))
        _ = q.handle(.enqueue(K.speech(2, .urgent)), at: K.t(1))
        let actions = q.handle(.finished(id: 1, nil), at: K.t(1.01))
        XCTAssertEqual(actions.first, .event(.didPlay(id: 1, outcome: .completed)))
        XCTAssertEqual(q.current?.id, 2)
    }

    func test_urgentOutput_thatCannotMeetItsDeadline_doesNotPreempt_andIsCancelled() {
        var q = OutputQueue(startLatency: 0.1)
        _ = q.handle(.enqueue(K.speech(1, .message)), at: K.t(0))
        let late = K.speech(2, .urgent, deadline: 1.05)
        XCTAssertEqual(q.handle(.enqueue(late), at: K.t(1)), [
            .event(.didPlay(id: 2, outcome: .cancelled(OutputReason.deadlinePassed))),
        ])
        XCTAssertNil(q.currentStopMode, "the message goes on")
    }

    // MARK: Clear, skip, stop, play

    func test_skipCurrent_stopsImmediately_andTheNextFollowsOnFinish() {
        var q = OutputQueue()
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .message)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(2, .message)), at: K.t(0)))
        XCTAssertEqual(q.handle(.skipCurrent, at: K.t(1)), [.stop(id: 1, .immediately)])
        log.record(q.handle(.finished(id: 1, .stopped(.immediately)), at: K.t(1.005)))
        XCTAssertEqual(log.outcomes[1], .interrupted(OutputReason.skipped))
        XCTAssertEqual(log.startedIDs, [1, 2])
    }

    func test_skipCurrent_escalatesAWordBoundaryStop_toImmediate() {
        var q = OutputQueue()
        _ = q.handle(.enqueue(K.speech(1, .message)), at: K.t(0))
        XCTAssertEqual(q.handle(.enqueue(K.speech(2, .urgent)), at: K.t(1)).first, .stop(id: 1, .atWordBoundary))
        XCTAssertEqual(q.handle(.skipCurrent, at: K.t(1.01)), [.stop(id: 1, .immediately)])
        XCTAssertEqual(q.handle(.skipCurrent, at: K.t(1.02)), [], "already stopping at once")
        XCTAssertEqual(q.currentStopMode, .immediately)
    }

    func test_supersedeCurrent_stopsAtAWordBoundary_andTheNextFollowsOnFinish() {
        var q = OutputQueue()
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .message)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(2, .message)), at: K.t(0)))
        XCTAssertEqual(q.handle(.supersedeCurrent, at: K.t(1)), [.stop(id: 1, .atWordBoundary)])
        XCTAssertEqual(q.handle(.supersedeCurrent, at: K.t(1.01)), [], "already stopping there")
        log.record(q.handle(.finished(id: 1, .stopped(.atWordBoundary)), at: K.t(1.2)))
        XCTAssertEqual(log.outcomes[1], .interrupted(OutputReason.superseded))
        XCTAssertEqual(log.startedIDs, [1, 2])
        XCTAssertEqual(q.handle(.supersedeCurrent, at: K.t(1.3)), [.stop(id: 2, .atWordBoundary)])
    }

    func test_skipCurrent_whenIdle_doesNothing() {
        var q = OutputQueue()
        XCTAssertEqual(q.handle(.skipCurrent, at: K.t(0)), [])
    }

    func test_clearQueue_cancelsWaiting_andLetsCurrentPlayOn() {
        var q = OutputQueue()
        _ = q.handle(.enqueue(K.speech(1, .message)), at: K.t(0))
        _ = q.handle(.enqueue(K.speech(2, .message)), at: K.t(0))
        _ = q.handle(.enqueue(K.speech(3, .application)), at: K.t(0))
        XCTAssertEqual(q.handle(.clearQueue, at: K.t(1)), [
            .event(.didPlay(id: 2, outcome: .cancelled(OutputReason.queueCleared))),
            .event(.didPlay(id: 3, outcome: .cancelled(OutputReason.queueCleared))),
        ])
        XCTAssertEqual(q.current?.id, 1)
        XCTAssertEqual(q.handle(.finished(id: 1, nil), at: K.t(2)), [.event(.didPlay(id: 1, outcome: .completed))])
    }

    func test_stopAndClear_cancelsWaiting_stopsImmediately_andNothingFollows() {
        var q = OutputQueue()
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .message)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(2, .guidance)), at: K.t(0)))
        XCTAssertEqual(log.stops, [.stop(id: 1, .atWordBoundary)])
        log.record(q.handle(.stopAndClear, at: K.t(0.5)))
        XCTAssertEqual(log.stops.last, .stop(id: 1, .immediately))
        XCTAssertEqual(log.outcomes[2], .cancelled(OutputReason.stopped))
        log.record(q.handle(.finished(id: 1, .stopped(.immediately)), at: K.t(0.51)))
        XCTAssertEqual(log.outcomes[1], .interrupted(OutputReason.stopped))
        XCTAssertEqual(log.startedIDs, [1])
        XCTAssertNil(q.current)
    }

    func test_play_clearsQueue_stopsCurrentImmediately_andPlaysNext_evenAtLowerPriority() {
        var q = OutputQueue()
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .urgent)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(2, .guidance)), at: K.t(0)))
        let app = K.request(3, .application(name: "ui-click"), .application)
        let actions = q.handle(.play(app), at: K.t(0.5))
        log.record(actions)
        XCTAssertEqual(Array(actions.prefix(2)), [
            .event(.didPlay(id: 2, outcome: .cancelled(OutputReason.replaced))),
            .stop(id: 1, .immediately),
        ])
        log.record(q.handle(.finished(id: 1, .stopped(.immediately)), at: K.t(0.505)))
        XCTAssertEqual(log.outcomes[1], .interrupted(OutputReason.replaced))
        XCTAssertEqual(log.startedIDs, [1, 3])
    }

    func test_play_whenIdle_startsAtOnce() {
        var q = OutputQueue()
        let r = K.speech(9, .message)
        XCTAssertEqual(q.handle(.play(r), at: K.t(0)).last, .start(r, rendition: .asIs, volume: 1))
    }

    // MARK: Deadlines

    func test_outputThatCannotBeHeardByItsDeadline_isCancelled_neverConsultedNorStarted() {
        var q = OutputQueue(startLatency: 0.2)
        let actions = q.handle(.enqueue(K.speech(1, .urgent, deadline: 10.1)), at: K.t(10))
        XCTAssertEqual(actions, [.event(.didPlay(id: 1, outcome: .cancelled(OutputReason.deadlinePassed)))])
        XCTAssertNil(q.current)
    }

    func test_outputExactlyInTime_starts() {
        var q = OutputQueue(startLatency: 0.2)
        let r = K.speech(1, .urgent, deadline: 10.2)
        XCTAssertEqual(q.handle(.enqueue(r), at: K.t(10)).last, .start(r, rendition: .asIs, volume: 1))
    }

    func test_waitingOutput_isCancelledAtNextWakeup_whileAnotherPlays() {
        var q = OutputQueue(startLatency: 0.05)
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .urgent)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(2, .guidance, deadline: 2)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(3, .guidance, deadline: 5)), at: K.t(0)))
        XCTAssertEqual(q.nextWakeup, K.t(1.95), "deadline minus start latency")
        log.record(q.handle(.tick, at: K.t(1.949)))
        XCTAssertNil(log.outcomes[2])
        log.record(q.handle(.tick, at: K.t(1.95)))
        XCTAssertEqual(log.outcomes[2], .cancelled(OutputReason.deadlinePassed))
        XCTAssertEqual(q.nextWakeup, K.t(4.95))
        log.record(q.handle(.finished(id: 1, nil), at: K.t(3)))
        XCTAssertEqual(log.startedIDs, [1, 3], "the cancelled one never starts")
        XCTAssertNil(q.nextWakeup)
    }

    func test_waitingOutput_thatMissedItsWakeup_isCancelledOnTheNextInput_notStartedLate() {
        var q = OutputQueue(startLatency: 0.05)
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .message)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(2, .message, deadline: 1)), at: K.t(0)))
        log.record(q.handle(.finished(id: 1, nil), at: K.t(0.99)))
        XCTAssertEqual(log.startedIDs, [1])
        XCTAssertEqual(log.outcomes[2], .cancelled(OutputReason.deadlinePassed))
    }

    func test_startLatency_change_movesTheWakeup() {
        var q = OutputQueue(startLatency: 0.05)
        _ = q.handle(.enqueue(K.speech(1, .urgent)), at: K.t(0))
        _ = q.handle(.enqueue(K.speech(2, .message, deadline: 3)), at: K.t(0))
        _ = q.handle(.setStartLatency(0.65), at: K.t(0.1))
        XCTAssertEqual(q.nextWakeup, K.t(2.35))
        _ = q.handle(.setStartLatency(-.infinity), at: K.t(0.2))
        XCTAssertEqual(q.startLatency, 0)
        XCTAssertEqual(q.nextWakeup, K.t(3))
    }

    // MARK: Should-play policy

    func test_muted_vetoesWithReason_andTheNextIsConsultedInTurn() {
        var q = OutputQueue(policy: OutputPolicy(muted: true))
        XCTAssertEqual(q.handle(.enqueue(K.speech(1, .urgent)), at: K.t(0)), [
            .event(.shouldPlay(id: 1, verdict: .veto(OutputReason.muted))),
            .event(.didPlay(id: 1, outcome: .cancelled(OutputReason.muted))),
        ])
        XCTAssertNil(q.current)
    }

    func test_promptStyleNone_vetoesSpeechFilesAndApplicationAudio() {
        var q = OutputQueue(policy: OutputPolicy(promptStyle: PromptStyle.none))
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .urgent)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.request(2, .audioFile(path: "/usr/share/sounds/x.wav"), .guidance)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.request(3, .application(name: "ui"), .application)), at: K.t(0)))
        XCTAssertEqual(log.startedIDs, [])
        XCTAssertEqual(log.outcomes, [1: .cancelled(OutputReason.promptStyleNone), 2: .cancelled(OutputReason.promptStyleNone),
                                      3: .cancelled(OutputReason.promptStyleNone)])
    }

    func test_toneStyle_turnsSpeechIntoAChime_butPlaysFilesAndApplicationAudioAsTheyAre() {
        var q = OutputQueue(policy: OutputPolicy(promptStyle: .tone))
        let speech = K.speech(1, .urgent)
        XCTAssertEqual(q.handle(.enqueue(speech), at: K.t(0)), [
            .event(.shouldPlay(id: 1, verdict: .tone)),
            .event(.willPlay(id: 1, rendition: .tone)),
            .start(speech, rendition: .tone, volume: 1),
        ])
        for (id, content) in [(2, OutputContent.audioFile(path: "/x.wav")), (3, .application(name: "ui"))] {
            _ = q.handle(.finished(id: id - 1, nil), at: K.t(Double(id)))
            let r = K.request(id, content, .guidance)
            XCTAssertEqual(q.handle(.enqueue(r), at: K.t(Double(id))).last, .start(r, rendition: .asIs, volume: 1))
        }
    }

    func test_shortStyle_playsTheEnginesWordsAsTheyAre() {
        var q = OutputQueue(policy: OutputPolicy(promptStyle: .short))
        let r = K.speech(1, .urgent)
        XCTAssertEqual(q.handle(.enqueue(r), at: K.t(0)).last, .start(r, rendition: .asIs, volume: 1))
    }

    func test_volumeFactor_isAppliedAtStart_andClamped() {
        for (volume, expected) in [(0.3, 0.3), (1.7, 1.0), (-0.2, 0.0), (Double.nan, 1.0)] {
            var q = OutputQueue(policy: OutputPolicy(volume: volume))
            let r = K.speech(1, .message)
            XCTAssertEqual(q.handle(.enqueue(r), at: K.t(0)).last, .start(r, rendition: .asIs, volume: expected), "\(volume)")
        }
    }

    func test_policyVetoWhilePlaying_stopsImmediately_andWaitingOnesAreVetoedInTurn() {
        var q = OutputQueue()
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .message)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(2, .message)), at: K.t(0)))
        log.record(q.handle(.setPolicy(OutputPolicy(promptStyle: PromptStyle.none)), at: K.t(1)))
        XCTAssertEqual(log.stops, [.stop(id: 1, .immediately)], "never speak into a call")
        log.record(q.handle(.finished(id: 1, .stopped(.immediately)), at: K.t(1.01)))
        XCTAssertEqual(log.outcomes, [1: .interrupted(OutputReason.promptStyleNone), 2: .cancelled(OutputReason.promptStyleNone)])
        XCTAssertEqual(log.startedIDs, [1])
    }

    func test_policyChangeToTone_letsTheCurrentFinish_andAppliesFromTheNextStart() {
        var q = OutputQueue()
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .message)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(2, .message)), at: K.t(0)))
        log.record(q.handle(.setPolicy(OutputPolicy(promptStyle: .tone, volume: 0.5)), at: K.t(1)))
        XCTAssertEqual(log.stops, [])
        log.record(q.handle(.finished(id: 1, nil), at: K.t(2)))
        XCTAssertEqual(log.starts.last, .start(K.speech(2, .message), rendition: .tone, volume: 0.5))
    }

    // MARK: Reports from the audio side

    func test_failed_cancelsWithTheMessage_andTheNextStarts() {
        var q = OutputQueue()
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .message)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(2, .message)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(3, .message)), at: K.t(0)))
        log.record(q.handle(.failed(id: 3, message: "synthesis failed: no voice"), at: K.t(0.1)))
        XCTAssertEqual(q.queued.map(\.id), [2], "a waiting output that failed to render is cancelled")
        log.record(q.handle(.failed(id: 1, message: "device unplugged"), at: K.t(0.2)))
        XCTAssertEqual(log.outcomes[1], .cancelled("device unplugged"))
        XCTAssertEqual(log.outcomes[3], .cancelled("synthesis failed: no voice"))
        XCTAssertEqual(log.startedIDs, [1, 2])
    }

    func test_staleAndUnknownReports_areIgnored() {
        var q = OutputQueue()
        _ = q.handle(.enqueue(K.speech(1, .message)), at: K.t(0))
        _ = q.handle(.enqueue(K.speech(2, .message)), at: K.t(0))
        XCTAssertEqual(q.handle(.finished(id: 2, nil), at: K.t(0.1)), [], "2 waits; it has not played")
        XCTAssertEqual(q.handle(.finished(id: 77, nil), at: K.t(0.2)), [])
        XCTAssertEqual(q.handle(.started(id: 77), at: K.t(0.2)), [])
        XCTAssertEqual(q.handle(.failed(id: 77, message: "x"), at: K.t(0.2)), [])
        XCTAssertEqual(q.current?.id, 1)
        _ = q.handle(.finished(id: 1, nil), at: K.t(1))
        XCTAssertEqual(q.handle(.finished(id: 1, .stopped(.immediately)), at: K.t(1.1)), [], "a duplicate report")
        XCTAssertEqual(q.current?.id, 2)
    }

    func test_externalStop_endsInterruptedWithTheAudioSidesReason() {
        var q = OutputQueue()
        _ = q.handle(.enqueue(K.speech(1, .message)), at: K.t(0))
        XCTAssertEqual(q.handle(.finished(id: 1, .external("audio route changed")), at: K.t(1)),
                       [.event(.didPlay(id: 1, outcome: .interrupted("audio route changed")))])
    }

    func test_duplicateID_isCancelledAlone_andTheLiveOneIsUntouched() {
        var q = OutputQueue()
        _ = q.handle(.enqueue(K.speech(1, .message)), at: K.t(0))
        XCTAssertEqual(q.handle(.enqueue(K.speech(1, .urgent)), at: K.t(0.1)),
                       [.event(.didPlay(id: 1, outcome: .cancelled(OutputReason.duplicateID)))])
        XCTAssertNil(q.currentStopMode)
        XCTAssertEqual(q.current?.priority, .message)
    }

    // MARK: Rendering ahead

    func test_prepare_isAskedOnceForEachWaitingSpeechOrFile_notForApplicationAudio_norForTones() {
        var q = OutputQueue()
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .urgent)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.speech(2, .guidance)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.request(3, .audioFile(path: "/x.wav"), .guidance)), at: K.t(0)))
        log.record(q.handle(.enqueue(K.request(4, .application(name: "ui"), .guidance)), at: K.t(0)))
        log.record(q.handle(.tick, at: K.t(0.5)))
        XCTAssertEqual(log.preparedIDs, [2, 3], "the one started at once is rendered by its start")
        var toned = OutputQueue(policy: OutputPolicy(promptStyle: .tone))
        _ = toned.handle(.enqueue(K.speech(1, .urgent)), at: K.t(0))
        XCTAssertFalse(toned.handle(.enqueue(K.speech(2, .guidance)), at: K.t(0)).contains { if case .prepare = $0 { true } else { false } })
        XCTAssertEqual(toned.handle(.setPolicy(OutputPolicy()), at: K.t(1)), [.prepare(K.speech(2, .guidance))],
                       "back to words: now worth synthesizing")
    }

    // MARK: Cues

    func test_priorityOfCues_actionUrgent_nearGuidance_farMessage() {
        XCTAssertEqual(OutputPriority(kind: .maneuver, stage: .action), .urgent)
        XCTAssertEqual(OutputPriority(kind: .arrival, stage: .action), .urgent)
        for stage in [CueStage.distance, .reminder] { XCTAssertEqual(OutputPriority(kind: .maneuver, stage: stage), .guidance) }
        for kind in [CueKind.warning, .waypoint, .arrival] { XCTAssertEqual(OutputPriority(kind: kind, stage: nil), .guidance) }
        for stage in [CueStage.range, .continue] { XCTAssertEqual(OutputPriority(kind: .maneuver, stage: stage), .message) }
        XCTAssertEqual(OutputPriority(kind: .reroute, stage: nil), .message)
        XCTAssertEqual(OutputPriority(kind: .app, stage: nil), .application)
        XCTAssertLessThan(OutputPriority.application, .message)
        XCTAssertLessThan(OutputPriority.guidance, .urgent)
    }

    /// The cues of a real engine run (a left then a right turn at 20 m/s), enqueued at their trigger and ended by
    /// a simulated audio side at their predicted end: every one plays, at its priority, none cancelled.
    func test_cuesOfAGuidanceRun_allPlayInTime_actionCuesUrgent() throws {
        let route = try GuidanceFixtures.makeRoute(turns: [.left, .right], spacing: 2500, roadClass: "primary")
        let run = GuidanceFixtures.run(route, GuidanceFixtures.drive(route, speed: 20))
        let cues = run.spoken
        XCTAssertGreaterThanOrEqual(cues.count, 4)
        var q = OutputQueue(startLatency: AudioRouteTiming().leadIn)
        var log = K.Log()
        for cue in cues {
            if let id = q.current?.id, let playing = cues.first(where: { $0.id == id }) {
                log.record(q.handle(.finished(id: id, nil), at: min(cue.trigger, playing.audioEnd)))
            }
            let request = OutputRequest(cue: cue, language: "en-US")
            XCTAssertEqual(request.deadline, cue.deadline)
            let expected: [CueStage: OutputPriority] = [.action: .urgent, .distance: .guidance, .reminder: .guidance,
                                                        .range: .message, .continue: .message]
            XCTAssertEqual(request.priority, cue.stage.flatMap { expected[$0] } ?? .guidance, "\(cue.text)")
            log.record(q.handle(.enqueue(request), at: cue.trigger))
        }
        if let id = q.current?.id { log.record(q.handle(.finished(id: id, nil), at: cues.last!.audioEnd)) }
        print("cues through the queue: \(cues.map { "\($0.id) \($0.stage?.rawValue ?? $0.kind.rawValue)" })")
        XCTAssertEqual(log.startedIDs, cues.map(\.id))
        XCTAssertTrue(log.outcomes.values.allSatisfy { $0 == .completed }, "\(log.outcomes)")
        XCTAssertTrue(cues.contains { $0.stage == .action })
    }
}

/// Requests, instants and an action log for the output queue tests.
enum OutputQueueKit {
    /// Monotonic `seconds`.
    static func t(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(seconds: seconds) }

    /// A spoken request.
    static func speech(_ id: Int, _ priority: OutputPriority, deadline: Double? = nil) -> OutputRequest {
        request(id, .speech(text: "cue \(id)", language: "en-US"), priority, deadline: deadline)
    }

    /// A request of any content.
    static func request(_ id: Int, _ content: OutputContent, _ priority: OutputPriority,
                        deadline: Double? = nil) -> OutputRequest {
        OutputRequest(id: id, content: content, priority: priority, deadline: deadline.map(t))
    }

    /// Every action the queue gave, in order, with views by kind.
    struct Log {
        var actions: [OutputQueueAction] = []

        mutating func record(_ more: [OutputQueueAction]) { actions += more }

        var starts: [OutputQueueAction] { actions.filter { if case .start = $0 { true } else { false } } }
        var startedIDs: [Int] { actions.compactMap { if case .start(let r, _, _) = $0 { r.id } else { nil } } }
        var preparedIDs: [Int] { actions.compactMap { if case .prepare(let r) = $0 { r.id } else { nil } } }
        var stops: [OutputQueueAction] { actions.filter { if case .stop = $0 { true } else { false } } }
        var outcomes: [Int: OutputOutcome] {
            var result: [Int: OutputOutcome] = [:]
            for case .event(.didPlay(let id, let outcome)) in actions { result[id] = outcome }
            return result
        }
    }
}
