import Glibc
import Gtk
import GtkLifecycle
import LifecycleLabKit
import LifecycleTasks

/// One GTK test: a name that cites the SPEC or issue, and a body run on the main actor inside
/// the real GLib loop on the main thread.
///
/// Add cases from any file of this target: declare
/// ```swift
/// @MainActor enum MyTests {
///     static var cases: [GtkTestCase] {
///         [GtkTestCase("§1 appear: …", sessions: .every) { … }]
///     }
/// }
/// ```
/// and append `MyTests.cases` to the list in `main.swift`.
struct GtkTestCase {
    let name: String
    /// Where the case runs (``CaseSets``): once under the harness, or in every session.
    let sessions: CaseSessions
    let timeout: Duration
    let body: @MainActor () async throws -> Void

    init(
        _ name: String, sessions: CaseSessions = .harness, timeout: Duration = .seconds(10),
        _ body: @escaping @MainActor () async throws -> Void
    ) {
        self.name = name
        self.sessions = sessions
        self.timeout = timeout
        self.body = body
    }
}

/// A failed `require`: stops the case.
struct RequirementFailed: Error, CustomStringConvertible {
    let description: String
}

/// Runs the cases one after another and prints `PASS name` / `FAIL name: why`, then, as the
/// very last line, `N passed, N failed`.
@MainActor
enum Harness {
    static var failures: [String] = []
    /// What the running case saw, with times since it started (waits, lifecycle events, scene
    /// phases): printed under a failure, so a CI log alone tells what happened.
    static var trace: [String] = []
    static var caseStart = ContinuousClock.now
    /// The closures GLib took since the running case began (leak checks count only these: an
    /// earlier case's leftovers may be given back at any moment).
    static var caseClosures = GLibClosureBox.mark()
    private static var windows: [Window] = []

    /// Hidden modes a case can run this binary in (as a child process), by first argument.
    static var smokeModes: [String: @MainActor () -> Int32] = [:]

