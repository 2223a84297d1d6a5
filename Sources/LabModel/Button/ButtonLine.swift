/// A line the button page's screen logs (seed 001). A judge matches these cases, never their text.
public enum ButtonLine: ScreenLine {
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

    /// The line as it reads in the log.
    public var text: String {
        switch self {
        case .execStart(let n): "exec #\(n) start"
        case .execCancelled(let n): "exec #\(n) cancelled"
        case .execThrew(let n): "exec #\(n) threw"
        case .execDone(let n): "exec #\(n) done"
        case .viewCancelledExec: "exec cancelled"
        case .shownToUser(let error): "shown to the user: \(error)"
        }
    }

    /// Whether this is an exec's start ("exec #n start").
    public var isExecStart: Bool {
        if case .execStart = self { true } else { false }
    }
}
