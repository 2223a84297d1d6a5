import LifecycleTasks
import Testing

@testable import LabModel

/// Seed 004's judge (SPEC §4, restart on id change) on hand-built timelines.
@Suite("Server judge (SPEC §4 I1): a timeline in, the exact checks out")
struct ServerJudgeTests {
    static let i1Behaviour = ScenarioTimeline(
        tasks: [
            task(1, .listen, start: 0, stop: 2, state: .cancelled),
            task(2, .listen, start: 2, stop: 5, state: .cancelled),
        ],
        readings: ServerReadings(
            listenersAfterOpen: 1, labelFromA: "Signed In", listenersAfterSwitch: 1, listenersOfA: 0,
            liveListenTasks: 1, firstListener: .cancelled, labelAfterOldPost: "Signed In", labelAfterNewPost: "Online",
            listenersAfterClose: 0))

    @Test("SPEC §4 I1: one listener, of B after the switch; the old one cancelled; none after closing: matches")
    func i1Matches() {
        #expect(
            outcome(judgeServer(Self.i1Behaviour, as: .i1, tolerance: .exact)) == [
                "✓ live listeners after opening", "✓ label after A posts", "✓ live listeners after switching to B",
                "✓ live listening tasks after switching", "✓ old listener's task", "✓ label after the old server posts",
                "✓ label after the new server posts", "✓ live listeners after closing", "✓ orphan flag",
                "✓ retains-owner flag", "✓ tasks live at the end",
            ])
    }

    @Test("SPEC §4 I1: a listener kept on A after the switch (an id not followed) fails")
    func staleListenerFails() {
        var timeline = Self.i1Behaviour
        timeline.readings.listenersAfterSwitch = 2
        timeline.readings.listenersOfA = 1
        timeline.readings.liveListenTasks = 2
        timeline.readings.firstListener = .running
        timeline.readings.labelAfterOldPost = "Maintenance"
        timeline.tasks[0] = task(1, .listen, start: 0, state: .running)
        let checks = judgeServer(timeline, as: .i1, tolerance: .exact)
        #expect(
            outcome(checks) == [
                "✓ live listeners after opening", "✓ label after A posts", "✗ live listeners after switching to B",
                "✗ live listening tasks after switching", "✗ old listener's task", "✗ label after the old server posts",
                "✓ label after the new server posts", "✓ live listeners after closing", "✓ orphan flag",
                "✓ retains-owner flag", "✗ tasks live at the end",
            ])
        #expect(checks[2].observed == "2 (1 of A)" && checks[10].observed == "renamed listen")
    }
}
