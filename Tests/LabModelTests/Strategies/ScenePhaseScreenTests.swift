import LabModel
import LifecycleTasks
import LifecycleTestSupport
import Testing

/// The spec's P at scale 1: 1 s.
private let p = LabTiming.standard.pollInterval

@MainActor
private struct SceneLab {
    let host = FakeHost()
    let effect = CountingSideEffect()
    let screen: ScenePhaseScreen

    init(_ strategy: ScenePhaseStrategyID) {
        screen = ScenePhaseScreen(
            strategy: strategy, context: host.context,
            host: ImmediateHost<ScenePhaseView>(firesWillAppear: strategy == .p5), scene: host.window,
            sideEffect: effect)
    }

    func open() async {
        screen.showView()
        await host.settle()
    }
    func close() async {
        screen.closeView()
        await host.settle()
    }
}

@MainActor
@Suite("Scene phase (SPEC §4, seed 003)")
struct ScenePhasePageTests {
    @Test("P1: minimizing keeps polling in .background and keeps the side effect; return does not reload")
    func p1Bug() async {
        let lab = SceneLab(.p1)
        await lab.open()
        #expect(lab.screen.loads == 1)
        #expect(lab.effect.isHeld)
        await lab.host.advance(by: p * 2)
        #expect(lab.screen.polls == 2)
        await lab.host.setPhase(.background)
        await lab.host.advance(by: p * 5)
        #expect(lab.screen.pollsInBackground == 5)
        #expect(lab.effect.isHeld)
        #expect(lab.host.live().count == 1)  // the polling task, running in the background
        await lab.host.setPhase(.active)
        #expect(lab.screen.loads == 1)
        await lab.close()
        #expect(!lab.effect.isHeld)
        await lab.host.expectNoLiveTasks()
    }

    @Test(
        "P2: minimize stops polling and releases at once; return reloads and restarts polling",
        arguments: [ScenePhase.background, .inactive])
    func p2Fixed(_ away: ScenePhase) async {
        let lab = SceneLab(.p2)
        await lab.open()
        await lab.host.advance(by: p * 2)
        lab.host.window.update(phase: away)
        #expect(!lab.effect.isHeld)  // within the event itself
        await lab.host.settle()
        #expect(lab.host.context.registry.liveRecords.isEmpty)
        await lab.host.advance(by: p * 5)
        #expect(lab.screen.polls == 2)
        lab.host.window.update(phase: .active)
        #expect(lab.screen.loads == 2)
        #expect(lab.effect.isHeld)
        await lab.host.advance(by: p * 2)
        #expect(lab.screen.polls == 4)
        await lab.close()
        #expect(!lab.effect.isHeld)
        #expect(lab.effect.acquisitions == 2 && lab.effect.releases == 2)
        await lab.host.expectNoLiveTasks()
    }

    @Test("P2: a page that is not shown never starts")
    func p2NotShownNeverStarts() async {
        let lab = SceneLab(.p2)
        await lab.host.setPhase(.background)
        await lab.host.setPhase(.active)
        #expect(lab.screen.loads == 0)
        await lab.open()
        await lab.close()
        await lab.host.setPhase(.background)
        await lab.host.setPhase(.active)
        #expect(lab.screen.loads == 1)
        #expect(lab.effect.acquisitions == 1)
        await lab.host.expectNoLiveTasks()
    }

    @Test("P3: task(while: .active) stops on suspend and starts again on return, with no hand-kept state")
    func p3Fixed() async {
        let lab = SceneLab(.p3)
        await lab.open()
        #expect(lab.screen.loads == 1)
        #expect(lab.effect.isHeld)
        await lab.host.advance(by: p * 2)
        await lab.host.setPhase(.background)
        #expect(!lab.effect.isHeld)
        #expect(lab.host.context.registry.liveRecords.isEmpty)
        await lab.host.advance(by: p * 5)
        #expect(lab.screen.pollsInBackground == 0)
        await lab.host.setPhase(.active)
        #expect(lab.screen.loads == 2)
        #expect(lab.effect.isHeld)
        await lab.host.advance(by: p * 2)
        #expect(lab.screen.polls == 4)
        await lab.close()
        #expect(!lab.effect.isHeld)
        await lab.host.expectNoLiveTasks()
    }

    @Test(
        "P4 (seed 003's reader as written): a return straight from .background to .active is missed; the next .inactive → .active resumes"
    )
    func p4MissesDirectReturn() async {
        let lab = SceneLab(.p4)
        await lab.open()
        await lab.host.setPhase(.background)
        #expect(!lab.effect.isHeld)
        #expect(lab.screen.inactiveCalls == 1)
        await lab.host.setPhase(.active)  // P2 would load again here
        #expect(lab.screen.loads == 1)
        #expect(!lab.effect.isHeld)
        #expect(lab.host.live().isEmpty)
        await lab.host.setPhase(.inactive)  // still "suspended" for the reader: nothing
        await lab.host.setPhase(.active)
        #expect(lab.screen.loads == 2)
        #expect(lab.effect.isHeld)
        await lab.close()
        await lab.host.expectNoLiveTasks()
    }

    @Test(
        "P4: shown in an unfocused window it loads at once; closed while minimized it calls onInactive twice in a row")
    func p4AppearAndDoubleInactive() async {
        let lab = SceneLab(.p4)
        await lab.host.setPhase(.inactive)
        await lab.open()
        #expect(lab.screen.loads == 1)  // M6 (P2) would wait for .active
        await lab.host.setPhase(.active)
        #expect(lab.screen.loads == 1)  // not suspended, so nothing to resume
        await lab.host.setPhase(.background)
        await lab.close()
        #expect(lab.screen.inactiveCalls == 2)
        #expect(lab.screen.activeCalls == 1)
        await lab.host.expectNoLiveTasks()
    }

    @Test(
        "P2 beside P4: in an unfocused window nothing starts until .active; closing while minimized adds no onInactive")
    func p2SameSteps() async {
        let lab = SceneLab(.p2)
        await lab.host.setPhase(.inactive)
        await lab.open()
        #expect(lab.screen.loads == 0)
        await lab.host.setPhase(.active)
        #expect(lab.screen.loads == 1)
        await lab.host.setPhase(.background)
        await lab.close()
        #expect(lab.screen.inactiveCalls == 1)
        await lab.host.expectNoLiveTasks()
    }

    @Test("P5 (seed 003's 3-B): onActive runs at willAppear, before the appear; its polling task is no orphan")
    func p5WillAppear() async {
        let lab = SceneLab(.p5)
        lab.screen.showView()
        await lab.host.settle()
        let kinds = lab.host.recorder.take()
        let willAppear = kinds.firstIndex(of: .willAppear(node: "scene view #1"))
        let load = kinds.firstIndex(of: .message("load #1"))
        let appear = kinds.firstIndex(of: .appear(node: "scene view #1"))
        #expect(willAppear != nil && load != nil && appear != nil)
        if let willAppear, let load, let appear { #expect(willAppear < load && load < appear) }
        #expect(lab.screen.activeCallsBeforeAppear == 1)
        #expect(lab.host.live().map(\.isOrphan) == [false])
        await lab.close()
        await lab.host.expectNoLiveTasks()
    }
}
