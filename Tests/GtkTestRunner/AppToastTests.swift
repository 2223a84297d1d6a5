import Gtk
import LabModel
import LifecycleLabKit
import LifecycleTasks

/// The real app, in this process: `LabApp` registered and activated, its main window on the
/// Xvfb display under openbox, driven through its real buttons and actions.
@MainActor
final class AppFixture {
    let app: LabApp
    private static var launched = 0
    private var traceToken: ObservationToken?

    /// Launches the app's window with these command-line arguments (e.g. `--time-scale 0.2`).
    /// A child process of the tests passes an application ID of its own: with a session bus, a
    /// name the parent holds would make the child's instance a remote one.
    init(_ arguments: [String], applicationID: String? = nil) throws {
        let options = try LaunchOptions.parse(arguments)
        Self.launched += 1
        app = LabApp(options: options, applicationID: applicationID ?? "\(LabApp.applicationID).Test\(Self.launched)")
        try app.application.register()
        app.activate()
        // Every lifecycle event of the app goes to the case's trace (printed under a failure).
        traceToken = app.environment?.context.log.observe { event in note("core \(event.kind)") }
    }

    var window: MainWindow { app.mainWindow! }
    var environment: LabEnvironment { app.environment! }
    var registry: TaskRegistry { environment.context.registry }
    var toastPage: ToastPage { window.toastPage! }

    /// Waits until the window is shown, focused (openbox gives new windows the focus) and its
    /// first frame is painted. A timed repro needs no more: its verdict is judged against the
    /// real times of its actions, so a slow first layout only delays them.
    func ready() async throws {
        var painted = false
        window.window.onFirstFramePainted { painted = true }
        try await waitFor("main window mapped, active and painted", timeout: .seconds(5)) {
            self.window.window.isMapped && self.window.window.isActive && painted
        }
        try await loopIdle()
    }

    /// Waits until every task registered so far has begun running (reached its first sleep).
    func tasksStarted(file: StaticString = #fileID, line: UInt = #line) async throws {
        try await waitFor("every registered task began", file: file, line: line) {
            self.registry.pendingStartCount == 0
        }
    }

    /// A scenario driver on the app's real clock, as `--scenario` uses.
    func driver() -> ScenarioDriver {
        ScenarioDriver(
            context: environment.context,
            pacer: LabApp.realTimePacer(
                clock: environment.context.clock, timing: environment.timing))
    }

