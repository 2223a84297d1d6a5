import Gtk
import LabModel
import LifecycleLabKit
import LifecycleTasks

/// SPEC §4 on the app's pages: B1–B3, P1–P5, I1 and N1 in a real window under Xvfb
/// and openbox, driven through the pages' real widgets — clicks, closing the inner page,
/// minimizing and restoring the window, moving the focus away and back, picking servers and
/// switching the inner stack's pages — with the registry's flags and counters checked.
///
/// Each case ends with the page reset and no live task left.
@MainActor
enum AppPageTests {
    static var cases: [GtkTestCase] {
        [
            buttonB1, buttonB2, buttonB3, buttonHidden, buttonPitfalls,
            scenePhase(.p1), scenePhase(.p2), scenePhase(.p3), scenePhaseNotShown,
            serverI1, navigationN1, pagesAreTheCatalog,
        ]
            + ButtonStrategyID.allCases.map(buttonRepro)
            + [serverRepro]
            + ScenePhaseStrategyID.allCases.map(scenePhaseRepro)
    }

    // MARK: Every page

    static var pagesAreTheCatalog: GtkTestCase {
        GtkTestCase(
            "§4 pages: the window's pages are the model's catalog, in order; each names its controls for a driver"
        ) {
            expectEqual(LabPages.mismatch, [], "pages in one list and not the other")
            expectEqual(LabPages.all.map { $0.id }, LabCatalog.pages.map(\.id), "the window's pages")
            let fixture = try AppFixture(["--time-scale", "1"])
            try await fixture.ready()
            for entry in LabPages.all {
                fixture.window.show(page: entry.id)
                try await loopIdle()
                let page = try unwrap(fixture.window.page(entry.id), "\(entry.id) built")
                let names = page.reportWidgets.map(\.name)
                expect(!names.isEmpty, "\(entry.id) names no control")
                expectEqual(Set(names).count, names.count, "\(entry.id)'s control names are unique")
                expectEqual(
                    page.strategyPage != nil, !entry.strategies.isEmpty,
                    "\(entry.id) is a strategy page exactly when it has strategies")
                expectEqual(page.strategyPage?.currentStrategy?.page ?? entry.id, entry.id, "\(entry.id)'s strategy")
            }
            await fixture.close()
        }
    }

    /// `id`'s page built in a real window, its repro run through the page's real widgets, and
    /// the verdict checked against the spec's row.
    static func pageRepro(_ id: AnyStrategyID) -> GtkTestCase {
        GtkTestCase(
            "\(id.rawValue): the page's repro (runScenario) through its real widgets matches the spec",
            sessions: .of(id),
            timeout: .seconds(30)
        ) {
            let fixture = try PageFixture(timeScale: 0.3)
            let type = try unwrap(LabPages.type(of: id.page), "a page type for \(id.page)")
            let page = try unwrap(
                type.init(environment: fixture.environment).strategyPage, "\(id.page) shows strategies")
            try await fixture.show(page.root)
            page.select(strategy: id)
            let verdict = try unwrap(await page.runScenario(driver: fixture.driver()), "a verdict")
            expectVerdict(verdict, for: id)
            await fixture.finish(page)
        }
    }

    // MARK: Button work (seed 001)

