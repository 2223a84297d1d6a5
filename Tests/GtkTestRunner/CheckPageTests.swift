import Glibc
import Gtk
import LabModel
import LifecycleCheckReport
import LifecycleLabKit

/// The Check page in the real app window: code opened through the page's own open path (the one
/// its file choosers and its drop target call) or a real drop, the checker run as a child
/// process, the findings listed through GTK's list view, and *Show it live* / *Compare with the
/// fix* driving the window to the SPEC rows' repros (T1 → T4, T3 → T2, B1 → B2, P1 → P2).
///
/// Most cases run a fake checker (Tests/check-page/fake-checker, through
/// `LIFECYCLE_LAB_CHECK`) that prints fixed JSON: they pin the page's reading of the checker's
/// contract. One runs the real `lifecycle-lab-check` built beside this binary.
@MainActor
enum CheckPageTests {
    static var cases: [GtkTestCase] {
        [
            emptyState, findingsListed, sidePanel, findingsAccessible, showLiveAndCompare, keyboardReachesFindings,
            dropOpens,
            secondOpenStops,
            unreadableFiles,
            missingChecker, unreadableOutput, noFindings, thousandsOfFindings, realCheckerT1, realCheckerFix,
        ]
    }

    /// Tests/check-page: the fake checker, its reports and a SwiftUI fixture with seed 000's and
    /// 001's mistakes.
    static let fixtures: String = {
        // #filePath is …/Tests/GtkTestRunner/CheckPageTests.swift.
        let root = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
            .joined(separator: "/")
        return root + "/Tests/check-page"
    }()

    static var app: String { fixtures + "/app" }

    static let variables = [
        "LIFECYCLE_LAB_CHECK", "FAKE_CHECK_OUTPUT", "FAKE_CHECK_EXIT", "FAKE_CHECK_ARGS", "FAKE_CHECK_SLEEP",
    ]

    /// Makes the page run the fake checker, printing `output` (a file of Tests/check-page or a
    /// path) and exiting `exit`.
    static func useFakeChecker(printing output: String, exit: Int = 1) {
        setenv("LIFECYCLE_LAB_CHECK", fixtures + "/fake-checker", 1)
        setenv("FAKE_CHECK_OUTPUT", output.hasPrefix("/") ? output : fixtures + "/" + output, 1)
        setenv("FAKE_CHECK_EXIT", String(exit), 1)
    }

    static func clearEnvironment() {
        for name in variables { unsetenv(name) }
    }

    /// The app on its Check page.
    static func launch() async throws -> (AppFixture, CheckPage) {
        let fixture = try AppFixture(["--page", "check"])
        try await fixture.ready()
        let page = try unwrap(fixture.window.page(.check) as? CheckPage, "the check page")
        expectEqual(fixture.window.stack.visibleChildName, "check", "--page check shown")
        return (fixture, page)
    }

    /// The app on its Check page once it shows `state` for the fixture app, checked by the fake
    /// checker printing `output` and exiting `exit`.
    static func launch(
        checking output: String, exit: Int = 1, until state: CheckPage.StateName
    ) async throws -> (AppFixture, CheckPage) {
        let (fixture, page) = try await launch()
        useFakeChecker(printing: output, exit: exit)
        page.open(paths: [app])
        try await waitForState(page, state)
        return (fixture, page)
    }

    /// Waits until the page has left its running state for `state`.
    static func waitForState(
        _ page: CheckPage, _ state: CheckPage.StateName, timeout: Duration = .seconds(10),
        file: StaticString = #fileID, line: UInt = #line
    ) async throws {
        try await waitFor("the page shows \(state)", timeout: timeout, file: file, line: line) {
            page.shownState != .running && page.runningCheckerIdentifier == nil
        }
        if page.shownState != state {
            note("failure: \(page.failureTitleLabel.text): \(page.failureLabel.text)")
        }
        try require(
            page.shownState == state, "the page shows \(page.shownState.map { "\($0)" } ?? "nothing"), not \(state)",
            file: file, line: line)
    }

    /// The bound row of finding `index`, once GTK has laid out the list and bound it.
    static func row(_ page: CheckPage, finding index: Int) async throws -> CheckRowParts {
        try await nextFrame(of: page.list)
        try await waitFor("finding \(index)'s row bound") { page.boundRow(finding: index) != nil }
        return try unwrap(page.boundRow(finding: index), "finding \(index)'s row")
    }

    // MARK: States

