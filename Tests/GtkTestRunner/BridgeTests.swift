import Dispatch
import Glibc
import Gtk

/// The main-actor bridge: the main actor runs inside the GLib loop, on the main thread.
@MainActor
enum BridgeTests {
    static var cases: [GtkTestCase] {
        [
            GtkTestCase("bridge: Task { @MainActor } from a signal handler runs; Task.sleep resumes on the main thread")
            {
                let window = Harness.window("bridge")
                let button = Button("Go")
                window.child = button
                try await presentAndFocus(window)
                var log: [String] = []
                button.onClicked {
                    log.append("clicked")
                    Task { @MainActor in
                        log.append("task started main=\(GtkRuntime.isMainThread)")
                        try await Task.sleep(for: .milliseconds(20))
                        log.append("slept main=\(GtkRuntime.isMainThread)")
                        await MainActor.run { log.append("MainActor.run") }
                    }
                }
                button.click()
                expectEqual(log, ["clicked"], "task not run synchronously")
                try await waitFor("task finished") { log.count == 4 }
                expectEqual(log, ["clicked", "task started main=true", "slept main=true", "MainActor.run"])
            },
            GtkTestCase(
                "bridge: a task preferring MainLoop.taskExecutor runs its nonisolated sleep on the main thread; a cancel comes straight back"
            ) {
                // Without the preference the nonisolated part runs on the pool (checked too,
                // so the test can tell the two apart).
                let onPool = await Task { await nonisolatedThreadProbe() }.value
                expect(!onPool, "a plain Task's nonisolated work runs on the pool")
                let onMain = await Task(executorPreference: MainLoop.taskExecutor) { await nonisolatedThreadProbe() }
                    .value
                expect(onMain, "nonisolated work of a task preferring MainLoop.taskExecutor runs on the main thread")
                // A sleep cancelled from the main thread: the catch runs without any pool thread.
                let sleeper = Task(executorPreference: MainLoop.taskExecutor) { await sleepUntilCancelled() }
                try await waitFor("sleeper sleeping") { sleepUntilCancelledStarted }
                sleeper.cancel()
                let resumedOnMain = await sleeper.value
                expect(resumedOnMain, "the cancelled sleep's resumption ran on the main thread")
            },
            GtkTestCase("bridge: a continuation resumed from another thread resumes main-actor code promptly") {
                // No GLib timer runs during this case, so a resume that waited for some other
                // event would take until the case's timeout. The host is shared and loaded, so
                // judge the median, and the worst only against a generous bound.
                let clock = ContinuousClock()
                var latencies: [Duration] = []
                for round in 0..<20 {
                    let start = clock.now
                    let onMain: Bool =
                        await withCheckedContinuation { continuation in
                            if round % 2 == 0 {
                                DispatchQueue.global().async { continuation.resume(returning: true) }
                            } else {
                                Thread.detach { continuation.resume(returning: true) }
                            }
                        } && GtkRuntime.isMainThread
                    expect(onMain, "resumed on the main thread")
                    latencies.append(clock.now - start)
                }
                latencies.sort()
                expect(
                    latencies[latencies.count / 2] < .milliseconds(5),
                    "median resume latency \(latencies[latencies.count / 2])")
                expect(latencies.last! < .seconds(1), "worst resume latency \(latencies.last!)")
            },
            GtkTestCase("bridge: idle CPU stays near zero with a window open") {
                let window = Harness.window("idle")
                window.child = Label("idle")
                try await presentAndFocus(window)
                try await nextFrame(of: window)
                try await loopIdle()
                // The measurement window: CPU used over half a second of an idle loop (not a
                // wait for something to happen).
                let before = Thread.cpuSeconds()
                await MainLoop.sleep(for: .milliseconds(500))
                let used = Thread.cpuSeconds() - before
                expect(
                    used < 0.05, "used \(used) s of CPU in 0.5 s idle (a bridge that never drains its fd burns a core)")
            },
            GtkTestCase("bridge: MainLoop idle and timeout sources release their closures") {
                let before = GLibClosureBox.liveCount
                var ran = 0
                MainLoop.idle { ran += 1 }
                let timeout = MainLoop.timeoutSource(after: .seconds(60)) {
                    ran += 100
                    return false
                }
                expectEqual(GLibClosureBox.liveCount, before + 2, "two closures held")
                try await waitFor("idle ran") { ran == 1 }
                expectEqual(GLibClosureBox.liveCount, before + 1, "idle released after running")
                expect(timeout.isActive, "timeout still pending")
                timeout.cancel()
                expectEqual(GLibClosureBox.liveCount, before, "cancelled timeout released")
                expectEqual(ran, 1)
            },
            GtkTestCase(
                "bridge: closures counted since a mark are the ones GLib took after it; an older one given back leaves that count alone (the §4 leak checks' base)"
            ) {
                let older = MainLoop.timeoutSource(after: .seconds(60)) { false }
                let mark = GLibClosureBox.mark()
                expectEqual(GLibClosureBox.liveCount(since: mark), 0, "nothing taken since the mark")
                let newer = MainLoop.timeoutSource(after: .seconds(60)) { false }
                let inner = GLibClosureBox.mark()
                let newest = MainLoop.timeoutSource(after: .seconds(60)) { false }
                expectEqual(
                    GLibClosureBox.liveCount(since: mark), 2, "the two taken after the mark, a later mark's included")
                expectEqual(GLibClosureBox.liveCount(since: inner), 1, "the later mark counts only its own")
                older.cancel()
                expectEqual(GLibClosureBox.liveCount(since: mark), 2, "the older closure given back counts nowhere")
                newest.cancel()
                expectEqual(GLibClosureBox.liveCount(since: mark), 1, "one given back since the mark")
                expectEqual(GLibClosureBox.liveCount(since: inner), 0)
                newer.cancel()
                expectEqual(GLibClosureBox.liveCount(since: mark), 0)
            },
        ]
    }
}

/// Minimal threads for tests (no Foundation).
enum Thread {
    /// Runs `body` on a new detached pthread.
    static func detach(_ body: @escaping @Sendable () -> Void) {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ b: @escaping @Sendable () -> Void) { body = b }
        }
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let rc = pthread_create(
            &thread, nil,
            { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        precondition(rc == 0, "pthread_create failed: \(rc)")
        pthread_detach(thread)
    }

    /// CPU time (user + system) of the whole process, in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }
}

/// Whether this nonisolated async function runs on the main thread.
private nonisolated func nonisolatedThreadProbe() async -> Bool {
    await Task.yield()
    return GtkRuntime.isMainThread
}

@MainActor private var sleepUntilCancelledStarted = false

/// Sleeps until cancelled; returns whether the code right after the cancelled `Task.sleep`
/// (nonisolated) ran on the main thread.
private nonisolated func sleepUntilCancelled() async -> Bool {
    await MainActor.run { sleepUntilCancelledStarted = true }
    do {
        try await Task.sleep(for: .seconds(60))
        return false
    } catch {
        return GtkRuntime.isMainThread
    }
}
