import Gettext
import LabModel

/// The command line's options as typed, before validation (``validated()`` makes
/// ``LaunchOptions`` of them), and the table of options the parser and `--help` share.
struct LaunchArguments {
    var strategy: String?
    var page: String?
    var timeScale: String?
    var scenario: String?
    var screenshot: String?
    var compare: String?
    var report: String?
    var windowActionsBy: String?

    /// One option: its name, the value's name in help, the help text and where its value goes.
    struct Option: Sendable {
        let name: String
        let valueName: String
        /// The help text, translated when `--help` prints it.
        let help: @Sendable () -> String
        let keyPath: any WritableKeyPath<LaunchArguments, String?> & Sendable
    }

    static let options: [Option] = [
        Option(
            name: "--strategy", valueName: "ID",
            help: { tr("Strategy to start with: %{ranges}.", ["ranges": ValidValues.strategyRanges]) },
            keyPath: \.strategy),
        Option(
            name: "--page", valueName: "NAME",
            help: { tr("Page to open: %{pages}.", ["pages": ValidValues.pages]) },
            keyPath: \.page),
        Option(
            name: "--time-scale", valueName: "X",
            help: { tr("Multiply every duration of the spec by X (> 0), e.g. 0.1 for a fast repro.") },
            keyPath: \.timeScale),
        Option(
            name: "--scenario", valueName: "NAME",
            help: {
                tr(
                    "Run that page's documented repro in the real window with the chosen strategy, print the verdict as JSON, exit 0 if it matches the spec, 1 if not, 3 if it could not be judged. Pages: %{pages}.",
                    ["pages": ValidValues.scenarios])
            },
            keyPath: \.scenario),
        Option(
            name: "--screenshot", valueName: "FILE.png",
            help: {
                tr(
                    "Render the window to this PNG file once it is laid out, then exit; with --scenario, render it mid-repro instead."
                )
            },
            keyPath: \.screenshot),
        Option(
            name: "--compare", valueName: "ID,ID",
            help: {
                tr(
                    "Open the compare window with two toast strategies side by side (%{strategies}), e.g. T1,T2. With --scenario toast, run the repro on both at once (the same presses at the same moments), print both verdicts as one JSON object and exit 0 only if both match the spec; with --screenshot, render the compare window (mid-repro with --scenario).",
                    ["strategies": ValidValues.compared])
            },
            keyPath: \.compare),
        Option(
            name: "--report", valueName: "FILE",
            help: {
                tr(
                    "Write what the app does to FILE as JSON lines, for tools that drive it from outside: scene phases and lifecycle events with monotonic times, where its buttons are, and on SIGUSR1 and at exit its tasks, GLib closures and trimmed memory."
                )
            },
            keyPath: \.report),
        Option(
            name: "--window-actions-by", valueName: "PROGRAM",
            help: {
                tr(
                    "Have PROGRAM minimize and restore the window for a repro (it is run as 'PROGRAM minimize' and 'PROGRAM restore'), e.g. with the compositor's own keys: on Wayland an app cannot bring its own window back."
                )
            },
            keyPath: \.windowActionsBy),
    ]

    /// The options that print something and exit, and the ``LaunchOptions/Stop`` each one is.
    static let listings: [String: LaunchOptions.Stop] = [
        "--help": .help, "-h": .help, "--version": .version, "--list-pages": .listPages,
        "--list-strategies": .listStrategies,
    ]

    static let validOptions =
        (options.map(\.name) + ["--help", "--version", "--list-pages", "--list-strategies"]).joined(separator: ", ")

    /// Reads `arguments` (without the program name) into the options' texts; stops at `--help`
    /// `--version` and the listings, and at a word that is not an option or an option without its value.
    static func read(_ arguments: [String]) throws(LaunchOptions.Stop) -> LaunchArguments {
        var result = LaunchArguments()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if let stop = listings[argument] { throw stop }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                throw .invalid(
                    tr(
                        "unexpected argument '%{argument}'; valid options: %{options}",
                        ["argument": argument, "options": validOptions]))
            }
            let (name, inlineValue) = split(argument)
            if listings[name] != nil {
                throw .invalid(
                    tr(
                        "option '%{name}' takes no value; valid options: %{options}",
                        ["name": name, "options": validOptions]))
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw .invalid(
                    tr("unknown option '%{name}'; valid options: %{options}", ["name": name, "options": validOptions]))
            }
            if let inlineValue {
                result[keyPath: option.keyPath] = inlineValue
            } else if index < arguments.endIndex, !arguments[index].hasPrefix("--") {
                // The next argument is the value even if it starts with one dash: `--time-scale -1`
                // is a negative scale (reported as such), not an unknown option.
                result[keyPath: option.keyPath] = arguments[index]
                index += 1
            } else {
                throw .invalid(
                    tr(
                        "Missing value for '%{option} %{value}' (see --help)",
                        ["option": option.name, "value": option.valueName]))
            }
        }
        return result
    }

    /// `--name=value` as the name and the value; `--name` as the name and `nil`. Split at the
    /// first "=" scalar (a value may start with a combining mark).
    private static func split(_ argument: String) -> (name: String, value: String?) {
        let scalars = argument.unicodeScalars
        guard let equals = scalars.firstIndex(of: "=") else { return (argument, nil) }
        return (String(scalars[..<equals]), String(scalars[scalars.index(after: equals)...]))
    }
}