    static var emptyState: GtkTestCase {
        GtkTestCase(
            "Check page: before anything is opened, an icon, a title, the invitation and the Open buttons; Open shows the file chooser"
        ) {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch()
            expectEqual(page.shownState, .empty, "the empty state")
            expect(page.emptyOpenButton.isMapped && page.emptyOpenFolderButton.isMapped, "the Open buttons shown")
            expectEqual(page.emptyOpenButton.label, "Open…", "Open…")
            expect(!page.openButton.isMapped, "the toolbar waits for a first check")
            expectEqual(page.emptyTitleLabel.text, "Check your SwiftUI code", "the title")
            expectEqual(
                page.emptyDescriptionLabel.text, "Open a Swift file or folder, or drop it here", "the invitation")
            expect(page.emptyTitleLabel.isMapped && page.emptyDescriptionLabel.isMapped, "both shown")
            expectEqual(page.reportWidgets.map(\.name), ["open-file", "open-folder"], "the controls named")
            page.emptyOpenButton.click()
            try await waitFor("the file chooser shown") {
                page.isChoosing && Window.mappedToplevelTitles.contains("Open a Swift File")
            }
            page.emptyOpenButton.click()  // a second press while it is shown opens no second one
            try await loopIdle()
            expectEqual(Window.mappedToplevelTitles.count { $0 == "Open a Swift File" }, 1, "one chooser")
            page.reset()
            try await waitFor("the file chooser closed") {
                !page.isChoosing && !Window.mappedToplevelTitles.contains("Open a Swift File")
            }
            page.emptyOpenFolderButton.click()
            try await waitFor("the folder chooser shown") { Window.mappedToplevelTitles.contains("Open a Folder") }
            page.reset()
            try await waitFor("the folder chooser closed") {
                !page.isChoosing && !Window.mappedToplevelTitles.contains("Open a Folder")
            }
            expectEqual(page.shownState, .empty, "still empty after a dismissed chooser")
            await fixture.close()
        }
    }

    static var findingsListed: GtkTestCase {
        GtkTestCase(
            "T1, T3, B1, P1: the Check page reads the checker's JSON: findings by file with paths relative to the folder, severity, rule, message, place, the code with its line marked, why, fix and SPEC row",
            timeout: .seconds(20)
        ) {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch()
            useFakeChecker(printing: "findings.json")
            let arguments = "/tmp/check-page-args-\(getpid())"
            setenv("FAKE_CHECK_ARGS", arguments, 1)
            defer { unlink(arguments) }
            page.open(paths: [app])
            expectEqual(page.shownState, .running, "Checking… at once")
            try await waitForState(page, .results)
            expectEqual(
                try String(contentsOfFile: arguments), "--format\njson\n\(app)\n",
                "the checker's arguments: --format json PATH")
            expectEqual(page.summaryLabel.text, "3 warnings and 1 note in 4 files", "the summary")
            expectEqual(page.placeLabel.text, app, "the folder opened")
            expectEqual(page.errorsLabel.text, "", "no file error")
            expectEqual(
                page.list.rowIDs,
                [
                    "part-warnings", "file-0", "finding-0", "finding-1", "file-1", "finding-2", "part-notes", "file-2",
                    "finding-3",
                ],
                "the warnings' heading, two files, each with its findings; then the notes', apart")
            let listing = try unwrap(page.listing, "the listing")
            expectEqual(
                listing.groups.map(\.displayPath),
                ["Sources/ToastView.swift", "Sources/WorkButton.swift", "Sources/WorkButton.swift"],
                "grouped by relative path, in each part")

            try await nextFrame(of: page.list)
            try await waitFor("the first file's heading bound") {
                page.boundRows.contains { $0.row == .file(0) }
            }
            let heading = try unwrap(page.boundRows.first { $0.row == .file(0) }, "the heading row")
            expectEqual(heading.fileLabel.text, "Sources/ToastView.swift  2 findings", "the file's heading")
            expect(!heading.findingBox.isVisible, "a heading shows no finding")

            let t1 = try await row(page, finding: 0)
            expectEqual(t1.severityLabel.text, "warning", "severity")
            expect(t1.severityLabel.hasCssClass("warning"), "coloured as a warning")
            expectEqual(t1.ruleLabel.text, "task-never-cancelled", "rule ID")
            expectEqual(t1.messageLabel.text, "Task started in onAppear is never cancelled", "message")
            expectEqual(t1.locationLabel.text, "line 11, column 17", "line and column")
            let lines = t1.excerptLabel.text.split(separator: "\n").map(String.init)
            expectEqual(lines.count, 4, "the excerpt's lines")
            expectEqual(
                lines.filter { $0.contains("▸") }, ["11 ▸ " + "                Task {"], "the finding's line marked")
            expect(lines[0].hasPrefix("10   "), "numbered from the excerpt's first line: \(lines[0])")
            expect(t1.excerptLabel.hasCssClass("code-view"), "monospace")
            expect(t1.whyLabel.text.hasPrefix("Why: Nobody keeps the task's handle"), "why: \(t1.whyLabel.text)")
            expect(t1.fixLabel.text.hasPrefix("Fix: Start the work with .task { }"), "fix: \(t1.fixLabel.text)")
            expectEqual(
                t1.specLabel.text, "SPEC T1, B1 · seen live on the Toast page as T1, fixed by T4", "the SPEC row")
            expect(t1.showLiveButton.isMapped && t1.showLiveButton.isSensitive, "Show it live")
            expect(t1.compareButton.isMapped, "Compare with the fix, for a toast repro")

            let p1 = try await row(page, finding: 3)
            expectEqual(p1.severityLabel.text, "note", "a note")
            expect(
                p1.severityLabel.hasCssClass("note") && !p1.severityLabel.hasCssClass("warning"), "coloured as a note")
            expect(!p1.compareButton.isVisible, "no compare for the scene page's P1")
            expectEqual(page.reportWidgets.map(\.name), ["open-file", "open-folder", "check-again"], "the controls")

            // Drawn in the window: the warning badge's amber (#e5a50a) is among its pixels.
            let window = fixture.window.window
            try await nextFrame(of: window)
            let image = try window.renderedPixels()
            var amber = 0
            for at in stride(from: 0, to: image.bgra.count, by: 4)
            where abs(Int(image.bgra[at + 2]) - 0xe5) < 8 && abs(Int(image.bgra[at + 1]) - 0xa5) < 8
                && Int(image.bgra[at]) < 0x30
            {
                amber += 1
            }
            expect(amber > 100, "the warning badges are drawn: \(amber) amber pixels")
            // `CHECK_PAGE_SCREENSHOT=FILE.png` keeps a picture of the page with its findings.
            if let path = getenv("CHECK_PAGE_SCREENSHOT").map({ String(cString: $0) }) { try window.savePNG(to: path) }
            await fixture.close()
        }
    }

