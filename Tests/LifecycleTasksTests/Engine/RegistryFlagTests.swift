import LifecycleTasks
import LifecycleTestSupport
import Testing

/// Stands for a view's @State.
@MainActor
private final class ViewState {
    var uses = 0
    func use() { uses += 1 }
}

/// The orphan and retains-owner flags through the real registry, in the cases the toast pages
/// do not reach (the rules themselves are `TaskStateMachine`'s, tested purely there).
@MainActor
@Suite("Task registry flags (SPEC §5)")
struct RegistryFlagTests {
    @Test("§5 orphan: a task started from a hidden node is an orphan at once, and stays one when the node appears")
    func orphanFromHiddenOwner() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("page")
        let task = context.registry.unstructuredTask(name: "late", label: "test", owner: node) {
            try await context.sleep(for: .seconds(60))
        }
        await host.settle()
        #expect(context.registry.record(TaskID(1))?.isOrphan == true)
        #expect(context.registry.counters.orphaned == 1)
        // Only tasks started from now on belong to this appearance.
        await host.appear(node)
        #expect(context.registry.record(TaskID(1))?.isOrphan == true)
        task.cancel()
        let cancelled = context.registry.record(TaskID(1))
        #expect(cancelled?.state == .cancelling)
        #expect(cancelled?.isOrphan == false)
        #expect(context.registry.counters.orphaned == 0)
        await host.disappear(node)
        await host.expectNoLiveTasks()
    }

    @Test(
        "§5 retains owner: every live task of the owner is flagged while the released state lives; a cancelling one too, until it returns"
    )
    func retainsOwnerAcrossTasks() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("toast")
        var state: ViewState? = ViewState()
        weak let weakState = state
        node.ownerState = state
        var holder: Task<Void, any Error>?
        node.onAppear { [weak state] in
            guard let state else { return }
            holder = context.registry.unstructuredTask(name: "holds state", label: "T6", owner: node) {
                // A cancel cuts the sleep short; the state is used before the action returns.
                try? await context.sleep(for: .seconds(3))
                state.use()
            }
            context.registry.unstructuredTask(name: "holds nothing", label: "T5", owner: node) {
                try await context.sleep(for: .seconds(1))
            }
        }
        await host.appear(node)
        await host.disappear(node)
        state = nil
        node.ownerStateReleasedExpected()
        let flags = { context.registry.liveRecords.map { "\($0.id) \($0.state) \($0.retainsOwner)" } }
        // The registry sees that the state lives and which tasks of its owner are live, not
        // which closure holds it: both are flagged.
        #expect(flags() == ["#1 running true", "#2 running true"])
        // The other task's end makes the registry look again: the state is still held.
        await host.advance(by: .seconds(1))
        #expect(flags() == ["#1 running true"])
        // Cancelled, but its closure (and the state) lives until the action returns.
        holder?.cancel()
        #expect(flags() == ["#1 cancelling true"])
        await host.advance(by: .seconds(2))
        let ended = context.registry.record(TaskID(1))
        #expect(ended?.state == .cancelled)
        #expect(ended?.retainsOwner == false)
        holder = nil
        await host.settle()
        #expect(weakState == nil)
        await host.expectNoLiveTasks()
    }

    @Test(
        "§5 detached: a task started detached outlives its owner unflagged as orphan, is marked detached and counted apart, and keeps the mark in the history"
    )
    func detachedOnPurpose() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("toast")
        node.onAppear {
            context.registry.unstructuredTask(name: "save", label: "T8", owner: node, detached: true) {
                try await context.sleep(for: .seconds(2))
            }
            context.registry.unstructuredTask(name: "timer", label: "T1", owner: node) {
                try await context.sleep(for: .seconds(3))
            }
        }
        await host.appear(node)
        #expect(context.registry.counters.detached == 1)
        await host.disappear(node)
        let rows = {
            context.registry.records.map { "\($0.name) \($0.state) orphan=\($0.isOrphan) detached=\($0.isDetached)" }
        }
        // The same owner, the same disappear: the fire-and-forget timer is an orphan, the save is not.
        #expect(rows() == ["save running orphan=false detached=true", "timer running orphan=true detached=false"])
        #expect(context.registry.counters.orphaned == 1)
        #expect(context.registry.counters.detached == 1)
        #expect(context.registry.counters.addUp)
        await host.advance(by: .seconds(2))
        #expect(rows().first == "save finished orphan=false detached=true")
        #expect(context.registry.counters.detached == 0)
        #expect(context.registry.counters.finished == 1)
        await host.advance(by: .seconds(1))
        #expect(context.registry.counters.orphaned == 0)
        #expect(context.registry.counters.addUp)
        await host.expectNoLiveTasks()
    }

    @Test(
        "§5 orphan: a task started between willAppear and appear belongs to the coming appearance (seed 003's 3-B); after a disappear it is an orphan as any other"
    )
    func startedAtWillAppear() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("scene view")
        node.onWillAppear {
            context.registry.unstructuredTask(name: "poll", label: "P5", owner: node) {
                try await context.sleep(for: .seconds(60))
            }
        }
        node.willAppear()
        #expect(node.isAboutToAppear)
        await host.settle()
        #expect(context.registry.record(TaskID(1))?.isOrphan == false)
        await host.appear(node)
        #expect(!node.isAboutToAppear)
        #expect(context.registry.counters.orphaned == 0)
        await host.disappear(node)
        #expect(context.registry.record(TaskID(1))?.isOrphan == true)
        context.registry.cancelAll()
        await host.expectNoLiveTasks()
    }
}
