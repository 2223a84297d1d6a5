// swift-format-ignore-file
// SPEC T4: keeping the handle is half of the fix; something must also cancel it.
import SwiftUI

struct CountdownView: View {
    @State private var countdown: Task<Void, Never>?
    @State private var ticker: Task<Void, Never>?
    @State private var refresher: Task<Void, Never>?

    var body: some View {
        Text("Counting")
            .onAppear {
                countdown = Task { await count() }  // expect: task-kept-not-cancelled
                self.ticker = Task { await count() }
                refresher = Task { await count() }
            }
            .onDisappear {
                ticker?.cancel()
                stopRefreshing()
            }
    }

    private func stopRefreshing() {
        self.refresher?.cancel()
    }

    private func count() async {}
}

// SPEC B2: cancel the previous run before a new one, and the last one on disappear.
struct ActionView: View {
    @State private var currentTask: Task<Void, Never>?

    var body: some View {
        Button("Action!") {
            currentTask?.cancel()
            currentTask = Task {
                do {
                    try await exec()
                } catch {
                    print("failed: \(error)")
                }
            }
        }
        .onDisappear {
            currentTask?.cancel()
        }
    }

    private func exec() async throws {}
}

// A handle kept by a model is the model's to cancel; the checker cannot follow it.
struct ModelView: View {
    let model: JobModel

    var body: some View {
        Text("Model")
            .onAppear {
                model.job = Task { await model.run() }
            }
    }
}

// Several handles cancelled through a list count as cancelled.
struct FormView: View {
    @State private var saveTask: Task<Void, Never>?
    @State private var loadTask: Task<Void, Never>?
    @State private var checkTask: Task<Void, Never>?
    @State private var sendTask: Task<Void, Never>?

    var body: some View {
        Button("Save") { saveTask = Task { await work() } }
        Button("Load") { loadTask = Task { await work() } }
        Button("Check") { checkTask = Task { await work() } }
        Button("Send") { sendTask = Task { await work() } }  // expect: task-kept-not-cancelled
            .onDisappear(perform: cancelAll)
    }

    private func cancelAll() {
        [saveTask, loadTask].forEach { $0?.cancel() }
        for task in [checkTask] { task?.cancel() }
    }

    private func work() async {}
}
