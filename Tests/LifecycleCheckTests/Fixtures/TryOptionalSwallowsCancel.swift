// swift-format-ignore-file
// SPEC T3 (a trap): `try?` turns a cancel into `nil`, and whatever follows it still runs. It
// matters where that reaches beyond the view (a log, a model) or where the view stays
// (`.task(id:)`); once the view is gone, writing its own state changes nothing.
import SwiftUI

struct ToastTimerView: View {
    @Binding var isPresented: Bool
    @State private var status = ""
    @State private var loading = true
    @State private var job: Task<Void, Never>?
    @FocusState private var focused: Bool
    let analytics: Analytics

    var body: some View {
        Text("Toast")
            .task {
                try? await Task.sleep(for: .seconds(3))  // expect: try-optional-swallows-cancel
                isPresented = false
                print("auto-dismissed")
            }
            // Only the view's own state, once it is gone: nothing.
            .task {
                try? await Task.sleep(for: .milliseconds(100))
                loading = false
                focused = true
            }
            .task {
                try? await Task.sleep(for: .seconds(3))
                guard !Task.isCancelled else { return }
                analytics.log("read")
            }
            .task {
                try? await Task.sleep(for: .seconds(3))
                if Task.isCancelled { return }
                analytics.log("read")
            }
            .task {
                do {
                    try? await Task.sleep(for: .seconds(3))
                    try Task.checkCancellation()
                    analytics.log("read")
                } catch {}
            }
            // The view stays when `.task(id:)`'s value changes: the old run writes on.
            .task(id: status) {
                try? await Task.sleep(for: .seconds(1))  // expect: try-optional-swallows-cancel
                status = await fetchStatus()
            }
            .task {
                let fetched = try? await fetchStatus()
                guard let fetched else { return }
                analytics.log(fetched)
            }
            .task {
                if (try? await fetchStatus()) != nil {
                    analytics.log("ok")
                }
            }
            .task {
                var attempts = 0
                while attempts < 3 {
                    try? await Task.sleep(for: .seconds(1))
                    attempts += 1
                }
            }
            .task {
                do {
                    try await Task.sleep(for: .seconds(1))
                    _ = try? await fetchStatus()
                } catch {
                    print("stopped")
                }
                // Runs after a throw too: `try?` changes nothing here.
                analytics.log("done either way")
            }
            .task {
                // lifecycle: ignore try-optional-swallows-cancel
                try? await Task.sleep(for: .seconds(3))
                analytics.log("read")
            }
            // A run replaced by the next: the view stays, the cancelled run writes on.
            .onChange(of: status) {
                job?.cancel()
                job = Task {
                    try? await Task.sleep(for: .seconds(3))  // expect: try-optional-swallows-cancel
                    status = "stale"
                }
            }
            .onDisappear {
                job?.cancel()
            }
            .onTapGesture {
                // Nobody can cancel this task, so its `try?` swallows nothing.
                Task {
                    try? await Task.sleep(for: .seconds(1))
                    analytics.log("tapped")
                }
            }
    }

    private func fetchStatus() async throws -> String { try await Remote.status() }
}

// Plain code, no view closure: not judged.
func warmUp() async {
    try? await Task.sleep(for: .seconds(1))
    print("warm")
}
