import LifecycleTasks
import Testing

@testable import LabModel

/// Seed 003's judge (SPEC §4, scene phase) on hand-built timelines, P = 1 s, every moment on
/// time: show at 0 (its polling grid from 0), minimize at 3.25, restore at 8.75, focus another
/// window at 11.25, focus back at 13.25, close at 13.75.
@Suite("Scene-phase judge (SPEC §4 P1–P5): a timeline in, the exact checks out")
struct ScenePhaseJudgeTests {
    /// P1's behaviour: one polling loop from the show that never stops, the side effect held throughout.
    static let p1Behaviour = ScenarioTimeline(
        readings: ScenePhaseReadings(
            pollInterval: .seconds(1), firstGrid: .zero, afterOpen: .exact(at(0.25)), loadsAfterOpen: 1,
            holdingAfterOpen: true, beforeMinimize: .exact(at(3.25)), pollsBeforeMinimize: 3,
            minimized: .exact(at(3.25)), holdingInBackground: true, beforeRestore: .exact(at(8.75)),
            pollsInBackground: 5, restoreRequested: at(8.75), restored: .exact(at(8.75)),
            afterRestore: .exact(at(9.25)), restoreViaInactive: true, loadsAfterRestore: 1, holdingAfterRestore: true,
            afterRestoreWindow: .exact(at(11.25)), pollsAfterRestore: 3, loadsBeforeFocusLoss: 1,
            unfocused: .exact(at(11.25)), holdingWhileInactive: true, beforeFocus: .exact(at(13.25)),
            pollsWhileInactive: 2, focusRequested: at(13.25), afterFocus: .exact(at(13.75)), loadsAfterFocus: 1,
            gridsStarted: 1))

    /// P2's behaviour where no minimize is seen: stops on focus loss, loads and polls again on return.
    static let p2WithoutMinimize = ScenarioTimeline(
        readings: ScenePhaseReadings(
            pollInterval: .seconds(1), seesMinimize: false, firstGrid: .zero, afterOpen: .exact(at(0.25)),
            loadsAfterOpen: 1, holdingAfterOpen: true, beforeMinimize: .exact(at(3.25)), pollsBeforeMinimize: 3,
            loadsBeforeFocusLoss: 1, unfocused: .exact(at(3.25)), beforeFocus: .exact(at(5.25)),
            focusRequested: at(5.25), afterFocus: .exact(at(5.75)), refocusedGrid: at(5.25), loadsAfterFocus: 2,
            gridsStarted: 2))

