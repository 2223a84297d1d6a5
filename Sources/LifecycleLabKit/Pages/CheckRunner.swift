import Gtk
import LabModel

/// Runs `lifecycle-lab-check --format json PATH…` for the Check page: found beside the running
/// binary (`LIFECYCLE_LAB_CHECK` names another), started as a child process and awaited without
/// blocking the main loop; its output is read into a report off the main thread (a report of
/// thousands of findings is megabytes of JSON).
@MainActor
final class CheckRunner {
    /// The process running now, if any.
    private var process: Subprocess?

    /// The checker to run: `LIFECYCLE_LAB_CHECK` when set (a path, or a name found in `PATH`),
    /// else `lifecycle-lab-check` in the folder of the running binary.
    static func checker(_ environment: EnvironmentVariables) -> (path: String, fromEnvironment: Bool) {
        if let named = environment.checker { return (named, true) }
        return ((Resources.executableFolder ?? ".") + "/" + CheckHandover.executableName, false)
    }

    /// The running check's process ID (tests), or `nil`.
    var runningIdentifier: String? { process?.identifier }

    /// Checks `paths`; a run under way is stopped first.
    /// - Parameter paths: files and folders.
    /// - Returns: the report, or why there is none.
    func run(paths: [String]) async -> Result<CheckReport, CheckFailure> {
        stop()
        // Read at each check, so a checker named while the app runs is the one used.
        let environment = EnvironmentVariables.now
        let (checker, fromEnvironment) = Self.checker(environment)
        guard FileProbe.isExecutable(checker, searchPath: environment.searchPath) else {
            return .failure(.checkerMissing(path: checker, fromEnvironment: fromEnvironment))
        }
        let started: Subprocess
        do {
            started = try Subprocess(arguments: [checker, "--format", "json"] + paths)
        } catch {
            return .failure(.couldNotStart(path: checker, reason: error.message))
        }
        process = started
        defer { if process === started { process = nil } }
        let output: (output: String, errorOutput: String)
        do {
            output = try await started.communicateUTF8()
        } catch {
            // Stopped (the page ignores a stopped run's answer), or not UTF-8.
            return .failure(.unreadableOutput(.notText(error.message), stderr: ""))
        }
        let exit: CheckExit =
            switch started.ending {
            case .exited(let status): .exited(status)
            case .signaled(let signal): .killed(signal: signal)
            case .running: .killed(signal: 0)
            }
        return await Task.detached(priority: .userInitiated) {
            CheckOutcome.interpret(exit: exit, stdout: output.output, stderr: output.errorOutput)
        }.value
    }

    /// Kills the running checker, if any; its run returns a failure the page ignores.
    func stop() {
        process?.forceExit()
        process = nil
    }
}
