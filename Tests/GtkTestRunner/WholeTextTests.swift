import Glibc
import Gtk
import LabModel
import LifecycleLabKit
import LifecycleTasks

/// What a person reads in the window (SPEC §5's panel and every page): nothing cut and every
/// glyph whole.
///
/// - Nothing cut: on every page, with each of its strategies, with a T6 repro's orphan and
///   retains-owner flags in the task panel and the Check page listing findings, at the window's
///   default size and at its narrowest, no label is ellipsized and none (a badge, a flag) is
///   drawn outside its parent's allocation. In English here, in Japanese in a child process of
///   this binary started with `LANGUAGE=ja`.
/// - Every i's dot: each page's code (the SwiftUI, the Swift that runs, a finding's excerpt)
///   and the seed's words, in the pixels the window renders to as `--screenshot` takes them,
///   scrolled through; every "i" there shows its dot above its stem.
@MainActor
enum WholeTextTests {
    static let childFlag = "--cut-text"

    static var cases: [GtkTestCase] {
        Harness.smokeModes[childFlag] = cutTextChild
        return [nothingCut, nothingCutInJapanese, everyDot]
    }

    // MARK: Nothing cut

    static var nothingCut: GtkTestCase {
        GtkTestCase(
            "§5 window: nothing cut — every page, each strategy, the panel's flags and the Check page's findings, at the default size and the narrowest: no label ellipsized, none outside its parent",
            sessions: .every,
            timeout: .seconds(120)
        ) {
            let fixture = try AppFixture(["--time-scale", "10"])
            try await fixture.ready()
            let cut = try await cutText(fixture)
            expect(cut.isEmpty, "\(cut.count) cut:\n    " + cut.joined(separator: "\n    "))
            await fixture.close()
        }
    }

    static var nothingCutInJapanese: GtkTestCase {
        GtkTestCase(
            "§5 window: nothing cut in Japanese — the same walk under LANGUAGE=ja (a child process)", sessions: .every,
            timeout: .seconds(150)
        ) {
            let (status, output) = try runChild(["LANG=C.UTF-8", "LANGUAGE=ja"])
            let lines = output.split(separator: "\n").map(String.init)
            let cut = lines.filter { $0.hasPrefix("cut: ") }
            expect(cut.isEmpty, "\(cut.count) cut in Japanese:\n    " + cut.joined(separator: "\n    "))
            expect(
                lines.contains("done"),
                "the Japanese walk finished: \(lines.filter { !$0.hasPrefix("0x") }.suffix(12).joined(separator: "\n"))"
            )
            expect(lines.contains { $0.hasPrefix("header: ") && !$0.contains("bug") }, "the child spoke Japanese")
            expectEqual(status, 0, "the child's exit status")
        }
    }

    /// Child mode: the walk in this process's language; prints `cut: …` for each cut label,
    /// the header's badge and `done`.
    static func cutTextChild() -> Int32 {
        var status: Int32 = 0
        do {
            try GtkRuntime.initialize()
            try MainLoop.run(timeout: .seconds(140)) {
                let fixture = try AppFixture(
                    ["--time-scale", "10"], applicationID: "\(LabApp.applicationID).CutTextChild\(getpid())")
                try await fixture.ready()
                print("header: \(fixture.window.strategyLabel.text)")
                for line in try await cutText(fixture) { print("cut: \(line)") }
                await fixture.close()
            }
        } catch {
            print("error: \(error)")
            status = 1
        }
        for failure in Harness.failures { print("failure: \(failure)") }
        print("done")
        fflush(nil)
        return Harness.failures.isEmpty ? status : 1
    }

    /// Runs the child with `environment` set.
    static func runChild(_ environment: [String]) throws -> (Int32, String) {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        try require(count > 0, "readlink /proc/self/exe")
        let me = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Its standard error too: a GTK warning that stops it is then in the failure.
        return try ApplicationTests.runSelf(
            ["-u", "LANGUAGE", "-u", "LC_ALL", "-u", "LC_MESSAGES"] + environment + [me, childFlag],
            includeStderr: true, executable: "/usr/bin/env")
    }

    /// Walks the window as described above and returns what is cut, one line each, saying where.
    static func cutText(_ fixture: AppFixture) async throws -> [String] {
        let window = fixture.window
        var cut: [String] = []
        // The Check page listing findings (and its side panel summing them up).
        CheckPageTests.useFakeChecker(printing: "findings.json")
        defer { CheckPageTests.clearEnvironment() }
        let check = try unwrap(window.page(.check) as? CheckPage, "the check page")
        check.open(paths: [CheckPageTests.app])
        try await CheckPageTests.waitForState(check, .results)

        for size in ["default size", "narrowest"] {
            if size == "narrowest" { try await narrow(window) }
            note("\(size): window \(window.window.width)×\(window.window.height)")
            for entry in LabPages.all {
                window.show(page: entry.id)
                let strategies: [AnyStrategyID?] = entry.strategies.isEmpty ? [nil] : entry.strategies
                for strategy in strategies {
                    if let strategy { window.show(page: entry.id, strategy: strategy) }
                    cut += try await look(window, "\(size), \(entry.id) page\(strategy.map { " with \($0)" } ?? "")")
                }
            }
            // T6's timer outlives its toast as an orphan that keeps its owner's state: both flags.
            window.show(page: .toast, strategy: AnyStrategyID(ToastStrategyID.t6))
            let page = fixture.toastPage
            page.showButton.click()
            try await fixture.tasksStarted()
            page.hideButton.click()
            try await waitFor("T6's task flagged orphan and retaining its owner") {
                window.panel.rowIDs.contains { window.panel.flags(for: $0).map { $0.orphan && $0.retains } == true }
            }
            for entry in LabPages.all {
                window.show(page: entry.id)
                cut += try await look(window, "\(size), \(entry.id) page, T6's flags in the panel")
            }
            page.reset()
        }
        return cut
    }

