/// A line the scene-phase page's screen logs (seed 003). A judge matches these cases, never their text.
public enum ScenePhaseLine: ScreenLine {
    /// Load number `n` ran.
    case load(Int)
    /// The side effect was acquired.
    case sideEffectAcquired
    /// The side effect was released.
    case sideEffectReleased

    /// The line as it reads in the log.
    public var text: String {
        switch self {
        case .load(let n): "load #\(n)"
        case .sideEffectAcquired: "side effect acquired"
        case .sideEffectReleased: "side effect released"
        }
    }
}
