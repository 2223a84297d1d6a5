internal import CGtk

/// A child process whose standard output and error come back to this one, waited for without
/// blocking the main loop. Wraps `GSubprocess`.
///
/// ```swift
/// let process = try Subprocess(arguments: ["lifecycle-lab-check", "--format", "json", path])
/// let (output, errors) = try await process.communicateUTF8()
/// if case .exited(let status) = process.ending { … }
/// ```
/// Its standard input is `/dev/null`. ``forceExit()`` kills it; a wait under way then returns
/// with what the process wrote before it died.
@MainActor
public final class Subprocess: Object {
    /// How the process ended.
    public enum Ending: Sendable, Equatable {
        /// It exited with a status. Wraps `g_subprocess_get_exit_status`.
        case exited(Int)
        /// A signal killed it. Wraps `g_subprocess_get_term_sig`.
        case signaled(Int)
        /// Not yet ended, or not waited for.
        case running
    }

    private var cancellable: UnsafeMutablePointer<GCancellable>?

    /// Starts `arguments[0]` (a path, or a name looked up in `PATH`) with the rest as its
    /// arguments, its standard output and error piped here. Wraps `g_subprocess_newv` with
    /// `G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE`.
    /// - Parameter arguments: the program and its arguments.
    /// - Throws: ``GLibError`` when it cannot be started (no such program, not executable).
    public init(arguments: [String]) throws(GLibError) {
        precondition(!arguments.isEmpty, "Gtk.Subprocess: give at least the program to run")
        let flags = GSubprocessFlags(
            rawValue: G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue | G_SUBPROCESS_FLAGS_STDERR_PIPE.rawValue)
        let process = try GLibError.check { error in
            withCStringArray(arguments) { argv in g_subprocess_newv(argv, flags, error) }
        }
        super.init(UnsafeMutableRawPointer(process!), .adoptFullGio)
    }

    isolated deinit {
        if let cancellable { g_object_unref(cancellable) }
    }

    /// The process ID as text, or `nil` once it has ended. Wraps `g_subprocess_get_identifier`.
    public var identifier: String? { g_subprocess_get_identifier(opaque).map { String(cString: $0) } }

    /// Reads all of the process's standard output and error until it ends, without blocking
    /// the main loop, and returns both. Wraps `g_subprocess_communicate_utf8_async`.
    /// - Throws: ``GLibError`` when the output is not UTF-8, or after ``forceExit()``
    ///   cancelled the wait (`G_IO_ERROR_CANCELLED`).
    public func communicateUTF8() async throws(GLibError) -> (output: String, errorOutput: String) {
        let cancellable = g_cancellable_new()
        if let old = self.cancellable { g_object_unref(old) }
        self.cancellable = cancellable
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<(String, String), GLibError>, Never>) in
            let box = ClosureBox<CommunicateBody> { result in continuation.resume(returning: result) }
            g_subprocess_communicate_utf8_async(opaque, nil, cancellable, communicateDone, box.retainForGLib())
        }
        return try result.get()
    }

    /// Kills the process (`SIGKILL`) and stops a wait under way. Wraps `g_subprocess_force_exit`
    /// and `g_cancellable_cancel`.
    public func forceExit() {
        g_subprocess_force_exit(opaque)
        if let cancellable { g_cancellable_cancel(cancellable) }
    }

    /// How the process ended, once ``communicateUTF8()`` returned. Wraps
    /// `g_subprocess_get_if_exited` and `g_subprocess_get_if_signaled`.
    public var ending: Ending {
        guard identifier == nil else { return .running }
        if g_subprocess_get_if_exited(opaque) != 0 { return .exited(Int(g_subprocess_get_exit_status(opaque))) }
        if g_subprocess_get_if_signaled(opaque) != 0 { return .signaled(Int(g_subprocess_get_term_sig(opaque))) }
        return .running
    }
}

private typealias CommunicateBody = @MainActor (Result<(String, String), GLibError>) -> Void

/// `GAsyncReadyCallback` of `g_subprocess_communicate_utf8_async`: finishes, hands the result to
/// the box's closure, and releases the box.
private let communicateDone: GAsyncReadyCallback = { source, result, data in
    var output: UnsafeMutablePointer<CChar>?
    var errorOutput: UnsafeMutablePointer<CChar>?
    var error: UnsafeMutablePointer<GError>?
    g_subprocess_communicate_utf8_finish(OpaquePointer(source), result, &output, &errorOutput, &error)
    let value: Result<(String, String), GLibError>
    if let error {
        value = .failure(GLibError(consuming: error))
    } else {
        value = .success((output.map { String(cString: $0) } ?? "", errorOutput.map { String(cString: $0) } ?? ""))
    }
    g_free(output)
    g_free(errorOutput)
    let box = ClosureBox<CommunicateBody>.from(data)
    MainActor.assumeIsolated { box.body?(value) }
    GLibClosureBox.releaseFromGLib(data)
}