    /// The window narrowed to its minimum: asked for far less, GTK gives it its minimum (shown
    /// again: a shown window keeps its size under mutter).
    static func narrow(_ window: MainWindow) async throws {
        let width = window.window.width
        window.window.hide()
        window.window.setDefaultSize(width: 400, height: 400)
        window.window.present()
        try await waitFor("the window narrowed", timeout: .seconds(5)) {
            window.window.isMapped && window.window.width < width
        }
    }

    /// What is cut in the window now, once the shown page is laid out and drawn.
    static func look(_ window: MainWindow, _ when: String) async throws -> [String] {
        try await waitFor("\(when): the page switch's animation ended") { !window.stack.isTransitionRunning }
        try await loopIdle()
        try await nextFrame(of: window.window)
        // The task list lays its rows out again at idle after its width changed.
        try await loopIdle()
        func box(_ rect: (x: Double, y: Double, width: Double, height: Double)) -> String {
            "\(Int(rect.width))×\(Int(rect.height)) at \(Int(rect.x)),\(Int(rect.y))"
        }
        // The task rows say each field whole (no "…" of their own, as the panel once cut them).
        var cut: [String] = []
        for (id, text) in window.panel.shownRows {
            guard let fields = window.panel.fields(for: id) else { continue }
            let shown = Set(text.split(whereSeparator: { $0 == "\t" || $0 == "\n" }).map(String.init))
            // The age moves on between the two reads: every field but it, whole.
            let missing = fields.dropLast().filter { !shown.contains($0) }
            if !missing.isEmpty {
                cut.append("\(when): task row \(id) shows \"\(text)\", not \(missing) whole")
            }
        }
        return cut
            + window.window.shownLabels().compactMap { label in
                let text = label.text.split(separator: "\n").first.map { String($0.prefix(50)) } ?? ""
                let what = "\"\(text)\" (\(label.cssClasses.joined(separator: " ")))"
                if label.isEllipsized { return "\(when): \(what) is ellipsized" }
                if let ancestor = label.leftAncestor {
                    return
                        "\(when): \(what), \(box(label.bounds)), leaves its \(ancestor.typeName), \(box(ancestor.bounds))"
                }
                return nil
            }
    }

    // MARK: Every i's dot

    /// The labels whose i's are checked: code and the seed's words.
    static let checkedClasses: Set<String> = ["code-view", "code-sample", "seed-note", "compiler-error"]

    static var everyDot: GtkTestCase {
        GtkTestCase(
            "§5 code: every i keeps its dot — each page's SwiftUI, the Swift that runs, a finding's code and the seed's words, in the window's rendered pixels, scrolled through",
            sessions: .every,
            timeout: .seconds(150)
        ) {
            let fixture = try AppFixture(["--time-scale", "1"])
            try await fixture.ready()
            let window = fixture.window
            CheckPageTests.useFakeChecker(printing: "findings.json")
            defer { CheckPageTests.clearEnvironment() }
            let check = try unwrap(window.page(.check) as? CheckPage, "the check page")
            check.open(paths: [CheckPageTests.app])
            try await CheckPageTests.waitForState(check, .results)

            var dots = DotCount()
            for entry in LabPages.all {
                window.show(page: entry.id)
                let strategies: [AnyStrategyID?] = entry.strategies.isEmpty ? [nil] : entry.strategies
                for (number, strategy) in strategies.enumerated() {
                    if let strategy { window.show(page: entry.id, strategy: strategy) }
                    let when = "\(entry.id) page\(strategy.map { " with \($0)" } ?? "")"
                    try await waitFor("\(when): the page switch's animation ended") {
                        !window.stack.isTransitionRunning
                    }
                    // The code cards are filled once they have been on screen for a frame.
                    try await nextFrame(of: window.window)
                    try await loopIdle()
                    // The first strategy's page scrolled through, its running code too; the
                    // others' top (the SwiftUI and the seed's words differ per strategy).
                    let inner = number == 0 ? codePanel(of: window.page(entry.id))?.runningScroller : nil
                    try await scrollThrough(window.pageScroller, only: number > 0) {
                        try await scrollThrough(inner, only: inner == nil) {
                            try await count(&dots, in: window, when)
                        }
                    }
                }
            }
            print("info: i's checked: \(dots.checked)")
            expect(dots.checked > 500, "the walk found the code's i's (\(dots.checked) checked)")
            expect(
                dots.missing.isEmpty,
                "\(dots.missing.count) of \(dots.checked) i's drawn without a dot:\n    "
                    + dots.missing.prefix(40).joined(separator: "\n    "))
            window.pageScroller.verticalOffset = 0
            await fixture.close()
        }
    }

