import LabModel
import LifecycleTasks
import LifecycleTestSupport
import Testing

@MainActor
@Suite("Toast event sequences (SPEC §3)")
struct ToastEventSequenceTests {
    /// Runs the repro to t = 2D and returns every logged event kind.
    private func repro(_ id: ToastStrategyID) async -> (FakeHost, [LifecycleEvent.Kind]) {
        let host = FakeHost()
        let screen = ToastScreen(strategy: id, context: host.context, host: ImmediateHost<ToastView>())
        screen.show()
        await host.advance(to: d / 3)
        screen.hide()
        await host.advance(to: d / 2)
        screen.show()
        await host.advance(to: d * 2)
        return (host, host.recorder.take())
    }

    @Test("T1: the first timer outlives its toast and hides the second; nothing is cancelled")
    func t1Sequence() async {
        let (host, events) = await repro(.t1)
        #expect(
            events == [
                .appear(node: "toast #1"), .taskStarted(TaskID(1), name: "sleep D, then hide"), .message("sleep start"),
                .disappear(node: "toast #1"),
                .appear(node: "toast #2"), .taskStarted(TaskID(2), name: "sleep D, then hide"), .message("sleep start"),
                .message("sleep end"), .disappear(node: "toast #2"), .taskEnded(TaskID(1), .finished),
                .message("sleep end"), .taskEnded(TaskID(2), .finished),
            ])
        await host.expectNoLiveTasks()
    }

    @Test("T2: hiding cancels the timer (\"task cancel\"); the second toast gets a full D")
    func t2Sequence() async {
        let (host, events) = await repro(.t2)
        #expect(
            events == [
                .appear(node: "toast #1"), .taskStarted(TaskID(1), name: "sleep D, then hide"), .message("sleep start"),
                .disappear(node: "toast #1"), .taskCancelRequested(TaskID(1)),
                .message("task cancel"), .taskEnded(TaskID(1), .cancelled),
                .appear(node: "toast #2"), .taskStarted(TaskID(2), name: "sleep D, then hide"), .message("sleep start"),
                .message("sleep end"), .disappear(node: "toast #2"), .taskCancelRequested(TaskID(2)),
                .taskEnded(TaskID(2), .cancelled),
            ])
        await host.expectNoLiveTasks()
    }

    @Test("T3: the cancelled action runs on and logs \"auto-dismissed\" right after the hide")
    func t3Sequence() async {
        let (host, events) = await repro(.t3)
        #expect(
            events.prefix(6) == [
                .appear(node: "toast #1"), .taskStarted(TaskID(1), name: "try? sleep D, then hide"),
                .disappear(node: "toast #1"), .taskCancelRequested(TaskID(1)),
                .message("auto-dismissed"), .taskEnded(TaskID(1), .cancelled),
            ])
        await host.expectNoLiveTasks()
    }

    @Test(
        "T7: the one-task bag keeps only the timer; the hide cancels the timer, the countdown runs on as an orphan and ends by itself"
    )
    func t7Sequence() async {
        let (host, events) = await repro(.t7)
        #expect(
            events == [
                .appear(node: "toast #1"), .taskStarted(TaskID(1), name: "countdown every D/10"),
                .taskStarted(TaskID(2), name: "sleep D, then hide"), .message("sleep start"),
                // The bag kept only #2: the hide cancels it; #1, the countdown, runs on.
                .disappear(node: "toast #1"), .taskCancelRequested(TaskID(2)),
                .message("task cancel"), .taskEnded(TaskID(2), .cancelled),
                .appear(node: "toast #2"), .taskStarted(TaskID(3), name: "countdown every D/10"),
                .taskStarted(TaskID(4), name: "sleep D, then hide"), .message("sleep start"),
                .taskEnded(TaskID(1), .finished), .taskEnded(TaskID(3), .finished),
                .message("sleep end"), .disappear(node: "toast #2"), .taskCancelRequested(TaskID(4)),
                .taskEnded(TaskID(4), .cancelled),
            ])
        let countdown = host.context.registry.record(TaskID(1))
        #expect(countdown?.isOrphan == true)
        #expect(countdown?.endedAt == d * 9 / 10)
        await host.expectNoLiveTasks()
    }

    @Test("T8: the save runs to its end after its toast went; the .task timer is cancelled at the hide")
    func t8Sequence() async {
        let (host, events) = await repro(.t8)
        #expect(
            events == [
                .appear(node: "toast #1"), .taskStarted(TaskID(1), name: "save (must finish)"),
                .taskStarted(TaskID(2), name: "sleep D, then hide"), .message("save start"), .message("sleep start"),
                // The hide cancels the .task timer only; the save was detached on purpose.
                .disappear(node: "toast #1"), .taskCancelRequested(TaskID(2)),
                .message("task cancel"), .taskEnded(TaskID(2), .cancelled),
                .appear(node: "toast #2"), .taskStarted(TaskID(3), name: "save (must finish)"),
                .taskStarted(TaskID(4), name: "sleep D, then hide"), .message("save start"), .message("sleep start"),
                .message("saved"), .taskEnded(TaskID(1), .finished), .message("saved"),
                .taskEnded(TaskID(3), .finished),
                .message("sleep end"), .disappear(node: "toast #2"), .taskCancelRequested(TaskID(4)),
                .taskEnded(TaskID(4), .cancelled),
            ])
        let save = host.context.registry.record(TaskID(1))
        #expect(save?.isDetached == true)
        #expect(save?.isOrphan == false)
        #expect(save?.endedAt == d * 2 / 3)
        await host.expectNoLiveTasks()
    }
}
