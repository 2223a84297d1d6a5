/// A line a screen logs, typed: what the strategies write and the scenario judges read.
///
/// Each page declares its own lines as an enum conforming to this (``ToastLine``,
/// ``ButtonLine`` …). A judge matches cases, never their text, so a line cannot be renamed on
/// one side only; ``text`` is what a person reads in the log and in a verdict's JSON.
public protocol ScreenLine: Sendable, Hashable {
    /// The line as it reads in the log: "sleep start", "exec #1 start" …
    var text: String { get }
}

extension ScreenLine {
    /// Whether `other` is this very line (of the same page's type).
    func isSame(as other: any ScreenLine) -> Bool { (other as? Self) == self }
}
