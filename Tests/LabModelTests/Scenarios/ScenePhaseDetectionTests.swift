import LabModel
import LifecycleTasks
import LifecycleTestSupport
import Testing

/// A window as a session reports it, for the scene-phase repro: it records every action and
/// turns into a phase only the ones the session can report (`minimizeSeen: false` is sway,
/// which has no minimize, or any Wayland session with GTK < 4.12, where nothing reports one).
@MainActor
final class SessionActuator: ScenarioActuator {
    let screen: ScenePhaseScreen
    let minimizeSeen: Bool
    let focusLossSeen: Bool
    private(set) var windowActions: [WindowAction] = []

    init(_ screen: ScenePhaseScreen, minimizeSeen: Bool, focusLossSeen: Bool = true) {
        self.screen = screen
        self.minimizeSeen = minimizeSeen
        self.focusLossSeen = focusLossSeen
    }

    func perform(_ action: ScenePhaseAction) async {
        guard case .window(let window) = action else { return await screen.perform(action) }
        windowActions.append(window)
        switch window {
        case .minimize, .restore: if minimizeSeen { await screen.perform(action) }
        case .focusElsewhere, .focus: if focusLossSeen { await screen.perform(action) }
        }
    }
}

@MainActor
func sceneRun(
    _ id: ScenePhaseStrategyID, detection: ScenePhaseDetection, minimizeSeen: Bool, focusLossSeen: Bool = true
) async -> (ScenarioVerdict, SessionActuator, FakeHost) {
    let host = FakeHost()
    let screen = ScenePhaseScreen(
        strategy: id, context: host.context, host: ImmediateHost<ScenePhaseView>(firesWillAppear: id == .p5),
        scene: host.window,
        sideEffect: CountingSideEffect())
    let actuator = SessionActuator(screen, minimizeSeen: minimizeSeen, focusLossSeen: focusLossSeen)
    let verdict = await ScenarioDriver(context: host.context, pacer: host.pacer)
        .run(scenePhase: screen, actuator: actuator, detection: detection)
    return (verdict, actuator, host)
}

let cannotSeeMinimize = ScenePhaseDetection(canSeeMinimize: false)

