import LifecycleTasks
import LifecycleTestSupport
import Testing

private struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

/// Stands for a view's @State.
@MainActor
private final class ViewState {
    var hidden = false
    func hide() { hidden = true }
}

@MainActor
@Suite("Task registry (SPEC §5)")
struct RegistryTests {
    @Test("§5 state: returning without a cancel ends finished")
    func finished() async {
        let host = FakeHost()
        host.context.registry.unstructuredTask(name: "work", label: "test", owner: nil) {}
        await host.settle()
        #expect(host.recorder.take() == [.taskStarted(TaskID(1), name: "work"), .taskEnded(TaskID(1), .finished)])
        #expect(host.context.registry.record(TaskID(1))?.endedAt != nil)
        await host.expectNoLiveTasks()
    }

    @Test("§5 records: a task's record keeps its name's kind, whichever way it was started; a literal name has none")
    func kinds() async {
        let host = FakeHost()
        let node = host.node("view")
        let pull = TaskName("pull changes", kind: "pull")
        node.task(name: pull) { try? await host.context.sleep(for: .seconds(1)) }
        _ = node.task(id: 1, name: TaskName("listen", kind: "listen")) { _ in }
        host.context.registry.unstructuredTask(name: "work", label: "test", owner: node) {}
        await host.appear(node)
        let records = host.context.registry.records
        #expect(records.map(\.name) == ["work", "pull changes", "listen"])
        #expect(records.map(\.kind) == [nil, "pull", "listen"])
        #expect(records.first { $0.kind == pull.kind }?.isLive == true)
        await host.disappear(node)
        await host.expectNoLiveTasks()
    }

