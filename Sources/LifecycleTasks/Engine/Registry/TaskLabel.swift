/// Where a task comes from: a short tag that groups the tasks one piece of code starts, beside
/// each task's own name. The registry keeps it in every ``TaskRecord``, so a panel or a test can
/// tell, say, the feed's refresh tasks from the thumbnails' downloads.
///
/// The modifiers label their tasks ``task``, ``taskID`` and ``taskWhile`` unless told otherwise;
/// any string literal is a label, and an app can name its own once:
///
/// ```swift
/// extension TaskLabel {
///     static let sync: TaskLabel = "sync"
/// }
///
/// node.task(name: "pull changes", label: .sync) { await pull() }
/// registry.unstructuredTask(name: "save draft", label: "editor", owner: node) { try await save() }
/// ```
public struct TaskLabel: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The label's text, as a panel shows it.
    public let rawValue: String

    /// Makes a label from its text.
    /// - Parameter rawValue: the text, as a panel shows it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Makes a label from its text (`TaskLabel(strategy.rawValue)`).
    /// - Parameter rawValue: the text, as a panel shows it.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Makes a label from a string literal: `label: "sync"`.
    /// - Parameter value: the text, as a panel shows it.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The text.
    public var description: String { rawValue }

    /// The default of ``LifecycleNode/task(name:label:priority:_:)``: `.task`.
    public static let task: TaskLabel = ".task"
    /// The default of ``LifecycleNode/task(id:name:label:priority:_:)``: `.task(id:)`.
    public static let taskID: TaskLabel = ".task(id:)"
    /// The default of ``LifecycleNode/task(while:name:label:priority:_:)``: `.task(while:)`.
    public static let taskWhile: TaskLabel = ".task(while:)"
}
