import Gtk
import LabModel
import LifecycleCheckReport

/// Runs `lifecycle-lab-check --format json PATH…` for the Check page: found beside the running
/// binary (`LIFECYCLE_LAB_CHECK` names another), started as a child process and awaited without
/// blocking the main loop; its output is read into a report off the main thread (a report of
/// thousands of findings is megabytes of JSON).
@MainActor
final class CheckRunner {
    /// The process running now, if any.
    private var process: Subprocess?

    /// The running check's process ID (tests), or `nil`.
    var runningIdentifier: String? { process?.identifier }

    /// Starts the checker on `paths`; a run under way is stopped first. The process runs when
    /// this returns, so a ``stop()`` right after it kills this run.
    /// - Parameter paths: files and folders.
    /// - Returns: the started process, for ``report(of:)``, or why it could not start.
    func start(paths: [String]) -> Result<Subprocess, CheckFailure> {
        stop()
        // Read at each check, so a checker named while the app runs is the one used.
        let environment = EnvironmentVariables.now
        let (checker, fromEnvironment) = CheckHandover.checker(environment)
        guard FileProbe.isExecutable(checker, searchPath: environment.searchPath) else {
            return .failure(.checkerMissing(path: checker, fromEnvironment: fromEnvironment))
        }
        do {
            let started = try Subprocess(arguments: [checker, "--format", "json"] + paths)
            process = started
            return .success(started)
        } catch {
            return .failure(.couldNotStart(path: checker, reason: error.message))
        }
    }

    /// The report of a run ``start(paths:)`` began, once its process has exited.
    /// - Parameter run: what ``start(paths:)`` returned.
    /// - Returns: the report, or why there is none.
    func report(of run: Result<Subprocess, CheckFailure>) async -> Result<CheckReport, CheckFailure> {
        let started: Subprocess
        switch run {
        case .success(let process): started = process
        case .failure(let failure): return .failure(failure)
        }
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