    static var buttonB1: GtkTestCase {
        GtkTestCase(
            "B1: closing the page doesn't stop exec, its state stays alive, N presses run N execs, a thrown error is not surfaced"
        ) {
            let fixture = try PageFixture(timeScale: 0.05)  // L = 0.5 s
            let page = ButtonPage(environment: fixture.environment)
            try await fixture.show(page.root)
            pick(page.strategyPicker, 0)
            expectEqual(page.currentStrategy, AnyStrategyID(ButtonStrategyID.b1), "strategy")
            let registry = fixture.registry

            page.showButton.click()
            let action = try unwrap(page.actionButton, "Action! on the open page")
            try await waitFor("page node appeared") { page.screen.view?.node.isAppeared == true }
            for _ in 0..<3 { action.click() }
            try await waitFor("3 execs running") { page.screen.execsRunning == 3 }
            expectEqual(registry.liveRecords.count, 3, "live tasks after 3 presses")

            page.closeButton.click()
            expect(page.actionButton == nil, "inner page removed on close")
            expect(!action.isMapped, "Action! unmapped on close")
            try await loopIdle()  // whatever the close caused has run: B1 stops nothing
            expectEqual(page.screen.execsRunning, 3, "execs still running after close")
            expectEqual(page.screen.liveViewStates, 1, "page state kept alive by the tasks")
            let live = registry.liveRecords
            expectEqual(live.count, 3, "live tasks after close")
            expect(live.allSatisfy(\.isOrphan), "every task flagged orphan: \(live.map(\.isOrphan))")
            expect(live.allSatisfy(\.retainsOwner), "every task flagged retains owner: \(live.map(\.retainsOwner))")
            expect(page.resultsLabel.text.contains("running 3"), "results show 3 running: \(page.resultsLabel.text)")
            expect(
                page.resultsLabel.text.contains("View states alive: 1"),
                "results show the state: \(page.resultsLabel.text)")

            try await waitFor("execs ran to the end") { page.screen.execsRunning == 0 }
            expectEqual(page.screen.execsCompleted, 3, "execs completed")
            try await waitFor("page state released once exec ended") { page.screen.liveViewStates == 0 }
            expectEqual(registry.counters.finished, 3, "registry finished")

            page.showButton.click()
            try await waitFor("page node appeared again") { page.screen.view?.node.isAppeared == true }
            let check = try unwrap(page.throwsCheck, "exec() throws check box")
            check.isActive = true
            expect(page.screen.execShouldThrow, "check box sets exec() to throw")
            try unwrap(page.actionButton, "Action!").click()
            try await waitFor("exec threw") { page.screen.execsFailed == 1 }
            try await waitFor("the failed exec's task ended") { registry.liveRecords.isEmpty }
            try await loopIdle()  // anything the failure would show has been shown
            expectEqual(page.screen.surfacedErrors, [], "B1 shows no error")
            expect(
                page.resultsLabel.text.contains("Errors shown to the user: none"), "results: \(page.resultsLabel.text)")
            let failed = registry.records.filter { if case .failed = $0.state { true } else { false } }
            expectEqual(failed.count, 1, "the registry saw the failure nobody reported")
            expectEqual(registry.counters.failed, 1, "registry failed counter")
            expectEqual(registry.counters.started, 4, "registry started counter")
            await fixture.finish(page)
        }
    }

    static var buttonB2: GtkTestCase {
        GtkTestCase(
            "B2: one exec live at most, closing the page cancels, the state is released at once, errors are shown"
        ) {
            let fixture = try PageFixture(timeScale: 0.05)
            let page = ButtonPage(environment: fixture.environment)
            try await fixture.show(page.root)
            pick(page.strategyPicker, 1)
            expectEqual(page.currentStrategy, AnyStrategyID(ButtonStrategyID.b2), "strategy picked in the drop-down")
            let registry = fixture.registry

            page.showButton.click()
            try await waitFor("page node appeared") { page.screen.view?.node.isAppeared == true }
            let action = try unwrap(page.actionButton, "Action!")
            for press in 1...3 {
                action.click()
                // The previous task is `cancelling` until its exec returns; only one may be `running`.
                expect(
                    registry.liveRecords.count { $0.state == .running } == 1,
                    "one running task right after press \(press)")
                try await waitFor("one live task after press \(press)", timeout: .milliseconds(400)) {
                    registry.liveRecords.count == 1 && page.screen.execsRunning == 1
                }
            }
            expectEqual(page.screen.execsCancelled, 2, "each press cancelled the previous exec")

            page.closeButton.click()
            expectEqual(registry.liveRecords.count { $0.state == .running }, 0, "closing asked the exec to cancel")
            // "At once": well before the exec's L = 0.5 s would have ended it.
            try await waitFor("cancelled exec returned", timeout: .milliseconds(300)) {
                page.screen.execsRunning == 0 && page.screen.liveViewStates == 0
            }
            expectEqual(page.screen.execsRunning, 0, "closing cancelled the exec")
            expectEqual(page.screen.execsCancelled, 3, "cancelled execs")
            expectEqual(page.screen.liveViewStates, 0, "page state released at once")
            expectEqual(registry.liveRecords.count, 0, "no live task after close")
            expectEqual(registry.counters.cancelled, 3, "registry cancelled counter")
            expect(registry.records.allSatisfy { !$0.retainsOwner }, "no task retains the page")

            page.showButton.click()
            try await waitFor("page node appeared again") { page.screen.view?.node.isAppeared == true }
            try unwrap(page.throwsCheck, "exec() throws").isActive = true
            try unwrap(page.actionButton, "Action!").click()
            try await waitFor("the error is shown") { page.screen.surfacedErrors.count == 1 }
            try await waitFor("results show the error") {
                page.resultsLabel.text.contains("Errors shown to the user: exec #4 failed")
            }
            await fixture.finish(page)
        }
    }

