import Gettext
public import LabModel

#if canImport(Glibc)
    import Glibc
#endif

/// What the command line asked for, validated. Parsing never touches GTK, so bad input is
/// reported (exit 2) before any display is needed.
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
/// (`--page=toast`); a later option overrides an earlier one.
public struct LaunchOptions: Sendable, Hashable {
    /// `--strategy ID`: the strategy to start with, as typed.
    public var strategy: String?
    /// `--page NAME`: the page to open, as typed.
    public var page: String?
    /// `--time-scale X`, as typed (see ``timeScale``).
    public var timeScaleText: String?
    /// `--scenario NAME`: run that page's repro and exit with its verdict.
    public var scenario: String?
    /// `--screenshot FILE.png`: render the window to this file, then exit.
    public var screenshot: String?
    /// `--compare ID,ID`: two toast strategies side by side in the compare window, as typed.
    public var compare: String?
    /// `--report FILE`: write what the app does as JSON lines to this file (see ``RunReport``).
    public var report: String?
    /// `--window-actions-by PROGRAM`: minimize and restore the window through `PROGRAM minimize`
    /// and `PROGRAM restore` (a compositor's own keys) instead of asking GTK.
    public var windowActionsBy: String?

    public init() {}

    /// One option: its name, the value's name in help, and the help text.
    struct Option: Sendable {
        let name: String
        let valueName: String
        /// The help text, translated when `--help` prints it.
        let help: @Sendable () -> String
        let keyPath: any WritableKeyPath<LaunchOptions, String?> & Sendable
    }

