import Dispatch
import LifecycleTasks
import LifecycleTestSupport
import Synchronization
import Testing

/// Forwards every job to the global concurrent queue, counting them: a stand-in for a host's
/// main-thread executor (the GTK app's `MainLoop.taskExecutor`).
private final class CountingExecutor: TaskExecutor {
    let jobs = Mutex(0)

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.withLock { $0 += 1 }
        let job = UnownedJob(job)
        DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    var count: Int { jobs.withLock { $0 } }
}

@MainActor
private final class Counter { var value = 0 }

@MainActor
@Suite("Task executor preference (M3, §5)")
struct TaskExecutorTests {
    @Test("M3 §5: with a task executor, .task and unstructured tasks run their sleeps on it, and end as without one")
    func preferredExecutor() async {
        let clock = TrackedTestClock()
        let executor = CountingExecutor()
        let context = LifecycleContext(clock: clock, taskExecutor: executor)
        let node = LifecycleNode(name: "toast", scene: nil, context: context)
            .task(name: "timer") { try? await context.sleep(for: .seconds(3)) }
        let unstructured = context.registry.unstructuredTask(name: "loader", label: "test", owner: nil) {
            try await context.sleep(for: .seconds(60))
        }
        node.appear()
        #expect(await Settle.run(context: context, clock: clock))
        // Both tasks started on the executor and their `clock.sleep` ran there.
        let afterStart = executor.count
        #expect(afterStart >= 2)
        #expect(clock.pendingCount == 2)
        #expect(context.registry.liveRecords.map(\.state) == [.running, .running])

        // The .task's timer runs out: it finishes; the cancelled one's resumption uses the executor too.
        await clock.advance(by: .seconds(3), context: context)
        unstructured.cancel()
        #expect(await Settle.run(context: context, clock: clock))
        #expect(executor.count > afterStart)
        #expect(context.registry.records.map(\.state) == [.cancelled, .finished])  // #1 loader, #2 timer
        #expect(context.registry.liveRecords.isEmpty)
        node.disappear()
    }

    @Test("M3: a .task cancelled by disappear with a task executor ends cancelled, once")
    func cancelOnDisappear() async {
        let clock = TrackedTestClock()
        let executor = CountingExecutor()
        let context = LifecycleContext(clock: clock, taskExecutor: executor)
        let caught = Counter()
        let node = LifecycleNode(name: "toast", scene: nil, context: context)
            .task(name: "timer") {
                do { try await context.sleep(for: .seconds(3)) } catch { caught.value += 1 }
            }
        node.appear()
        #expect(await Settle.run(context: context, clock: clock))
        node.disappear()
        #expect(await Settle.run(context: context, clock: clock))
        #expect(caught.value == 1)
        #expect(context.registry.records.map(\.state) == [.cancelled])
        #expect(clock.pendingCount == 0)
    }
}