    static var buttonB3: GtkTestCase {
        GtkTestCase("B3: the first appear does nothing, each press restarts the exec, closing the page cancels") {
            let fixture = try PageFixture(timeScale: 0.05)
            let page = ButtonPage(environment: fixture.environment)
            try await fixture.show(page.root)
            pick(page.strategyPicker, 2)
            expectEqual(page.currentStrategy, AnyStrategyID(ButtonStrategyID.b3), "strategy")
            let registry = fixture.registry

            page.showButton.click()
            try await waitFor("page node appeared") { page.screen.view?.node.isAppeared == true }
            try await waitFor("the nil-trigger task returned") { registry.liveRecords.isEmpty }
            try await loopIdle()
            expectEqual(page.screen.execsStarted, 0, "first appear runs no exec")
            expectEqual(registry.liveRecords.count, 0, "the nil-trigger task returned at once")

            let action = try unwrap(page.actionButton, "Action!")
            action.click()
            try await waitFor("first exec running") { page.screen.execsRunning == 1 }
            action.click()
            expect(registry.liveRecords.count { $0.state == .running } == 1, "one running task right after the press")
            try await waitFor("restarted exec running", timeout: .milliseconds(400)) {
                page.screen.execsStarted == 2 && page.screen.execsRunning == 1 && registry.liveRecords.count == 1
            }
            expectEqual(page.screen.execsStarted, 2, "the press restarted the exec")
            expectEqual(page.screen.execsCancelled, 1, "the previous exec was cancelled")
            expectEqual(page.screen.execsRunning, 1, "one exec running")
            expectEqual(registry.liveRecords.count, 1, "one live task")

            page.closeButton.click()
            expectEqual(registry.liveRecords.count { $0.state == .running }, 0, "closing asked the exec to cancel")
            try await waitFor("cancelled exec returned", timeout: .milliseconds(300)) { page.screen.execsRunning == 0 }
            expectEqual(page.screen.execsCancelled, 2, "cancelled execs")
            expectEqual(page.screen.liveViewStates, 0, "page state released")
            expectEqual(registry.liveRecords.count, 0, "no live task")
            expect(registry.records.allSatisfy { !$0.retainsOwner && !($0.isLive && $0.isOrphan) }, "no flag stands")
            await fixture.finish(page)
        }
    }

    static var buttonHidden: GtkTestCase {
        GtkTestCase(
            "B2: hiding the whole page (another page of the window shown) unmaps the inner page and cancels; B1 does not"
        ) {
            let fixture = try PageFixture(timeScale: 0.05)
            let page = ButtonPage(environment: fixture.environment)
            try await fixture.show(page.root)
            for id in [ButtonStrategyID.b2, .b1] {
                page.select(strategy: AnyStrategyID(id))
                page.showButton.click()
                try await waitFor("page node appeared") { page.screen.view?.node.isAppeared == true }
                try unwrap(page.actionButton, "Action!").click()
                try await waitFor("exec running") { page.screen.execsRunning == 1 }
                page.root.hide()  // what the window's stack does to a page it stops showing
                expect(page.screen.view?.node.isAppeared == false, "\(id): inner page disappeared with its ancestor")
                if id == .b2 {
                    try await waitFor("B2's exec cancelled") { page.screen.execsRunning == 0 }
                }
                try await loopIdle()
                expectEqual(page.screen.execsRunning, id == .b2 ? 0 : 1, "\(id): execs running once the page is hidden")
                expectEqual(fixture.registry.liveRecords.count { $0.isOrphan }, id == .b2 ? 0 : 1, "\(id): orphans")
                page.root.show()
                try await waitFor("\(id): page node appeared again") { page.screen.view?.node.isAppeared == true }
            }
            await fixture.finish(page)
        }
    }

