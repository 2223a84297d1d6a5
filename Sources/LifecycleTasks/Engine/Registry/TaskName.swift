/// A task's name, what it does as a panel and the log show it, and, when its starter gives one,
/// its ``TaskKind``: what the task is to code that reads the registry. The text is for people
/// and may change; the kind is what a test or a tool looks for, so renaming a task breaks
/// nothing that reads its kind.
///
/// Any string literal is a name with no kind; an app names the tasks it looks for once:
///
/// ```swift
/// extension TaskKind {
///     static let sync: TaskKind = "sync"
/// }
/// extension TaskName {
///     static let pullChanges = TaskName("pull changes", kind: .sync)
/// }
///
/// node.task(name: .pullChanges) { await pull() }
/// registry.records.filter { $0.kind == .sync }
/// ```
public struct TaskName: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// What the task does, as a panel shows it.
    public let text: String
    /// What the task is to code that looks for it; `nil` for a task nobody looks for.
    public let kind: TaskKind?

    /// Makes a name.
    /// - Parameters:
    ///   - text: what the task does, as a panel shows it.
    ///   - kind: what the task is to code that looks for it.
    public init(_ text: String, kind: TaskKind? = nil) {
        self.text = text
        self.kind = kind
    }

    /// Makes a name with no kind from a string literal: `name: "pull changes"`.
    /// - Parameter value: what the task does, as a panel shows it.
    public init(stringLiteral value: String) { self.init(value) }

    /// The text.
    public var description: String { text }
}

/// What a task is, to code that reads the registry (see ``TaskName``): a short tag that stays
/// when the task's name, its text for people, is reworded. Any string literal is a kind.
public struct TaskKind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The kind's tag.
    public let rawValue: String

    /// Makes a kind from its tag.
    /// - Parameter rawValue: the tag.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Makes a kind from a string literal: `static let sync: TaskKind = "sync"`.
    /// - Parameter value: the tag.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The tag.
    public var description: String { rawValue }
}