    static var sidePanel: GtkTestCase {
        GtkTestCase(
            "Check page: in the task panel's place a side panel sums the check up (files, findings per rule) and explains the selected finding; the task panel is back on the pages that run tasks"
        ) {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch()
            let window = fixture.window
            let side = page.side
            expect(side.root.isMapped && !window.panel.root.isMapped, "the side panel, not the task panel")
            expectEqual(
                side.summaryLabel.text, "Open a Swift file or folder: what it finds is summed up here.",
                "before a check: what it will show")
            expect(side.fileButtons.allSatisfy { !$0.isMapped }, "no file before a check")
            useFakeChecker(printing: "findings.json")
            page.open(paths: [app])
            expectEqual(side.summaryLabel.text, "Checking app…", "while the checker runs")
            try await waitForState(page, .results)
            expectEqual(side.summaryLabel.text, "4 files checked: 3 warnings, 1 note", "what was checked")
            expectEqual(
                side.fileButtons.map(\.label),
                ["Sources/ToastView.swift · 2 findings", "Sources/WorkButton.swift · 2 findings"],
                "the files with findings, each with its count")
            expectEqual(
                side.ruleLabels.map { [$0.severity.text, $0.rule.text, $0.count.text] },
                [
                    ["warning", "task-never-cancelled", "2"], ["warning", "try-optional-swallows-cancel", "1"],
                    ["note", "no-scene-phase", "1"],
                ], "findings per rule, warnings first")
            // The first finding is explained from the start.
            expectEqual(page.selectedFinding, 0, "the first finding selected")
            expectEqual(
                side.findingPlaceLabel.text, "task-never-cancelled · Sources/ToastView.swift:11", "its rule and place")
            expectEqual(side.findingMessageLabel.text, "Task started in onAppear is never cancelled", "its message")
            expect(side.findingWhyLabel.text.hasPrefix("Why: Nobody keeps the task's handle"), "why")
            expect(side.findingFixLabel.text.hasPrefix("Fix: Start the work with .task"), "the fix")
            expectEqual(
                side.findingSpecLabel.text, "SPEC T1, B1 · seen live on the Toast page as T1, fixed by T4", "SPEC rows")
            // A click on a row selects it (the list's single selection): the panel follows.
            page.list.selectedPosition = 4
            expectEqual(page.selectedFinding, 2, "the row at 4 is finding 2")
            expectEqual(
                side.findingPlaceLabel.text, "task-never-cancelled · Sources/WorkButton.swift:8", "finding 2 explained")
            // A file's heading selected: its first finding is explained.
            page.list.selectedPosition = 1
            expectEqual(side.findingPlaceLabel.text, "task-never-cancelled · Sources/ToastView.swift:11", "heading")
            // A file's button: its first finding selected, its heading scrolled into view.
            side.fileButtons[1].click()
            expectEqual(page.selectedFinding, 2, "WorkButton.swift's first finding selected")
            try await nextFrame(of: page.list)
            try await waitFor("WorkButton.swift's heading in view") { page.boundRows.contains { $0.row == .file(1) } }
            // The pages that run tasks show the task panel again, and the Check page its own.
            window.show(page: .toast)
            try await waitFor("the task panel back beside the toast page") {
                window.panel.root.isMapped && !side.root.isMapped
            }
            window.show(page: .check)
            try await waitFor("the side panel back beside the Check page") {
                side.root.isMapped && !window.panel.root.isMapped
            }
            await fixture.close()
        }
    }