    static func main(cases: [GtkTestCase]) -> Int32 {
        if let mode = smokeModes[CommandLine.arguments.dropFirst().first ?? ""] { return mode() }
        var filter: String?
        var set = "all"
        var listOnly = false
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--list":
                listOnly = true
            case "--filter":
                guard let value = arguments.popFirst() else {
                    printError("gtk-tests: --filter needs a substring")
                    return 2
                }
                filter = value
            case "--set":
                guard let value = arguments.popFirst(), CaseSets.names.contains(value) else {
                    printError("gtk-tests: --set needs one of \(CaseSets.names.joined(separator: ", "))")
                    return 2
                }
                set = value
            case "--help", "-h":
                print("usage: gtk-tests [--list] [--set \(CaseSets.names.joined(separator: "|"))] [--filter SUBSTRING]")
                return 0
            default:
                printError(
                    "gtk-tests: unknown argument \(argument); valid: --list, --set NAME, --filter SUBSTRING, --help")
                return 2
            }
        }
        let selected = (CaseSets.select(set, from: cases) ?? []).filter { filter == nil || $0.name.contains(filter!) }
        if listOnly {
            for testCase in selected { print(testCase.name) }
            return 0
        }
        guard !selected.isEmpty else {
            printError("gtk-tests: no case in set \(set) matches \(filter.map { "--filter \"\($0)\"" } ?? "")")
            print("0 passed, 1 failed")
            return 1
        }
        precondition(GtkRuntime.isMainThread, "gtk-tests: must start on the main thread")
        do {
            try GtkRuntime.initialize()
        } catch {
            printError("gtk-tests: \(error)")
            print("0 passed, 1 failed")
            return 1
        }
        let startedWindowManager = ensureWindowManager()
        let closuresAtStart = GLibClosureBox.liveCount
        var passed = 0
        var failed = 0
        for testCase in selected {
            failures = []
            trace = []
            caseStart = .now
            caseClosures = GLibClosureBox.mark()
            do {
                try MainLoop.run(timeout: testCase.timeout) {
                    if !GtkRuntime.isMainThread { failures.append("case body not on the main thread") }
                    try await testCase.body()
                    if !GtkRuntime.isMainThread { failures.append("case body resumed off the main thread") }
                }
            } catch is RequirementFailed {
                // Already recorded by `require`.
            } catch {
                failures.append("\(error)")
            }
            closeWindows()
            if getenv("GTK_TESTS_VERBOSE") != nil {
                let elapsed = ContinuousClock.now - caseStart
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                let took = (seconds * 10).rounded() / 10
                print("  closures held by GLib: \(GLibClosureBox.liveCount); the case took \(took) s")
            }
            if failures.isEmpty {
                passed += 1
                print("PASS \(testCase.name)")
            } else {
                failed += 1
                print("FAIL \(testCase.name): \(failures.joined(separator: "; "))")
                if !trace.isEmpty {
                    print("  what the case saw (ms since it started), last \(min(trace.count, 60)) of \(trace.count):")
                    for entry in trace.suffix(60) { print("    \(entry)") }
                }
            }
            fflush(nil)
        }
        MainLoop.iterate(until: { false }, timeout: .milliseconds(100))
        print(
            "info: Swift closures held by GLib: \(closuresAtStart) before the cases, \(GLibClosureBox.liveCount) after")
        if let startedWindowManager {
            kill(startedWindowManager, SIGTERM)
            waitpid(startedWindowManager, nil, 0)
        }
        print("\(passed) passed, \(failed) failed")
        fflush(nil)
        return failed == 0 ? 0 : 1
    }

    /// A window destroyed when the case ends.
    static func window(_ title: String = "test", width: Int = 320, height: Int = 240) -> Window {
        let window = Window(title: title)
        window.setDefaultSize(width: width, height: height)
        windows.append(window)
        return window
    }

    private static func closeWindows() {
        for window in windows { window.destroy() }
        windows.removeAll()
        // Let GTK and the window manager settle so the next case starts clean.
        MainLoop.iterate(until: { false }, timeout: .milliseconds(100))
    }

    /// Minimize and focus cases need a window manager (on X11). `scripts/sessions/_inside-display` starts
    /// openbox, but under load it has been seen to fail to connect ("Failed to open the
    /// display") and the tests then ran without one; start it here in that case.
    /// - Returns: the pid of the openbox this started, to stop at the end.
    static func ensureWindowManager() -> pid_t? {
        guard Display.backend == .x11 else {
            // A Wayland compositor is its own window manager.
            print("info: session: \(Display.backend.map { "\($0)" } ?? "no display") \(Display.name ?? "")")
            return nil
        }
        let name = windowManagerName()
        guard name == "none" else {
            print("info: window manager: \(name)")
            return nil
        }
        var pid = pid_t()
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("openbox"), strdup("--sm-disable"), nil]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let rc = posix_spawnp(&pid, "openbox", &actions, nil, &argv, environ)
        posix_spawn_file_actions_destroy(&actions)
        argv.forEach { free($0) }
        guard rc == 0 else {
            print("info: window manager: none, and openbox could not be started (\(rc))")
            return nil
        }
        for _ in 0..<50 where windowManagerName() == "none" { usleep(100_000) }
        print("info: window manager: none at start; started \(windowManagerName()) (pid \(pid))")
        return pid
    }

    /// The name of the window manager managing the display (minimize and focus cases need
    /// one), read with `xprop`, or "none".
    static func windowManagerName() -> String {
        let script =
            "id=$(xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | sed -n 's/.*window id # //p'); "
            + "[ -n \"$id\" ] && xprop -id \"$id\" _NET_WM_NAME 2>/dev/null | sed -n 's/.*= //p'"
        guard let (_, output) = try? ApplicationTests.runSelf(["-c", script], executable: "/bin/sh") else {
            return "unknown"
        }
        let name = String(output.filter { $0 != "\n" && $0 != "\"" })
        return name.isEmpty ? "none" : name
    }

    static func printError(_ text: String) {
        var bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// Adds `text` to the running case's trace, stamped with the time since the case started.
@MainActor
func note(_ text: String) {
    let elapsed = ContinuousClock.now - Harness.caseStart
    let ms = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
    Harness.trace.append("\((ms * 10).rounded() / 10) \(text)")
    if Harness.trace.count > 2_000 { Harness.trace.removeFirst(1_000) }
}

/// Records a failure (the case goes on) unless `condition` holds.
@MainActor
func expect(
    _ condition: Bool, _ message: @autoclosure () -> String = "expectation failed",
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition { Harness.failures.append("\(file):\(line): \(message())") }
}

/// Records a failure unless `actual == expected`, showing both.
@MainActor
func expectEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ what: String = "",
    file: StaticString = #fileID, line: UInt = #line
) {
    if actual != expected {
        Harness.failures.append(
            "\(file):\(line): \(what.isEmpty ? "" : what + ": ")got \(actual), expected \(expected)")
    }
}

/// Stops the case with a failure unless `condition` holds.
@MainActor
func require(
    _ condition: Bool, _ message: @autoclosure () -> String = "requirement failed",
    file: StaticString = #fileID, line: UInt = #line
) throws {
    if !condition {
        let text = "\(file):\(line): \(message())"
        Harness.failures.append(text)
        throw RequirementFailed(description: "stopped")
    }
}

