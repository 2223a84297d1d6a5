// swift-format-ignore-file
// SPEC T3: `try?` turns the view's cancel into `nil`, and whatever follows it still runs.
import SwiftUI

struct ToastTimerView: View {
    @Binding var isPresented: Bool
    @State private var status = ""
    @State private var job: Task<Void, Never>?

    var body: some View {
        Text("Toast")
            .task {
                try? await Task.sleep(for: .seconds(3))  // expect: try-optional-swallows-cancel
                isPresented = false
            }
            .task {
                try? await Task.sleep(for: .seconds(3))
            }
            .task {
                try? await Task.sleep(for: .seconds(3))
                guard !Task.isCancelled else { return }
                isPresented = false
            }
            .task {
                try? await Task.sleep(for: .seconds(3))
                if Task.isCancelled { return }
                isPresented = false
            }
            .task {
                do {
                    try? await Task.sleep(for: .seconds(3))
                    try Task.checkCancellation()
                    isPresented = false
                } catch {}
            }
            .task(id: status) {
                try? await Task.sleep(for: .seconds(1))  // expect: try-optional-swallows-cancel
                status = "refreshed"
            }
            .task {
                while true {
                    try? await Task.sleep(for: .seconds(1))  // expect: try-optional-swallows-cancel
                }
            }
            .task {
                repeat {
                    status = "tick"
                    try? await Task.sleep(for: .seconds(1))  // expect: try-optional-swallows-cancel
                } while true
            }
            .task {
                let fetched = try? await fetchStatus()
                guard let fetched else { return }
                status = fetched
            }
            .task {
                if (try? await fetchStatus()) != nil {
                    status = "ok"
                }
            }
            .task {
                do {
                    try await Task.sleep(for: .seconds(3))
                    isPresented = false
                } catch {
                    print("cancelled")
                }
            }
            .task {
                if !status.isEmpty {
                    try? await Task.sleep(for: .seconds(1))  // expect: try-optional-swallows-cancel
                }
                status = "late"
            }
            .task {
                do {
                    try await Task.sleep(for: .seconds(1))
                    _ = try? await fetchStatus()
                } catch {
                    print("stopped")
                }
                // Runs after a throw too: `try?` changes nothing here.
                status = "done either way"
            }
            .task {
                // lifecycle: ignore try-optional-swallows-cancel
                try? await Task.sleep(for: .seconds(3))
                isPresented = false
            }
            .onAppear {
                job = Task {
                    try? await Task.sleep(for: .seconds(3))  // expect: try-optional-swallows-cancel
                    isPresented = false
                }
            }
            .onDisappear {
                job?.cancel()
            }
            .onTapGesture {
                // Nobody can cancel this task, so its `try?` swallows nothing; the task itself is the bug.
                Task {  // expect: task-never-cancelled
                    try? await Task.sleep(for: .seconds(1))
                    isPresented = false
                }
            }
    }

    private func fetchStatus() async throws -> String { "ok" }
}

// Plain code, no view closure: not judged.
func warmUp() async {
    try? await Task.sleep(for: .seconds(1))
    print("warm")
}