    static let options: [Option] = [
        Option(
            name: "--strategy", valueName: "ID",
            help: { tr("Strategy to start with: %{ranges}.", ["ranges": strategyRanges]) },
            keyPath: \.strategy),
        Option(
            name: "--page", valueName: "NAME",
            help: { tr("Page to open: %{pages}.", ["pages": pageList]) },
            keyPath: \.page),
        Option(
            name: "--time-scale", valueName: "X",
            help: { tr("Multiply every duration of the spec by X (> 0), e.g. 0.1 for a fast repro.") },
            keyPath: \.timeScaleText),
        Option(
            name: "--scenario", valueName: "NAME",
            help: {
                tr(
                    "Run that page's documented repro in the real window with the chosen strategy, print the verdict as JSON, exit 0 if it matches the spec, 1 if not, 3 if it could not be judged. Pages: %{pages}.",
                    ["pages": scenarioList])
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
                    ["strategies": compareList])
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

    static let validOptions = (options.map(\.name) + ["--help", "--version"]).joined(separator: ", ")

    /// The text `--help` prints.
    public static var helpText: String {
        let width = 92
        var lines = [tr("Usage: lifecycle-lab [OPTION…]"), ""]
        lines += wrap(
            tr(
                "Lifecycle Lab shows SwiftUI's view-lifecycle tasks (onAppear, .task, .task(id:), scene phase) running in a GTK window, with a live panel of every task: reproduce each bug and each fix of the spec, switch strategies from the menu (Ctrl+1…8)."
            ), width: width)
        lines += ["", tr("Options:")]
        let column = 26
        let rows: [(head: String, help: String)] =
            options.map { ("  \($0.name) \($0.valueName)", $0.help()) } + [
                ("  -h, --help", tr("Show this help and exit.")),
                ("  --version", tr("Show the version and exit.")),
            ]
        for row in rows {
            lines += wrap(row.help, width: width - column).enumerated().map { index, text in
                (index == 0 ? row.head.padding(to: column) : String(repeating: " ", count: column)) + text
            }
        }
        lines.append("")
        lines += wrap(
            tr(
                "Exit status: 0 on success (with --scenario: the run matches the spec; with --compare too: both runs do), 1 when a scenario does not match or there is no display, 2 for bad input, 3 when a scenario could not be judged (the session did not carry out a window action it needs, or the main loop was too late)."
            ), width: width)
        return lines.joined(separator: "\n")
    }

    /// Why parsing stopped without options to run with.
    public enum Stop: Error, Equatable, CustomStringConvertible {
        /// `--help` or `-h`: print ``LaunchOptions/helpText``, exit 0.
        case help
        /// `--version`: print the version, exit 0.
        case version
        /// Bad input: this one line (without the program's name), exit 2.
        case invalid(String)

        public var description: String {
            switch self {
            case .help: "help requested"
            case .version: "version requested"
            case .invalid(let message): message
            }
        }
    }

    /// Parses `arguments` (without the program name) and validates the values.
    public static func parse(_ arguments: [String]) throws(Stop) -> LaunchOptions {
        var result = LaunchOptions()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { throw .help }
            if argument == "--version" { throw .version }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                throw .invalid(
                    tr(
                        "unexpected argument '%{argument}'; valid options: %{options}",
                        ["argument": argument, "options": validOptions]))
            }
            // Split at the first "=" scalar (a value may start with a combining mark).
            let name: String
            let inlineValue: String?
            let scalars = argument.unicodeScalars
            if let equals = scalars.firstIndex(of: "=") {
                name = String(scalars[..<equals])
                inlineValue = String(scalars[scalars.index(after: equals)...])
            } else {
                name = argument
                inlineValue = nil
            }
            if name == "--help" || name == "-h" || name == "--version" {
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
                result[keyPath: option.keyPath] = String(inlineValue)
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
        try result.validate()
        return result
    }

    /// The validated time scale (1 when not given).
    public var timeScale: Double { timeScaleText.flatMap(Double.init) ?? 1 }

    /// The validated page to open first (the scenario's page, else `--page`, else the strategy's
    /// page, else the toast).
    public var startPage: PageID {
        if let scenario, let page = LabPages.type(named: scenario) { return page.id }
        if let page, let type = LabPages.type(named: page) { return type.id }
        if let choice = strategyChoice { return choice.page }
        return ToastPage.id
    }

    /// The page whose repro `--scenario` runs, validated; `nil` without `--scenario`.
    public var scenarioPage: PageID? { scenario.flatMap { LabPages.type(named: $0)?.id } }

    /// The validated strategy, if one was given.
    public var strategyChoice: AnyStrategyID? {
        strategy.flatMap { try? AnyStrategyID.parse($0, among: LabPages.strategies) }
    }

    /// The validated `--compare` pair, left then right; `nil` without `--compare`.
    public var compareChoice: [ToastStrategyID]? {
        guard let parts = compare.map(Self.compareParts), parts.count == 2 else { return nil }
        let ids = parts.compactMap { try? ToastStrategyID.parse($0) }
        return ids.count == 2 ? ids : nil
    }

    static func compareParts(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// "T1, T2, T3, T4, T5, T6": what `--compare` accepts.
    static var compareList: String { CompareWindow.strategies.map(\.rawValue).joined(separator: ", ") }

    static var pageList: String { LabPages.all.map { $0.id.rawValue }.joined(separator: ", ") }

    /// "T1–T6 (toast), B1–B3 (button), …": each page's strategies as a range.
    static var strategyRanges: String {
        LabPages.withScenario.map { page in
            let ids = page.strategies.map(\.rawValue)
            let range = ids.count > 1 ? "\(ids[0])–\(ids[ids.count - 1])" : ids.joined()
            return "\(range) (\(page.title.lowercased()))"
        }.joined(separator: ", ")
    }

    static var scenarioList: String { LabPages.withScenario.map { $0.id.rawValue }.joined(separator: ", ") }

    func validate() throws(Stop) {
        if let strategy, strategyChoice == nil {
            throw .invalid(
                tr(
                    "unknown strategy '%{strategy}'; valid: %{valid}",
                    ["strategy": strategy, "valid": Self.strategyList(LabPages.strategies)]))
        }
        if let page, LabPages.type(named: page) == nil {
            throw .invalid(tr("unknown page '%{page}'; valid: %{valid}", ["page": page, "valid": Self.pageList]))
        }
        if let scenario, LabPages.type(named: scenario).map({ !$0.strategies.isEmpty }) != true {
            throw .invalid(
                tr(
                    "unknown scenario '%{scenario}'; valid: %{valid}",
                    ["scenario": scenario, "valid": Self.scenarioList]))
        }
        if let scenario, let choice = strategyChoice, let page = LabPages.type(named: scenario), choice.page != page.id
        {
            let valid = page.strategies
            throw .invalid(
                tr(
                    "strategy %{strategy} does not belong to scenario '%{scenario}'; valid for it: %{valid}",
                    [
                        "strategy": choice.rawValue, "scenario": scenario,
                        "valid": valid.isEmpty ? tr("none (the page has no strategies)") : Self.strategyList(valid),
                    ]))
        }
        if let text = timeScaleText {
            guard let value = Double(text) else {
                throw .invalid(
                    tr(
                        "time scale '%{text}' is not a number; valid: a number greater than 0, e.g. 0.1 or 1",
                        ["text": text]))
            }
            guard value.isFinite, value > 0 else {
                throw .invalid(
                    tr(
                        "time scale %{text} must be greater than 0 and finite; valid: a number greater than 0, e.g. 0.1 or 1",
                        ["text": text]))
            }
        }
        if let screenshot { try Self.checkWritable(screenshot) }
        if let windowActionsBy, !Self.isExecutable(windowActionsBy) {
            throw .invalid(
                tr(
                    "window-actions program '%{program}' is not an executable file; valid: a program path or a name found in PATH",
                    ["program": windowActionsBy]))
        }
        if let compare { try validateCompare(compare) }
        // Last: checking a report file creates it, so every other check has passed by then.
        if let report { try Self.checkReportWritable(report) }
    }

    /// Whether `program` (a path, or a name looked up in `PATH`) is an executable file.
    static func isExecutable(_ program: String) -> Bool {
        func executableFile(_ path: String) -> Bool {
            var info = stat()
            return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
        }
        if program.contains("/") { return executableFile(program) }
        let path = EnvironmentVariables.current.searchPath
        return !program.isEmpty && path.split(separator: ":").contains { executableFile("\($0)/\(program)") }
    }

    private func validateCompare(_ compare: String) throws(Stop) {
        let valid = Self.compareList
        let parts = Self.compareParts(compare)
        guard parts.count == 2 else {
            throw .invalid(
                tr("--compare takes two strategies separated by a comma, e.g. T1,T2; valid: %{valid}", ["valid": valid])
            )
        }
        for part in parts where (try? ToastStrategyID.parse(part)) == nil {
            if let other = try? AnyStrategyID.parse(part, among: LabPages.strategies) {
                throw .invalid(
                    tr(
                        "strategy %{strategy} cannot be compared: compare mode runs the toast repro; valid: %{valid}",
                        ["strategy": other.rawValue, "valid": valid]))
            }
            throw .invalid(
                tr("unknown strategy '%{strategy}' in --compare; valid: %{valid}", ["strategy": part, "valid": valid]))
        }
        if let scenario, scenarioPage != ToastPage.id {
            throw .invalid(
                tr(
                    "--compare runs the toast repro, not scenario '%{scenario}'; valid with --compare: --scenario toast",
                    ["scenario": scenario]))
        }
        if scenario != nil, let strategy {
            throw .invalid(
                tr(
                    "--strategy %{strategy} and --compare both name what the scenario runs; valid: one of them (--strategy ID for one run, --compare ID,ID for two)",
                    ["strategy": strategy]))
        }
    }

    static func strategyList(_ ids: [AnyStrategyID]) -> String {
        ids.map(\.rawValue).joined(separator: ", ")
    }

    /// A report file must be one we can create or append to.
    static func checkReportWritable(_ path: String) throws(Stop) {
        let fd = open(path, O_CREAT | O_WRONLY | O_APPEND, 0o644)
        guard fd >= 0 else {
            throw .invalid("report file '\(path)' cannot be written; valid: a file in an existing, writable folder")
        }
        close(fd)
    }

    /// A screenshot path must end in .png and sit in an existing folder we may write to.
    static func checkWritable(_ path: String) throws(Stop) {
        guard path.lowercased().hasSuffix(".png") else {
            throw .invalid(
                tr(
                    "screenshot path '%{path}' must end in .png; valid: a .png file in a writable folder",
                    ["path": path]))
        }
        let folder: String
        if let slash = path.lastIndex(of: "/") {
            folder = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            folder = "."
        }
        var info = stat()
        guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .invalid(
                tr(
                    "screenshot folder '%{folder}' does not exist; valid: a .png file in an existing, writable folder",
                    ["folder": folder]))
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
            throw .invalid(
                tr(
                    "screenshot folder '%{folder}' is not writable; valid: a .png file in an existing, writable folder",
                    ["folder": folder]))
        }
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
            case .invalid(let message):
                writeStandardError("lifecycle-lab: \(message)\n")
                Glibc.exit(2)
            }
        }
    }

