import Gettext
public import LabModel

#if canImport(Glibc)
    import Glibc
#endif

/// What the command line asked for, parsed once into typed, validated values. Parsing never
/// touches GTK, so bad input is reported (exit 2) before any display is needed.
///
/// ```sh
/// lifecycle-lab --page toast --strategy T1 --time-scale 0.2
/// lifecycle-lab --scenario toast --strategy T2 --time-scale 0.1   # prints a JSON verdict
/// lifecycle-lab --scenario toast --compare T1,T2                  # both verdicts, one JSON object
/// ```
///
/// The parser is a few dozen lines of our own rather than swift-argument-parser: that package
/// brings FoundationEssentials into the app, and loading it, the reflection over the option
/// properties and the dynamic Swift libraries cost about 10 ms of the start-up budget
/// (`app.startup`). Options take their value as the next argument or after `=`
/// (`--page=toast`); a later option overrides an earlier one. ``LaunchArguments`` reads the
/// words, its `validated()` turns them into these values, and ``helpText`` describes them.
public struct LaunchOptions: Sendable, Hashable {
    /// `--strategy ID`: the strategy to start with.
    public var strategy: AnyStrategyID?
    /// `--page NAME`: the page to open.
    public var page: PageID?
    /// `--time-scale X`: every duration of the spec times this (1 when not given).
    public var timeScale: Double = 1
    /// `--scenario NAME`: the page whose repro runs; the app exits with its verdict.
    public var scenario: PageID?
    /// `--screenshot FILE.png`: render the window to this file, then exit.
    public var screenshot: String?
    /// `--compare ID,ID`: two toast strategies side by side in the compare window.
    public var compare: ComparePair?
    /// `--report FILE`: write what the app does as JSON lines to this file (see ``RunReport``).
    public var report: String?
    /// `--window-actions-by PROGRAM`: minimize and restore the window through `PROGRAM minimize`
    /// and `PROGRAM restore` (a compositor's own keys) instead of asking GTK.
    public var windowActionsBy: String?

    /// No options: the toast page with T1 at the spec's durations.
    public init() {}

    /// The page to open first: the scenario's page, else `--page`, else the strategy's page,
    /// else the toast.
    public var startPage: PageID { scenario ?? page ?? strategy?.page ?? ToastPage.id }

    /// `--compare`'s two strategies, left then right.
    public struct ComparePair: Sendable, Hashable {
        /// The left side's strategy.
        public var left: ToastStrategyID
        /// The right side's strategy.
        public var right: ToastStrategyID
    }

    /// Why parsing stopped without options to run with.
    public enum Stop: Error, Equatable, CustomStringConvertible {
        /// `--help` or `-h`: print ``LaunchOptions/helpText``, exit 0.
        case help
        /// `--version`: print the version, exit 0.
        case version
        /// `--list-pages`: print ``LaunchOptions/pageListing``, exit 0.
        case listPages
        /// `--list-strategies`: print ``LaunchOptions/strategyListing``, exit 0.
        case listStrategies
        /// Bad input: this one line (without the program's name), exit 2.
        case invalid(String)

        public var description: String {
            switch self {
            case .help: "help requested"
            case .version: "version requested"
            case .listPages: "page list requested"
            case .listStrategies: "strategy list requested"
            case .invalid(let message): message
            }
        }
    }

    /// `--list-pages`: each page's name and its strategies, in the switcher's order, e.g.
    /// `button B1 B2 B3` (a page without a repro has none: `navigation`). For scripts; not
    /// translated.
    public static var pageListing: String {
        LabCatalog.pages.map { ([$0.id.rawValue] + $0.strategies.map(\.rawValue)).joined(separator: " ") }
            .joined(separator: "\n")
    }

    /// `--list-strategies`: each strategy's ID, page and kind in spec order, e.g. `T1 toast bug`.
    /// For scripts; not translated.
    public static var strategyListing: String {
        LabCatalog.strategies.map { "\($0.rawValue) \($0.page) \($0.kind.rawValue)" }.joined(separator: "\n")
    }

    /// Parses `arguments` (without the program name) and validates the values.
    public static func parse(_ arguments: [String]) throws(Stop) -> LaunchOptions {
        try LaunchArguments.read(arguments).validated()
    }

    /// Parses `arguments` (without the program name). On bad input prints one line naming the
    /// problem and the valid values to standard error and exits 2; `--help` and `--version`
    /// print to standard output and exit 0.
    public static func parseOrExit2(_ arguments: [String], version: String) -> LaunchOptions {
        do {
            return try parse(arguments)
        } catch {
            switch error {
            case .help:
                print(helpText)
                Glibc.exit(0)
            case .version:
                print("lifecycle-lab \(version)")
                Glibc.exit(0)
            case .listPages:
                print(pageListing)
                Glibc.exit(0)
            case .listStrategies:
                print(strategyListing)
                Glibc.exit(0)
            case .invalid(let message):
                writeStandardError("lifecycle-lab: \(message)\n")
                Glibc.exit(2)
            }
        }
    }
}
