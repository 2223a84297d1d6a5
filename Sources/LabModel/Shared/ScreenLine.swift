/// A line a screen logs, typed: what the strategies write and the scenario judges read.
///
/// A judge matches these cases, never their text, so a line cannot be renamed on one side only;
/// ``text`` is what a person reads in the log and in a verdict's JSON.
public enum ScreenLine: Sendable, Hashable {
    // MARK: Toast (SPEC §3)

    /// A toast's timer began its sleep of D.
    case sleepStart
    /// A toast's timer slept its D out.
    case sleepEnd
    /// A toast's timer was cancelled during its sleep.
    case taskCancel
    /// A toast's timer's sleep threw something other than a cancellation.
    case error
    /// T3's timer hid the toast (also when its cancelled sleep returned early).
    case autoDismissed
    /// T7's countdown was cancelled.
    case countdownCancelled
    /// T8's save began.
    case saveStart
    /// T8's save ran to its end.
    case saved
    /// T8's save was cancelled.
    case saveCancelled

    // MARK: Button (seed 001)

    /// Exec number `n` started.
    case execStart(Int)
    /// Exec number `n` was cancelled.
    case execCancelled(Int)
    /// Exec number `n` threw.
    case execThrew(Int)
    /// Exec number `n` ran to its end.
    case execDone(Int)
    /// B2's view state cancelled its running exec.
    case viewCancelledExec
    /// An error was shown to the user.
    case shownToUser(String)

    // MARK: Scene phase (seed 003)

    /// Load number `n` ran.
    case load(Int)
    /// The side effect was acquired.
    case sideEffectAcquired
    /// The side effect was released.
    case sideEffectReleased

    // MARK: Server (seed 004)

    /// The view began listening to a server.
    case listening(Server)
    /// The view stopped listening to a server.
    case stoppedListening(Server)
    /// A server's status reached the view.
    case status(Server, String)

    /// The line as it reads in the log: "sleep start", "exec #1 start" …
    public var text: String {
        switch self {
        case .sleepStart: "sleep start"
        case .sleepEnd: "sleep end"
        case .taskCancel: "task cancel"
        case .error: "error"
        case .autoDismissed: "auto-dismissed"
        case .countdownCancelled: "countdown cancelled"
        case .saveStart: "save start"
        case .saved: "saved"
        case .saveCancelled: "save cancelled"
        case .execStart(let n): "exec #\(n) start"
        case .execCancelled(let n): "exec #\(n) cancelled"
        case .execThrew(let n): "exec #\(n) threw"
        case .execDone(let n): "exec #\(n) done"
        case .viewCancelledExec: "exec cancelled"
        case .shownToUser(let error): "shown to the user: \(error)"
        case .load(let n): "load #\(n)"
        case .sideEffectAcquired: "side effect acquired"
        case .sideEffectReleased: "side effect released"
        case .listening(let server): "listening to \(server)"
        case .stoppedListening(let server): "stopped listening to \(server)"
        case .status(let server, let status): "\(server): \(status)"
        }
    }

    /// Whether this is an exec's start ("exec #n start").
    public var isExecStart: Bool {
        if case .execStart = self { true } else { false }
    }
}
