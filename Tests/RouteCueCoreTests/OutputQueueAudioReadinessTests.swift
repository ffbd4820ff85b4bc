@testable import RouteCueCore
import XCTest

/// Issue 30 "Every voice over lowered music": an output whose turn comes before the car's audio is ready (the
/// music it lowers is still up) says so once (`awaitingAudio`) and starts when its first sample is heard over the
/// lowered music, never past the last instant it can still be heard by its deadline.
final class OutputQueueAudioReadinessTests: XCTestCase {
    typealias K = OutputQueueKit

    private func queue(_ readiness: AudioReadiness) -> OutputQueue {
        var q = OutputQueue(startLatency: 0.05)
        _ = q.handle(.setAudioReadiness(readiness), at: K.t(0))
        return q
    }

    func test_musicToLower_theOutputAsksFirst_andStartsWhenItsFirstSampleIsHeardOverTheLoweredMusic() {
        var q = queue(.afterRequest(seconds: 0.75))
        let r = K.speech(1, .application)
        XCTAssertEqual(q.handle(.enqueue(r), at: K.t(10)), [.event(.awaitingAudio(id: 1)), .prepare(r)])
        XCTAssertNil(q.current)
        XCTAssertEqual(q.nextWakeup, K.t(10.75).earlier(bySeconds: 0.05), "heard 0.75 s after it asked")
        XCTAssertEqual(q.handle(.tick, at: K.t(10.69)), [], "one more tick: still too early, and said only once")
        XCTAssertEqual(q.handle(.tick, at: K.t(10.70)), [
            .event(.shouldPlay(id: 1, verdict: .play)),
            .event(.willPlay(id: 1, rendition: .asIs)),
            .start(r, rendition: .asIs, volume: 1),
        ])
        XCTAssertNil(q.nextWakeup)
    }

    func test_theDuckersAnswer_movesTheStart_andReadyStartsAtOnce() {
        var q = queue(.afterRequest(seconds: 0.75))
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .application)), at: K.t(10)))
        // The ducker heard `awaitingAudio` and ramps: its last step lands at 10.5 s.
        log.record(q.handle(.setAudioReadiness(.at(K.t(10.5))), at: K.t(10)))
        XCTAssertEqual(q.nextWakeup, K.t(10.45))
        log.record(q.handle(.tick, at: K.t(10.3)))
        XCTAssertEqual(log.startedIDs, [])
        log.record(q.handle(.setAudioReadiness(.ready), at: K.t(10.31)))
        XCTAssertEqual(log.startedIDs, [1], "ready: it starts at once")
    }

    func test_theDeadlineWins_theOutputStartsAtItsLatestStart_ratherThanBeLost() {
        var q = queue(.afterRequest(seconds: 0.75))
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .guidance, deadline: 10.3)), at: K.t(10)))
        XCTAssertEqual(q.nextWakeup, K.t(10.25), "its latest start comes before the music is down")
        log.record(q.handle(.tick, at: K.t(10.25)))
        XCTAssertEqual(log.startedIDs, [1])
        XCTAssertEqual(log.outcomes, [:], "not cancelled")
    }

    func test_musicAlreadyDown_orNothingToLower_startsAtOnce_withoutAsking() {
        for readiness in [AudioReadiness.ready, .at(K.t(9.9)), .afterRequest(seconds: 0)] {
            var q = queue(readiness)
            let actions = q.handle(.enqueue(K.speech(1, .application)), at: K.t(10))
            XCTAssertFalse(actions.contains(.event(.awaitingAudio(id: 1))), "\(readiness)")
            XCTAssertEqual(q.current?.id, 1, "\(readiness)")
        }
    }

    func test_aVetoedOutput_doesNotWait_aChimeDoes() {
        var muted = queue(.afterRequest(seconds: 0.75))
        _ = muted.handle(.setPolicy(OutputPolicy(muted: true)), at: K.t(10))
        XCTAssertEqual(muted.handle(.enqueue(K.speech(1, .guidance)), at: K.t(10)), [
            .event(.shouldPlay(id: 1, verdict: .veto(OutputReason.muted))),
            .event(.didPlay(id: 1, outcome: .cancelled(OutputReason.muted))),
        ])
        var chime = queue(.afterRequest(seconds: 0.75))
        _ = chime.handle(.setPolicy(OutputPolicy(promptStyle: .tone)), at: K.t(10))
        XCTAssertEqual(chime.handle(.enqueue(K.speech(1, .guidance)), at: K.t(10)), [.event(.awaitingAudio(id: 1))])
        XCTAssertEqual(chime.nextWakeup, K.t(10.70))
    }

    func test_whileAnOutputPlays_theNextDoesNotAsk_theMusicIsDownForTheBurst() {
        var q = queue(.ready)
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .guidance)), at: K.t(10)))
        log.record(q.handle(.setAudioReadiness(.at(K.t(10.8))), at: K.t(10)))
        log.record(q.handle(.enqueue(K.speech(2, .guidance)), at: K.t(10.1)))
        XCTAssertFalse(log.actions.contains { if case .event(.awaitingAudio) = $0 { true } else { false } })
        XCTAssertNil(q.nextWakeup, "nothing to wake for while one plays")
        log.record(q.handle(.setAudioReadiness(.ready), at: K.t(10.8)))
        log.record(q.handle(.finished(id: 1, nil), at: K.t(12)))
        XCTAssertEqual(log.startedIDs, [1, 2])
    }

    func test_aHigherPriorityTakingTheHead_asksToo_butWaitsNoLongerThanTheFirst() {
        var q = queue(.afterRequest(seconds: 0.75))
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .application)), at: K.t(10)))
        log.record(q.handle(.enqueue(K.speech(2, .urgent)), at: K.t(10.4)))
        XCTAssertEqual(log.actions.filter { if case .event(.awaitingAudio) = $0 { true } else { false } },
                       [.event(.awaitingAudio(id: 1)), .event(.awaitingAudio(id: 2))])
        XCTAssertEqual(q.nextWakeup, K.t(10.70), "the music went down for the first: the wait is not restarted")
        log.record(q.handle(.tick, at: K.t(10.70)))
        XCTAssertEqual(log.startedIDs, [2])
    }

    func test_aClearedQueue_forgetsItsWait_theNextOutputAsksAnew() {
        var q = queue(.afterRequest(seconds: 0.75))
        var log = K.Log()
        log.record(q.handle(.enqueue(K.speech(1, .application)), at: K.t(10)))
        log.record(q.handle(.clearQueue, at: K.t(10.2)))
        XCTAssertNil(q.nextWakeup)
        log.record(q.handle(.enqueue(K.speech(2, .application)), at: K.t(20)))
        XCTAssertEqual(q.nextWakeup, K.t(20.70))
        XCTAssertTrue(log.actions.contains(.event(.awaitingAudio(id: 2))))
    }
}
