import Gettext

/// A short code sample the app shows, with what it teaches.
public struct CodeSample: Sendable, Hashable, Identifiable {
    /// A stable name: the marker of its source in the tests (`// sample: forgotten-catch`).
    public let id: String
    /// One line saying what goes wrong.
    public let title: String
    /// The Swift code, as shown.
    public let code: String
    /// What happens, in a sentence or two.
    public let note: String
    /// For a sample that must not compile: the compiler's error, as Swift 6.3 prints it; `nil`
    /// for a sample that compiles.
    public let compilerError: String?

    /// Whether the sample compiles.
    public var compiles: Bool { compilerError == nil }
}

/// Seed 001's compile-time pitfalls of `Task { … }` in a button's action (B1, B2), as code
/// samples written for this lab.
///
/// One source of truth: the samples that compile are files of the test target
/// (`Tests/LabModelTests/Seed001Samples`), built with the tests, and a test checks that the code
/// here is theirs; the sample that must not compile is type-checked by a test with the installed
/// `swiftc`, which must print ``CodeSample/compilerError``.
public enum ButtonPitfalls {
    /// What the seed concludes: `.task(id:)` (B3) avoids all three, as its action cannot throw
    /// and no `Task` is kept by hand.
    public static var conclusion: String {
        tr("Seed 001: .task(id:) (B3) avoids all three: its action cannot throw, and there is no Task to keep.")
    }

    /// The samples, in the order the page shows them.
    public static let samples: [CodeSample] = [forgottenCatch, twoInitializers, stateTypeMismatch]

    /// A throwing `Task {}` compiles without do/catch; the error vanishes (B1).
    public static let forgottenCatch = CodeSample(
        id: "forgotten-catch",
        title: tr("A throwing Task {} compiles without do/catch"),
        code: """
            static func press() {
                Task {
                    try await exec()  // compiles; the error it throws is never seen
                }
            }
            """,
        note:
            tr(
                "The closure throws, so Task picks its throwing initializer: no error, no warning, and nobody reads the error (B1)."
            ),
        compilerError: nil)

    /// The closure decides the initializer, and so the task's type.
    public static let twoInitializers = CodeSample(
        id: "two-initializers",
        title: tr("Two initializers, two types"),
        code: """
            static func press() {
                // Every error caught inside: the non-throwing init.
                let caught: Task<Void, Never> = Task {
                    do { try await exec() } catch { report(error) }
                }
                // A `try` left in the closure: the throwing init.
                let uncaught: Task<Void, any Error> = Task {
                    try await exec()
                }
                _ = (caught, uncaught)
            }
            """,
        note: tr("Whether a try is left in the closure picks the initializer, and so the Task's Failure type."),
        compilerError: nil)

    /// A task kept in state as `Task<Void, Never>` cannot take a throwing closure.
    public static let stateTypeMismatch = CodeSample(
        id: "state-type-mismatch",
        title: tr("The kept Task's type must follow the closure"),
        code: """
            @MainActor
            final class ActionPage {
                var running: Task<Void, Never>?  // kept, to cancel it later (B2)

                func press() {
                    running?.cancel()
                    running = Task {
                        try await exec()  // the closure throws now
                    }
                }
            }
            """,
        note:
            tr(
                "Drop the do/catch and the closure throws: its Task is Task<Void, any Error>, which the property cannot hold. The fix is to catch inside (B2), not to change the property's type, which would let the error vanish again."
            ),
        compilerError: "no exact matches in call to initializer")
}
