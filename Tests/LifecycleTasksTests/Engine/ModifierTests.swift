import LifecycleTasks
import LifecycleTestSupport
import Testing

private func id(_ n: Int) -> TaskID { TaskID(n) }

/// A long action that ends only when cancelled (it sleeps on the injected clock).
private func waitForever(_ context: LifecycleContext) -> @MainActor @Sendable () async -> Void {
    { try? await context.sleep(for: .seconds(3_600)) }
}

@MainActor
@Suite("Modifiers M1–M7")
struct ModifierTests {
    // MARK: M1 / M2

    @Test("M1: onAppear runs synchronously at every appear")
    func m1RunsAtEveryAppear() async {
        let host = FakeHost()
        var calls: [String] = []
        let node = host.node("page").onAppear { calls.append("appear") }
        node.appear()
        #expect(calls == ["appear"])  // synchronously, before any await
        node.disappear()
        node.appear()
        #expect(calls == ["appear", "appear"])
        #expect(host.recorder.take() == [.appear(node: "page"), .disappear(node: "page"), .appear(node: "page")])
        node.disappear()
        await host.expectNoLiveTasks()
    }

    @Test("M1: several onAppear actions run in modifier order, after the appear event")
    func m1Order() async {
        let host = FakeHost()
        let node = host.node("page")
            .onAppear { host.context.log.append(.message("first")) }
            .onAppear { host.context.log.append(.message("second")) }
        node.appear()
        #expect(host.recorder.take() == [.appear(node: "page"), .message("first"), .message("second")])
        node.disappear()
        await host.expectNoLiveTasks()
    }

    @Test("M2: onDisappear runs synchronously at every disappear, never at appear")
    func m2RunsAtEveryDisappear() async {
        let host = FakeHost()
        var calls = 0
        let node = host.node("page").onDisappear { calls += 1 }
        node.appear()
        #expect(calls == 0)
        node.disappear()
        #expect(calls == 1)
        node.appear()
        node.disappear()
        #expect(calls == 2)
        await host.expectNoLiveTasks()
    }

    @Test("M2: a minimize does not fire onDisappear (SPEC §1)")
    func m2NotOnMinimize() async {
        let host = FakeHost()
        var calls = 0
        let node = host.node("page").onDisappear { calls += 1 }
        await host.appear(node)
        await host.setPhase(.background)
        #expect(calls == 0)
        await host.disappear(node)
        #expect(calls == 1)
        await host.expectNoLiveTasks()
    }

    // MARK: M3