    static var findingsAccessible: GtkTestCase {
        GtkTestCase(
            "T1, B1: on the Check page, a screen reader hears each finding's parts by name: no GTK class name, no doubled name, Show it live and Compare named for their repro",
            timeout: .seconds(30)
        ) {
            // GTK keeps no accessible state under the harness's GTK_A11Y=none: run again with its
            // test backend, as the §5 accessibility case does.
            if getenv("GTK_A11Y").map({ String(cString: $0) }) == "none" {
                let (status, output) = try ApplicationTests.runSelf(
                    ["GTK_A11Y=test", CommandLine.arguments[0], "--filter", "a screen reader hears each finding"],
                    includeStderr: true, executable: "/usr/bin/env")
                expectEqual(status, 0, "the case with GTK_A11Y=test:\n\(output.suffix(4000))")
                return
            }
            defer { clearEnvironment() }
            let (fixture, page) = try await launch(checking: "findings.json", until: .results)
            let t1 = try await row(page, finding: 0)
            let b1 = try await row(page, finding: 2)
            let nodes = page.root.accessibleNodes().filter(\.isMapped)
            for node in nodes where ["GtkLabel", "GtkButton", "GtkListView"].contains(node.typeName) {
                expect(node.label != nil, "a \(node.typeName) without a name")
            }
            for node in nodes {
                // The opened folder's path is the person's own words ("/tmp/tmp.x…" repeats by itself).
                if let label = node.label, !label.hasPrefix("/") {
                    expect(!AccessibilityTests.isDoubled(label), "doubled name “\(label)”")
                }
            }
            expectEqual(t1.showLiveButton.accessibleLabel, "Show T1 live on the Toast page", "T1's Show it live")
            expectEqual(t1.compareButton.accessibleLabel, "Compare T1 with its fix T4", "T1's compare")
            expectEqual(b1.showLiveButton.accessibleLabel, "Show B1 live on the Button page", "B1's Show it live")
            expectEqual(t1.excerptLabel.accessibleLabel, "Code at line 11: Task {", "the code, by its marked line")
            expectEqual(t1.whyLabel.accessibleLabel?.hasPrefix("Why: Nobody keeps"), true, "why, said once")
            await fixture.close()
        }
    }

