import LabModel
import LifecycleTasks
import LifecycleTestSupport
import Testing

/// The spec's L at scale 1: 10 s.
private let l = LabTiming.standard.workDuration

@MainActor
private struct ButtonLab {
    let host = FakeHost()
    let screen: ButtonScreen

    init(_ strategy: ButtonStrategyID) {
        screen = ButtonScreen(strategy: strategy, context: host.context, host: ImmediateHost<ButtonView>())
    }

    func open() async {
        screen.showView()
        await host.settle()
    }
    func close() async {
        screen.closeView()
        await host.settle()
    }
    func press() async {
        screen.press()
        await host.settle()
    }
}

@MainActor
@Suite("Button work (SPEC §4, seed 001)")
struct ButtonWorkTests {
    @Test("B1: N presses run N execs at once")
    func b1NPressesNExecs() async {
        let lab = ButtonLab(.b1)
        await lab.open()
        for _ in 0..<4 { await lab.press() }
        #expect(lab.screen.execsStarted == 4)
        #expect(lab.screen.execsRunning == 4)
        #expect(lab.host.live().count == 4)
        await lab.host.advance(by: l)
        #expect(lab.screen.execsCompleted == 4)
        await lab.close()
        await lab.host.expectNoLiveTasks()
    }

    @Test("B1: closing the page does not stop exec; the page state stays alive until exec ends (retains owner)")
    func b1CloseDoesNotStop() async {
        let lab = ButtonLab(.b1)
        await lab.open()
        weak let state = lab.screen.view?.state
        await lab.press()
        await lab.host.advance(by: l / 2)
        await lab.close()
        #expect(lab.screen.execsRunning == 1)
        #expect(state != nil)
        #expect(lab.screen.liveViewStates == 1)
        // Exactly this is left: the exec task, orphaned and holding the page's state.
        let left = lab.host.context.registry.liveRecords
        #expect(left.map(\.id) == [TaskID(1)])
        #expect(left.first?.isOrphan == true)
        #expect(left.first?.retainsOwner == true)
        await lab.host.advance(by: l / 2)
        #expect(lab.screen.execsCompleted == 1)
        #expect(state == nil)
        await lab.host.expectNoLiveTasks()
    }

    @Test("B1: a thrown error vanishes unreported (only the registry sees it)")
    func b1ErrorVanishes() async {
        let lab = ButtonLab(.b1)
        lab.screen.execShouldThrow = true
        await lab.open()
        await lab.press()
        await lab.host.advance(by: l)
        #expect(lab.screen.execsFailed == 1)
        #expect(lab.screen.surfacedErrors.isEmpty)
        #expect(lab.host.context.registry.record(TaskID(1))?.state == .failed("exec #1 failed"))
        await lab.close()
        await lab.host.expectNoLiveTasks()
    }

    @Test("B2: a press cancels the previous run (one live at most); closing cancels; state released at once")
    func b2Fixed() async {
        let lab = ButtonLab(.b2)
        await lab.open()
        weak let state = lab.screen.view?.state
        for _ in 0..<3 {
            await lab.press()
            #expect(lab.screen.execsRunning == 1)
            #expect(lab.host.context.registry.liveRecords.count == 1)
        }
        #expect(lab.screen.execsCancelled == 2)
        await lab.close()
        #expect(lab.screen.execsRunning == 0)
        #expect(lab.screen.execsCancelled == 3)
        #expect(state == nil)
        #expect(lab.host.context.registry.records.allSatisfy { !$0.isOrphan && !$0.retainsOwner })
        await lab.host.expectNoLiveTasks()
    }

    @Test("B2: a thrown error is caught and shown")
    func b2ErrorShown() async {
        let lab = ButtonLab(.b2)
        lab.screen.execShouldThrow = true
        await lab.open()
        await lab.press()
        await lab.host.advance(by: l)
        #expect(lab.screen.surfacedErrors == ["exec #1 failed"])
        await lab.close()
        await lab.host.expectNoLiveTasks()
    }

    @Test("B3: the first appear does nothing; each press restarts; closing the page cancels")
    func b3Fixed() async {
        let lab = ButtonLab(.b3)
        await lab.open()
        #expect(lab.screen.execsStarted == 0)
        #expect(lab.host.context.registry.liveRecords.isEmpty)  // the nil-trigger run returned at once
        for press in 1...3 {
            await lab.press()
            #expect(lab.screen.execsStarted == press)
            #expect(lab.screen.execsRunning == 1)
            #expect(lab.host.context.registry.liveRecords.count == 1)
        }
        weak let state = lab.screen.view?.state
        await lab.close()
        #expect(lab.screen.execsCancelled == 3)
        #expect(state == nil)
        #expect(lab.host.context.registry.records.allSatisfy { !$0.isOrphan && !$0.retainsOwner })
        await lab.host.expectNoLiveTasks()
    }

    @Test("B3: a thrown error is caught and shown; a run left alone completes")
    func b3Errors() async {
        let lab = ButtonLab(.b3)
        await lab.open()
        await lab.press()
        await lab.host.advance(by: l)
        #expect(lab.screen.execsCompleted == 1)
        lab.screen.execShouldThrow = true
        await lab.press()
        await lab.host.advance(by: l)
        #expect(lab.screen.surfacedErrors == ["exec #2 failed"])
        await lab.close()
        await lab.host.expectNoLiveTasks()
    }
}
