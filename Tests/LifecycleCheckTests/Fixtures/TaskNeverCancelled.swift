// swift-format-ignore-file
// SPEC T1 and B1: unstructured tasks started in view closures that nobody keeps or cancels,
// next to the forms the seeds call right (detached, must-finish, kept and cancelled, .task).
import SwiftUI

struct BannerView: View {
    @State private var shown = true
    @State private var hideTask: Task<Void, Never>?

    var body: some View {
        VStack {
            if shown {
                Text("Saved")
                    .onAppear {
                        Task {  // expect: task-never-cancelled
                            await hideLater()
                        }
                    }
            }
            Text("With a priority")
                .onAppear {
                    Task(priority: .background) { await hideLater() }  // expect: task-never-cancelled
                }
            Text("On the main actor")
                .onAppear {
                    Task { @MainActor in  // expect: task-never-cancelled
                        await hideLater()
                        shown.toggle()
                    }
                }
            Text("A hop to the main actor, nothing to wait for")
                .onAppear {
                    // It never suspends, so it runs to its end at once: nothing to cancel.
                    Task { @MainActor in shown.toggle() }
                }
            Text("Tapped")
                .onTapGesture {
                    Task<Void, Never> { await hideLater() }  // expect: task-never-cancelled
                }
            Text("Kept in a local only")
                .onAppear {
                    let pending = Task { await hideLater() }  // expect: task-never-cancelled
                    print("started")
                }
            Text("Synchronous work")
                .onAppear {
                    shown = true
                }
            Text("Detached on purpose")
                .onAppear {
                    Task.detached { await Self.upload() }
                }
            Text("Must finish, marked on its line")
                .onAppear {
                    Task { await Self.upload() }  // lifecycle: must-finish
                }
            Text("Must finish, marked above")
                .onAppear {
                    // lifecycle: must-finish
                    Task { await Self.upload() }
                }
            Text("Silenced")
                .onAppear {
                    // lifecycle: ignore task-never-cancelled
                    Task { await hideLater() }
                }
            Text("Kept and cancelled")
                .onAppear {
                    hideTask = Task { await hideLater() }
                }
                .onDisappear {
                    hideTask?.cancel()
                }
            Text("Structured")
                .task {
                    await hideLater()
                }
        }
    }

    private func hideLater() async {
        do {
            try await Task.sleep(for: .seconds(2))
            shown = false
        } catch {}
    }

    // A view's own method runs for the view, so its task is the view's too.
    private func refresh() {
        Task { await hideLater() }  // expect: task-never-cancelled
    }

    private static func upload() async {}
}

struct UploadButtons: View {
    var body: some View {
        Button("Upload") {
            Task { await send() }  // expect: task-never-cancelled
        }
        Button {
            Task { await send() }  // expect: task-never-cancelled
        } label: {
            Text("Upload again")
        }
        Button(action: {
            Task { await send() }  // expect: task-never-cancelled
        }) {
            Text("Upload once more")
        }
    }

    private func send() async {}
}

// Not view code: a model's method and a free function have no view lifecycle to follow.
final class Uploader {
    func start() {
        Task { await work() }
    }

    func work() async {}
}

func startInBackground() {
    Task { print("plain function") }
}