    @Test("§5 state: throwing CancellationError ends cancelled; returning after a cancel ends cancelled")
    func cancelled() async {
        let host = FakeHost()
        let context = host.context
        let throwing = context.registry.unstructuredTask(name: "throws", label: "test", owner: nil) {
            try await context.sleep(for: .seconds(60))
        }
        let swallowing = context.registry.unstructuredTask(name: "swallows", label: "test", owner: nil) {
            try? await context.sleep(for: .seconds(60))
        }
        await host.settle()
        throwing.cancel()
        swallowing.cancel()
        // Cancelled from the main thread: the records turn cancelling at once.
        #expect(context.registry.liveRecords.map(\.state) == [.cancelling, .cancelling])
        await host.settle()
        #expect(context.registry.records.map(\.state) == [.cancelled, .cancelled])
        let events = host.recorder.take()
        #expect(
            Array(events.prefix(4)) == [
                .taskStarted(TaskID(1), name: "throws"), .taskStarted(TaskID(2), name: "swallows"),
                .taskCancelRequested(TaskID(1)), .taskCancelRequested(TaskID(2)),
            ])
        // Both were cancelled in the same turn; which action returns first is the scheduler's
        // choice, so the two ends are compared as a set.
        #expect(events.count == 6)
        #expect(Set(events.dropFirst(4)) == [.taskEnded(TaskID(1), .cancelled), .taskEnded(TaskID(2), .cancelled)])
        await host.expectNoLiveTasks()
    }

    @Test("§5 state: any other error ends failed(description) and reaches the task's awaiter")
    func failed() async {
        let host = FakeHost()
        let task = host.context.registry.unstructuredTask(name: "exec", label: "test", owner: nil) { throw Boom() }
        await host.settle()
        #expect(host.context.registry.record(TaskID(1))?.state == .failed("boom"))
        await #expect(throws: Boom.self) { try await task.value }
        #expect(host.context.registry.counters.failed == 1)
        await host.expectNoLiveTasks()
    }

    @Test("§5 state: a cancel from another thread shows cancelling after a hop to the main actor")
    func cancelFromOtherThread() async {
        let host = FakeHost()
        let context = host.context
        let task = context.registry.unstructuredTask(name: "work", label: "test", owner: nil) {
            try await context.sleep(for: .seconds(60))
        }
        await host.settle()
        await Task.detached { task.cancel() }.value
        await host.settle()
        #expect(
            host.recorder.take() == [
                .taskStarted(TaskID(1), name: "work"), .taskCancelRequested(TaskID(1)),
                .taskEnded(TaskID(1), .cancelled),
            ])
        await host.expectNoLiveTasks()
    }

    @Test("§5 counters: started = live + cancelled + finished + failed at every change")
    func countersAddUp() async {
        let host = FakeHost()
        let context = host.context
        var snapshots: [RegistryCounters] = []
        let token = context.registry.observe { _ in snapshots.append(context.registry.counters) }
        for index in 0..<30 {
            let task = context.registry.unstructuredTask(name: "t\(index)", label: "test", owner: nil) {
                switch index % 3 {
                case 0: return
                case 1: throw Boom()
                default: try await context.sleep(for: .seconds(60))
                }
            }
            if index % 3 == 2 { task.cancel() }
        }
        await host.settle()
        let counters = context.registry.counters
        #expect(
            counters
                == {
                    var expected = RegistryCounters()
                    expected.started = 30
                    expected.finished = 10
                    expected.failed = 10
                    expected.cancelled = 10
                    return expected
                }())
        #expect(snapshots.allSatisfy { $0.addUp })
        token.cancel()
        await host.expectNoLiveTasks()
    }

    @Test("§5 orphan: an uncancelled task of a disappeared node is flagged orphan until it ends (T1)")
    func orphan() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("toast")
        node.onAppear {
            context.registry.unstructuredTask(name: "dismiss", label: "T1", owner: node) {
                try await context.sleep(for: .seconds(3))
            }
        }
        await host.appear(node)
        #expect(context.registry.record(TaskID(1))?.isOrphan == false)
        await host.disappear(node)
        #expect(context.registry.record(TaskID(1))?.isOrphan == true)
        #expect(context.registry.counters.orphaned == 1)
        await host.advance(by: .seconds(3))
        let record = context.registry.record(TaskID(1))
        #expect(record?.state == .finished)
        #expect(record?.isOrphan == true)  // history keeps "ran as orphan"
        #expect(context.registry.counters.orphaned == 0)
        await host.expectNoLiveTasks()
    }

    @Test("§5 orphan: a task cancelled in onDisappear is never flagged (T4)")
    func notOrphanWhenCancelledInOnDisappear() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("toast")
        var kept: Task<Void, any Error>?
        var flagged = false
        let token = context.registry.observe { change in
            if case .updated(let record) = change, record.isOrphan { flagged = true }
        }
        node.onAppear {
            kept = context.registry.unstructuredTask(name: "dismiss", label: "T4", owner: node) {
                try await context.sleep(for: .seconds(3))
            }
        }
        .onDisappear { kept?.cancel() }
        await host.appear(node)
        await host.disappear(node)
        #expect(!flagged)
        #expect(context.registry.record(TaskID(1))?.state == .cancelled)
        token.cancel()
        await host.expectNoLiveTasks()
    }

    @Test("§5 orphan: M3 tasks cancelled at disappear are not orphans")
    func m3NotOrphan() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("page").task { try? await context.sleep(for: .seconds(60)) }
        await host.appear(node)
        node.disappear()
        #expect(context.registry.record(TaskID(1))?.isOrphan == false)
        await host.expectNoLiveTasks()
    }

    @Test("§5 retains owner: a task whose closure holds the released state is flagged, cleared at end (T6)")
    func retainsOwner() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("toast")
        var state: ViewState? = ViewState()
        weak let weakState = state
        node.ownerState = state
        node.onAppear { [weak state] in
            guard let state else { return }
            context.registry.unstructuredTask(name: "dismiss", label: "T6", owner: node) {
                try await context.sleep(for: .seconds(3))
                state.hide()  // captures the view's state
            }
        }
        await host.appear(node)
        await host.disappear(node)
        #expect(context.registry.record(TaskID(1))?.retainsOwner == false)  // not released yet
        state = nil
        node.ownerStateReleasedExpected()
        #expect(weakState != nil)
        #expect(context.registry.record(TaskID(1))?.retainsOwner == true)
        await host.advance(by: .seconds(3))
        #expect(context.registry.record(TaskID(1))?.retainsOwner == false)
        await host.settle()
        #expect(weakState == nil)  // the task let go of it
        await host.expectNoLiveTasks()
    }

    @Test("§5 retains owner: a task that captures nothing of the state is not flagged (T5)")
    func doesNotRetainOwner() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("toast")
        var state: ViewState? = ViewState()
        node.ownerState = state
        node.onAppear {
            context.registry.unstructuredTask(name: "dismiss", label: "T5", owner: node) {
                try? await context.sleep(for: .seconds(3))
            }
        }
        await host.appear(node)
        await host.disappear(node)
        state = nil
        node.ownerStateReleasedExpected()
        #expect(state == nil)
        #expect(context.registry.record(TaskID(1))?.retainsOwner == false)
        #expect(context.registry.record(TaskID(1))?.isOrphan == true)
        context.registry.cancelAll()
        await host.expectNoLiveTasks()
    }

    @Test("§5 change stream: added, updated and removed arrive in order without polling")
    func changeStream() async {
        let host = FakeHost(historyLimit: 1)
        let context = host.context
        var changes: [String] = []
        let token = context.registry.observe { change in
            switch change {
            case .added(let record): changes.append("added \(record.id) \(record.state)")
            case .updated(let record): changes.append("updated \(record.id) \(record.state)")
            case .removed(let id): changes.append("removed \(id)")
            }
        }
        context.registry.unstructuredTask(name: "a", label: "test", owner: nil) {}
        await host.settle()
        let second = context.registry.unstructuredTask(name: "b", label: "test", owner: nil) {
            try await context.sleep(for: .seconds(1))
        }
        await host.settle()
        second.cancel()
        await host.settle()
        #expect(
            changes == [
                "added #1 running", "updated #1 finished",
                "added #2 running", "updated #2 cancelling", "updated #2 cancelled", "removed #1",
            ])
        token.cancel()
        await host.expectNoLiveTasks()
    }

    @Test("§5 bounded history: ended records beyond the limit leave; memory stays flat")
    func boundedHistory() async {
        let host = FakeHost(historyLimit: 5)
        let context = host.context
        for round in 0..<20 {
            for index in 0..<50 {
                context.registry.unstructuredTask(name: "t\(round)-\(index)", label: "test", owner: nil) {}
            }
            await host.settle()
            #expect(context.registry.records.count == 5)
        }
        #expect(context.registry.records.map(\.id) == (996...1_000).map(TaskID.init))
        #expect(context.registry.counters.started == 1_000)
        #expect(context.registry.counters.finished == 1_000)
        #expect(context.log.entries.count <= context.log.limit)
        await host.expectNoLiveTasks()
    }

    @Test("§5 event log: keeps the newest `limit` events in order")
    func boundedLog() async {
        let context = LifecycleContext(clock: TrackedTestClock(), logLimit: 3)
        for index in 0..<10 { context.log.append(.message("m\(index)")) }
        #expect(context.log.entries.map(\.kind) == [.message("m7"), .message("m8"), .message("m9")])
        #expect(context.log.totalAppended == 10)
        expectNoLiveTasks(context.registry)
    }

    @Test("§5 shutdown: cancelAll then waitForAllToEnd returns nothing left")
    func shutdown() async {
        let host = FakeHost()
        let context = host.context
        for index in 0..<5 {
            context.registry.unstructuredTask(name: "t\(index)", label: "test", owner: nil) {
                try await context.sleep(for: .seconds(60))
            }
        }
        await host.settle()
        context.registry.cancelAll()
        #expect(context.registry.liveRecords.allSatisfy { $0.state == .cancelling })
        let left = await context.registry.waitForAllToEnd(timeout: .seconds(30))
        #expect(left == [])
        await host.expectNoLiveTasks()
    }

    @Test("§5 shutdown: waitForAllToEnd returns the tasks that ignore cancellation once the timeout passes")
    func shutdownTimeout() async {
        let host = FakeHost()
        let context = host.context
        let stubborn = context.registry.unstructuredTask(name: "stubborn", label: "test", owner: nil) {
            // Ignores cancellation: waits for an inner unstructured task nobody cancels.
            await Task { try? await context.sleep(for: .seconds(10)) }.value
        }
        await host.settle()
        context.registry.cancelAll()
        // The timeout is real time on purpose (a frozen test clock must not hang shutdown);
        // keep it tiny.
        let left = await context.registry.waitForAllToEnd(timeout: .milliseconds(20))
        #expect(left.map(\.name) == ["stubborn"])
        #expect(left.first?.state == .cancelling)
        await host.advance(by: .seconds(20))
        _ = stubborn
        await host.expectNoLiveTasks()
    }
}