    static var buttonPitfalls: GtkTestCase {
        GtkTestCase(
            "B1/B2: the page shows seed 001's compile-time pitfalls, each sample's code as kept true by the tests, and the compiler's message for the one that fails"
        ) {
            let fixture = try PageFixture(timeScale: 1)
            let page = ButtonPage(environment: fixture.environment)
            try await fixture.show(page.root)
            expectEqual(page.pitfallCodeLabels.map(\.text), ButtonPitfalls.samples.map(\.code), "code shown")
            expect(page.pitfallCodeLabels.allSatisfy(\.isMapped), "the samples are on the page")
            expectEqual(
                page.compilerErrorLabels.map(\.text), ["Swift 6.3: error: no exact matches in call to initializer"],
                "the compiler's message is shown")
            expect(page.compilerErrorLabels.allSatisfy(\.isMapped), "under its sample")
            for id in ButtonStrategyID.allCases {
                page.select(strategy: AnyStrategyID(id))
                expectEqual(page.seedNoteLabel.text, id.seedNote, "\(id)'s seed note shown where it is chosen")
                expect(page.seedNoteLabel.isMapped, "\(id)'s seed note visible")
            }
            await fixture.finish(page)
        }
    }

    static func buttonRepro(_ id: ButtonStrategyID) -> GtkTestCase {
        GtkTestCase(
            "\(id.rawValue): seed 001's repro (runScenario) through the page's real buttons: matches the spec",
            sessions: .of(AnyStrategyID(id))
        ) {
            let fixture = try PageFixture(timeScale: 0.2)  // L = 2 s: room for a loaded machine's stalls
            let page = ButtonPage(environment: fixture.environment)
            try await fixture.show(page.root)
            page.select(strategy: AnyStrategyID(id))
            let verdict = try unwrap(await page.runScenario(driver: fixture.driver()), "a verdict")
            expectVerdict(verdict, for: AnyStrategyID(id))
            expectEqual(page.screen.execsStarted, 4, "the run pressed the real Action! button 4 times")
            await fixture.finish(page)
        }
    }

    // MARK: Scene phase (seed 003)

