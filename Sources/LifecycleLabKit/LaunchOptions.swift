public import ArgumentParser
public import LifecycleTasks
#if canImport(Glibc)
import Glibc
#endif

/// The pages of the window, in switcher order; `--page` and `--scenario` take their names.
public enum PageName: String, CaseIterable, Sendable, ExpressibleByArgument {
    case toast, button, scene, server, navigation

    /// The title shown in the stack switcher.
    public var title: String {
        switch self {
        case .toast: "Toast"
        case .button: "Button"
        case .scene: "Scene phase"
        case .server: "Server"
        case .navigation: "Navigation"
        }
    }

    static var validList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The pages with a scripted repro for `--scenario` (navigation has none: N1 is the order
    /// GTK emits, shown on its page and checked by the GTK tests).
    static let scenarioPages: [PageName] = [.toast, .button, .scene, .server]

    static var scenarioList: String { scenarioPages.map(\.rawValue).joined(separator: ", ") }

    /// The page that hosts a scenario's strategies.
    public init(_ scenario: ScenarioName) {
        switch scenario {
        case .toast: self = .toast
        case .button: self = .button
        case .scenePhase: self = .scene
        case .server: self = .server
        }
    }
}

/// What the command line asked for, validated. Parsing never touches GTK, so bad input is
/// reported (exit 2) before any display is needed.
///
/// ```sh
/// lifecycle-lab --page toast --strategy T1 --time-scale 0.2
/// lifecycle-lab --scenario toast --strategy T2 --time-scale 0.1   # prints a JSON verdict
/// ```
public struct LaunchOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp("Strategy to start with: T1–T6 (toast), B1–B3 (button), P1–P3 (scene phase).", valueName: "ID"))
    public var strategy: String?

    @Option(name: .long, help: ArgumentHelp("Page to open: \(PageName.validList).", valueName: "NAME"))
    public var page: String?

    @Option(name: .customLong("time-scale"), parsing: .unconditional, help: ArgumentHelp("Multiply every duration of the spec by X (> 0), e.g. 0.1 for a fast repro.", valueName: "X"))
    public var timeScaleText: String?

    @Option(name: .long, help: ArgumentHelp("Run that page's documented repro in the real window with the chosen strategy, print the verdict as JSON, exit 0 if it matches the spec and 1 if not. Pages: \(PageName.scenarioList).", valueName: "NAME"))
    public var scenario: String?

    @Option(name: .long, help: ArgumentHelp("Render the window to this PNG file once it is laid out, then exit; with --scenario, render it mid-repro instead.", valueName: "FILE.png"))
    public var screenshot: String?

    public init() {}

    /// The validated time scale (1 when not given).
    public var timeScale: Double { timeScaleText.flatMap(Double.init) ?? 1 }

    /// The validated page to open first (the scenario's page, else `--page`, else the toast).
    public var pageName: PageName {
        if let scenario, let page = PageName(rawValue: scenario.lowercased()) { return page }
        if let page, let name = PageName(rawValue: page.lowercased()) { return name }
        if let choice = strategyChoice { return PageName(choice.scenario) }
        return .toast
    }

    /// The validated strategy, if one was given.
    public var strategyChoice: AnyStrategyID? { strategy.flatMap { try? AnyStrategyID.parse($0) } }

    public mutating func validate() throws {
        if let strategy, strategyChoice == nil {
            throw ValidationError("unknown strategy '\(strategy)'; valid: \(Self.strategyList(AnyStrategyID.allCases))")
        }
        if let page, PageName(rawValue: page.lowercased()) == nil {
            throw ValidationError("unknown page '\(page)'; valid: \(PageName.validList)")
        }
        if let scenario, PageName(rawValue: scenario.lowercased()).map(PageName.scenarioPages.contains) != true {
            throw ValidationError("unknown scenario '\(scenario)'; valid: \(PageName.scenarioList)")
        }
        if let scenario, let choice = strategyChoice, let page = PageName(rawValue: scenario.lowercased()),
           PageName(choice.scenario) != page {
            let valid = AnyStrategyID.allCases.filter { PageName($0.scenario) == page }
            throw ValidationError("strategy \(choice.rawValue) does not belong to scenario '\(scenario)'; valid for it: \(valid.isEmpty ? "none (the page has no strategies)" : Self.strategyList(valid))")
        }
        if let text = timeScaleText {
            guard let value = Double(text) else {
                throw ValidationError("time scale '\(text)' is not a number; valid: a number greater than 0, e.g. 0.1 or 1")
            }
            guard value.isFinite, value > 0 else {
                throw ValidationError("time scale \(text) must be greater than 0 and finite; valid: a number greater than 0, e.g. 0.1 or 1")
            }
        }
        if let screenshot { try Self.checkWritable(screenshot) }
    }

    static func strategyList(_ ids: [AnyStrategyID]) -> String {
        ids.map(\.rawValue).joined(separator: ", ")
    }

    /// A screenshot path must end in .png and sit in an existing folder we may write to.
    static func checkWritable(_ path: String) throws {
        guard path.lowercased().hasSuffix(".png") else {
            throw ValidationError("screenshot path '\(path)' must end in .png; valid: a .png file in a writable folder")
        }
        let folder: String
        if let slash = path.lastIndex(of: "/") {
            folder = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            folder = "."
        }
        var info = stat()
        guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw ValidationError("screenshot folder '\(folder)' does not exist; valid: a .png file in an existing, writable folder")
        }
        // Probe by creating a file: `access(W_OK)` says yes to root even where nothing can be
        // created (a read-only mount, /proc).
        let probe = folder + "/.lifecycle-lab-probe-\(getpid())"
        let fd = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        if fd >= 0 {
            close(fd)
            unlink(probe)
        }
        guard fd >= 0 else {
            throw ValidationError("screenshot folder '\(folder)' is not writable; valid: a .png file in an existing, writable folder")
        }
    }

    /// Parses `arguments` (without the program name). On bad input prints one line naming the
    /// problem and the valid values to standard error and exits 2; `--help` prints and exits 0.
    public static func parseOrExit2(_ arguments: [String]) -> LaunchOptions {
        do {
            return try parse(arguments)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            var message = message(for: error)
            if message.hasPrefix("Unknown option") || message.hasPrefix("Unexpected argument") {
                message += "; valid options: --strategy, --page, --time-scale, --scenario, --screenshot, --help"
            }
            if message.hasPrefix("Missing value") {
                message += " (see --help)"
            }
            let line = "lifecycle-lab: " + message.split(separator: "\n").joined(separator: " ") + "\n"
            writeStandardError(line)
            Glibc.exit(2)
        }
    }
}

/// Writes to file descriptor 2 directly (the C `stderr` global is not concurrency-safe in Swift 6).
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
