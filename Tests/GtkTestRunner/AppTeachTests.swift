import Glibc
import Gtk
import LabModel
import LifecycleLabKit
import LifecycleTasks

/// The teaching parts of the app in a real window: the code panel beside every strategy (the
/// Swift that runs, from the source, and its SwiftUI shape) and compare mode (one repro, two
/// strategies side by side on one clock), driven through the real menu action, pickers and
/// buttons.
@MainActor
enum AppTeachTests {
    static var cases: [GtkTestCase] {
        [codePanelFollowsToastStrategy, codePanelFollowsButtonPicker, codePanelOnEveryPage]
            + [compareT1T2, compareFromMenuAndClose, compareCommandLine]
    }

    /// Whether `text` (a card's text as shown) holds every line of `blocks`, in order.
    static func shows(_ blocks: [StrategyCode.Block], in text: String) -> Bool {
        // Key lines are padded with spaces to the width of the band.
        let shown = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        var index = 0
        for line in blocks.flatMap(\.lines) where !line.isEmpty {
            while index < shown.count && !shown[index].hasSuffix(line) { index += 1 }
            guard index < shown.count else { return false }
            index += 1
        }
        return true
    }

    /// Checks the panel shows `code`: every line of both cards, one band per key line.
    static func expectPanel(
        _ panel: CodePanel, shows code: StrategyCode, file: StaticString = #fileID, line: UInt = #line
    ) {
        expectEqual(panel.code?.strategy, code.strategy, "strategy shown", file: file, line: line)
        expect(
            shows(code.running, in: panel.runningText), "\(code.strategy)'s running code not shown in order",
            file: file, line: line)
        expect(
            shows([code.swiftUI], in: panel.swiftUIText), "\(code.strategy)'s SwiftUI not shown", file: file,
            line: line)
        for block in code.running {
            expect(
                panel.runningText.contains(block.location ?? "?"), "\(block.title)'s file:line caption missing",
                file: file, line: line)
        }
        let counts = panel.highlightedLineCounts
        expectEqual(
            counts.running, code.running.map(\.keyLines.count).reduce(0, +), "\(code.strategy) running key lines",
            file: file, line: line)
        expectEqual(
            counts.swiftUI, code.swiftUI.keyLines.count, "\(code.strategy) SwiftUI key lines", file: file, line: line)
        expect(!panel.runningText.contains("lab-code"), "a marker leaked into the panel", file: file, line: line)
    }

    // MARK: Code panel

    static var codePanelFollowsToastStrategy: GtkTestCase {
        GtkTestCase(
            "T1, T2: the toast page's code panel shows the selected strategy's code (after the first frame) and follows a switch"
        ) {
            let fixture = try AppFixture(["--strategy", "T1"])
            let panel = fixture.toastPage.codePanel
            // Start-up: the page is built before the first frame, its code cards are filled after it.
            expect(panel.code == nil, "code cards filled before the first frame")
            try await fixture.ready()
            expect(panel.isMapped, "both code cards on screen")
            expectPanel(panel, shows: ToastStrategyID.t1.code)
            expect(panel.runningText.contains("ledger.start("), "T1's unstructured Task shown")
            expect(panel.swiftUIText.contains(".onAppear {"), "T1's SwiftUI shape shown")
            // Switch through the Strategy menu's action (Ctrl+2): the panel follows.
            fixture.environment.application.action(named: "strategy")?.activate("T2")
            try await loopIdle()
            expectPanel(panel, shows: ToastStrategyID.t2.code)
            expect(!panel.runningText.contains("ledger.start("), "T1's code gone after the switch")
            expect(panel.swiftUIText.contains(".task {"), "T2's SwiftUI shape shown")
            for id in ToastStrategyID.allCases {
                fixture.toastPage.select(strategy: AnyStrategyID(id))
                expectPanel(panel, shows: id.code)
            }
            await fixture.close()
        }
    }

    static var codePanelFollowsButtonPicker: GtkTestCase {
        GtkTestCase("B1, B2, B3: the button page's code panel follows the strategy picker") {
            let fixture = try AppFixture(["--page", "button"])
            try await fixture.ready()
            let page = try unwrap(fixture.window.page(.button) as? ButtonPage, "button page")
            try await waitFor("button page code shown") { page.codePanel.code != nil }
            expectPanel(page.codePanel, shows: ButtonStrategyID.b1.code)
            for (index, id) in ButtonStrategyID.allCases.enumerated().reversed() {
                page.strategyPicker.selectedIndex = index
                try await loopIdle()
                expectEqual(page.currentStrategy, AnyStrategyID(id), "picker switched the strategy")
                expectPanel(page.codePanel, shows: id.code)
            }
            // B2 reads in order: the press, then the onDisappear.
            page.strategyPicker.selectedIndex = 1
            try await loopIdle()
            let text = page.codePanel.runningText
            if let press = text.firstRange(of: "ButtonViewState.press"),
                let install = text.firstRange(of: "ButtonScreen.install")
            {
                expect(press.lowerBound < install.lowerBound, "B2's press shown before its onDisappear")
            } else {
                expect(false, "B2's two regions not both shown: \(text)")
            }
            await fixture.close()
        }
    }