    static func scenePhase(_ id: ScenePhaseStrategyID) -> GtkTestCase {
        let outcome =
            id == .p1
            ? "minimizing or losing focus keeps polling and the side effect; returning does not reload"
            : "minimizing or losing focus stops polling and releases the side effect; returning reloads and restarts"
        // A session that cannot see a minimize (SPEC §1: Wayland, GTK < 4.12) runs the focus part only.
        return GtkTestCase("\(id.rawValue): \(outcome)", sessions: .of(AnyStrategyID(id)), timeout: .seconds(15)) {
            let fixture = try PageFixture(timeScale: 0.1)  // P = 100 ms
            let environment = fixture.environment
            let page = ScenePhasePage(environment: environment)
            try await fixture.show(page.root)
            pick(page.strategyPicker, ScenePhaseStrategyID.allCases.firstIndex(of: id)!)
            expectEqual(page.currentStrategy, AnyStrategyID(id), "strategy")
            let screen = page.screen
            let effect = page.sideEffect
            let bug = id == .p1
            expect(page.phaseLabel.text == "Window scene: active", "phase label: \(page.phaseLabel.text)")

            page.showButton.click()
            try await waitFor("loaded and polling") { screen.loads == 1 && screen.polls >= 2 }
            expect(effect.isHeld, "side effect held while shown")
            let presenting = try unwrap(page.presentingLabel, "presenting label on the inner page")
            expect(presenting.text.hasPrefix("Presenting: held"), "label: \(presenting.text)")
            expect(
                page.loadedLabel?.text.contains("load #1") == true, "loaded label: \(page.loadedLabel?.text ?? "none")")

            // What this session can detect, in one line on the page (SPEC §1).
            let detection = environment.sceneDetection
            expectEqual(page.detectionLabel.text, ScenePhasePage.detectionLine(detection), "detection line")
            expect(
                page.detectionLabel.text.contains("cannot tell") != detection.canSeeMinimize,
                "the line says whether a minimize can be seen: \(page.detectionLabel.text)")
            let undoes = detection.canSeeMinimize && detection.canRestoreItself
            expectEqual(
                page.minimizeButton.label, undoes ? "Minimize window for 3 s" : "Minimize window",
                "the minimize button promises a return only where the app can see and undo a minimize")
            expect(
                undoes
                    || page.minimizeButton.tooltip?.contains(detection.canSeeMinimize ? "Alt+Tab" : "cannot tell")
                        == true,
                "its tooltip says why there is no return: \(page.minimizeButton.tooltip ?? "none")")
            let p = environment.timing.pollInterval
            var pollsAtMinimize = screen.polls
            if SessionWindows.runsMinimize(detection) {
                // Minimize: the page stays mapped (no disappear), the scene goes to the background.
                try await windowAction("minimized (background)", environment, to: .background) {
                    await SessionWindows.requestMinimize(environment.window)
                }
                expect(page.phaseLabel.text == "Window scene: background", "phase label: \(page.phaseLabel.text)")
                expect(screen.view?.node.isAppeared == true, "minimizing does not make the page disappear")
                if id == .p3 {
                    // P3 releases in its task's `defer`, when the cancelled task returns.
                    try await waitFor("side effect released", timeout: .milliseconds(300)) { !effect.isHeld }
                } else {
                    expectEqual(effect.isHeld, bug, "side effect held while minimized")
                }
                expect(
                    presenting.text.hasPrefix(bug ? "Presenting: held" : "Presenting: not held"),
                    "label: \(presenting.text)")
                pollsAtMinimize = screen.polls
                if bug {
                    try await waitFor("P1 polls while minimized") { screen.polls > pollsAtMinimize }
                } else {
                    await elapse(3, of: p)  // three poll periods on the same loop: no poll may come
                }
                if bug {
                    expect(screen.polls > pollsAtMinimize, "P1 keeps polling while minimized")
                    expect(screen.pollsInBackground > 0, "polls counted in the background")
                } else {
                    expectEqual(screen.polls, pollsAtMinimize, "no poll while minimized")
                    expectEqual(screen.pollsInBackground, 0, "no poll in the background")
                }

                try await windowAction("restored (active)", environment, to: .active) {
                    await SessionWindows.requestRestore(environment.window)
                }
                if bug {
                    try await loopIdle()  // the return to active has been handled: P1 does not reload
                    expectEqual(screen.loads, 1, "P1 does not load again on return")
                    expect(effect.isHeld, "side effect still held")
                } else {
                    try await waitFor("loaded again on return", timeout: .milliseconds(300)) { screen.loads == 2 }
                    expect(effect.isHeld, "side effect taken again")
                    try await waitFor("polling again") { screen.polls > pollsAtMinimize }
                }
            }

            // Focus elsewhere: `.inactive`.
            let loadsBeforeBlur = screen.loads
            try await windowAction("focus elsewhere (inactive)", environment, to: .inactive) {
                environment.focusElsewhere()
            }
            if id == .p3 {
                try await waitFor("side effect released", timeout: .milliseconds(300)) { !effect.isHeld }
            } else {
                expectEqual(effect.isHeld, bug, "side effect held while another window has the focus")
            }
            let pollsAtBlur = screen.polls
            if bug {
                try await waitFor("P1 polls without the focus") { screen.polls > pollsAtBlur }
            } else {
                await elapse(3, of: p)
            }
            if bug {
                expect(screen.polls > pollsAtBlur, "P1 keeps polling without the focus")
                expect(screen.pollsWhileInactive > 0, "polls counted while inactive")
            } else {
                expectEqual(screen.polls, pollsAtBlur, "no poll without the focus")
            }
            try await windowAction("focused back (active)", environment, to: .active) { environment.focusMainWindow() }
            if bug {
                try await loopIdle()
                expectEqual(screen.loads, 1, "still one load")
            } else {
                try await waitFor("loaded again after focusing back", timeout: .milliseconds(300)) {
                    screen.loads == loadsBeforeBlur + 1
                }
                expect(effect.isHeld, "side effect taken again")
            }

            page.closeButton.click()
            try await waitFor("side effect released on close", timeout: .milliseconds(300)) { !effect.isHeld }
            expectEqual(effect.acquisitions, effect.releases, "every acquisition released")
            expect(fixture.registry.records.allSatisfy { !$0.retainsOwner }, "no task retains the page")
            await fixture.finish(page)
        }
    }