/// Lets the GLib loop run until `condition` holds; stops the case on timeout.
@MainActor
func waitFor(
    _ what: String, timeout: Duration = .seconds(5), file: StaticString = #fileID, line: UInt = #line,
    _ condition: @escaping @MainActor () -> Bool
) async throws {
    let clock = ContinuousClock()
    let started = clock.now
    let held = await MainLoop.waitUntil(timeout: timeout, condition)
    note("\(held ? "waited" : "gave up after") \(clock.now - started) for \(what)")
    try require(
        held, "timed out waiting for \(what) (gave up after \(clock.now - started), limit \(timeout))", file: file,
        line: line)
}

/// Waits until the main loop has run everything already due: every queued main-actor job, every
/// GLib event and redraw already pending (an idle at `G_PRIORITY_LOW` runs only after all of
/// them), three times over so work that the first pass queued runs too. For checks that
/// something did *not* follow an event the case already waited for: whatever that event
/// caused has then been handled, however slow the machine. Bounded by `timeout`.
@MainActor
func loopIdle(timeout: Duration = .seconds(5), file: StaticString = #fileID, line: UInt = #line) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    for _ in 0..<3 {
        for _ in 0..<4 { await Task.yield() }
        var ran = false
        let source = MainLoop.idleSource(priority: 300) {
            ran = true
            return false
        }
        _ = consume source  // runs once, then GLib drops it
        let held = await MainLoop.waitUntil(timeout: deadline - clock.now) { ran }
        try require(held, "the main loop did not go idle within \(timeout)", file: file, line: line)
    }
}

/// Lets `periods` periods of `interval` pass on the main loop, counted by a GLib timeout of
/// that interval: for checks that a timer of that period did *not* fire (no poll while
/// minimized, no tick after stop). The reference timer is a timer on the same loop, so on a
/// loaded machine it is late exactly as the timer under test would be: the window is "that
/// many of its periods", not a fixed amount of real time.
@MainActor
func elapse(_ periods: Int, of interval: Duration) async {
    for _ in 0..<periods { await MainLoop.sleep(for: interval) }
}

/// Waits until `widget`'s window has painted a frame after now (a redraw is queued so one
/// comes): layout done, list rows made. Bounded by `timeout`.
@MainActor
func nextFrame(
    of widget: Widget, timeout: Duration = .seconds(5), file: StaticString = #fileID, line: UInt = #line
) async throws {
    var painted = false
    widget.onFirstFramePainted { painted = true }
    widget.queueDraw()
    try await waitFor("a frame painted", timeout: timeout, file: file, line: line) { painted }
}

/// Whether `window` has the focus as the session's scenes see it (``SceneDetection/activeSource``):
/// `is-active` on X11, the surface's FOCUSED state on Wayland (which can come a frame after
/// `is-active`, and comes without a keyboard on the seat, where `is-active` never does).
@MainActor
func hasSessionFocus(_ window: Window) -> Bool {
    switch SceneDetection.current.activeSource {
    case .isActive: window.isActive
    case .focusedState: window.toplevelState.contains(.focused)
    }
}

/// Presents `window` and waits until it is mapped and has the focus as both sources report it:
/// `is-active` (the keyboard focus) and the surface's FOCUSED state. The session's own source
/// alone (``hasSessionFocus(_:)``) is not enough here: on Wayland a window shown again after
/// `hide()` keeps its last FOCUSED state, so it can read focused before the compositor has even
/// mapped it again (seen under sway), while `is-active` was cleared at the hide.
@MainActor
func presentAndFocus(_ window: Window, file: StaticString = #fileID, line: UInt = #line) async throws {
    window.present()
    try await waitFor("\(window.title) mapped and active", file: file, line: line) {
        window.isMapped && window.isActive && window.toplevelState.contains(.focused)
    }
}

/// Minimizes `window` (openbox iconifies it) and waits until its surface says so.
///
/// The request is repeated each second: under load openbox has been seen to drop an iconify
/// request that arrived while it was still settling a just-focused window.
@MainActor
func minimizeAndWait(_ window: Window, file: StaticString = #fileID, line: UInt = #line) async throws {
    for _ in 0..<5 {
        window.minimize()
        if await MainLoop.waitUntil(timeout: .seconds(1), { window.isMinimized }) { return }
    }
    try require(false, "\(window.title) not minimized after 5 requests", file: file, line: line)
}