    static var codePanelOnEveryPage: GtkTestCase {
        GtkTestCase(
            "P2, I1, N1: the code panel on the scene-phase, server and navigation pages shows their strategy's code"
        ) {
            let fixture = try AppFixture(["--page", "scene", "--strategy", "P2"])
            try await fixture.ready()
            let scene = try unwrap(fixture.window.page(.scenePhase) as? ScenePhasePage, "scene page")
            try await waitFor("scene page code shown") { scene.codePanel.code != nil }
            expectPanel(scene.codePanel, shows: ScenePhaseStrategyID.p2.code)
            fixture.window.show(page: .server)
            let server = try unwrap(fixture.window.page(.server) as? ServerPage, "server page")
            try await waitFor("server page code shown") { server.codePanel.code != nil }
            expectPanel(server.codePanel, shows: ServerStrategyID.i1.code)
            fixture.window.show(page: .navigation)
            let navigation = try unwrap(fixture.window.page(.navigation) as? NavigationPage, "navigation page")
            try await waitFor("navigation page code shown") { navigation.codePanel.code != nil }
            expectPanel(navigation.codePanel, shows: NavigationScreen.code)
            await fixture.close()
        }
    }

    // MARK: Compare mode

    static var compareT1T2: GtkTestCase {
        GtkTestCase(
            "T1, T2 compare: one repro through the shared buttons: T1's bug and T2's fix, two toasts, two timelines on one axis",
            timeout: .seconds(20)
        ) {
            let fixture = try AppFixture(["--compare", "T1,T2", "--time-scale", "0.5"])
            let compare = try unwrap(fixture.window.compareWindow, "--compare opens the compare window")
            // The compare window, shown last, has the focus; wait until it has painted.
            var painted = false
            compare.window.onFirstFramePainted { painted = true }
            try await waitFor("compare window mapped, active and painted") {
                compare.window.isMapped && compare.window.isActive && painted
            }
            try await nextFrame(of: compare.window)  // the compare window's first frames are behind it
            expectEqual(compare.strategies, [.t1, .t2], "strategies from --compare")
            expectEqual(compare.leftPicker.selectedItem?.hasPrefix("T1") ?? false, true, "left picker shows T1")
            expectEqual(compare.rightPicker.selectedItem?.hasPrefix("T2") ?? false, true, "right picker shows T2")
            let d = fixture.environment.timing.toastDuration.seconds

            // Watch both sides while the repro runs: toasts on both sides at once after each show.
            var bothShown = 0
            var alone = 0
            let watch = MainLoop.timeoutSource(after: .milliseconds(20)) {
                let shown = compare.shownToasts
                if shown == [1, 1] { bothShown += 1 } else if shown == [1, 0] || shown == [0, 1] { alone += 1 }
                return true
            }
            let comparison = await compare.runScenario()
            watch.cancel()

            expect(comparison.matchesSpec, "both sides match their rows:\n\(comparison.summary)")
            expectEqual(comparison.strategies, ["T1", "T2"], "strategies")
            let hides = comparison.verdicts.map(\.hideTimes)
            expect(hides.allSatisfy { $0.count == 2 }, "two hides per side: \(hides)")
            if hides.allSatisfy({ $0.count == 2 }) {
                // When exactly is the verdicts' business (against the real presses); here: T1's
                // stale timer took its second toast down D/2 before T2's own timer did.
                expect(
                    hides[1][1] - hides[0][1] >= d / 4,
                    "T1's second toast went about D/2 (\(d / 2) s) before T2's: \(hides)")
                expect(abs(hides[0][0] - hides[1][0]) <= 0.005, "the same Hide press on both sides: \(hides)")
            }
            expect(bothShown > 0, "both toasts were up together")
            expect(alone > 0, "T1's toast went early while T2's stayed (sampled \(alone) times)")
            // Flags never mix: the orphan is T1's only.
            expectEqual(Set(comparison.verdicts[0].flagsRaised.map(\.flag)), ["orphan"], "T1 side flags")
            expect(comparison.verdicts[1].flagsRaised.isEmpty, "T2 side raises no flag")
            expect(compare.verdictTexts[0].contains("matches the spec"), "T1 verdict shown: \(compare.verdictTexts[0])")
            expect(compare.verdictTexts[1].contains("matches the spec"), "T2 verdict shown: \(compare.verdictTexts[1])")
            expect(compare.summaryLabel.text.hasPrefix("Both match"), "summary: \(compare.summaryLabel.text)")

            // Two timelines on one axis: each draws its own side's two timers, over the same span.
            compare.flushPendingChanges()
            expectEqual(compare.timelineTaskIDs, [[TaskID(1), TaskID(2)], [TaskID(1), TaskID(2)]], "bars per side")
            let range = try unwrap(compare.sharedTimelineRange, "shared range")
            let ranges = compare.timelineRanges
            expectEqual(ranges.count, 2, "two timelines")
            for (index, own) in ranges.enumerated() {
                expect(
                    own.map { $0.start >= range.start && $0.end <= range.end } ?? false,
                    "timeline \(index) within the shared axis \(range): \(String(describing: own))")
            }
            expect(compare.timelinesDrawSharedRange, "every timeline draws the shared range")
            expect(range.end - range.start >= 1.5 * d, "the axis covers the run: \(range)")
            await fixture.close()
        }
    }