    static var scenePhaseNotShown: GtkTestCase {
        GtkTestCase(
            "P2: a page that is not shown never starts; it loads and takes the side effect once shown", sessions: .every
        ) {
            let fixture = try PageFixture(timeScale: 0.1)
            let page = ScenePhasePage(environment: fixture.environment)
            try await fixture.show(page.root)
            pick(page.strategyPicker, 1)
            expectEqual(page.currentStrategy, AnyStrategyID(ScenePhaseStrategyID.p2), "strategy")
            page.root.hide()  // another page of the window's stack is shown
            page.showButton.click()
            await elapse(3, of: fixture.environment.timing.pollInterval)  // three poll periods: nothing may start
            expect(page.screen.isViewShown, "inner page open")
            expectEqual(page.screen.loads, 0, "no load while not shown")
            expectEqual(page.screen.polls, 0, "no poll while not shown")
            expect(!page.sideEffect.isHeld, "no side effect while not shown")
            expectEqual(fixture.registry.counters.started, 0, "no task started")
            page.root.show()
            try await waitFor("loaded once shown") { page.screen.loads == 1 && page.sideEffect.isHeld }
            try await waitFor("polling once shown") { page.screen.polls >= 1 }
            await fixture.finish(page)
        }
    }

    static func scenePhaseRepro(_ id: ScenePhaseStrategyID) -> GtkTestCase {
        GtkTestCase(
            "\(id.rawValue): seed 003's repro (runScenario) through the real window: matches the spec",
            sessions: .of(AnyStrategyID(id)),
            timeout: .seconds(20)
        ) {
            let fixture = try PageFixture(timeScale: 0.3)  // P = 300 ms: room for the window manager
            let page = ScenePhasePage(environment: fixture.environment)
            try await fixture.show(page.root)
            page.select(strategy: AnyStrategyID(id))
            let verdict = try unwrap(await page.runScenario(driver: fixture.driver()), "a verdict")
            expectVerdict(verdict, for: AnyStrategyID(id))
            expectEqual(page.sideEffect.acquisitions, page.sideEffect.releases, "the real side effect was released")
            await fixture.finish(page)
        }
    }

    // MARK: Server (seed 004)

    static var serverI1: GtkTestCase {
        GtkTestCase(
            "I1: switching server cancels the old listener, exactly one stays live, the old server no longer changes the label"
        ) {
            let fixture = try PageFixture(timeScale: 0.05)
            let environment = fixture.environment
            let page = ServerPage(environment: environment)
            let center = page.statusCenter
            try await fixture.show(page.root)
            let (alpha, beta) = (Server("alpha"), Server("beta"))
            expectEqual(
                page.postButtons.map(\.label),
                ["Post status from alpha", "Post status from beta", "Post status from gamma"])

            page.showButton.click()
            let status = try unwrap(page.statusLabel, "status label on the inner page")
            expectEqual(status.text, "Signed Out", "placeholder")
            try await waitFor("listening to alpha") { center.listenerCount(for: alpha) == 1 }
            page.postButtons[0].click()
            try await waitFor("alpha's status shown") { status.text == "Signed In (alpha)" }

            pick(page.serverPicker, 1)
            expectEqual(page.screen.server, beta, "picked in the drop-down")
            // The old listener's task is cancelled in the pick; its loop over the status
            // sequence ends when the cancel reaches it (a hop on a loaded machine).
            try await waitFor("old listener gone") { center.listenerCount(for: alpha) == 0 }
            try await waitFor("listening to beta") { center.listenerCount(for: beta) == 1 }
            expectEqual(center.listenerCount, 1, "exactly one listener")
            let listens = fixture.registry.records.filter { $0.kind == "listen" }
            expectEqual(listens.first?.state, .cancelled, "old listener's task cancelled")
            expectEqual(fixture.registry.liveRecords.count, 1, "one live task")
            try await waitFor("listeners label") {
                page.listenersLabel.text.hasPrefix("Live listeners: 1 (alpha 0 · beta 1 · gamma 0)")
            }

            // The old server posts, then the new one: once the new post is shown, the old one has
            // been delivered to whatever still listened to it (one center, posts in order).
            page.postButtons[0].click()
            page.postButtons[1].click()
            try await waitFor("beta's status shown") { status.text == "Signed In (beta)" }
            expectEqual(
                page.screen.labelHistory.map(\.text), ["Signed In (alpha)", "Signed In (beta)"], "label history")

            page.closeButton.click()
            try await waitFor("no listener after close") { center.listenerCount == 0 }
            await fixture.finish(page)
        }
    }