    static var showLiveAndCompare: GtkTestCase {
        GtkTestCase(
            "T1, B1: on the Check page, Show it live switches the window to the finding's page and strategy, as --page/--strategy do; Compare with the fix opens T1 beside T4",
            timeout: .seconds(20)
        ) {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch()
            let window = fixture.window
            // Other strategies first, so the switch is seen.
            window.show(page: .toast, strategy: AnyStrategyID(ToastStrategyID.t2))
            window.show(page: .button, strategy: AnyStrategyID(ButtonStrategyID.b3))
            window.show(page: .check)
            useFakeChecker(printing: "findings.json")
            page.open(paths: [app])
            try await waitForState(page, .results)

            try await row(page, finding: 0).showLiveButton.click()
            expectEqual(window.stack.visibleChildName, "toast", "T1: the toast page shown")
            expectEqual(window.toastPage?.currentStrategy, AnyStrategyID(ToastStrategyID.t1), "T1 picked")
            expect(window.strategyLabel.text.contains("T1"), "the header says T1: \(window.strategyLabel.text)")
            expectEqual(
                fixture.environment.application.action(named: "strategy")?.state, "T1", "the menu's radio item")

            window.show(page: .check)
            try await row(page, finding: 2).showLiveButton.click()
            expectEqual(window.stack.visibleChildName, "button", "B1: the button page shown")
            let buttonPage = try unwrap(window.page(.button) as? ButtonPage, "the button page")
            expectEqual(buttonPage.currentStrategy, AnyStrategyID(ButtonStrategyID.b1), "B1 picked")
            expectEqual(buttonPage.strategyPicker.selectedIndex, 0, "the picker on B1")
            let b1 = try await row(page, finding: 2)
            expect(!b1.compareButton.isVisible, "no compare for a button repro")

            window.show(page: .check)
            try await row(page, finding: 0).compareButton.click()
            let compare = try unwrap(window.compareWindow, "the compare window")
            expectEqual(compare.strategies, [.t1, .t4], "T1 beside its fix T4")
            try await waitFor("the compare window shown") { compare.window.isMapped }
            expectEqual(compare.leftPicker.selectedIndex, 0, "left picker on T1")
            expectEqual(compare.rightPicker.selectedIndex, 3, "right picker on T4")

            try await row(page, finding: 1).compareButton.click()
            expectEqual(compare.strategies, [.t3, .t2], "T3's finding: T3 beside T2 in the same window")
            await fixture.close()
        }
    }

    static var keyboardReachesFindings: GtkTestCase {
        GtkTestCase(
            "T1: on the Check page, from the keyboard, Tab goes from the toolbar into the findings and reaches Show it live; activating it shows the repro",
            sessions: .every,
            timeout: .seconds(20)
        ) {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch(checking: "findings.json", until: .results)
            let t1 = try await row(page, finding: 0)
            let window = fixture.window.window
            window.releaseFocus()
            var order: [String] = []
            for _ in 0..<300 where !t1.showLiveButton.hasFocus {
                if !window.moveFocusForward() { window.moveFocusForward() }
                if page.openButton.hasFocus { order.append("open") }
                if page.checkAgainButton.hasFocus { order.append("check-again") }
            }
            expect(t1.showLiveButton.hasFocus, "Tab reaches the first finding's Show it live")
            expectEqual(order.prefix(2), ["open", "check-again"], "the toolbar first, then the findings")
            t1.showLiveButton.activate()
            try await waitFor("Enter's activation shows the toast page") {
                fixture.window.stack.visibleChildName == "toast"
            }
            expectEqual(fixture.window.toastPage?.currentStrategy, AnyStrategyID(ToastStrategyID.t1), "with T1")
            await fixture.close()
        }
    }

    static var dropOpens: GtkTestCase {
        GtkTestCase(
            "Check page: files and folders dropped on the page are checked (a real GdkFileList through the drop target)",
            timeout: .seconds(20)
        ) {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch()
            useFakeChecker(printing: "findings.json")
            let arguments = "/tmp/check-page-drop-args-\(getpid())"
            setenv("FAKE_CHECK_ARGS", arguments, 1)
            defer { unlink(arguments) }
            let file = app + "/Sources/WorkButton.swift"
            expect(page.dropTarget.emitDrop(paths: [app + "/Sources", file]), "the page takes the drop")
            try await waitForState(page, .results)
            expectEqual(
                try String(contentsOfFile: arguments), "--format\njson\n\(app)/Sources\n\(file)\n",
                "every dropped path checked")
            expectEqual(page.placeLabel.text, app + "/Sources", "shown from the folder they share")
            expect(!page.dropTarget.emitDrop(paths: []), "an empty drop is refused")
            await fixture.close()
        }
    }