    static var compareFromMenuAndClose: GtkTestCase {
        GtkTestCase("compare: Compare… opens T5 beside T6; a press reaches both sides; a pick and closing cancel") {
            // The counterpart Compare… picks: the seed's own contrast.
            expectEqual(
                ToastStrategyID.allCases.map { CompareWindow.partner(of: $0) },
                [.t2, .t1, .t2, .t1, .t6, .t5, .t5, .t1], "counterparts of T1–T8")
            let fixture = try AppFixture(["--strategy", "T5"])
            try await fixture.ready()
            fixture.toastPage.compareButton.click()
            let compare = try unwrap(fixture.window.compareWindow, "Compare… opens the compare window")
            try await waitFor("compare window mapped") { compare.window.isMapped }
            expectEqual(compare.strategies, [.t5, .t6], "the page's strategy beside its counterpart")
            compare.showButton.click()
            expectEqual(compare.shownToasts, [1, 1], "one click shows a toast on both sides")
            try await waitFor("both sides' timers began") {
                compare.registries.allSatisfy { $0.pendingStartCount == 0 }
            }
            let first = compare.registries
            expectEqual(first.map(\.counters.live), [1, 1], "one timer per side, each in its own registry")
            // A new pick starts both sides afresh: the old timers are cancelled.
            compare.rightPicker.selectedIndex = 1  // T2
            try await loopIdle()
            expectEqual(compare.strategies, [.t5, .t2], "picked T2 on the right")
            try await waitFor("the previous sides' timers cancelled and ended") {
                first.allSatisfy { $0.counters.live == 0 }
            }
            expectEqual(compare.registries.map(\.counters.started), [0, 0], "fresh registries on both sides")
            compare.showButton.click()
            try await waitFor("both sides' timers began") {
                compare.registries.allSatisfy { $0.pendingStartCount == 0 }
            }
            let second = compare.registries
            expectEqual(second.map(\.counters.live), [1, 1], "timers on both sides again")
            // The app's menu action opens the same window with the toast page's pair.
            fixture.environment.application.action(named: "compare")?.activate()
            expect(fixture.window.compareWindow === compare, "one compare window")
            expectEqual(compare.strategies, [.t5, .t6], "the menu item shows the toast page's pair")
            compare.showButton.click()
            try await waitFor("both sides' timers began") {
                compare.registries.allSatisfy { $0.pendingStartCount == 0 }
            }
            let third = compare.registries
            expectEqual(third.map(\.counters.live), [1, 1], "timers on both sides before the close")
            compare.window.close()
            try await waitFor("compare window closed") { fixture.window.compareWindow == nil }
            try await waitFor("closing the window cancelled both sides' timers") {
                third.allSatisfy { $0.counters.live == 0 }
            }
            await fixture.close()
        }
    }

    static var compareCommandLine: GtkTestCase {
        GtkTestCase(
            "T1, T2 compare: lifecycle-lab --scenario toast --compare T1,T2 prints both verdicts, exit 0",
            timeout: .seconds(30)
        ) {
            let app = BinFolder.sibling("lifecycle-lab")
            let (status, output) = try ApplicationTests.runSelf(
                ["--scenario", "toast", "--compare", "t1, T2", "--time-scale", "0.3"], executable: app)
            expectEqual(status, 0, "exit status; output: \(output.suffix(600))")
            expect(output.hasPrefix("{\n  \"matchesSpec\" : true,\n  \"scenario\" : \"toast\","), "JSON object first")
            expect(output.contains("\"strategies\" : [\n    \"T1\",\n    \"T2\"\n  ],"), "both strategies named")
            expect(output.contains("\"expected\" : \"bug: the toast hides at t = D,"), "T1's verdict")
            expect(output.contains("\"expected\" : \"fixed: hides at t = D/2 + D;"), "T2's verdict")
            expectEqual(output.components("\"scenario\" : \"toast\""), 3, "the whole and both verdicts")
            expectEqual(output.components("\"matchesSpec\" : true"), 3, "both verdicts and the whole match")
        }
    }
}

extension Duration {
    /// The duration in seconds.
    fileprivate var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

extension String {
    /// How many times `needle` occurs.
    fileprivate func components(_ needle: String) -> Int { ranges(of: needle).count }
}

/// Paths next to this test binary.
enum BinFolder {
    /// The executable `name` in the folder of the running binary (the build's bin folder).
    static func sibling(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        var path = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "."
        if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        return path + "/" + name
    }
}