    @Test("M3: task starts at appear and is cancelled at disappear without waiting")
    func m3StartAndCancel() async {
        let host = FakeHost()
        let node = host.node("page").task(waitForever(host.context))
        node.appear()
        #expect(host.context.registry.liveRecords.map(\.state) == [.running])
        await host.settle()
        node.disappear()
        // No wait: disappear returns with the cancel requested, the task still cancelling.
        #expect(host.context.registry.record(id(1))?.state == .cancelling)
        await host.settle()
        #expect(
            host.recorder.take() == [
                .appear(node: "page"), .taskStarted(id(1), name: "task"),
                .disappear(node: "page"), .taskCancelRequested(id(1)),
                .taskEnded(id(1), .cancelled),
            ])
        await host.expectNoLiveTasks()
    }

    @Test("M3: a later appear starts a fresh task")
    func m3FreshTaskOnReappear() async {
        let host = FakeHost()
        let node = host.node("page").task(name: "load", waitForever(host.context))
        await host.appear(node)
        await host.disappear(node)
        await host.appear(node)
        #expect(
            host.recorder.take() == [
                .appear(node: "page"), .taskStarted(id(1), name: "load"),
                .disappear(node: "page"), .taskCancelRequested(id(1)), .taskEnded(id(1), .cancelled),
                .appear(node: "page"), .taskStarted(id(2), name: "load"),
            ])
        #expect(host.context.registry.liveRecords.map(\.id) == [id(2)])
        await host.disappear(node)
        await host.expectNoLiveTasks()
    }

    @Test("M3: a task that returns by itself ends finished and is not restarted")
    func m3FinishesOnce() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("page").task {
            try? await context.sleep(for: .seconds(2))
            context.log.append(.message("done"))
        }
        await host.appear(node)
        await host.advance(by: .seconds(2))
        #expect(
            host.recorder.take() == [
                .appear(node: "page"), .taskStarted(id(1), name: "task"),
                .message("done"), .taskEnded(id(1), .finished),
            ])
        await host.advance(by: .seconds(10))
        #expect(host.recorder.take() == [])
        await host.disappear(node)
        #expect(host.recorder.take() == [.disappear(node: "page")])
        await host.expectNoLiveTasks()
    }

    @Test("M3: timers fire at the injected clock's time, not before")
    func m3ClockTime() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("toast").task {
            do {
                try await context.sleep(for: .seconds(3))
                context.log.append(.message("hide"))
            } catch {
                context.log.append(.message("task cancel"))
            }
        }
        await host.appear(node)
        await host.advance(by: .milliseconds(2_999))
        #expect(!host.recorder.kinds.contains(.message("hide")))
        await host.advance(by: .milliseconds(1))
        let hide = host.recorder.events.first { $0.kind == .message("hide") }
        #expect(hide?.time == .seconds(3))
        await host.disappear(node)
        await host.expectNoLiveTasks()
    }

    @Test("M3: default priority is .userInitiated and the action runs on the main actor")
    func m3PriorityAndIsolation() async {
        let host = FakeHost()
        var seen: TaskPriority?
        let node = host.node("page").task {
            MainActor.assertIsolated("M3 actions run on the main actor")
            seen = Task.currentPriority
        }
        await host.appear(node)
        #expect(seen == .userInitiated)
        await host.disappear(node)
        await host.expectNoLiveTasks()
    }

    // MARK: M4

    @Test("M4: id change while appeared cancels and restarts with the new id")
    func m4RestartOnChange() async {
        let host = FakeHost()
        var runs: [String] = []
        let context = host.context
        let node = host.node("picker")
        let server = node.task(id: "alpha", name: "listen") { server in
            runs.append(server)
            try? await context.sleep(for: .seconds(3_600))
        }
        await host.appear(node)
        server.id = "beta"
        await host.settle()
        #expect(runs == ["alpha", "beta"])
        #expect(
            host.recorder.take() == [
                .appear(node: "picker"), .taskStarted(id(1), name: "listen"),
                .taskCancelRequested(id(1)), .taskStarted(id(2), name: "listen"), .taskEnded(id(1), .cancelled),
            ])
        #expect(host.context.registry.liveRecords.map(\.id) == [id(2)])
        await host.disappear(node)
        await host.expectNoLiveTasks()
    }

    @Test("M4: setting an equal id does nothing")
    func m4EqualIDIgnored() async {
        let host = FakeHost()
        let node = host.node("picker")
        let context = host.context
        let server = node.task(id: 1) { _ in try? await context.sleep(for: .seconds(60)) }
        await host.appear(node)
        server.id = 1
        await host.settle()
        #expect(host.recorder.take() == [.appear(node: "picker"), .taskStarted(id(1), name: "task(id:)")])
        await host.disappear(node)
        await host.expectNoLiveTasks()
    }

    @Test("M4: id change while not appeared starts nothing; appear uses the current id")
    func m4ChangeWhileHidden() async {
        let host = FakeHost()
        var runs: [Int] = []
        let context = host.context
        let node = host.node("page")
        let handle = node.task(id: 1) { value in
            runs.append(value)
            try? await context.sleep(for: .seconds(60))
        }
        handle.id = 2
        handle.id = 3
        await host.settle()
        #expect(runs == [])
        #expect(host.recorder.take() == [])
        await host.appear(node)
        #expect(runs == [3])
        await host.disappear(node)
        handle.id = 4
        await host.settle()
        #expect(runs == [3])
        await host.appear(node)
        #expect(runs == [3, 4])
        await host.disappear(node)
        await host.expectNoLiveTasks()
    }

    @Test("M4: runs on first appear too (nil trigger included, as B3 relies on)")
    func m4RunsOnFirstAppear() async {
        let host = FakeHost()
        var runs: [Int?] = []
        let node = host.node("page")
        let trigger = node.task(id: Int?.none) { value in runs.append(value) }
        await host.appear(node)
        trigger.id = 1
        await host.settle()
        #expect(runs == [nil, 1])
        await host.disappear(node)
        await host.expectNoLiveTasks()
    }

    // MARK: M5

    @Test("M5: window onChange gets old and new phase and logs scene-phase events")
    func m5WindowChange() async {
        let host = FakeHost()
        var changes: [String] = []
        let token = host.window.onChange { old, new in changes.append("\(old)→\(new)") }
        await host.setPhase(.inactive)
        await host.setPhase(.inactive)  // equal: no-op
        await host.setPhase(.background)
        await host.setPhase(.active)
        #expect(changes == ["active→inactive", "inactive→background", "background→active"])
        #expect(
            host.recorder.take() == [
                .scenePhase(scene: "main", old: .active, new: .inactive),
                .scenePhase(scene: "app", old: .active, new: .inactive),
                .scenePhase(scene: "main", old: .inactive, new: .background),
                .scenePhase(scene: "app", old: .inactive, new: .background),
                .scenePhase(scene: "main", old: .background, new: .active),
                .scenePhase(scene: "app", old: .background, new: .active),
            ])
        token.cancel()
        await host.expectNoLiveTasks()
    }

    @Test("M5: app phase is active if any window is active, else inactive if any is not background")
    func m5AppAggregation() async {
        let context = LifecycleContext(clock: TrackedTestClock())
        let app = AppScene(context: context)
        #expect(app.phase == .background)  // no windows
        var changes: [String] = []
        let token = app.onChange { old, new in changes.append("\(old)→\(new)") }
        let a = WindowScene(name: "a", app: app, context: context, phase: .inactive)
        #expect(app.phase == .inactive)
        let b = WindowScene(name: "b", app: app, context: context, phase: .background)
        #expect(app.phase == .inactive)
        b.update(phase: .active)
        #expect(app.phase == .active)
        a.update(phase: .background)
        #expect(app.phase == .active)
        b.update(phase: .background)
        #expect(app.phase == .background)
        b.update(phase: .inactive)
        #expect(app.phase == .inactive)
        b.close()
        #expect(app.phase == .background)
        a.close()
        b.update(phase: .active)  // closed: ignored
        #expect(app.phase == .background)
        #expect(
            changes == [
                "background→inactive", "inactive→active", "active→background",
                "background→inactive", "inactive→background",
            ])
        token.cancel()
        expectNoLiveTasks(context.registry)
    }

    @Test("M5: node onScenePhaseChange follows its window while appeared")
    func m5NodeCallback() async {
        let host = FakeHost()
        var changes: [String] = []
        let node = host.node("page").onScenePhaseChange { old, new in changes.append("\(old)→\(new)") }
        await host.setPhase(.inactive)  // not appeared: not told
        await host.appear(node)
        await host.setPhase(.active)
        await host.setPhase(.background)
        await host.disappear(node)
        await host.setPhase(.active)
        #expect(changes == ["inactive→active", "active→background"])
        await host.expectNoLiveTasks()
    }

    @Test("M5: a cancelled observation token stops the callbacks")
    func m5TokenCancel() async {
        let host = FakeHost()
        var count = 0
        let token = host.window.onChange { _, _ in count += 1 }
        host.window.update(phase: .inactive)
        token.cancel()
        host.window.update(phase: .active)
        #expect(count == 1)
        await host.expectNoLiveTasks()
    }

    // MARK: M6

    private func activeReader(_ host: FakeHost, _ name: String = "page") -> LifecycleNode {
        let log = host.context.log
        return host.node(name).onActive(
            { log.append(.message("onActive")) },
            onInactive: { log.append(.message("onInactive")) })
    }

    @Test("M6: onActive at appear, onInactive at disappear")
    func m6AppearDisappear() async {
        let host = FakeHost()
        let node = activeReader(host)
        await host.appear(node)
        await host.disappear(node)
        #expect(
            host.recorder.take() == [
                .appear(node: "page"), .message("onActive"),
                .disappear(node: "page"), .message("onInactive"),
            ])
        await host.expectNoLiveTasks()
    }

    @Test("M6: suspend (active → inactive/background) fires onInactive, return fires onActive")
    func m6SuspendResume() async {
        let host = FakeHost()
        let node = activeReader(host)
        await host.appear(node)
        await host.setPhase(.inactive)
        await host.setPhase(.background)  // already inactive: not twice
        await host.setPhase(.active)
        await host.setPhase(.background)
        await host.setPhase(.active)
        await host.disappear(node)
        let messages = host.recorder.take().compactMap { kind -> String? in
            if case .message(let text) = kind { return text } else { return nil }
        }
        #expect(messages == ["onActive", "onInactive", "onActive", "onInactive", "onActive", "onInactive"])
        await host.expectNoLiveTasks()
    }

    @Test("M6: never fires for a node that is not appeared")
    func m6NotAppeared() async {
        let host = FakeHost()
        let node = activeReader(host)
        await host.setPhase(.inactive)
        await host.setPhase(.active)
        await host.appear(node)
        await host.disappear(node)
        await host.setPhase(.background)
        await host.setPhase(.active)
        #expect(
            host.recorder.take().filter { if case .message = $0 { true } else { false } }
                == [.message("onActive"), .message("onInactive")])
        await host.expectNoLiveTasks()
    }

    @Test("M6: appear in a background window fires nothing until the window becomes active")
    func m6AppearInBackground() async {
        let host = FakeHost(phase: .background)
        let node = activeReader(host)
        await host.appear(node)
        await host.setPhase(.inactive)
        #expect(!host.recorder.kinds.contains(.message("onActive")))
        await host.setPhase(.active)
        await host.disappear(node)
        #expect(
            host.recorder.take() == [
                .appear(node: "page"),
                .scenePhase(scene: "main", old: .background, new: .inactive),
                .scenePhase(scene: "app", old: .background, new: .inactive),
                .scenePhase(scene: "main", old: .inactive, new: .active),
                .scenePhase(scene: "app", old: .inactive, new: .active),
                .message("onActive"),
                .disappear(node: "page"), .message("onInactive"),
            ])
        await host.expectNoLiveTasks()
    }

    @Test("M6: disappear while suspended does not fire onInactive a second time")
    func m6DisappearWhileSuspended() async {
        let host = FakeHost()
        let node = activeReader(host)
        await host.appear(node)
        await host.setPhase(.background)
        await host.disappear(node)
        await host.setPhase(.active)
        let messages = host.recorder.take().filter { if case .message = $0 { true } else { false } }
        #expect(messages == [.message("onActive"), .message("onInactive")])
        await host.expectNoLiveTasks()
    }

    @Test("M6: moving the node to another window follows that window's phase")
    func m6SceneSwap() async {
        let host = FakeHost()
        let other = WindowScene(name: "other", app: host.app, context: host.context, phase: .inactive)
        let node = activeReader(host)
        await host.appear(node)
        node.scene = other
        await host.setPhase(.active, of: other)
        node.scene = nil  // no scene counts as active: no change
        await host.disappear(node)
        let messages = host.recorder.take().filter { if case .message = $0 { true } else { false } }
        #expect(
            messages == [.message("onActive"), .message("onInactive"), .message("onActive"), .message("onInactive")])
        await host.expectNoLiveTasks()
    }

    // MARK: M7

    @Test("M7: task(while: .active) stops when the scene leaves .active and restarts on return")
    func m7StopsAndRestarts() async {
        let host = FakeHost()
        let node = host.node("poll").task(while: .active, name: "poll", waitForever(host.context))
        await host.appear(node)
        await host.setPhase(.background)
        await host.setPhase(.inactive)
        await host.setPhase(.active)
        await host.disappear(node)
        #expect(
            host.recorder.take() == [
                .appear(node: "poll"), .taskStarted(id(1), name: "poll"),
                .scenePhase(scene: "main", old: .active, new: .background),
                .scenePhase(scene: "app", old: .active, new: .background),
                .taskCancelRequested(id(1)), .taskEnded(id(1), .cancelled),
                .scenePhase(scene: "main", old: .background, new: .inactive),
                .scenePhase(scene: "app", old: .background, new: .inactive),
                .scenePhase(scene: "main", old: .inactive, new: .active),
                .scenePhase(scene: "app", old: .inactive, new: .active),
                .taskStarted(id(2), name: "poll"),
                .disappear(node: "poll"), .taskCancelRequested(id(2)), .taskEnded(id(2), .cancelled),
            ])
        await host.expectNoLiveTasks()
    }

    @Test("M7: appear while the scene is not active starts nothing until it becomes active")
    func m7AppearInactive() async {
        let host = FakeHost(phase: .inactive)
        let node = host.node("poll").task(while: .active, waitForever(host.context))
        await host.appear(node)
        #expect(host.context.registry.counters.started == 0)
        await host.setPhase(.active)
        #expect(host.context.registry.liveRecords.count == 1)
        await host.disappear(node)
        await host.expectNoLiveTasks()
    }

    @Test("M7: phase changes while not appeared start nothing")
    func m7NotAppeared() async {
        let host = FakeHost()
        let node = host.node("poll").task(while: .active, waitForever(host.context))
        await host.setPhase(.background)
        await host.setPhase(.active)
        #expect(host.context.registry.counters.started == 0)
        await host.appear(node)
        await host.disappear(node)
        #expect(host.context.registry.counters.started == 1)
        await host.expectNoLiveTasks()
    }

    @Test("M7: a minimize does not fire onDisappear but stops the task; M3 keeps running")
    func m7VersusM3() async {
        let host = FakeHost()
        let context = host.context
        let node = host.node("page")
            .task(name: "m3", waitForever(context))
            .task(while: .active, name: "m7", waitForever(context))
        await host.appear(node)
        await host.setPhase(.background)
        #expect(host.context.registry.liveRecords.map(\.name) == ["m3"])
        await host.disappear(node)
        await host.expectNoLiveTasks()
    }
}