    @Test("SPEC §4 P1: polls and holds the side effect while minimized and unfocused, one loop: matches")
    func p1Matches() {
        #expect(
            outcome(judgeScenePhase(Self.p1Behaviour, as: .p1, tolerance: .exact)) == [
                "✓ schedule: the window reached every phase the repro asked for", "✓ loads at open",
                "✓ side effect held while shown", "✓ polling started with the view", "✓ polls before minimizing",
                "✓ side effect held while minimized", "✓ polls while minimized", "✓ loads after restoring",
                "✓ side effect held after restoring", "✓ polls in the 2.5P after restoring",
                "✓ side effect held while another window has focus", "✓ polls while another window has focus",
                "✓ loads after focusing back", "✓ polling loops started", "✓ side effect held after closing the view",
                "✓ loads and polls while the view is closed", "✓ orphan flag", "✓ retains-owner flag",
                "✓ tasks live at the end",
            ])
    }

    @Test("SPEC §4 P2's row on P1's behaviour: everything the background and focus loss should stop fails")
    func p1BehaviourFailsP2() {
        let checks = judgeScenePhase(Self.p1Behaviour, as: .p2, tolerance: .exact)
        #expect(
            outcome(checks) == [
                "✓ schedule: the window reached every phase the repro asked for", "✓ loads at open",
                "✓ side effect held while shown", "✓ polling started with the view", "✓ polls before minimizing",
                "✗ side effect held while minimized", "✗ polls while minimized", "✗ loads after restoring",
                "✓ side effect held after restoring", "✗ polling restarted at the restore",
                "✗ polls in the 2.5P after restoring", "✗ side effect held while another window has focus",
                "✗ polls while another window has focus", "✗ loads after focusing back",
                "✗ polling restarted at focusing back", "✗ polling loops started",
                "✓ side effect held after closing the view", "✓ loads and polls while the view is closed",
                "✓ onActive calls made before the view appeared", "✓ orphan flag", "✓ retains-owner flag",
                "✓ tasks live at the end",
            ])
        #expect(checks[10].expected == "2 (restarted)" && checks[10].observed == "3")
    }

    @Test("SPEC §4 P4: the seed's reader misses a restore straight from .background and resumes at the focus")
    func p4MissesRestore() {
        var timeline = Self.p1Behaviour
        timeline.readings.restoreViaInactive = false
        (timeline.readings.holdingInBackground, timeline.readings.pollsInBackground) = (false, 0)
        (timeline.readings.holdingAfterRestore, timeline.readings.pollsAfterRestore) = (false, 0)
        (timeline.readings.holdingWhileInactive, timeline.readings.pollsWhileInactive) = (false, 0)
        (timeline.readings.loadsAfterFocus, timeline.readings.refocusedGrid) = (2, at(13.25))
        timeline.readings.gridsStarted = 2
        let checks = judgeScenePhase(timeline, as: .p4, tolerance: .exact)
        #expect(checks.allSatisfy { $0.passed }, "\(outcome(checks))")
        #expect(checks.first { $0.name == "loads after restoring" }?.expected == "1 (missed: no inactive → active)")
        // The same behaviour fails P2's row, which restarts at the restore.
        #expect(
            outcome(judgeScenePhase(timeline, as: .p2, tolerance: .exact)).filter { $0.hasPrefix("✗") } == [
                "✗ loads after restoring", "✗ side effect held after restoring", "✗ polling restarted at the restore",
                "✗ polls in the 2.5P after restoring", "✗ loads after focusing back", "✗ polling loops started",
            ])
    }

    @Test("SPEC §1 (a session that cannot see a minimize), §4 P2: judged on the rest; P1's row fails it")
    func withoutMinimize() {
        #expect(
            outcome(judgeScenePhase(Self.p2WithoutMinimize, as: .p2, tolerance: .exact)) == [
                "✓ schedule: the window reached every phase the repro asked for", "✓ loads at open",
                "✓ side effect held while shown", "✓ polling started with the view", "✓ polls in the first 3.25P",
                "✓ side effect held while another window has focus", "✓ polls while another window has focus",
                "✓ loads on focusing back", "✓ polling restarted at focusing back", "✓ polling loops started",
                "✓ side effect held after closing the view", "✓ loads and polls while the view is closed",
                "✓ onActive calls made before the view appeared", "✓ orphan flag", "✓ retains-owner flag",
                "✓ tasks live at the end",
            ])
        #expect(
            outcome(judgeScenePhase(Self.p2WithoutMinimize, as: .p1, tolerance: .exact)).filter { $0.hasPrefix("✗") }
                == [
                    "✗ side effect held while another window has focus", "✗ polls while another window has focus",
                    "✗ loads on focusing back", "✗ polling loops started",
                ])
    }

    @Test(
        "SPEC §4 P5 with the tail: onActive at willAppear of both showings; a window that missed a phase is not judged")
    func p5TailAndMissedPhase() {
        var timeline = Self.p1Behaviour
        timeline.readings.tail = .init(loadsShownInactive: 1, loadsAtFocus: 0, inactiveCallsToClose: 2)
        timeline.readings.activeCallsBeforeAppear = 1
        let checks = outcome(judgeScenePhase(timeline, as: .p5, tolerance: .exact))
        #expect(
            Array(checks.suffix(7)) == [
                "✓ loads when shown in an unfocused window", "✓ loads when that window is focused",
                "✓ onInactive calls from minimizing to closing while minimized",
                "✗ onActive calls made before the view appeared", "✓ orphan flag", "✓ retains-owner flag",
                "✓ tasks live at the end",
            ])
        timeline.readings.missedPhases = ["restore"]
        let missed = judgeScenePhase(timeline, as: .p5, tolerance: .exact)
        #expect(missed.first?.passed == false && missed.first?.observed == "no, not reached after: restore")
    }

    @Test(
        "SPEC §4 P6: the tasks left running are told by kind: P6's Timer passes, a poll left instead fails, a task with no kind never matches"
    )
    func leftRunningByKind() {
        func leftRunning(_ tasks: [TaskSpan]) -> Bool {
            let timeline = ScenarioTimeline(tasks: tasks, readings: ())
            var checks = ExpectationList(for: timeline, tolerance: .exact)
            checks.expectLeftRunning([.repeatingTimer], in: timeline)
            return checks.checks[0].passed
        }
        #expect(leftRunning([task(1, .repeatingTimer, start: 0, state: .running)]))
        #expect(!leftRunning([task(1, .poll, start: 0, state: .running)]))
        #expect(!leftRunning([]))
        let unkinded = TaskSpan(id: 1, name: "repeating Timer, every P", kind: nil, start: .zero, state: .running)
        #expect(!leftRunning([unkinded]))
    }
}