    /// Ends the case: every task cancelled and returned, the windows gone.
    func close(file: StaticString = #fileID, line: UInt = #line) async {
        traceToken?.cancel()
        traceToken = nil
        let left = await app.tearDown()
        expect(
            left.isEmpty, "tasks still live at the end: \(left.map { "#\($0.id) \($0.name)" })", file: file, line: line)
        expectEqual(registry.counters.live, 0, "registry live counter at the end", file: file, line: line)
    }
}

/// SPEC §3 in the real app: every toast strategy's documented repro through the real Show and
/// Hide buttons, the toast widget itself, and the strategy menu.
@MainActor
enum AppToastTests {
    static var cases: [GtkTestCase] {
        ToastStrategyID.allCases.map(reproCase) + [
            GtkTestCase("§3 toast: a real widget that slides up, has a status role and vanishes at once on hide") {
                let fixture = try AppFixture(["--time-scale", "1"])
                try await fixture.ready()
                let page = fixture.toastPage
                page.showButton.click()
                let widgets = page.host.shownWidgets
                try require(widgets.count == 1, "one toast widget after Show toast, got \(widgets.count)")
                let toast = widgets[0]
                expect(toast.isMapped, "toast mapped at once (its node appeared)")
                expect(page.screen.presented?.node.isAppeared == true, "node appeared at map")
                try await waitFor("toast revealed (slide-up animation done)") {
                    (toast as? Revealer)?.isChildRevealed == true
                }
                let content = (toast as? Revealer)?.child
                expect(content?.hasAccessibleRole(.status) == true, "toast has the status role")
                page.hideButton.click()
                expect(!toast.isMapped, "toast unmapped inside the Hide click, no animation")
                expectEqual(page.host.shownWidgets.count, 0, "toast widget removed")
                expect(page.screen.presented == nil, "toast view and state dropped on hide")
                await fixture.close()
            },
            GtkTestCase(
                "§3 toast: the timer's hide slides the toast out, then removes it; the node disappears at the slide's end, the hide is timed at its start"
            ) {
                let fixture = try AppFixture(["--strategy", "T2", "--time-scale", "0.2"])
                try await fixture.ready()
                let page = fixture.toastPage
                let d = fixture.environment.timing.toastDuration
                page.showButton.click()
                let toast = try unwrap(page.host.shownWidgets.first as? Revealer, "toast revealer")
                let node = try unwrap(page.screen.presented?.node, "toast node")
                try await waitFor("toast revealed") { toast.isChildRevealed }
                var unmappedAt: Duration?
                toast.onUnmap { unmappedAt = fixture.environment.context.now }
                try await waitFor("the timer's hide starts", timeout: .seconds(3)) { !page.screen.hideEvents.isEmpty }
                let hide = page.screen.hideEvents[0]
                expectEqual(hide.cause, .timer, "hidden by its timer")
                expect(!page.screen.isPresented, "the toast left the model when the hide started")
                expect(toast.isMapped && node.isAppeared, "still on screen while it slides out")
                expect(!toast.revealsChild, "sliding out")
                expectEqual(page.host.leavingWidgets.count, 1, "one toast leaving")
                try await waitFor("removed after the slide") { page.host.shownWidgets.isEmpty }
                expect(!node.isAppeared, "the node disappeared at the slide's end")
                let slide = ToastScreen.slideOutDuration(fixture.environment.timing)
                let took = (unmappedAt ?? .zero) - hide.time
                expect(
                    took >= slide - .milliseconds(5) && took < slide + d / 2,
                    "unmapped \(took) after the hide started; the slide takes \(slide)")
                // The button's hide, on a fresh toast: gone inside the click.
                page.showButton.click()
                let second = try unwrap(page.host.shownWidgets.first, "second toast")
                page.hideButton.click()
                expect(!second.isMapped && page.host.shownWidgets.isEmpty, "the button's hide is instant")
                await fixture.close()
            },
            GtkTestCase(
                "§3 toast: repeated presses leave one live timer (T2, T4, T5, T7, T8) or one per press (T1, T6)",
                timeout: .seconds(30)
            ) {
                for id in ToastStrategyID.allCases where id != .t3 {
                    let fixture = try AppFixture(["--strategy", id.rawValue, "--time-scale", "1"])
                    try await fixture.ready()
                    let page = fixture.toastPage
                    let presses = 8
                    for _ in 0..<presses {
                        page.showButton.click()
                        try await fixture.tasksStarted()
                        page.hideButton.click()
                        try await loopIdle()
                    }
                    page.showButton.click()
                    try await fixture.tasksStarted()
                    // Timers only: T7's dropped countdowns and T8's saves run beside them.
                    let timers = fixture.registry.liveRecords.filter {
                        $0.state == .running && $0.name.hasSuffix("then hide")
                    }.count
                    let expected = (id == .t1 || id == .t6) ? presses + 1 : 1
                    expectEqual(timers, expected, "\(id) live timers after \(presses) show/hide presses and a show")
                    await fixture.close()
                }
            },
            GtkTestCase(
                "start-up: only the opened page is built at launch; another is built on its first visit, --strategy applied"
            ) {
                let fixture = try AppFixture(["--page", "scene", "--strategy", "P2"])
                try await fixture.ready()
                let window = fixture.window
                expectEqual(LabPages.all.map { $0.id }.filter(window.isBuilt), [.scenePhase], "built at launch")
                expectEqual(
                    window.page(.scenePhase)?.strategyPage?.currentStrategy, AnyStrategyID(ScenePhaseStrategyID.p2),
                    "--strategy applied to the opened page")
                expectEqual(window.stack.visibleChildName, "scene", "--page shown")
                // The button page: built when shown, with its default strategy, and its widgets map.
                window.show(page: .button)
                expect(window.isBuilt(.button), "the button page is built on its first visit")
                expectEqual(
                    window.page(.button)?.strategyPage?.currentStrategy, AnyStrategyID(ButtonStrategyID.b1),
                    "a page built later starts on its first strategy")
                try await waitFor("button page mapped") { window.page(.button)?.root.isMapped == true }
                // Visiting it again reuses the page.
                let first = window.page(.button)
                window.show(page: .toast)
                window.show(page: .button)
                expect(window.page(.button) === first, "a page is built once")
                expect(!window.isBuilt(.server) && !window.isBuilt(.navigation), "pages never visited stay unbuilt")
                await fixture.close()
            },
            GtkTestCase(
                "§5 panel: never cut by the window — at the default size and at the window's narrowest, the whole panel is inside",
                sessions: .every
            ) {
                let fixture = try AppFixture(["--page", "toast"])
                try await fixture.ready()
                let window = fixture.window
                let split = try unwrap(window.window.child, "the window's split of page and panel")
                let panel = window.panel.root
                @MainActor func expectPanelWhole(_ when: String) throws {
                    let outer = try unwrap(split.bounds(in: window.window), "the split's bounds")
                    let inner = try unwrap(panel.bounds(in: window.window), "the panel's bounds")
                    note(
                        "\(when): window \(window.window.width)×\(window.window.height), split x \(outer.x) w \(outer.width), panel x \(inner.x) w \(inner.width)"
                    )
                    expect(
                        panel.width >= TaskPanel.minimumWidth,
                        "\(when): the panel keeps its width (\(panel.width) ≥ \(TaskPanel.minimumWidth))")
                    expect(
                        inner.x + inner.width <= outer.x + outer.width + 0.5,
                        "\(when): the panel's right edge is inside the window")
                    expect(inner.x > outer.x + 100, "\(when): the page keeps a share of the window beside the panel")
                }
                try expectPanelWhole("default size")
                let defaultWidth = window.window.width
                // Asked for a window far narrower than its content: GTK gives it its minimum. A
                // shown window keeps its size under mutter (a default size is for the next map),
                // so the window is shown again with it.
                window.window.hide()
                window.window.setDefaultSize(width: 400, height: 400)
                window.window.present()
                try await waitFor("the window narrowed", timeout: .seconds(5)) {
                    window.window.isMapped && window.window.width < defaultWidth
                }
                try await loopIdle()
                try expectPanelWhole("narrowest")
                await fixture.close()
            },
            GtkTestCase(
                "§5 window: every page fits a 1024×768 screen under GNOME's top bar (with each strategy's badge in the header, the window's minimum is at most 1024×736; a page taller than that scrolls)",
                sessions: .every
            ) {
                let fixture = try AppFixture(["--page", "toast"])
                try await fixture.ready()
                let window = fixture.window
                // A 1024×768 screen less GNOME's top bar (32 px at 100 % scale).
                let screenWidth = 1024
                let screenHeight = 736
                for entry in LabPages.all {
                    let page: PageID = entry.id
                    window.show(page: page)
                    // The header's badge says the strategy whole: its width is the strategy's.
                    let strategies: [AnyStrategyID?] = entry.strategies.isEmpty ? [nil] : entry.strategies
                    var widest = (width: 0, height: 0, strategy: "")
                    for strategy in strategies {
                        if let strategy { window.show(page: page, strategy: strategy) }
                        try await loopIdle()
                        let minimumWidth = window.window.measure(.horizontal).minimum
                        let minimumHeight = window.window.measure(.vertical, forSize: screenWidth).minimum
                        if minimumWidth > widest.width {
                            widest = (minimumWidth, minimumHeight, strategy?.rawValue ?? "")
                        }
                        let with = strategy.map { " with \($0)" } ?? ""
                        expect(
                            minimumWidth <= screenWidth,
                            "\(page)\(with): minimum width \(minimumWidth) ≤ \(screenWidth)")
                        expect(
                            minimumHeight <= screenHeight,
                            "\(page)\(with): minimum height \(minimumHeight) ≤ \(screenHeight)")
                    }
                    let with = widest.strategy.isEmpty ? "" : " (widest with \(widest.strategy))"
                    print("info: \(page) page: the window's minimum \(widest.width)×\(widest.height)\(with)")
                }
                await fixture.close()
            },
            GtkTestCase("§3 menu: Strategy radio items switch strategies, reset the page and show the current one") {
                let fixture = try AppFixture(["--strategy", "T1", "--time-scale", "1"])
                try await fixture.ready()
                let application = fixture.environment.application
                try require(application.action(named: "strategy") != nil, "app.strategy action")
                expectEqual(application.accelerators(for: "app.strategy::T2"), ["<Control>2"], "Ctrl+2 → T2")
                expectEqual(application.accelerators(for: "app.quit"), ["<Control>q"], "Ctrl+Q → quit")
                fixture.toastPage.showButton.click()
                try await fixture.tasksStarted()
                expectEqual(fixture.registry.counters.live, 1, "T1 timer running")
                application.action(named: "strategy")?.activate("T2")
                try await waitFor("T1's timer ended after the switch") { fixture.registry.counters.live == 0 }
                expectEqual(
                    fixture.toastPage.currentStrategy, AnyStrategyID(ToastStrategyID.t2), "strategy switched to T2")
                expectEqual(
                    fixture.registry.counters.live, 0,
                    "switching cancelled the page's tasks (even T1's unstructured timer)")
                expect(
                    fixture.window.strategyLabel.text.contains("T2"),
                    "header shows T2: \(fixture.window.strategyLabel.text)")
                expectEqual(application.action(named: "strategy")?.state, "T2", "radio state")
                await fixture.close()
            },
            GtkTestCase(
                "§4 menu: one Strategy section for every page — the shown page's strategies, Ctrl+1 … in order, the header's badge, the drop-downs in step"
            ) {
                let fixture = try AppFixture(["--time-scale", "1"])
                try await fixture.ready()
                let window = fixture.window
                let application = fixture.environment.application
                let action = try unwrap(application.action(named: "strategy"), "app.strategy")
                let menu = window.primaryMenu()
                let section = window.strategySectionItems
                expectEqual(
                    section, ToastStrategyID.allCases.map(\.rawValue), "the toast page's strategies in the menu")
                expectEqual(menu.count, 3, "Strategy, Compare, the general section")
                // The button page: its strategies in the section and on Ctrl+1 … Ctrl+3.
                window.show(page: .button)
                let button = try unwrap(window.page(.button) as? ButtonPage, "the button page")
                expectEqual(
                    window.strategySectionItems, ButtonStrategyID.allCases.map(\.rawValue),
                    "the button page's strategies in the menu")
                expectEqual(application.accelerators(for: "app.strategy::B2"), ["<Control>2"], "Ctrl+2 → B2")
                expectEqual(application.accelerators(for: "app.strategy::T2"), [], "Ctrl+2 no longer T2")
                expectEqual(action.state, "B1", "the radio mark on the button page's strategy")
                expect(window.strategyLabel.text.contains("B1"), "header shows B1: \(window.strategyLabel.text)")
                // The menu (and so Ctrl+2) switches the page's strategy; its drop-down follows.
                action.activate("B2")
                try await loopIdle()
                expectEqual(button.currentStrategy, AnyStrategyID(ButtonStrategyID.b2), "the menu switched to B2")
                expectEqual(button.strategyPicker.selectedIndex, 1, "the drop-down shows B2")
                expect(window.strategyLabel.text.contains("B2"), "header shows B2: \(window.strategyLabel.text)")
                // The drop-down switches it too; the menu and the header follow.
                button.strategyPicker.selectedIndex = 2
                try await loopIdle()
                expectEqual(action.state, "B3", "the radio mark follows the drop-down")
                expect(window.strategyLabel.text.contains("B3"), "header shows B3: \(window.strategyLabel.text)")
                // A page without strategies: an empty section and no badge.
                window.show(page: .navigation)
                expectEqual(window.strategySectionItems, [], "no strategies on the navigation page")
                expect(!window.strategyLabel.isVisible, "no strategy badge on the navigation page")
                // Back on the toast page: T1 … T8 again, and its own strategy.
                window.show(page: .toast)
                expectEqual(window.strategySectionItems.count, ToastStrategyID.allCases.count, "the toast page's again")
                expectEqual(action.state, "T1", "the toast page's strategy")
                await fixture.close()
            },
            GtkTestCase(
                "§4 menu: Ctrl+3 right after a click on B1's Action! rebuilds the view; the focus leaves with it and the next real key press goes on (no GTK critical)"
            ) {
                let fixture = try AppFixture(["--page", "button", "--time-scale", "0.1"])
                try await fixture.ready()
                let window = fixture.window
                try await presentAndFocus(window.window)
                let page = try unwrap(window.page(.button) as? ButtonPage, "the button page")
                page.showButton.click()
                let action = try unwrap(page.actionButton, "B1's view with its Action! button")
                action.click()
                expect(action.grabFocus(), "Action! takes the keyboard focus, as a click gives it")
                expect(page.root.containsFocus, "the focus is inside the page")
                // The same path as Ctrl+3: the strategy action, which rebuilds the page's view.
                fixture.environment.application.action(named: "strategy")?.activate("B3")
                try await waitFor("B3 chosen") { page.currentStrategy == AnyStrategyID(ButtonStrategyID.b3) }
                expect(!action.containsFocus, "the removed view's Action! button does not keep the focus")
                // A real key press from X after it: with the focus left on the removed button, GTK
                // 4.8 reported a `gtk_widget_is_ancestor` critical at the next key event and this
                // Ctrl+1 never reached the app's shortcuts.
                let (status, _) = try ApplicationTests.runSelf(["key", "ctrl+1"], executable: "/usr/bin/xdotool")
                expectEqual(status, 0, "xdotool key ctrl+1")
                try await waitFor("Ctrl+1 reached the app: B1 again") {
                    page.currentStrategy == AnyStrategyID(ButtonStrategyID.b1)
                }
                await fixture.close()
            },
        ]
    }

