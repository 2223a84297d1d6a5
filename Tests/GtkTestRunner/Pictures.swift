import Glibc
import Gtk
import LabModel
import LifecycleLabKit

/// `gtk-tests --pictures DIR [SUFFIX]`: a picture of every page of the real app window, as
/// `lifecycle-lab --screenshot` renders it, in DIR/PAGE-SUFFIX.png (scripts/release/screenshots runs it
/// in light and dark, at 1× and 2×, with large text). Each page shows something running: the
/// toast and each inner view are shown, so the task panel has a row; the Check page has
/// checked the SwiftUI fixture in Tests/check-page/app with the real `lifecycle-lab-check`
/// built beside this binary (the app itself opens code only from its file choosers and drops),
/// and shows the fix of the first finding that has one.
@MainActor
enum Pictures {
    static let flag = "--pictures"

    static func run() -> Int32 {
        let arguments = Array(CommandLine.arguments.dropFirst(2))
        guard let folder = arguments.first else {
            Harness.printError("usage: gtk-tests --pictures DIR [SUFFIX]")
            return 2
        }
        let suffix = arguments.count > 1 ? "-" + arguments[1] : ""
        var status: Int32 = 0
        do {
            try GtkRuntime.initialize()
            try MainLoop.run(timeout: .seconds(120)) {
                let fixture = try AppFixture(
                    ["--time-scale", "10"], applicationID: "\(LabApp.applicationID).Pictures\(getpid())")
                try await fixture.ready()
                let window = fixture.window
                for entry in LabPages.all {
                    window.show(page: entry.id)
                    let page = try unwrap(window.page(entry.id), "the \(entry.id) page")
                    if let check = page as? CheckPage {
                        unsetenv("LIFECYCLE_LAB_CHECK")
                        check.open(paths: [CheckPageTests.app])
                        try await CheckPageTests.waitForState(check, .results, timeout: .seconds(60))
                        // The side panel explains the first finding with a fix, its diff shown.
                        if let fixable = check.listing?.report.findings.firstIndex(where: { $0.fixIt?.isSafe == true })
                        {
                            check.select(finding: fixable)
                            check.side.fixBar.showFixButton.click()
                            try await nextFrame(of: check.side.root)
                            check.side.root.scrollToEnd()
                        }
                    } else if let start = page.reportWidgets.first(where: {
                        ["show-toast", "show-view"].contains($0.name)
                    }) {
                        (start.widget as? Button)?.click()
                        try await fixture.tasksStarted()
                    }
                    try await waitFor("the page switch's animation ended") { !window.stack.isTransitionRunning }
                    // The toast slides in; the code cards fill after their first frame.
                    await MainLoop.sleep(for: .milliseconds(600))
                    try await nextFrame(of: window.window)
                    let path = "\(folder)/\(entry.id.rawValue)\(suffix).png"
                    // A snapshot has come back empty just after a frame (as in the tests' pixels):
                    // ask until one is written.
                    try await waitFor("\(path) written") { (try? window.window.savePNG(to: path)) != nil }
                    print("wrote \(path)")
                    page.reset()
                }
                await fixture.close()
            }
        } catch {
            print("error: \(error)")
            status = 1
        }
        for failure in Harness.failures { print("failure: \(failure)") }
        fflush(nil)
        return Harness.failures.isEmpty ? status : 1
    }
}
