/// A line the toast page's screen logs (SPEC §3). A judge matches these cases, never their text.
public enum ToastLine: ScreenLine {
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

    /// The line as it reads in the log.
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
        }
    }
}