/// Restores a minimized `window` and waits until it is shown and has the focus again.
@MainActor
func restoreAndWait(_ window: Window, file: StaticString = #fileID, line: UInt = #line) async throws {
    window.unminimize()
    try await presentAndFocus(window, file: file, line: line)
}

/// Gives the focus back to `window` by hiding `other`, which has it: the window manager (openbox)
/// or compositor (sway, mutter) then focuses the window below. Presenting `window` is not enough
/// on Wayland, where a compositor activates a window only for an activation token backed by
/// user input, which a test has none of.
@MainActor
func focusBack(to window: Window, from other: Window, file: StaticString = #fileID, line: UInt = #line) async throws {
    other.hide()
    try await presentAndFocus(window, file: file, line: line)
}

/// Moves the focus to `other` (presenting it: under openbox `gtk_window_present` activates
/// the window) and waits until `window` has lost it.
@MainActor
func moveFocus(from window: Window, to other: Window, file: StaticString = #fileID, line: UInt = #line) async throws {
    try await presentAndFocus(other, file: file, line: line)
    try await waitFor("\(window.title) inactive", file: file, line: line) { !hasSessionFocus(window) }
}

/// How this test session minimizes and restores a window. Under GNOME's mutter
/// (`scripts/sessions/with-mutter`, which exports `MUTTER_INPUT_SOCKET`) and KDE's KWin
/// (`scripts/sessions/with-kwin`, `KWIN_INPUT_SOCKET`) the app may minimize itself but cannot bring its
/// window back, so a restore, and for symmetry the minimize, go through the compositor from
/// outside: mutter's own keys (`scripts/sessions/mutter-window-action`: `<Super>h`, `<Alt>Tab`), KWin's
/// scripting API (`scripts/sessions/kwin-window-action`). Elsewhere the tests ask GTK, as the app does.
@MainActor
enum SessionWindows {
    /// The outside program for window actions, or `nil` where the app's own requests are obeyed.
    static let outside: String? = {
        let program: String
        if getenv("MUTTER_INPUT_SOCKET") != nil {
            program = "mutter-window-action"
        } else if getenv("KWIN_INPUT_SOCKET") != nil {
            program = "kwin-window-action"
        } else {
            return nil
        }
        // #filePath is …/Tests/GtkTestRunner/Harness.swift; the program is in the package's scripts/sessions/.
        let root = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
            .joined(separator: "/")
        return root + "/scripts/sessions/" + program
    }()

    /// Whether a case can minimize a window and bring it back in this session (and see both).
    static func runsMinimize(_ detection: SceneDetection) -> Bool {
        detection.canSeeMinimize && (detection.canRestoreItself || outside != nil)
    }

    /// Minimizes the focused `window` and waits until its scene is `.background`.
    static func minimize(
        _ window: Window, scene: WindowScene, file: StaticString = #fileID, line: UInt = #line
    ) async throws {
        guard let outside else {
            try await minimizeAndWait(window, file: file, line: line)
            try await waitFor("background", file: file, line: line) { scene.phase == .background }
            return
        }
        try require(await OutsideWindowActions.run(outside, "minimize"), "\(outside) minimize", file: file, line: line)
        try await waitFor(
            "background (GNOME took the window off its monitor, KWin stopped taking its frames)", timeout: .seconds(3),
            file: file, line: line
        ) {
            scene.phase == .background
        }
    }

    /// Asks for a minimize of the focused `window` (outside, or from GTK), without waiting for it.
    static func requestMinimize(_ window: Window) async {
        if let outside { _ = await OutsideWindowActions.run(outside, "minimize") } else { window.minimize() }
    }

    /// Asks for the minimized `window` back (outside, or from GTK), without waiting for it.
    static func requestRestore(_ window: Window) async {
        if let outside {
            _ = await OutsideWindowActions.run(outside, "restore")
        } else {
            window.unminimize()
            window.present()
        }
    }

    /// Restores the minimized `window` and waits until it is shown and has the focus again.
    static func restore(_ window: Window, file: StaticString = #fileID, line: UInt = #line) async throws {
        guard let outside else { return try await restoreAndWait(window, file: file, line: line) }
        try require(await OutsideWindowActions.run(outside, "restore"), "\(outside) restore", file: file, line: line)
        try await waitFor("\(window.title) shown and active", timeout: .seconds(3), file: file, line: line) {
            window.isMapped && window.isActive && window.toplevelState.contains(.focused)
        }
    }
}

extension String {
    /// The text of the file at `path` (what a fake checker or the app's report wrote).
    init(contentsOfFile path: String) throws {
        guard let file = fopen(path, "r") else { throw RequirementFailed(description: "cannot read \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
