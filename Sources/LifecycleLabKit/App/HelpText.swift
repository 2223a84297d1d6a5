import Gettext

extension LaunchOptions {
    /// The text `--help` prints: usage, what the app is, the options, the `check` command and
    /// the exit statuses; translated, and wrapped to 92 terminal columns.
    public static var helpText: String {
        let width = 92
        var lines = [
            tr("Usage: lifecycle-lab [OPTION…]"),
            tr("  or:  lifecycle-lab check [--format text|json|sarif] [--explain] PATH…"), "",
        ]
        lines += TerminalText.wrap(
            tr(
                "Lifecycle Lab shows SwiftUI's view-lifecycle tasks (onAppear, .task, .task(id:), scene phase) running in a GTK window, with a live panel of every task: reproduce each bug and each fix of the spec, switch strategies from the menu (Ctrl+1…8)."
            ), width: width)
        lines += ["", tr("Options:")]
        let column = 26
        let rows: [(head: String, help: String)] =
            LaunchArguments.options.map { ("  \($0.name) \($0.valueName)", $0.help()) } + [
                ("  -h, --help", tr("Show this help and exit.")),
                ("  --version", tr("Show the version and exit.")),
                ("  --list-pages", tr("List the pages, one a line, each with its strategies, and exit.")),
                ("  --list-strategies", tr("List the strategies, one a line with its page and kind, and exit.")),
            ]
        // Each row's head, then its help wrapped beside it in the second column.
        func table(_ rows: [(head: String, help: String)]) -> [String] {
            rows.flatMap { row in
                TerminalText.wrap(row.help, width: width - column).enumerated().map { index, text in
                    (index == 0 ? TerminalText.padded(row.head, to: column) : String(repeating: " ", count: column))
                        + text
                }
            }
        }
        lines += table(rows)
        lines += ["", tr("Commands:")]
        lines += table([
            (
                "  check PATH…",
                tr(
                    "Check SwiftUI source files, or folders of them, for the task mistakes the lab reproduces, without a display; each finding names the page and strategy that show it live. Exit status 0 when nothing is found, 1 when a warning is, 2 for bad input; lifecycle-lab check --help tells more."
                )
            )
        ])
        lines.append("")
        lines += TerminalText.wrap(
            tr(
                "Exit status: 0 on success (with --scenario: the run matches the spec; with --compare too: both runs do), 1 when a scenario does not match or there is no display, 2 for bad input, 3 when a scenario could not be judged (the session did not carry out a window action it needs, or the main loop was too late)."
            ), width: width)
        return lines.joined(separator: "\n")
    }
}
