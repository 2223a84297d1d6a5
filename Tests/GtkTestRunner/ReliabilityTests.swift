import Glibc
import Gtk
import GtkLifecycle
import LabModel
import LifecycleLabKit
import LifecycleTasks
import SeededRandom

/// Reliability: faults in tasks, shutdown with a task that ignores cancellation, memory and
/// ownership over many cycles, and randomized event storms on real widgets.
///
/// Sizes: `RELIABILITY_CYCLES` (default 10 000) for the show/hide, page and strategy cycles;
/// `RELIABILITY_STORM_STEPS` (default 4 000, of which about 5 % are window events) and
/// `RELIABILITY_SEED` (default: from the clock, printed) for the storm.
@MainActor
enum ReliabilityTests {
    static var cases: [GtkTestCase] {
        [
            faultThrows, faultIgnoresCancellation, thousandTasks, shutdownBound,
            showHideCycles, pageSwitches, strategySwitches, appReleased,
            eventStorm, appStorm,
        ]
    }

    // MARK: §2 faults in tasks

    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom (a test fault)" }
    }

    static let faultThrows = GtkTestCase(
        "reliability, faults: a throwing action shows failed(error) in the panel and the app goes on"
    ) {
        let fixture = try AppFixture(["--strategy", "T2", "--time-scale", "1"])
        try await fixture.ready()
        let registry = fixture.registry
        let panel = fixture.window.panel
        let task = registry.unstructuredTask(name: "thrower", label: "test", owner: nil) {
            await Task.yield()
            throw Boom()
        }
        let id = try unwrap(registry.records.last { $0.name == "thrower" }?.id, "thrower registered")
        _ = await task.result
        panel.flushPendingChanges()
        expectEqual(registry.record(id)?.state, .failed("boom (a test fault)"), "registry state")
        expectEqual(panel.state(for: id), .failed("boom (a test fault)"), "panel state")
        let row = panel.row(for: id) ?? ""
        expect(row.contains("failed") && row.contains("boom"), "panel row shows the failure: \(row)")
        expectEqual(panel.counters.failed, 1, "failed counter")
        // The app goes on: the toast still works, its T2 task still runs and is cancelled.
        fixture.toastPage.showButton.click()
        try await fixture.tasksStarted()
        expectEqual(registry.counters.live, 1, "T2 timer running after the failure")
        fixture.toastPage.hideButton.click()
        try await waitFor("T2 timer cancelled") { registry.counters.live == 0 }
        expect(fixture.window.window.isMapped, "window still up")
        expect(registry.counters.addUp, "counters add up: \(registry.counters)")
        await fixture.close()
    }

    static let faultIgnoresCancellation = GtkTestCase(
        "reliability, faults: an action ignoring cancellation shows cancelling until it returns"
    ) {
        let fixture = try AppFixture(["--time-scale", "1"])
        try await fixture.ready()
        let registry = fixture.registry
        let panel = fixture.window.panel
        // The action awaits a continuation only the test resumes: cancelling the task does not
        // reach it, so it stays `cancelling` until the test lets it return, however slow the loop.
        var release: CheckedContinuation<Void, Never>?
        let task = registry.unstructuredTask(name: "stubborn", label: "test", owner: nil) {
            await withCheckedContinuation { release = $0 }
        }
        let id = try unwrap(registry.records.last { $0.name == "stubborn" }?.id, "registered")
        try await waitFor("the stubborn action is waiting") { release != nil }
        registry.cancel(id)
        panel.flushPendingChanges()
        expectEqual(panel.state(for: id), .cancelling, "panel right after cancel")
        try await loopIdle()
        panel.flushPendingChanges()
        expectEqual(registry.record(id)?.state, .cancelling, "registry once the loop went idle")
        expectEqual(panel.state(for: id), .cancelling, "panel once the loop went idle")
        expect(panel.row(for: id)?.contains("cancelling") == true, "row text: \(panel.row(for: id) ?? "none")")
        release?.resume()
        _ = await task.result
        panel.flushPendingChanges()
        expectEqual(panel.state(for: id), .cancelled, "panel once it returned")
        await fixture.close()
    }

    static let thousandTasks = GtkTestCase(
        "reliability, faults: 1,000 tasks started at once stay correct; the panel stays responsive",
        timeout: .seconds(30)
    ) {
        let fixture = try AppFixture(["--time-scale", "1"])
        try await fixture.ready()
        let registry = fixture.registry
        let panel = fixture.window.panel
        let before = registry.counters
        var rng = SplitMix64(seed: 5)
        let clock = ContinuousClock()
        let start = clock.now
        var tasks: [Task<Void, any Error>] = []
        // Each action works until the test opens the gate (then 0–40 ms more), or until it is
        // cancelled: which ones end cancelled does not depend on how fast a loaded machine runs.
        let gate = CancellableGate()
        for index in 0..<1_000 {
            let ms = Int(rng.next() % 40)
            let throwsAtEnd = index % 10 == 3
            tasks.append(
                registry.unstructuredTask(name: "bulk \(index)", label: "test", owner: nil) {
                    try await gate.wait()
                    try await Task.sleep(for: .milliseconds(ms))
                    if throwsAtEnd { throw Boom() }
                })
        }
        let startMs = (clock.now - start).milliseconds
        expectEqual(registry.counters.live, before.live + 1_000, "1,000 live")
        // One flush applies the 1,000 additions.
        var t0 = clock.now
        panel.flushPendingChanges()
        let addFlush = (clock.now - t0).milliseconds
        expectEqual(panel.counters, registry.counters, "panel counters = registry")
        let liveIDs = Set(registry.liveRecords.map(\.id))
        expect(liveIDs.isSubset(of: Set(panel.rowIDs)), "every live task has a row")
        try await waitFor("the 1,000 actions running", timeout: .seconds(5)) { registry.pendingStartCount == 0 }
        panel.flushPendingChanges()
        // Responsiveness with 1,000 live rows: a 1 ms timer, and one change applied on its own.
        // (the median of 9: the first after 1,000 new rows also waits for their layout)
        var lags: [Double] = []
        for _ in 0..<9 {
            t0 = clock.now
            await MainLoop.sleep(for: .milliseconds(1))
            lags.append((clock.now - t0).milliseconds - 1)
        }
        let timerLag = lags.sorted()[4]
        tasks[1].cancel()
        t0 = clock.now
        panel.flushPendingChanges()
        let oneFlush = (clock.now - t0).milliseconds
        expectEqual(
            panel.state(for: try unwrap(registry.liveRecords.first { $0.name == "bulk 1" }?.id, "bulk 1")), .cancelling,
            "one cancel shown")
        // Cancel a third of them; one flush shows every one cancelling.
        for (index, task) in tasks.enumerated() where index % 3 == 0 { task.cancel() }
        t0 = clock.now
        panel.flushPendingChanges()
        let cancelFlush = (clock.now - t0).milliseconds
        let cancelling = registry.liveRecords.filter { $0.state == .cancelling }.map(\.id)
        expect(cancelling.allSatisfy { panel.state(for: $0) == .cancelling }, "panel shows the cancels")
        expect(registry.counters.addUp, "counters add up mid-run: \(registry.counters)")
        gate.open()
        try await waitFor("all 1,000 ended", timeout: .seconds(10)) { registry.counters.live == before.live }
        t0 = clock.now
        panel.flushPendingChanges()
        let endFlush = (clock.now - t0).milliseconds
        let c = registry.counters
        expectEqual(c.started - before.started, 1_000, "started")
        expectEqual(
            (c.cancelled - before.cancelled) + (c.finished - before.finished) + (c.failed - before.failed), 1_000,
            "ended")
        expectEqual(c.cancelled - before.cancelled, 335, "cancelled (every third, and #1)")
        let failedWanted = (0..<1_000).filter { $0 % 10 == 3 && $0 % 3 != 0 && $0 != 1 }.count
        expectEqual(c.failed - before.failed, failedWanted, "failed (every tenth, not cancelled)")
        expect(c.addUp, "counters add up: \(c)")
        expectEqual(panel.counters, c, "panel counters = registry at the end")
        print(
            "  figures: start 1,000 \(fmt(startMs)) ms; panel flushes: 1,000 added \(fmt(addFlush)) ms, one change beside "
                + "1,000 rows \(fmt(oneFlush)) ms, 334 cancels \(fmt(cancelFlush)) ms, 1,000 ends \(fmt(endFlush)) ms; "
                + "1 ms timer late by \(fmt(timerLag)) ms (median; worst \(fmt(lags.max() ?? 0)) ms); rows now \(panel.rowCount)"
        )
        expect(oneFlush < 50, "one change took \(fmt(oneFlush)) ms to apply beside 1,000 rows (bound 50 ms)")
        expect(timerLag < 50, "a 1 ms timer fired \(fmt(timerLag)) ms late with 1,000 live tasks (bound 50 ms)")
        // Whole batches of hundreds of rows: bounded too, looser (debug build).
        let worstBatch = max(addFlush, cancelFlush, endFlush)
        expect(worstBatch < 500, "a batch flush took \(fmt(worstBatch)) ms (bound 500 ms)")
        await fixture.close()
    }

    // MARK: §3 shutdown with a task that ignores cancellation (in-process; shutdown.sh does the real process)

    static let shutdownBound = GtkTestCase(
        "reliability, shutdown: waits up to the bound for a task ignoring cancellation and reports it"
    ) {
        let fixture = try AppFixture(["--strategy", "T1", "--time-scale", "5"])
        try await fixture.ready()
        let registry = fixture.registry
        fixture.toastPage.showButton.click()  // a T1 timer: unstructured, never cancelled by the page
        registry.unstructuredTask(name: "stubborn", label: "test", owner: nil) {
            await Task { try? await Task.sleep(for: .seconds(3)) }.value
        }
        try await fixture.tasksStarted()
        expectEqual(registry.counters.live, 2, "T1 timer and the stubborn task live")
        let clock = ContinuousClock()
        let t0 = clock.now
        let left = await fixture.app.tearDown(grace: .milliseconds(400))
        let took = (clock.now - t0).milliseconds
        print(
            "  figures: tearDown(grace: 400 ms) returned after \(fmt(took)) ms with \(left.count) left: \(left.map(\.name))"
        )
        expectEqual(left.map(\.name), ["stubborn"], "only the stubborn task is left")
        expectEqual(left.first?.state, .cancelling, "it was asked to cancel")
        expect(took >= 380 && took < 1_000, "waited the bound, not longer (\(fmt(took)) ms)")
        expectEqual(registry.counters.cancelled, 1, "the T1 timer was cancelled")
        try await waitFor("the stubborn task returns", timeout: .seconds(4)) { registry.counters.live == 0 }
    }

    // MARK: §4 memory and ownership

    static var cycles: Int { envInt("RELIABILITY_CYCLES") ?? 10_000 }

    /// Waits until the panel and the pages are quiet (no pending change, no panel timer) and the
    /// count of Swift closures GLib took in this case has held still over three idle passes
    /// 150 ms apart, so counts taken at two such points compare like with like: a source that
    /// lives a moment (a toast's countdown while it slides out, a one-shot idle a page queued) is
    /// gone at both, and one that never ends is there at both. Closures of earlier cases are
    /// not counted: one given back between the two points would hide a leak. Returns the count.
    static func quiet(_ fixture: AppFixture) async throws -> Int {
        try await waitFor("registry empty", timeout: .seconds(5)) { fixture.registry.counters.live == 0 }
        try await waitFor("panel quiet", timeout: .seconds(8)) {
            !fixture.window.panel.hasTimer && !fixture.window.panel.hasPendingChanges
        }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        var last = -1
        var steady = 0
        while steady < 3 {
            try await loopIdle()
            let count = GLibClosureBox.liveCount(since: Harness.caseClosures)
            if count == last {
                steady += 1
            } else {
                if last >= 0 {
                    print("info: Swift closures GLib took in this case went \(last) → \(count) while settling")
                }
                last = count
                steady = 0
            }
            try require(
                clock.now < deadline, "the count of closures GLib took in this case never held still (last \(count))")
            if steady < 3 { await MainLoop.sleep(for: .milliseconds(150)) }
        }
        return last
    }

    /// Runs `body` `count` times after a warm-up of `warmUp`, and checks that no closure, source
    /// or task was left behind; prints the figures.
    static func leakCheck(
        _ what: String, fixture: AppFixture, count: Int, warmUp: Int,
        _ body: @escaping @MainActor (Int) async -> Void
    ) async throws {
        for index in 0..<warmUp { await body(index) }
        let closuresBefore = try await quiet(fixture)
        let rssBefore = residentBytes()
        let startedBefore = fixture.registry.counters.started
        let clock = ContinuousClock()
        let t0 = clock.now
        for index in 0..<count {
            await body(index)
            if index % 200 == 199 { await Task.yield() }
        }
        let seconds = (clock.now - t0).milliseconds / 1000
        let closuresAfter = try await quiet(fixture)
        let growth = Double(residentBytes() - rssBefore) / 1_048_576
        let started = fixture.registry.counters.started - startedBefore
        print(
            "  figures: \(count) \(what) in \(fmt(seconds)) s; tasks started \(started), left \(fixture.registry.counters.live); "
                + "GLib closures of this case \(closuresBefore) → \(closuresAfter) (leaked \(closuresAfter - closuresBefore)); resident growth \(fmt(growth)) MiB"
        )
        expectEqual(closuresAfter, closuresBefore, "Swift closures held by GLib after \(count) \(what)")
        expectEqual(fixture.registry.counters.live, 0, "tasks left")
        expect(fixture.registry.counters.addUp, "counters add up: \(fixture.registry.counters)")
    }

    static let showHideCycles = GtkTestCase(
        "reliability, memory: show/hide cycles (T2) leave no closure, source or task", timeout: .seconds(120)
    ) {
        let fixture = try AppFixture(["--strategy", "T2", "--time-scale", "10"])
        try await fixture.ready()
        let page = fixture.toastPage
        try await leakCheck("show/hide cycles", fixture: fixture, count: cycles, warmUp: 200) { _ in
            page.showButton.click()
            await Task.yield()
            page.hideButton.click()
        }
        await fixture.close()
    }

    static let pageSwitches = GtkTestCase(
        "reliability, memory: page switches leave no closure, source or task", timeout: .seconds(120)
    ) {
        let fixture = try AppFixture(["--time-scale", "10"])
        try await fixture.ready()
        let window = fixture.window
        let names = LabPages.all.map { $0.id }
        // Open the inner pages of the button, scene-phase and server pages, so each switch
        // unmaps and maps nodes with tasks (a scene-phase page polls while shown, the server
        // page listens with .task(id:)).
        for name in names {
            window.show(page: name)
            (window.page(name) as? any ViewLayoutPage)?.showButton.click()
            try await fixture.tasksStarted()
        }
        // Whole rounds of the pages, so each phase ends back on the toast page, whose shown
        // view holds no task (another page's may: a poll, a timer), and the registry can empty.
        let switches = max(names.count, cycles - cycles % names.count)
        try await leakCheck("page switches", fixture: fixture, count: switches, warmUp: names.count * 10) { index in
            window.show(page: names[(index + 1) % names.count])
        }
        window.show(page: .toast)
        await fixture.close()
    }

    static let strategySwitches = GtkTestCase(
        "reliability, memory: strategy switches (app.strategy) leave no closure, source or task", timeout: .seconds(120)
    ) {
        let fixture = try AppFixture(["--time-scale", "10"])
        try await fixture.ready()
        let action = try unwrap(fixture.environment.application.action(named: "strategy"), "app.strategy")
        let ids = ToastStrategyID.allCases
        let page = fixture.toastPage
        try await leakCheck("strategy switches", fixture: fixture, count: cycles, warmUp: 60) { index in
            // Every tenth switch has a toast up with its timer running, for the switch to cancel.
            if index % 10 == 0 { page.showButton.click() }
            action.activate(ids[index % ids.count].rawValue)
        }
        await fixture.close()
    }

    /// What LeakSanitizer cannot tell (a live Swift object's weak side table looks leaked to
    /// it): after tearDown and the fixture's release, nothing keeps the app objects alive.
    static let appReleased = GtkTestCase(
        "reliability, ownership: after tearDown the LabApp, its main window and toast page are released"
    ) {
        weak var app: LabApp?
        weak var window: MainWindow?
        weak var page: ToastPage?
        do {
            let fixture = try AppFixture(["--strategy", "T2", "--time-scale", "10"])
            try await fixture.ready()
            fixture.toastPage.showButton.click()
            try await fixture.tasksStarted()
            fixture.toastPage.hideButton.click()
            app = fixture.app
            window = fixture.window
            page = fixture.toastPage
            await fixture.close()
        }
        // Released once the last task's closure and GLib's last handler let go: wait for it.
        _ = await MainLoop.waitUntil(timeout: .seconds(5)) { app == nil && window == nil && page == nil }
        print(
            "  figures: after tearDown: LabApp \(app == nil ? "released" : "alive"), MainWindow \(window == nil ? "released" : "alive"), "
                + "ToastPage \(page == nil ? "released" : "alive")")
        expect(app == nil, "LabApp still alive after tearDown and the fixture's release")
        expect(window == nil, "MainWindow still alive")
        expect(page == nil, "ToastPage still alive")
    }

    // MARK: §7 randomized event storms on real widgets

    static var stormSteps: Int { envInt("RELIABILITY_STORM_STEPS") ?? 4_000 }

    static var stormSeed: UInt64 {
        if let value = getenv("RELIABILITY_SEED"), let seed = UInt64(String(cString: value)) { return seed }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(now.tv_sec) &* 1_000_003 &+ UInt64(now.tv_nsec)
    }

    /// One node per widget, with `.task`, `.task(id:)` and `task(while: .active)`.
    @MainActor
    final class StormNode {
        let widget: Label
        let node: LifecycleNode
        let binding: WidgetLifecycle
        let handle: TaskIDHandle<Int>
        let names: [String]

        init(index: Int, scene: WindowScene, context: LifecycleContext) {
            widget = Label("node \(index)")
            node = LifecycleNode(name: "storm\(index)", scene: scene, context: context)
            let base = "storm\(index)"
            // Long sleeps: a task ends only by cancellation, so the expected live count is exact.
            node.task(name: "\(base).task") { try? await Task.sleep(for: .seconds(3_600)) }
            handle = node.task(id: 0, name: "\(base).task(id:)") { _ in try? await Task.sleep(for: .seconds(3_600)) }
            node.task(while: .active, name: "\(base).task(while:)") { try? await Task.sleep(for: .seconds(3_600)) }
            names = ["\(base).task", "\(base).task(id:)", "\(base).task(while:)"]
            binding = WidgetLifecycle(node: node, widget: widget)
        }

        /// The running tasks each modifier should have now.
        var expectedRunning: [Int] {
            let appeared = node.isAppeared ? 1 : 0
            return [appeared, appeared, node.isAppeared && node.currentPhase == .active ? 1 : 0]
        }
    }

    static let eventStorm = GtkTestCase(
        "reliability, storm: random map/unmap/focus/minimize/id-change events on real widgets keep the invariants",
        timeout: .seconds(240)
    ) {
        let seed = stormSeed
        var rng = SplitMix64(seed: seed)
        print("  seed \(seed) (rerun with RELIABILITY_SEED=\(seed))")
        let context = LifecycleContext(clock: ContinuousClock())
        let scenes = GtkScenes(context: context)
        let window = Harness.window("storm", width: 400, height: 300)
        let other = Harness.window("storm focus thief", width: 200, height: 100)
        let scene = scenes.scene(for: window, name: "storm")
        let outer = Box(.vertical, spacing: 4)
        let inner = Box(.vertical, spacing: 4)
        outer.append(inner)
        window.child = outer
        let nodes = (0..<6).map { StormNode(index: $0, scene: scene, context: context) }
        // Nodes 0–3 in the inner box (its hiding unmaps them all), 4–5 straight in the outer one.
        var attached = Array(repeating: true, count: nodes.count)
        for (index, item) in nodes.enumerated() { (index < 4 ? inner : outer).append(item.widget) }
        @MainActor func parent(_ index: Int) -> Box { index < 4 ? inner : outer }
        try await presentAndFocus(window)
        let registry = context.registry
        var phaseChanges = 0
        let phaseToken = scene.onChange { _, _ in phaseChanges += 1 }

        var stepFailures = 0
        @MainActor func check(_ step: Int, _ event: String, settled: Bool = false) {
            guard stepFailures < 5 else { return }
            let running = Dictionary(grouping: registry.liveRecords.filter { $0.state == .running }, by: \.name)
                .mapValues(\.count)
            let live = Dictionary(grouping: registry.liveRecords, by: \.name).mapValues(\.count)
            for item in nodes {
                let mapped = item.widget.isMapped
                if item.node.isAppeared != mapped {
                    stepFailures += 1
                    expect(
                        false,
                        "step \(step) (\(event)): \(item.node.name) appeared \(item.node.isAppeared), widget mapped \(mapped)"
                    )
                }
                for (name, want) in zip(item.names, item.expectedRunning) {
                    let have = running[name] ?? 0
                    if have != want || have > 1 {
                        stepFailures += 1
                        expect(
                            false,
                            "step \(step) (\(event)): \(name) has \(have) running, expected \(want) "
                                + "(appeared \(item.node.isAppeared), phase \(item.node.currentPhase))")
                    }
                    // Cancelled tasks stay live (cancelling) until the loop runs their action
                    // to its end; once it has, a modifier has at most its one running task.
                    if settled && (live[name] ?? 0) > 1 {
                        stepFailures += 1
                        expect(false, "step \(step) (\(event)), loop settled: \(name) has \(live[name]!) live tasks")
                    }
                }
            }
            if !registry.counters.addUp {
                stepFailures += 1
                expect(false, "step \(step) (\(event)): counters do not add up: \(registry.counters)")
            }
        }

        let steps = stormSteps
        var tally: [String: Int] = [:]
        let clock = ContinuousClock()
        let t0 = clock.now
        for step in 0..<steps {
            let roll = rng.next() % 1_000
            let index = Int(rng.next() % UInt64(nodes.count))
            let item = nodes[index]
            var event: String
            switch roll {
            case 0..<300:
                event = item.widget.isVisible ? "hide" : "show"
                item.widget.isVisible.toggle()
            case 300..<500:
                event = attached[index] ? "remove" : "re-add"
                if attached[index] { parent(index).remove(item.widget) } else { parent(index).append(item.widget) }
                attached[index].toggle()
            case 500..<580:
                event = inner.isVisible ? "hide inner box" : "show inner box"
                inner.isVisible.toggle()
            case 580..<950:
                event = "id change"
                item.handle.id += 1
            case 950..<975:
                if window.isMinimized {
                    event = "restore"
                    try await restoreAndWait(window)
                } else {
                    event = "minimize"
                    try await minimizeAndWait(window)
                }
            default:
                if window.isMinimized {
                    event = "restore"
                    try await restoreAndWait(window)
                } else if window.isActive {
                    event = "focus away"
                    try await moveFocus(from: window, to: other)
                } else {
                    event = "focus back"
                    try await presentAndFocus(window)
                }
            }
            tally[event, default: 0] += 1
            check(step, event)
            // Now and then let the loop run, so cancelled tasks return and GTK lays out.
            if rng.next() % 8 == 0 { await Task.yield() }
            if step % 250 == 249 {
                // Let every cancelled action return, then check that nothing but the running
                // task of each modifier is left.
                try await waitFor("cancelled actions returned (step \(step))", timeout: .seconds(2)) {
                    registry.liveRecords.allSatisfy { $0.state == .running }
                }
                check(step, "settled", settled: true)
            }
        }
        let seconds = (clock.now - t0).milliseconds / 1000
        // Final disappear: every widget unmapped (window hidden), then no task may stay alive.
        if window.isMinimized { try await restoreAndWait(window) }
        let startedBefore = registry.counters.started
        window.hide()
        for item in nodes { expect(!item.node.isAppeared, "\(item.node.name) disappeared with the window") }
        try await waitFor("no task alive after the final disappear", timeout: .seconds(3)) {
            registry.counters.live == 0
        }
        expectEqual(registry.counters.started, startedBefore, "nothing started by the final disappear")
        let c = registry.counters
        expect(c.addUp, "counters add up at the end: \(c)")
        expectEqual(c.orphaned, 0, "no orphans with .task modifiers")
        let events = tally.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(
            "  figures: \(steps) steps in \(fmt(seconds)) s (\(events)); scene phase changes \(phaseChanges); tasks started \(c.started), cancelled \(c.cancelled), "
                + "finished \(c.finished), left \(c.live)")
        phaseToken.cancel()
        expect(tally["minimize", default: 0] == 0 || phaseChanges > 0, "window events changed the scene phase")
        for item in nodes { item.binding.detach() }
    }

    /// The app's own toast page under random presses and strategy switches (the fixed
    /// strategies T2, T4, T5): one live timer at most, none after the final hide.
    static let appStorm = GtkTestCase(
        "reliability, storm: random show/hide/strategy events on the real toast page (T2, T4, T5)",
        timeout: .seconds(120)
    ) {
        let seed = stormSeed
        var rng = SplitMix64(seed: seed)
        print("  seed \(seed) (rerun with RELIABILITY_SEED=\(seed))")
        let fixture = try AppFixture(["--strategy", "T2", "--time-scale", "10"])
        try await fixture.ready()
        let page = fixture.toastPage
        let registry = fixture.registry
        let action = try unwrap(fixture.environment.application.action(named: "strategy"), "app.strategy")
        let fixed: [ToastStrategyID] = [.t2, .t4, .t5]
        var current = ToastStrategyID.t2
        var worst = 0
        let steps = max(stormSteps / 2, 100)
        for step in 0..<steps {
            switch rng.next() % 100 {
            case 0..<45: page.showButton.click()
            case 45..<90: page.hideButton.click()
            case 90..<95:
                current = fixed[Int(rng.next() % 3)]
                action.activate(current.rawValue)
            default: await Task.yield()
            }
            let running = registry.liveRecords.filter { $0.state == .running }.count
            worst = max(worst, running)
            if running > 1 {
                expect(false, "step \(step) (\(current)): \(running) running timers")
                break
            }
            if rng.next() % 4 == 0 { await Task.yield() }
        }
        page.hideButton.click()
        try await waitFor("no timer alive after the final hide", timeout: .seconds(3)) { registry.counters.live == 0 }
        expect(registry.counters.addUp, "counters add up: \(registry.counters)")
        print(
            "  figures: \(steps) steps; most running timers at once \(worst); started \(registry.counters.started), left \(registry.counters.live)"
        )
        await fixture.close()
    }

    // MARK: Helpers

    static func unwrap<T>(_ value: T?, _ what: String, file: StaticString = #fileID, line: UInt = #line) throws -> T {
        try require(value != nil, "missing: \(what)", file: file, line: line)
        return value!
    }

    static func envInt(_ name: String) -> Int? {
        getenv(name).flatMap { Int(String(cString: $0)) }
    }

    /// Resident set size from `/proc/self/statm` (second field, in pages).
    static func residentBytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 128)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func fmt(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return "\(rounded)"
    }
}

extension Duration {
    /// In milliseconds, as a `Double`.
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}

/// Holds actions until ``open()``; an action cancelled while held returns `CancellationError`.
@MainActor
private final class CancellableGate {
    private var isOpen = false
    private var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var nextID = 0

    func wait() async throws {
        if isOpen { return }
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiting[id] = continuation
                }
            }
        } onCancel: {
            Task { @MainActor in self.cancel(id) }
        }
    }

    func open() {
        isOpen = true
        let held = waiting.values
        waiting.removeAll()
        for continuation in held { continuation.resume() }
    }

    private func cancel(_ id: Int) {
        waiting.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}