    static var secondOpenStops: GtkTestCase {
        GtkTestCase(
            "Check page: a spinner while the checker runs; a second open kills the first run and shows only the newest answer; Stop kills it, even in the open's own turn",
            timeout: .seconds(20)
        ) {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch()
            // A failed check must not leave a 60 s checker behind.
            defer { page.reset() }
            useFakeChecker(printing: "findings.json")
            setenv("FAKE_CHECK_SLEEP", "60", 1)
            page.open(paths: [app])
            try await waitFor("the first checker started") { page.runningCheckerIdentifier != nil }
            let first = try unwrap(page.runningCheckerIdentifier.flatMap { pid_t($0) }, "its pid")
            expectEqual(page.shownState, .running, "Checking…")
            expect(page.runningLabel.text == "Checking app…", "what is checked: \(page.runningLabel.text)")
            expectEqual(page.reportWidgets.map(\.name), ["open-file", "open-folder", "stop"], "Stop while running")
            unsetenv("FAKE_CHECK_SLEEP")
            useFakeChecker(printing: "clean.json", exit: 0)
            page.open(paths: [app + "/Sources"])
            try await waitFor("the first checker killed") { kill(first, 0) == -1 }
            try await waitForState(page, .clean)
            expectEqual(page.cleanLabel.text, "No findings in 4 files", "the second run's answer")
            try await loopIdle()
            expectEqual(page.shownState, .clean, "the killed run's end changed nothing")

            setenv("FAKE_CHECK_SLEEP", "60", 1)
            page.checkAgainButton.click()
            try await waitFor("checking again") { page.runningCheckerIdentifier != nil }
            let again = try unwrap(page.runningCheckerIdentifier.flatMap { pid_t($0) }, "its pid")
            page.stopButton.click()
            try await waitFor("Stop killed it") { kill(again, 0) == -1 }
            expectEqual(page.shownState, .empty, "stopped: back to the empty state")

            // A window closed (reset) or Stop pressed before the run's task has begun.
            page.open(paths: [app])
            let immediate = try unwrap(
                page.runningCheckerIdentifier.flatMap { pid_t($0) }, "the checker runs as soon as open returns")
            page.stop()
            try await waitFor("a stop in the open's own turn killed it") { kill(immediate, 0) == -1 }
            try await loopIdle()
            expectEqual(page.shownState, .empty, "its end changed nothing")
            await fixture.close()
        }
    }

    static var unreadableFiles: GtkTestCase {
        GtkTestCase(
            "T1: on the Check page, exit 2 with a report shows the findings and the files that could not be read",
            timeout: .seconds(20)
        ) {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch(checking: "unreadable.json", exit: 2, until: .results)
            expectEqual(page.summaryLabel.text, "1 warning in 2 files", "the summary")
            expectEqual(
                page.errorsLabel.text,
                "1 file could not be checked:\nSources/Locked.swift: cannot read: Permission denied", "the file error")
            expect(page.errorsLabel.isMapped, "shown above the findings")
            expectEqual(page.list.count, 3, "the warnings' heading, its file and its finding")
            await fixture.close()
        }
    }

    static var missingChecker: GtkTestCase {
        GtkTestCase("Check page: a missing checker is an error state that says what is wrong and what to do") {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch()
            setenv("LIFECYCLE_LAB_CHECK", "/nonexistent/lifecycle-lab-check", 1)
            page.open(paths: [app])
            try await waitForState(page, .failed)
            expectEqual(page.failureTitleLabel.text, "The checker is missing", "the title")
            expect(
                page.failureLabel.text.hasPrefix(
                    "LIFECYCLE_LAB_CHECK names /nonexistent/lifecycle-lab-check, which is not an executable file"),
                "what is wrong: \(page.failureLabel.text)")
            expect(page.failureLabel.text.contains("unset it"), "what to do: \(page.failureLabel.text)")
            expect(page.failureLabel.isMapped && page.openButton.isMapped, "shown, with Open… to try again")
            await fixture.close()
        }
    }

    static var unreadableOutput: GtkTestCase {
        GtkTestCase("Check page: output that is not the checker's report is an error state naming the problem") {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch(checking: "not-a-report.txt", exit: 0, until: .failed)
            expectEqual(page.failureTitleLabel.text, "The checker's answer could not be read", "the title")
            expect(
                page.failureLabel.text.contains("line 1, column 1: expected a value, found 'U'"),
                "the reader's reason: \(page.failureLabel.text)")
            expect(page.failureLabel.text.hasSuffix("It said: fake-checker: checked \(app)"), "its last words")
            useFakeChecker(printing: "findings.json", exit: 7)
            page.checkAgainButton.click()
            try await waitForState(page, .failed)
            expectEqual(page.failureTitleLabel.text, "The checker stopped", "an exit the contract has not")
            expect(page.failureLabel.text.contains("exit 7"), "names the exit: \(page.failureLabel.text)")
            await fixture.close()
        }
    }

