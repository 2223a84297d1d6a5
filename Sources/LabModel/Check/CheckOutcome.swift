import Gettext
public import LifecycleCheckReport

/// How the checker process ended.
public enum CheckExit: Sendable, Equatable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int)
    /// A signal killed it.
    case killed(signal: Int)

    /// "exit 2", "signal 9".
    public var description: String {
        switch self {
        case .exited(let status): "exit \(status)"
        case .killed(let signal): "signal \(signal)"
        }
    }
}

/// Why a check showed no report: what is wrong and what to do, in the person's language.
public enum CheckFailure: Error, Sendable, Equatable {
    /// No checker at `path`; `fromEnvironment` when `LIFECYCLE_LAB_CHECK` named it.
    case checkerMissing(path: String, fromEnvironment: Bool)
    /// The checker is there but could not be started (the system's reason).
    case couldNotStart(path: String, reason: String)
    /// It refused the input (exit 2 without a report) or ended otherwise than the contract
    /// says (another status, a signal); its last words on standard error.
    case stopped(CheckExit, stderr: String)
    /// Its output is not a report.
    case unreadableOutput(CheckReportError, stderr: String)

    /// The error state's title.
    public var title: String {
        switch self {
        case .checkerMissing: tr("The checker is missing")
        case .couldNotStart: tr("The checker could not start")
        case .stopped: tr("The checker stopped")
        case .unreadableOutput: tr("The checker's answer could not be read")
        }
    }

    /// What went wrong and what to do about it.
    public var explanation: String {
        switch self {
        case .checkerMissing(let path, true):
            tr(
                "LIFECYCLE_LAB_CHECK names %{path}, which is not an executable file. Point it at lifecycle-lab-check, or unset it to use the checker installed beside Lifecycle Lab.",
                ["path": path])
        case .checkerMissing(let path, false):
            tr(
                "lifecycle-lab-check is not installed beside Lifecycle Lab (looked for %{path}). Build it with “swift build --product lifecycle-lab-check” or reinstall Lifecycle Lab; LIFECYCLE_LAB_CHECK can name another copy.",
                ["path": path])
        case .couldNotStart(let path, let reason):
            tr("%{path} could not be started: %{reason}.", ["path": path, "reason": reason])
        case .stopped(let exit, let stderr):
            Self.withLastWords(
                tr(
                    "lifecycle-lab-check ended with %{how} and gave no report. Check that the files exist and are Swift files, or run lifecycle-lab-check in a terminal to see more.",
                    ["how": exit.description]), stderr)
        case .unreadableOutput(let error, let stderr):
            Self.withLastWords(
                tr(
                    "Its output is not the report this version of Lifecycle Lab reads (%{reason}). Check that lifecycle-lab-check is the one installed with Lifecycle Lab, or that LIFECYCLE_LAB_CHECK names it.",
                    ["reason": error.description]), stderr)
        }
    }

    private static func withLastWords(_ text: String, _ stderr: String) -> String {
        let lines = stderr.split(separator: "\n").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        guard let last = lines.last else { return text }
        return text + "\n" + tr("It said: %{line}", ["line": last])
    }
}

/// What a finished checker run gave the page: the contract's exit statuses read into a report
/// or a failure.
public enum CheckOutcome {
    /// Reads a run: exit 0 or 1 must come with a report; exit 2 may (some files could not be
    /// read: the report lists them) or may not (bad input: a failure with its message); any
    /// other end is a failure.
    /// - Parameters:
    ///   - exit: how the process ended.
    ///   - stdout: its standard output.
    ///   - stderr: its standard error.
    public static func interpret(exit: CheckExit, stdout: String, stderr: String) -> Result<CheckReport, CheckFailure> {
        switch exit {
        case .exited(0), .exited(1):
            do {
                return .success(try CheckReport.decode(stdout))
            } catch {
                return .failure(.unreadableOutput(error, stderr: stderr))
            }
        case .exited(2):
            guard let report = try? CheckReport.decode(stdout) else { return .failure(.stopped(exit, stderr: stderr)) }
            return .success(report)
        default:
            return .failure(.stopped(exit, stderr: stderr))
        }
    }
}

/// The Check page's state: nothing opened yet, a check running, its report, or why there is none.
public enum CheckPageState: Sendable, Equatable {
    /// Nothing opened yet: the empty state.
    case idle
    /// The checker is reading `paths`.
    case running(paths: [String])
    /// The checker's report on `paths`.
    case done(CheckReport, paths: [String])
    /// No report for `paths`, and why.
    case failed(CheckFailure, paths: [String])
}

/// The Check page's decisions, without GTK: which run's answer counts. Every open starts a new
/// run and makes the one before it stale (the page kills its process); a stale run's answer is
/// ignored.
///
/// ```swift
/// var session = CheckSession()
/// let run = session.start(paths: ["/src"])       // .running
/// session.finish(run, with: .success(report))    // .done
/// ```
public struct CheckSession: Sendable {
    /// What the page shows.
    public private(set) var state: CheckPageState = .idle
    /// The number of the newest run (0 before the first).
    public private(set) var runNumber = 0
    /// The paths of the check shown (running, done or failed), for *Check again*; none when idle.
    public var paths: [String] {
        switch state {
        case .idle: []
        case .running(let paths), .done(_, let paths), .failed(_, let paths): paths
        }
    }

    /// A session showing the empty state.
    public init() {}

    /// Starts a run on `paths`; a run still going becomes stale.
    /// - Parameter paths: the files and folders to check.
    /// - Returns: the run's number, to give to ``finish(_:with:)``.
    public mutating func start(paths: [String]) -> Int {
        runNumber += 1
        state = .running(paths: paths)
        return runNumber
    }

    /// Records run `number`'s answer; returns `false` (and changes nothing) for a stale run.
    /// - Parameters:
    ///   - number: the run's number from ``start(paths:)``.
    ///   - result: the report, or why there is none.
    @discardableResult
    public mutating func finish(_ number: Int, with result: Result<CheckReport, CheckFailure>) -> Bool {
        guard number == runNumber, case .running(let paths) = state else { return false }
        switch result {
        case .success(let report): state = .done(report, paths: paths)
        case .failure(let failure): state = .failed(failure, paths: paths)
        }
        return true
    }

    /// Stops the running check (nothing to show for it): back to the empty state. Returns
    /// whether a run was going.
    @discardableResult
    public mutating func stop() -> Bool {
        guard case .running = state else { return false }
        runNumber += 1
        state = .idle
        return true
    }
}

extension PageID {
    /// The Check page: the seeds' task mistakes found in a person's own SwiftUI code.
    public static let check = PageID("check")
}

extension PageDescriptor {
    /// The Check page: no strategy and no scripted repro of its own; each finding it lists
    /// opens the live repro of another page (``LifecycleCheckReport/LiveRepro``).
    public static let check = PageDescriptor(
        id: .check, title: { tr("Check") }, strategies: [], durations: [],
        screenshotMoment: { $0.toastDuration }, dependsOnSession: false)
}