    static var serverRepro: GtkTestCase {
        GtkTestCase("I1: seed 004's repro (runScenario) through the real buttons and picker matches the spec") {
            let fixture = try PageFixture(timeScale: 0.1)
            let page = ServerPage(environment: fixture.environment)
            try await fixture.show(page.root)
            let verdict = try unwrap(await page.runScenario(driver: fixture.driver()), "a verdict")
            expectVerdict(verdict, for: AnyStrategyID(ServerStrategyID.i1))
            expectEqual(page.screen.server, Server("beta"), "the run picked beta in the real picker")
            await fixture.finish(page)
        }
    }

    // MARK: Navigation (N1)

    static var navigationN1: GtkTestCase {
        GtkTestCase(
            "N1: the event list shows GTK's own map/unmap order, with willAppear first, without and with a crossfade"
        ) {
            let fixture = try PageFixture(timeScale: 1)
            let page = NavigationPage(environment: fixture.environment)
            try await fixture.show(page.root)
            let first = try unwrap(page.nodes["first"], "first node")
            let second = try unwrap(page.nodes["second"], "second node")
            try await waitFor("first page appeared") { first.isAppeared }
            expect(!second.isAppeared, "second page not shown yet")

            // GTK's own signals on the stack pages, as the reference order.
            var gtk: [String] = []
            for (key, title) in [("first", "First"), ("second", "Second")] {
                let widget = try unwrap(page.stack.page(named: key), "\(key) page widget")
                widget.onMap { gtk.append("appear \(title)") }
                widget.onUnmap { gtk.append("disappear \(title)") }
            }

            page.clearButton.click()
            page.goToSecondButton.click()
            try await waitFor("first page gone") { !first.isAppeared && second.isAppeared }
            try await loopIdle()
            expectEqual(page.stack.visibleChildName, "second", "visible page")
            expectEqual(page.events.first, "willAppear Second", "willAppear first (no transition)")
            expectEqual(Array(page.events.dropFirst()), gtk, "GTK's order (no transition)")
            expectEqual(Set(gtk), ["appear Second", "disappear First"], "one appear and one disappear")

            page.crossfadeSwitch.isActive = true
            page.clearButton.click()
            gtk = []
            page.goToFirstButton.click()
            expectEqual(page.events.first, "willAppear First", "willAppear before any map/unmap")
            try await waitFor("second page gone after the crossfade") { !second.isAppeared && first.isAppeared }
            try await loopIdle()
            expectEqual(page.events.first, "willAppear First", "willAppear first (crossfade)")
            expectEqual(Array(page.events.dropFirst()), gtk, "GTK's order (crossfade)")
            // During a crossfade both pages are on screen: the new one maps before the old one unmaps.
            expectEqual(gtk, ["appear First", "disappear Second"], "crossfade order")
            expect(page.eventsLabel.text.hasPrefix("1. willAppear First\n"), "event list: \(page.eventsLabel.text)")

            page.goToFirstButton.click()
            expectEqual(page.events.count, 3, "going to the shown page does nothing")
            await fixture.finish(page)
        }
    }

    // MARK: Helpers

    /// Does a window action and waits until the main window's scene reports `phase`; asks once
    /// more if the window manager (starved on a loaded machine) dropped the request.
    static func windowAction(
        _ what: String, _ environment: LabEnvironment, to phase: ScenePhase,
        file: StaticString = #fileID, line: UInt = #line,
        _ action: @MainActor () async -> Void
    ) async throws {
        for _ in 1...2 {
            await action()
            if await MainLoop.waitUntil(timeout: .seconds(3), { environment.windowScene.phase == phase }) { return }
        }
        let window = environment.window!
        try require(
            false,
            "window never \(what): phase \(environment.windowScene.phase), minimized \(window.isMinimized), "
                + "active \(window.isActive), mapped \(window.isMapped)", file: file, line: line)
    }