    static var noFindings: GtkTestCase {
        GtkTestCase("Check page: a check with no finding says so: No findings in N files") {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch(checking: "clean.json", exit: 0, until: .clean)
            expectEqual(page.cleanLabel.text, "No findings in 4 files", "the count of files")
            expect(page.cleanLabel.isMapped, "shown")
            expectEqual(page.list.count, 0, "no row")
            await fixture.close()
        }
    }

    static var thousandsOfFindings: GtkTestCase {
        GtkTestCase(
            "Check page: 5,000 findings are listed with widgets for the rows in view only, the loop stays responsive, the last one scrolls into view",
            timeout: .seconds(60)
        ) {
            defer { clearEnvironment() }
            let (fixture, page) = try await launch()
            let count = 5_000
            let report = "/tmp/check-page-many-\(getpid()).json"
            defer { unlink(report) }
            try writeReport(findings: count, files: 50, to: report)
            useFakeChecker(printing: report)
            // The loop's longest stall while the report is read, listed and drawn: a 10 ms tick.
            var last = ContinuousClock.now
            var longest = Duration.zero
            let tick = MainLoop.timeoutSource(after: .milliseconds(10)) {
                let now = ContinuousClock.now
                longest = max(longest, now - last)
                last = now
                return true
            }
            page.open(paths: [app])
            try await waitForState(page, .results, timeout: .seconds(30))
            try await nextFrame(of: page.list)
            tick.cancel()
            print("info: 5,000 findings: the main loop's longest stall \(longest)")
            expectEqual(page.summaryLabel.text, "5000 warnings in 50 files", "the summary")
            expectEqual(page.list.count, count + 50 + 1, "a row for each finding and file, and the warnings' heading")
            expect(page.list.rowWidgetCount < 300, "row widgets for the rows in view only: \(page.list.rowWidgetCount)")
            expect(longest < .seconds(2), "the loop never stalled for long: \(longest)")
            page.list.scrollTo(index: page.list.count - 1)
            let lastRow = try await row(page, finding: count - 1)
            expectEqual(lastRow.locationLabel.text, "line \(count), column 5", "the last finding shown")
            expect(page.list.rowWidgetCount < 300, "still few row widgets: \(page.list.rowWidgetCount)")
            await fixture.close()
        }
    }

    /// A report of `findings` findings over `files` files, written to `path`.
    static func writeReport(findings: Int, files: Int, to path: String) throws {
        var text = #"{"tool":{"name":"lifecycle-lab check","version":"1.0.0"},"files":\#(files),"findings":["#
        for index in 0..<findings {
            if index > 0 { text += "," }
            let file = index * files / findings
            text +=
                #"{"rule":"task-never-cancelled","severity":"warning","path":"@ROOT@/Sources/File\#(file < 10 ? "0" : "")\#(file).swift","line":\#(index + 1),"column":5,"message":"Task started in onAppear is never cancelled","why":"Nobody cancels it.","fix":"Use .task { }.","spec":["T1","B1"],"live":{"page":"toast","strategy":"T1","fix":"T4"},"excerpt":{"startLine":\#(index + 1),"text":"    Task { await work(\#(index)) }"}}"#
        }
        text += #"],"errors":[]}"#
        guard let file = fopen(path, "w") else { throw RequirementFailed(description: "cannot write \(path)") }
        fputs(text, file)
        fclose(file)
    }

    // MARK: The real checker

    static var realCheckerT1: GtkTestCase {
        GtkTestCase(
            "T1: on the Check page, the real lifecycle-lab-check beside this binary finds seed 000's onAppear { Task { sleep; isPresented = false } } and the page ties it to the toast's T1 repro",
            timeout: .seconds(30)
        ) {
            defer { clearEnvironment() }
            clearEnvironment()
            let (fixture, page) = try await launch()
            page.open(paths: [app + "/Sources/ToastView.swift"])
            try await waitForState(page, .results, timeout: .seconds(20))
            let listing = try unwrap(page.listing, "the listing")
            let found = listing.report.findings.first { $0.rule == .taskNeverCancelled }
            let finding = try unwrap(found, "a task-never-cancelled finding in \(listing.report.findings.map(\.rule))")
            expectEqual(finding.line, 11, "at the Task's line")
            expectEqual(finding.live, LiveRepro(page: "toast", strategy: "T1", fix: "T2"), "tied to T1 → T2")
            expect(finding.spec.contains("T1"), "SPEC T1: \(finding.spec)")
            expectEqual(listing.groups.first?.displayPath, "ToastView.swift", "shown from the file's folder")
            let index = try unwrap(listing.report.findings.firstIndex(of: finding), "its index")
            try await row(page, finding: index).showLiveButton.click()
            expectEqual(fixture.window.stack.visibleChildName, "toast", "Show it live: the toast page")
            expectEqual(fixture.window.toastPage?.currentStrategy, AnyStrategyID(ToastStrategyID.t1), "with T1")
            await fixture.close()
        }
    }