    /// `text` broken into lines of at most `width` terminal columns: at spaces, and between two
    /// wide (CJK) characters, which take two columns each and need no space to break at (a
    /// Japanese sentence has none); never before closing punctuation such as 、。」 or a small kana such as ッ).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ") {
            for piece in breakablePieces(of: word) {
                let pieceWidth = piece.text.reduce(0) { $0 + columns(of: $1) }
                let gap = line.isEmpty || !piece.startsWord ? 0 : 1
                if !line.isEmpty, lineWidth + gap + pieceWidth > width {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                if !line.isEmpty, piece.startsWord {
                    line += " "
                    lineWidth += 1
                }
                line += piece.text
                lineWidth += pieceWidth
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A word cut where a line may break: before each wide character, except before closing
    /// punctuation, and after a wide character.
    private static func breakablePieces(of word: Substring) -> [(text: String, startsWord: Bool)] {
        var pieces: [(text: String, startsWord: Bool)] = []
        var current = ""
        var previousWide = false
        for character in word {
            let wide = columns(of: character) == 2
            let closing = "、。，．）」』】〉》・ー！？：；ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ".contains(character)
            if !current.isEmpty, wide || previousWide, !closing {
                pieces.append((current, pieces.isEmpty))
                current = ""
            }
            current.append(character)
            previousWide = wide
        }
        if !current.isEmpty { pieces.append((current, pieces.isEmpty)) }
        return pieces
    }

    /// The terminal columns `character` takes: 2 for East Asian wide and full-width characters.
    private static func columns(of character: Character) -> Int {
        guard let value = character.unicodeScalars.first?.value else { return 0 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6:
            return 2
        default:
            return 1
        }
    }
}

extension String {
    /// The string followed by spaces up to `width` characters (at least one space).
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(1, width - count))
    }
}
