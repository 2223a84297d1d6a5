import LabModel
import LifecycleTasks
import LifecycleTestSupport
import Testing

/// A host whose animated dismissals wait until the test ends them, as a GTK revealer's slide
/// does: the node stays appeared meanwhile.
@MainActor
private final class SlidingHost: ViewHost {
    private(set) var onScreen: [ToastView] = []
    private(set) var sliding: [(view: ToastView, removed: @MainActor () -> Void)] = []

    func present(_ view: ToastView) {
        onScreen.append(view)
        view.node.appear()
    }

    func dismiss(_ view: ToastView) {
        guard let index = onScreen.firstIndex(where: { $0 === view }) else { return }
        onScreen.remove(at: index)
        sliding.removeAll { $0.view === view }
        view.node.disappear()
    }

    func dismissAnimated(_ view: ToastView, removed: @escaping @MainActor () -> Void) {
        sliding.append((view, removed))
    }

    /// The slide of the oldest sliding toast ends: it is removed, then the screen is told.
    func endSlide() {
        let (view, removed) = sliding.removeFirst()
        dismiss(view)
        removed()
    }
}

@MainActor
@Suite("Toast hides: the timer's slides out, the button's is instant (SPEC §3, seed 000)")
struct ToastSlideOutTests {
    @Test(
        "§3 timer hide: recorded when it starts; the toast leaves the model at once; its node disappears at the slide's end"
    )
    func timerHideSlides() async {
        let host = FakeHost()
        let sliding = SlidingHost()
        let screen = ToastScreen(strategy: .t2, context: host.context, host: sliding)
        screen.show()
        await host.advance(to: d)
        #expect(screen.hideEvents.map(\.time) == [d])
        #expect(screen.hideEvents.map(\.cause) == [.timer])
        #expect(!screen.isPresented)
        let leaving = screen.leavingViews
        #expect(leaving.count == 1)
        #expect(leaving.first?.node.isAppeared == true)
        #expect(leaving.first?.state != nil)
        #expect(screen.liveViewStates == 1)
        sliding.endSlide()
        #expect(screen.leavingViews.isEmpty)
        #expect(leaving.first?.node.isAppeared == false)
        #expect(leaving.first?.state == nil)
        await host.settle()
        #expect(screen.liveViewStates == 0)
        await host.expectNoLiveTasks()
    }

    @Test("§3 button hide: the node disappears inside the press, no slide")
    func buttonHideIsInstant() async {
        let host = FakeHost()
        let sliding = SlidingHost()
        let screen = ToastScreen(strategy: .t2, context: host.context, host: sliding)
        screen.show()
        let node = screen.presented?.node
        await host.settle()
        screen.hide(cause: .button)
        #expect(node?.isAppeared == false)
        #expect(screen.leavingViews.isEmpty)
        #expect(sliding.sliding.isEmpty)
        await host.settle()
        #expect(screen.logLines.map(\.text) == ["sleep start", "task cancel"])
        await host.expectNoLiveTasks()
    }

    @Test(
        "§3 T1 with the slide: the stale timer's hide at t = D slides toast 2 out; its timer becomes an orphan only when the slide ends"
    )
    func t1StaleTimerSlidesSecondToast() async {
        let host = FakeHost()
        let sliding = SlidingHost()
        let screen = ToastScreen(strategy: .t1, context: host.context, host: sliding)
        screen.show()
        await host.advance(to: d / 3)
        screen.hide()
        await host.advance(to: d / 2)
        screen.show()
        await host.advance(to: d)
        #expect(screen.hideEvents.map(\.time) == [d / 3, d])
        #expect(screen.hideEvents.map(\.cause) == [.button, .timer])
        // Toast 2 slides out: its node is still appeared, so its timer (#2) is no orphan yet.
        #expect(host.context.registry.record(TaskID(2))?.isOrphan == false)
        await host.advance(to: d + screen.slideOutDuration)
        sliding.endSlide()
        #expect(host.context.registry.record(TaskID(2))?.isOrphan == true)
        await host.advance(to: d / 2 + d)
        #expect(screen.hideEvents.count == 2)  // timer 2 found nothing to hide
        await host.expectNoLiveTasks()
    }

    @Test("§3 a show during the slide makes a new toast beside the leaving one; a reset ends the slide at once")
    func showDuringSlideAndReset() async {
        let host = FakeHost()
        let sliding = SlidingHost()
        let screen = ToastScreen(strategy: .t2, context: host.context, host: sliding)
        screen.show()
        await host.advance(to: d)
        screen.show()
        #expect(screen.isPresented)
        #expect(sliding.onScreen.count == 2)
        #expect(screen.leavingViews.count == 1)
        let leavingNode = screen.leavingViews.first?.node
        screen.reset()
        #expect(screen.leavingViews.isEmpty)
        #expect(leavingNode?.isAppeared == false)
        #expect(sliding.onScreen.isEmpty)
        await host.settle()
        #expect(screen.liveViewStates == 0)
        await host.expectNoLiveTasks()
    }
}
