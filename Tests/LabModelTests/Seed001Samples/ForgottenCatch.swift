// Seed 001's first compile-time pitfall, in this lab's words: the app's Button page shows the
// code between the markers (`ButtonPitfalls.samples`), and `Seed001SampleTests` checks that the
// text there is this text. Being in the test target, it must build with no warning.

private struct ExecFailed: Error {}

@MainActor
enum ForgottenCatch {
    static func exec() async throws { throw ExecFailed() }

    // sample: forgotten-catch
    static func press() {
        Task {
            try await exec()  // compiles; the error it throws is never seen
        }
    }
    // end sample
}
