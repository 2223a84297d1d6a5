// swift-format-ignore-file
// View fragments as snippets show them (no enclosing type), as the lab's SwiftUI shapes are:
// SPEC T1, T4 and B1 at the top level of a file.
@State private var task: Task<Void, Never>?

if isPresented {
    ToastView()
        .onAppear {
            Task {  // expect: task-never-cancelled
                try await Task.sleep(for: .seconds(3))
                isPresented = false
            }
        }
}

ToastView()
    .onAppear {
        task = Task { await dismissLater() }
    }
    .onDisappear {
        task?.cancel()
    }

Button("Send") {
    Task { try await send() }  // expect: task-error-dropped
}

func plainHelper() {
    Task { await dismissLater() }
}
