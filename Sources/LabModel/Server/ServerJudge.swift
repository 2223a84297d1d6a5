import Gettext
internal import LifecycleTasks

/// What seed 004's repro read off the server screen, U/2 after each of its actions.
struct ServerReadings: Sendable, Hashable {
    /// The statuses the repro posts: A's while listened to, A's after the switch, B's.
    static let firstStatus = "Signed In"
    static let oldServerStatus = "Maintenance"
    static let newStatus = "Online"

    var listenersAfterOpen = 0
    var labelFromA = ""
    /// Live listeners after switching to B, and those of A among them.
    var listenersAfterSwitch = 0
    var listenersOfA = 0
    /// Live tasks of the run after switching.
    var liveListenTasks = 0
    /// The state of the run's first task (the first listener) after switching; `nil`: none.
    var firstListener: TaskState?
    var labelAfterOldPost = ""
    var labelAfterNewPost = ""
    var listenersAfterClose = 0
}

/// The checks of seed 004's repro.
enum ServerExpectation: ExpectationID, CaseIterable {
    case listenersAfterOpen
    case labelFromA
    case listenersAfterSwitch
    case listenTasksAfterSwitch
    case oldListenerTask
    case labelAfterOldPost
    case labelAfterNewPost
    case listenersAfterClose
    var message: StaticString {
        switch self {
        case .listenersAfterOpen: trMark("live listeners after opening")
        case .labelFromA: trMark("label after A posts")
        case .listenersAfterSwitch: trMark("live listeners after switching to B")
        case .listenTasksAfterSwitch: trMark("live listening tasks after switching")
        case .oldListenerTask: trMark("old listener's task")
        case .labelAfterOldPost: trMark("label after the old server posts")
        case .labelAfterNewPost: trMark("label after the new server posts")
        case .listenersAfterClose: trMark("live listeners after closing")
        }
    }
}

/// Seed 004's row (I1 has one: one listener, of the picked server, cancelled when the pick
/// changes or the view closes), checked on a server repro's timeline. I1's outcome has no clock
/// in it, so `tolerance` only decides which flags were transient.
func judgeServer(
    _ timeline: ScenarioTimeline<ServerReadings>, as row: ServerStrategyID, tolerance: ScenarioTolerance
) -> [ScenarioVerdict.Expectation] {
    var checks = ExpectationList(for: timeline, tolerance: tolerance)
    let r = timeline.readings
    checks.expect(ServerExpectation.listenersAfterOpen, count: r.listenersAfterOpen, equals: 1)
    checks.expect(
        ServerExpectation.labelFromA, expected: ServerReadings.firstStatus, observed: r.labelFromA,
        r.labelFromA == ServerReadings.firstStatus)
    checks.expect(
        ServerExpectation.listenersAfterSwitch, expected: "1 (of B)",
        observed: "\(r.listenersAfterSwitch) (\(r.listenersOfA) of A)",
        r.listenersAfterSwitch == 1 && r.listenersOfA == 0)
    checks.expect(ServerExpectation.listenTasksAfterSwitch, count: r.liveListenTasks, equals: 1)
    checks.expect(
        ServerExpectation.oldListenerTask, expected: "cancelled", observed: r.firstListener.map { "\($0)" } ?? "none",
        r.firstListener == .cancelled)
    checks.expect(
        ServerExpectation.labelAfterOldPost, expected: "\(ServerReadings.firstStatus) (unchanged)",
        observed: r.labelAfterOldPost,
        r.labelAfterOldPost == ServerReadings.firstStatus)
    checks.expect(
        ServerExpectation.labelAfterNewPost, expected: ServerReadings.newStatus, observed: r.labelAfterNewPost,
        r.labelAfterNewPost == ServerReadings.newStatus)
    checks.expect(ServerExpectation.listenersAfterClose, count: r.listenersAfterClose, equals: 0)
    checks.expectFlags(orphan: false, retainsOwner: false, in: timeline)
    checks.expectNothingLeft(in: timeline)
    return checks.checks
}