    static var realCheckerFix: GtkTestCase {
        GtkTestCase(
            "T1 → T2 on the Check page: Show fix shows the real checker's diff, Apply fix asks, refuses a file changed since the check, writes, checks again; Undo puts the file back",
            timeout: .seconds(60)
        ) {
            defer { clearEnvironment() }
            clearEnvironment()
            let folder = "/tmp/lifecycle-lab-fix-\(getpid())"
            mkdir(folder, 0o755)
            let path = folder + "/ToastView.swift"
            defer {
                unlink(path)
                rmdir(folder)
            }
            let original = try unwrap(try? TextFile.read(app + "/Sources/ToastView.swift").get(), "the fixture")
            try require(AtomicFile.write(original, to: path) == nil, "the copy written")
            let (fixture, page) = try await launch()
            page.open(paths: [path])
            try await waitForState(page, .results, timeout: .seconds(20))
            @MainActor func t1Finding() throws -> Int {
                let findings = try unwrap(page.listing, "the listing").report.findings
                return try unwrap(
                    findings.firstIndex { $0.rule == .taskNeverCancelled }, "T1 in \(findings.map(\.rule))")
            }
            page.select(finding: try t1Finding())
            let bar = page.side.fixBar
            try await nextFrame(of: bar.root)
            expect(bar.showFixButton.isVisible && bar.applyFixButton.isVisible, "Show fix and Apply fix offered")
            bar.showFixButton.click()
            let diff = bar.diffLabel.text
            // Where GTK keeps accessible state (not under GTK_A11Y=none): read as written, no markup.
            expect(
                bar.diffLabel.accessibleLabel.map { $0 == diff } ?? true, "a screen reader hears the diff as written")
            expect(bar.diffLabel.isVisible, "the diff shown")
            expect(
                diff.contains("-            .onAppear {") && diff.contains("+            .task {"),
                "onAppear → .task: \(diff)")
            expect(
                diff.contains("do { try await Task.sleep(for: .seconds(3)) } catch { return }"), "T2's sleep: \(diff)")
            expectEqual(try TextFile.read(path).get(), original, "showing the fix writes nothing")

            // Changed since the check: refused, the person's edit kept.
            let edited = original + "// edited after the check\n"
            try require(AtomicFile.write(edited, to: path) == nil, "the edit written")
            bar.applyFixButton.click()
            expect(bar.confirmLabel.isVisible && bar.writeButton.isVisible, "Apply fix asks first")
            expect(bar.confirmLabel.text.contains("ToastView.swift"), "naming the file: \(bar.confirmLabel.text)")
            bar.writeButton.click()
            expect(bar.statusLabel.text.contains("changed since the check"), "refused: \(bar.statusLabel.text)")
            expectEqual(try TextFile.read(path).get(), edited, "the edit kept")
            expect(!bar.undoButton.isVisible, "nothing to undo")

            // As checked: written, then checked again (the T1 finding gone).
            try require(AtomicFile.write(original, to: path) == nil, "the original back")
            bar.applyFixButton.click()
            bar.writeButton.click()
            let fixed = try TextFile.read(path).get()
            expect(fixed.contains("            .task {\n") && !fixed.contains("onAppear"), "T2 written: \(fixed)")
            try await waitFor("the page checked the fixed file") {
                page.shownState == .clean
                    || (page.listing?.report.findings.allSatisfy { $0.rule != .taskNeverCancelled } ?? false)
            }
            expect(bar.undoButton.isVisible, "Undo offered after the check: \(bar.statusLabel.text)")

            // Undo: the file as it was, checked again (T1 back).
            bar.undoButton.click()
            expectEqual(try TextFile.read(path).get(), original, "undone")
            try await waitFor("the page checked the file put back") {
                page.shownState == .results && (try? t1Finding()) != nil
            }
            expect(!bar.undoButton.isVisible, "nothing more to undo")
            await fixture.close()
        }
    }
}