    /// Picks row `index` in a drop-down, as a person would (the page reacts to `notify::selected`).
    static func pick(_ dropDown: DropDown, _ index: Int) {
        dropDown.selectedIndex = index
    }

    /// Every check of `verdict` passes and it matches the spec's row.
    static func expectVerdict(
        _ verdict: ScenarioVerdict, for strategy: AnyStrategyID,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        for line in verdict.log { note("verdict log t = \(line.t): \(line.text)") }
        for check in verdict.checks where !check.passed {
            note("verdict check failed: \(check.name): expected \(check.expected), observed \(check.observed)")
        }
        expect(!verdict.checks.isEmpty, "the verdict has checks", file: file, line: line)
        expect(verdict.matchesSpec, "\(strategy) verdict matches the spec: \(verdict.summary)", file: file, line: line)
        let failed = verdict.checks.filter { !$0.passed }
        expect(
            failed.isEmpty,
            "verdict: "
                + failed.map { "\($0.name): expected \($0.expected), observed \($0.observed)" }
                .joined(separator: "; "), file: file, line: line)
    }
}

/// A minimal app environment for one page: the shared registered application, a fresh context
/// and timing, and a test window as the main window.
@MainActor
final class PageFixture {
    let environment: LabEnvironment
    private var traceToken: ObservationToken?
    var registry: TaskRegistry { environment.context.registry }

    /// One application for every case: the idle inhibitor needs a registered (started-up) one.
    private static var application: Application?

    init(timeScale: Double) throws {
        let application: Application
        if let shared = Self.application {
            application = shared
        } else {
            application = Application(id: "dev.lifecyclelab.AppPageTests")
            try application.register()
            Self.application = application
        }
        environment = LabEnvironment(
            application: application, context: LifecycleContext(clock: LabClock(), taskExecutor: MainLoop.taskExecutor),
            timing: try LabTiming(timeScale: timeScale))
        environment.attachMainWindowForPages(Harness.window("pages", width: 720, height: 760))
        // Under mutter the repros' minimize and restore go through mutter's own keys, from outside.
        environment.outsideWindowActions = SessionWindows.outside
        // Every lifecycle event goes to the case's trace (printed under a failure).
        traceToken = environment.context.log.observe { event in note("core \(event.kind)") }
    }

    /// Puts `root` in the window, in a scroller as the main window holds its pages (a page taller
    /// than the window scrolls), presents it and waits until it is mapped and focused.
    func show(_ root: Widget) async throws {
        let scroller = ScrolledWindow()
        scroller.child = root
        environment.window.child = scroller
        try await presentAndFocus(environment.window)
        try await waitFor("page mapped") { root.isMapped }
    }

    /// A scenario driver on the environment's real clock.
    func driver() -> ScenarioDriver {
        ScenarioDriver(context: environment.context, pacer: .realTime(clock: environment.context.clock))
    }

    /// Ends the case: the page reset (its tasks cancelled), every task returned, the focus back.
    func finish(_ page: any LabPage, file: StaticString = #fileID, line: UInt = #line) async {
        page.reset()
        environment.focusMainWindow()
        let left = await registry.waitForAllToEnd(timeout: .seconds(2))
        expect(
            left.isEmpty, "tasks still live at the end: \(left.map { "#\($0.id) \($0.name)" })", file: file, line: line)
        expectEqual(registry.counters.live, 0, "registry live counter at the end", file: file, line: line)
        expect(registry.counters.addUp, "registry counters add up: \(registry.counters)", file: file, line: line)
    }
}

/// The value, or a stopped case saying what was missing.
@MainActor
func unwrap<T>(_ value: T?, _ what: String, file: StaticString = #fileID, line: UInt = #line) throws -> T {
    guard let value else {
        try require(false, "missing: \(what)", file: file, line: line)
        fatalError("unreachable")
    }
    return value
}
