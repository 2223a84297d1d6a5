import LabModel
import LifecycleTasks
import LifecycleTestSupport
import Testing

/// A host like GTK's: a presented view appears only when "mapped" later; dismiss removes it and
/// unmaps it only if it was mapped.
@MainActor
private final class MappingHost<Hosted: HostedView>: ViewHost {
    var pending: [Hosted] = []
    var lazyDismiss = false

    func present(_ view: Hosted) { pending.append(view) }

    func dismiss(_ view: Hosted) {
        pending.removeAll { $0 === view }
        if view.node.isAppeared && !lazyDismiss { view.node.disappear() }
    }

    func mapAll() {
        for view in pending where !view.node.isAppeared { view.node.appear() }
    }
}

@MainActor
@Suite("Hosting screens")
struct HostingTests {
    @Test("T2: a toast hidden before its widget was mapped never starts a timer")
    func hiddenBeforeMap() async {
        let host = FakeHost()
        let mapping = MappingHost<ToastView>()
        let screen = ToastScreen(strategy: .t2, context: host.context, host: mapping)
        screen.show()
        screen.hide()
        await host.settle()
        #expect(host.context.registry.counters.started == 0)
        screen.show()
        #expect(host.context.registry.counters.started == 0)  // not mapped yet
        mapping.mapAll()
        await host.settle()
        #expect(host.context.registry.liveRecords.count == 1)
        await host.advance(by: d)
        #expect(!screen.isPresented)
        await host.expectNoLiveTasks()
    }

    @Test("T4: a host that leaves the node appeared after dismiss: the screen makes it disappear first")
    func hostLeavesNodeAppeared() async {
        let host = FakeHost()
        let mapping = MappingHost<ToastView>()
        mapping.lazyDismiss = true
        let screen = ToastScreen(strategy: .t4, context: host.context, host: mapping)
        screen.show()
        mapping.mapAll()
        await host.settle()
        weak let node = screen.presented?.node
        screen.hide()
        #expect(node?.isAppeared != true)
        await host.settle()
        #expect(screen.logLines.map(\.text) == ["sleep start", "task cancel"])
        await host.expectNoLiveTasks()
    }

    @Test("B2: a host keeping the page view after close does not keep its state")
    func stateOwnedByScreen() async {
        let host = FakeHost()
        let immediate = ImmediateHost<ButtonView>()
        let screen = ButtonScreen(strategy: .b2, context: host.context, host: immediate)
        screen.showView()
        let view = screen.view  // a host holding on to the view after closing
        weak let state = view?.state
        screen.closeView()
        #expect(state == nil)
        #expect(view?.state == nil)
        await host.expectNoLiveTasks()
    }
}
