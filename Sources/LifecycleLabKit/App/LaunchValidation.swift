import Gettext
import LabModel

extension LaunchArguments {
    /// The typed options, or the first problem as one line naming it and the valid values. The
    /// checks run in this order, so the same command line always reports the same problem.
    func validated() throws(LaunchOptions.Stop) -> LaunchOptions {
        var options = LaunchOptions()
        if let strategy {
            guard let id = try? AnyStrategyID.parse(strategy, among: LabPages.strategies) else {
                throw .invalid(
                    tr(
                        "unknown strategy '%{strategy}'; valid: %{valid}",
                        ["strategy": strategy, "valid": ValidValues.list(LabPages.strategies)]))
            }
            options.strategy = id
        }
        if let page {
            guard let type = LabPages.type(named: page) else {
                throw .invalid(
                    tr("unknown page '%{page}'; valid: %{valid}", ["page": page, "valid": ValidValues.pages]))
            }
            options.page = type.id
        }
        if let scenario {
            guard let type = LabPages.type(named: scenario), !type.strategies.isEmpty else {
                throw .invalid(
                    tr(
                        "unknown scenario '%{scenario}'; valid: %{valid}",
                        ["scenario": scenario, "valid": ValidValues.scenarios]))
            }
            if let choice = options.strategy, choice.page != type.id {
                throw .invalid(
                    tr(
                        "strategy %{strategy} does not belong to scenario '%{scenario}'; valid for it: %{valid}",
                        [
                            "strategy": choice.rawValue, "scenario": scenario,
                            "valid": ValidValues.list(type.strategies),
                        ]))
            }
            options.scenario = type.id
        }
        if let timeScale { options.timeScale = try Self.validScale(timeScale) }
        if let screenshot {
            try Self.checkScreenshotPath(screenshot)
            options.screenshot = screenshot
        }
        if let windowActionsBy {
            guard FileProbe.isExecutable(windowActionsBy, searchPath: EnvironmentVariables.current.searchPath) else {
                throw .invalid(
                    tr(
                        "window-actions program '%{program}' is not an executable file; valid: a program path or a name found in PATH",
                        ["program": windowActionsBy]))
            }
            options.windowActionsBy = windowActionsBy
        }
        if let compare { options.compare = try validCompare(compare, scenario: options.scenario) }
        // Last: checking a report file creates it, so every other check has passed by then.
        if let report {
            guard FileProbe.canAppend(to: report) else {
                throw .invalid(
                    "report file '\(report)' cannot be written; valid: a file in an existing, writable folder")
            }
            options.report = report
        }
        return options
    }

    private static func validScale(_ text: String) throws(LaunchOptions.Stop) -> Double {
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
        return value
    }

    /// `--compare L,R`: two toast strategies, and, with `--scenario`, the toast's and no `--strategy`.
    private func validCompare(_ compare: String, scenario: PageID?) throws(LaunchOptions.Stop)
        -> LaunchOptions.ComparePair
    {
        let valid = ValidValues.compared
        let parts = compare.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else {
            throw .invalid(
                tr("--compare takes two strategies separated by a comma, e.g. T1,T2; valid: %{valid}", ["valid": valid])
            )
        }
        var ids: [ToastStrategyID] = []
        for part in parts {
            if let id = try? ToastStrategyID.parse(part) {
                ids.append(id)
            } else if let other = try? AnyStrategyID.parse(part, among: LabPages.strategies) {
                throw .invalid(
                    tr(
                        "strategy %{strategy} cannot be compared: compare mode runs the toast repro; valid: %{valid}",
                        ["strategy": other.rawValue, "valid": valid]))
            } else {
                throw .invalid(
                    tr(
                        "unknown strategy '%{strategy}' in --compare; valid: %{valid}",
                        ["strategy": part, "valid": valid]))
            }
        }
        if let typed = self.scenario, scenario != ToastPage.id {
            throw .invalid(
                tr(
                    "--compare runs the toast repro, not scenario '%{scenario}'; valid with --compare: --scenario toast",
                    ["scenario": typed]))
        }
        if self.scenario != nil, let strategy {
            throw .invalid(
                tr(
                    "--strategy %{strategy} and --compare both name what the scenario runs; valid: one of them (--strategy ID for one run, --compare ID,ID for two)",
                    ["strategy": strategy]))
        }
        return LaunchOptions.ComparePair(left: ids[0], right: ids[1])
    }

    /// A screenshot path must end in .png and sit in an existing folder we may write to.
    private static func checkScreenshotPath(_ path: String) throws(LaunchOptions.Stop) {
        guard path.lowercased().hasSuffix(".png") else {
            throw .invalid(
                tr(
                    "screenshot path '%{path}' must end in .png; valid: a .png file in a writable folder",
                    ["path": path]))
        }
        let folder = FileProbe.folder(of: path)
        guard FileProbe.isFolder(folder) else {
            throw .invalid(
                tr(
                    "screenshot folder '%{folder}' does not exist; valid: a .png file in an existing, writable folder",
                    ["folder": folder]))
        }
        guard FileProbe.canCreateFiles(in: folder) else {
            throw .invalid(
                tr(
                    "screenshot folder '%{folder}' is not writable; valid: a .png file in an existing, writable folder",
                    ["folder": folder]))
        }
    }
}

/// What the command line accepts, as `--help` and the error messages list it.
enum ValidValues {
    /// "toast, button, scene, server, navigation".
    static var pages: String { LabPages.all.map { $0.id.rawValue }.joined(separator: ", ") }

    /// The pages with a repro: what `--scenario` accepts.
    static var scenarios: String { LabPages.withScenario.map { $0.id.rawValue }.joined(separator: ", ") }

    /// "T1, T2, …": what `--compare` accepts.
    static var compared: String { CompareWindow.strategies.map(\.rawValue).joined(separator: ", ") }

    /// "T1–T8 (toast), B1–B3 (button), …": each page's strategies as a range.
    static var strategyRanges: String {
        LabPages.withScenario.map { page in
            let ids = page.strategies.map(\.rawValue)
            let range = ids.count > 1 ? "\(ids[0])–\(ids[ids.count - 1])" : ids.joined()
            return "\(range) (\(page.title.lowercased()))"
        }.joined(separator: ", ")
    }

    /// `ids` as "T1, T2, …".
    static func list(_ ids: [AnyStrategyID]) -> String { ids.map(\.rawValue).joined(separator: ", ") }
}