    /// The documented repro (t = 0 show, D/3 hide, D/2 show) through the real buttons.
    static func reproCase(_ id: ToastStrategyID) -> GtkTestCase {
        let outcome = id.kind.label
        return GtkTestCase(
            "\(id.rawValue): documented repro in the real window (\(outcome))", sessions: .of(AnyStrategyID(id)),
            timeout: .seconds(15)
        ) {
            let fixture = try AppFixture(["--strategy", id.rawValue, "--time-scale", "0.25"])
            try await fixture.ready()
            let d = fixture.environment.timing.toastDuration
            // What the live panel shows while the repro runs: a flag may clear when its task
            // ends (retains owner does), so it is read as it happens, after the panel's own
            // coalesced update of the same turn.
            let panel = fixture.window.panel
            var shownFlags: Set<String> = []
            var shownDetached: Set<Int> = []
            let watch = fixture.registry.observe { change in
                switch change {
                case .added(let record) where record.isDetached:
                    MainLoop.idle {
                        if panel.isDetached(record.id) == true { shownDetached.insert(record.id.rawValue) }
                    }
                case .updated(let record) where record.isOrphan || record.retainsOwner:
                    MainLoop.idle {
                        guard let shown = panel.flags(for: record.id) else { return }
                        if shown.orphan { shownFlags.insert("\(record.id.rawValue) orphan") }
                        if shown.retains { shownFlags.insert("\(record.id.rawValue) retains owner") }
                    }
                default:
                    break
                }
            }
            let verdict = await fixture.toastPage.runScenario(driver: fixture.driver())
            watch.cancel()
            try require(verdict != nil, "no verdict")
            let v = verdict!
            // Under a failure: what the run saw, every action and log line with its real time.
            for line in v.log { note("verdict log t = \(line.t): \(line.text)") }
            expect(v.matchesSpec, "verdict does not match the spec:\n\(v.summary)")
            // The second hide against the real presses (the verdict's own log): D after the
            // first show for T1 and T6, D after the second show for the others.
            let dSeconds = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
            let shows = v.log.filter { $0.text == "▶ press Show toast" }.map(\.t)
            let hidePress = v.log.first { $0.text == "▶ press Hide toast" }?.t ?? -1
            try require(shows.count == 2, "two Show presses in the log: \(shows)")
            let secondHide = v.hideTimes.count > 1 ? v.hideTimes[1] : -1
            let expectedHide = ((id == .t1 || id == .t6) ? shows[0] : shows[1]) + dSeconds
            expect(
                abs(secondHide - expectedHide) <= dSeconds / 10,
                "second toast hid at t = \(secondHide), expected t = \(expectedHide) (presses: show \(shows), hide \(hidePress))"
            )
            let flags = Set(v.flagsRaised.map(\.flag))
            switch id {
            case .t1: expect(flags.contains("orphan"), "T1 flags an orphan timer: \(flags)")
            case .t6: expect(flags.contains { $0.contains("retain") }, "T6 flags retains owner: \(flags)")
            case .t7: expectEqual(flags, ["orphan"], "T7 flags the dropped countdown as an orphan")
            default: expect(flags.isEmpty, "\(id) raises no flag: \(flags)")
            }
            if id == .t8 {
                // Both saves were shown as detached on purpose, and neither as an orphan.
                expectEqual(shownDetached.count, 2, "the panel marked both saves detached")
                expect(
                    v.log.filter { $0.text == "saved" }.count == 2, "T8: both saves ran to their end: \(v.log)")
            }
            // The live panel beside the page tells the same story (SPEC §5).
            panel.flushPendingChanges()
            expectEqual(panel.counters, fixture.registry.counters, "panel counters match the registry")
            for flag in v.flagsRaised {
                expect(
                    shownFlags.contains("\(flag.task) \(flag.flag)"),
                    "panel showed task #\(flag.task) as \(flag.flag); it showed \(shownFlags.sorted())")
            }
            expect(panel.timelineBarCount >= (id == .t1 || id == .t6 ? 2 : 1), "timeline draws the timers")
            if id == .t3 {
                expect(
                    v.log.contains { $0.text == "auto-dismissed" && abs($0.t - hidePress) < dSeconds / 10 },
                    "T3 logs auto-dismissed at the Hide press (t = \(hidePress)): \(v.log)")
            }
            if id == .t2 {
                expect(
                    v.log.contains { $0.text == "task cancel" && abs($0.t - hidePress) < dSeconds / 10 },
                    "T2 logs task cancel at the Hide press (t = \(hidePress)): \(v.log)")
            }
            await fixture.close()
        }
    }
}
