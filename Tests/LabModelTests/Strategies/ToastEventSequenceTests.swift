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
}