@MainActor
@Suite("Scene phase by session (SPEC §1's per-session rules, §4's P rows)")
struct ScenePhaseDetectionTests {
    @Test("SPEC §1: a window action's reported phase; a minimize on a session that cannot see one reports none")
    func reportedPhases() {
        let all: [WindowAction] = [.minimize, .restore, .focusElsewhere, .focus]
        #expect(
            all.map { ScenePhaseDetection.everything.reportedPhase(after: $0) } == [
                .background, .active, .inactive, .active,
            ])
        #expect(all.map { cannotSeeMinimize.reportedPhase(after: $0) } == [nil, .active, .inactive, .active])
    }

    @Test(
        "P1–P6 on X11 (SPEC §1: minimize → background): the repro minimizes and restores and matches",
        arguments: ScenePhaseStrategyID.allCases)
    func seesMinimize(_ id: ScenePhaseStrategyID) async {
        let (verdict, actuator, host) = await sceneRun(id, detection: .everything, minimizeSeen: true)
        #expect(verdict.matchesSpec, "\(verdict.summary)")
        // The readers (P2, P4, P5) go on: shown in an unfocused window, closed while minimized.
        let tail: [WindowAction] = [.p2, .p4, .p5].contains(id) ? [.focusElsewhere, .focus, .minimize, .restore] : []
        #expect(
            actuator.windowActions == [.focus, .minimize, .restore, .focusElsewhere, .focus, .minimize, .restore] + tail
        )
        #expect(verdict.checks.map(\.name).contains("side effect held while minimized"))
        #expect(verdict.measurements["canSeeMinimize"] == 1)
        #expect(verdict.measurements["pollsInBackground"] == (id.kind == .bug ? 5 : 0))
        await host.expectNoLiveTasks()
    }

    @Test(
        "P1–P6 on GNOME on Wayland without an outside driver (SPEC §1: a minimize is seen, but no Wayland app can restore its window): the repro leaves minimizing out, says why, and judges focus loss",
        arguments: ScenePhaseStrategyID.allCases)
    func seesMinimizeCannotRestore(_ id: ScenePhaseStrategyID) async {
        let gnome = ScenePhaseDetection(canSeeMinimize: true, canRestore: false)
        #expect(!gnome.runsMinimize && ScenePhaseDetection.everything.runsMinimize)
        let (verdict, actuator, host) = await sceneRun(id, detection: gnome, minimizeSeen: true)
        #expect(verdict.matchesSpec && verdict.exitStatus == 0, "\(verdict.summary)")
        #expect(actuator.windowActions == [.focus, .focusElsewhere, .focus], "no minimize it could not undo")
        let reason = "left out, the app cannot restore a minimized window in this session"
        #expect(verdict.log.filter { $0.text.hasSuffix(reason) }.count == 4)
        let judged = Dictionary(uniqueKeysWithValues: verdict.checks.map { ($0.name, $0.observed) })
        #expect(judged["polls while another window has focus"] == (id.kind == .bug ? "2" : "0"))
        await host.expectNoLiveTasks()
    }

    @Test(
        "P1–P6 on Wayland with GTK < 4.12 (SPEC §1: a minimize cannot be seen): the repro leaves minimizing out, says so, and judges focus loss — P2–P5 stop, P1 and P6 do not",
        arguments: ScenePhaseStrategyID.allCases)
    func cannotSeeMinimizeJudgesFocusLoss(_ id: ScenePhaseStrategyID) async {
        let (verdict, actuator, host) = await sceneRun(id, detection: cannotSeeMinimize, minimizeSeen: false)
        let bug = id.kind == .bug
        #expect(verdict.matchesSpec, "\(verdict.summary)")
        #expect(actuator.windowActions == [.focus, .focusElsewhere, .focus], "no minimize asked for")
        #expect(verdict.log.filter { $0.text.hasSuffix("left out, this session cannot see a minimize") }.count == 4)
        let names = verdict.checks.map(\.name)
        #expect(!names.contains { $0.contains("minimized") || $0.contains("restoring") })
        let judged = Dictionary(uniqueKeysWithValues: verdict.checks.map { ($0.name, $0.observed) })
        #expect(judged["side effect held while another window has focus"] == (bug ? "yes" : "no"))
        #expect(judged["polls while another window has focus"] == (bug ? "2" : "0"))
        #expect(judged["loads on focusing back"] == (bug ? "0" : "1"))
        #expect(verdict.measurements["canSeeMinimize"] == 0)
        #expect(verdict.measurements["pollsInBackground"] == 0)
        await host.expectNoLiveTasks()
    }

    @Test(
        "P2, P3 on a session where a minimize changes nothing, judged as if it could see one: no match (the failure sway showed)",
        arguments: [ScenePhaseStrategyID.p2, .p3])
    func judgedAsX11OnWaylandFails(_ id: ScenePhaseStrategyID) async {
        let (verdict, _, host) = await sceneRun(id, detection: .everything, minimizeSeen: false)
        #expect(!verdict.matchesSpec)
        let failed = Set(verdict.checks.filter { !$0.passed }.map(\.name))
        #expect(failed.isSuperset(of: ["side effect held while minimized", "loads after restoring"]), "\(failed)")
        await host.expectNoLiveTasks()
    }

    @Test(
        "P2 on a session that cannot see a minimize still fails when focus loss does not reach the scene: the remaining checks judge"
    )
    func focusLossStillJudged() async {
        let (verdict, _, host) = await sceneRun(
            .p2, detection: cannotSeeMinimize, minimizeSeen: false, focusLossSeen: false)
        #expect(!verdict.matchesSpec)
        let failed = Set(verdict.checks.filter { !$0.passed }.map(\.name))
        // The focus loss never reached the scene, so the run says its schedule did not hold (it
        // cannot be judged as a match) and the checks still name what went wrong. Polls are
        // counted by the phase they fell in, so with no `.inactive` none count as "while another
        // window has focus"; the side effect, the reload and the polling restart show the failure.
        #expect(!verdict.scheduleHeld)
        #expect(verdict.exitStatus == 3, "not judged: exit 3, not a wrong verdict's 1")
        #expect(
            failed == [
                "schedule: the window reached every phase the repro asked for",
                "side effect held while another window has focus", "loads on focusing back",
                "polling restarted at focusing back", "polling loops started",
            ], "\(failed)")
        await host.expectNoLiveTasks()
    }
}
