import Glibc
import Gtk
import LabModel
import LifecycleLabKit

/// The app's window in Japanese: a child process of this binary started with `LANGUAGE=ja`
/// (the text domain is bound at the start of `main`, before anything is translated, as the app
/// does) builds the real window, runs the toast repro through its real button and prints what
/// its widgets show; the same child without `LANGUAGE` must show English, so the check can fail.
@MainActor
enum TranslationTests {
    static let childFlag = "--window-texts"

    /// Child mode: the app's window with `--strategy T2 --time-scale 0.2`; prints one
    /// `what: text` line per widget checked, after a repro run, then `done`.
    static func windowTexts() -> Int32 {
        do {
            try GtkRuntime.initialize()
            try MainLoop.run(timeout: .seconds(30)) {
                // Its own application ID: with a session bus, a name the parent process holds
                // would make this instance a remote one.
                let app = LabApp(
                    options: try LaunchOptions.parse(["--strategy", "T2", "--time-scale", "0.2"]),
                    applicationID: "\(LabApp.applicationID).TranslationChild\(getpid())")
                try app.application.register()
                app.activate()
                let window = try unwrap(app.mainWindow, "main window")
                let page = try unwrap(window.toastPage, "toast page")
                try await waitFor("main window mapped", timeout: .seconds(10)) { window.window.isMapped }
                try await nextFrame(of: window.window)
                page.reproButton.click()
                try await waitFor("the repro's verdict", timeout: .seconds(20)) {
                    page.reproButton.isSensitive && !page.verdictLabel.text.isEmpty
                }
                print("window: \(window.window.title)")
                print("header: \(window.strategyLabel.text)")
                print(
                    "header tooltip: \(window.strategyLabel.tooltip?.split(separator: "\n").first.map(String.init) ?? "")"
                )
                print("page: \(window.stack.title(ofPageNamed: ToastPage.id.rawValue) ?? "none")")
                print("button: \(page.showButton.label)")
                print("verdict: \(page.verdictLabel.text.split(separator: "\n").first.map(String.init) ?? "")")
                _ = await app.tearDown()
            }
        } catch {
            print("error: \(error) \(Harness.failures)")
            return 1
        }
        print("done")
        fflush(nil)
        return 0
    }

    static func unwrap<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else { throw RequirementFailed(description: "no \(what)") }
        return value
    }

    /// Runs the child with `environment` set (through env(1): the harness spawns without a shell).
    static func runChild(_ environment: [String]) throws -> (Int32, [String: String]) {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        try require(count > 0, "readlink /proc/self/exe")
        let me = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let (status, output) = try ApplicationTests.runSelf(
            ["-u", "LANGUAGE", "-u", "LC_ALL", "-u", "LC_MESSAGES"] + environment + [me, childFlag],
            executable: "/usr/bin/env")
        var texts: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            texts[String(line[..<colon])] = String(line[line.index(after: colon)...].dropFirst())
        }
        if status != 0 { Harness.failures.append("child output: \(output)") }
        return (status, texts)
    }

    static var cases: [GtkTestCase] {
        Harness.smokeModes[childFlag] = windowTexts
        return [
            GtkTestCase(
                "translations: under LANGUAGE=ja the window, header and its tooltip, page title, a button and a T2 verdict are Japanese",
                timeout: .seconds(60)
            ) {
                let (status, ja) = try runChild(["LANG=C.UTF-8", "LANGUAGE=ja"])
                expectEqual(status, 0, "LANGUAGE=ja child's exit status")
                expectEqual(ja["window"], "Lifecycle Lab", "window title (the app's name stays)")
                expectEqual(ja["header"], "T2 · 修正", "header's strategy badge: its ID and kind")
                expectEqual(ja["header tooltip"], "戦略: T2 · .task（修正）", "the badge's tooltip: the strategy's title")
                expectEqual(ja["page"], "トースト", "the toast page's title in the switcher")
                expectEqual(ja["button"], "トーストを出す", "the Show toast button (the seed's own words)")
                expectEqual(ja["verdict"], "T2 .task（修正）: 仕様と一致します", "the repro's verdict (SPEC §3 T2)")

                let (englishStatus, en) = try runChild(["LANG=C.UTF-8"])
                expectEqual(englishStatus, 0, "child without LANGUAGE: exit status")
                expectEqual(en["header"], "T2 · fix", "header without LANGUAGE")
                expectEqual(en["header tooltip"], "Strategy: T2 · .task (fix)", "the badge's tooltip without LANGUAGE")
                expectEqual(en["page"], "Toast", "page title without LANGUAGE")
                expectEqual(en["button"], "Show toast", "button without LANGUAGE")
                expectEqual(en["verdict"], "T2 .task (fix): matches the spec", "verdict without LANGUAGE")
            }
        ]
    }
}