    struct DotCount {
        var checked = 0
        var missing: [String] = []
        /// The i's already looked at, by label text and place in it: a scroll shows one again.
        var seen: Set<String> = []
    }

    /// The code panel of `page`, if it has one.
    static func codePanel(of page: (any LabPage)?) -> CodePanel? {
        if let page = page as? ToastPage { return page.codePanel }
        if let page = page as? NavigationPage { return page.codePanel }
        if let page = page as? any ViewLayoutPage { return page.codePanel }
        return nil
    }

    /// Runs `body` with `scroller` at its top and then a view's height further each time, to
    /// its end (at its top only with `only`, or without a scroller); back at the top after.
    static func scrollThrough(
        _ scroller: ScrolledWindow?, only: Bool, _ body: () async throws -> Void
    ) async throws {
        guard let scroller, !only else { return try await body() }
        let step = max(60, Double(scroller.height) - 40)
        var offset = 0.0
        while true {
            scroller.verticalOffset = offset
            try await loopIdle()
            try await body()
            let range = scroller.verticalScrollRange
            if offset >= range { break }
            offset = min(range, offset + step)
        }
        scroller.verticalOffset = 0
        try await loopIdle()
    }

    /// Renders the window as `--screenshot` does and looks at every i wholly in view in the
    /// labels of ``checkedClasses``: its dot is there when a column of its cell has ink in two
    /// runs (the dot, then the stem). An "i" after an "f" is left out: a proportional font may
    /// draw "fi" as one ligature glyph, whose i has no dot of its own.
    static func count(_ dots: inout DotCount, in window: MainWindow, _ when: String) async throws {
        try await nextFrame(of: window.window)
        // GTK 4.18 under sway once gave an empty snapshot just after a frame (as in §3's frame
        // case): ask until one gives pixels.
        var rendered: (x: Int, y: Int, width: Int, height: Int, bgra: [UInt8])?
        try await waitFor("\(when): the window renders to pixels") {
            rendered = try? window.window.renderedPixels()
            return rendered != nil
        }
        let picture = try unwrap(rendered, "the window's pixels")
        for label in window.window.shownLabels(locating: "i")
        where !checkedClasses.isDisjoint(with: label.cssClasses) {
            guard let visible = label.visible else { continue }
            let characters = Array(label.text.unicodeScalars)
            var indices = characters.indices.filter { characters[$0] == "i" }.makeIterator()
            for box in label.boxes {
                let at = indices.next() ?? -1
                if at > 0 && characters[at - 1] == "f" { continue }
                let inView =
                    box.x >= visible.x && box.x + box.width <= visible.x + visible.width && box.y >= visible.y
                    && box.y + box.height <= visible.y + visible.height
                guard inView else { continue }
                let key = "\(label.text.hashValue) \(at)"
                guard dots.seen.insert(key).inserted else { continue }
                dots.checked += 1
                // In the picture's pixels (the boxes are from the corner it starts at).
                let x = Int(box.x.rounded(.down)) - picture.x
                let y = Int(box.y.rounded(.down)) - picture.y
                let cell = (x: x, y: y, width: Int(box.width.rounded(.up)), height: Int(box.height.rounded(.up)))
                if !hasDot(picture, cell) {
                    let line = label.text.prefix(at).split(separator: "\n", omittingEmptySubsequences: false).count
                    let text = label.text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
                    dots.missing.append("\(when), line \(line) of a \(label.cssClasses.first ?? "label"): \(text)")

                }
            }
        }
    }

    /// Whether a column of `cell` in `picture` has ink in two separate runs. Ink is a pixel that
    /// differs from the cell's top-left corner (its background) by a sixth of full scale, so
    /// light text on a dark theme counts as dark text on a light one.
    static func hasDot(
        _ picture: (x: Int, y: Int, width: Int, height: Int, bgra: [UInt8]),
        _ cell: (x: Int, y: Int, width: Int, height: Int)
    ) -> Bool {
        func luminance(_ x: Int, _ y: Int) -> Int {
            let at = (y * picture.width + x) * 4
            return (Int(picture.bgra[at]) + Int(picture.bgra[at + 1]) + Int(picture.bgra[at + 2])) / 3
        }
        let left = max(0, cell.x)
        let top = max(0, cell.y)
        let right = min(picture.width, cell.x + cell.width)
        let bottom = min(picture.height, cell.y + cell.height)
        guard left < right, top < bottom else { return false }
        let background = luminance(left, top)
        for x in left..<right {
            var runs = 0
            var inked = false
            for y in top..<bottom {
                let ink = abs(luminance(x, y) - background) > 42
                if ink && !inked { runs += 1 }
                inked = ink
            }
            if runs >= 2 { return true }
        }
        return false
    }
}
