// Seed 001's second pitfall, in this lab's words: which `Task` initializer the closure picks,
// and so which type the task has. Shown on the app's Button page (see ForgottenCatch.swift).

@MainActor
enum TwoInitializers {
    static func exec() async throws {}
    static func report(_ error: any Error) {}

    // sample: two-initializers
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
    // end sample
}
