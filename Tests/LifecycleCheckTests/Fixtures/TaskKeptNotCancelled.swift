// swift-format-ignore-file
// SPEC T4: keeping the handle is half of the fix; something must also cancel it where the view
// goes. A cancel made only before the next run leaves the last one running.
import SwiftUI

struct Dashboard: View {
    @State private var load = 0.0
    @State private var poller: Task<Void, Never>?
    @State private var ticker: Task<Void, Never>?
    @State private var refresher: Task<Void, Never>?

    var body: some View {
        Gauge(value: load) { Text("CPU") }
            .onAppear {  // expect: no-scene-phase
                poller?.cancel()
                poller = Task {  // expect: task-kept-not-cancelled
                    while !Task.isCancelled {
                        load = await Metrics.cpu()
                        try? await Task.sleep(for: .seconds(2))
                    }
                }
                self.ticker = Task { await tick() }
                refresher = Task { await tick() }
            }
            .onDisappear {
                ticker?.cancel()
                stopRefreshing()
            }
    }

    private func stopRefreshing() {
        self.refresher?.cancel()
    }

    private func tick() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            load += 1
        }
    }
}

// The toast of T4 without its `onDisappear`: the kept timer hides the next showing.
struct Banner: View {
    @Binding var isShown: Bool
    @State private var hide: Task<Void, Never>?

    var body: some View {
        Text("Sent").onAppear {
            hide = Task {  // expect: task-kept-not-cancelled
                try? await Task.sleep(for: .seconds(3))
                isShown = false
            }
        }
    }
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

// Cancelled before each new search: the last one outlives the view, but writes only its own
// state, and no older run can race a newer one.
struct SearchField: View {
    @State private var query = ""
    @State private var hits: [Hit] = []
    @State private var search: Task<Void, Never>?

    var body: some View {
        TextField("Search", text: $query)
            .onChange(of: query) {
                search?.cancel()
                search = Task { hits = await Index.lookup(query) }
            }
    }
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
    @State private var count = 0

    var body: some View {
        Button("Save") { saveTask = Task { await work() } }
        Button("Load") { loadTask = Task { await work() } }
        Button("Check") { checkTask = Task { await work() } }
            .onDisappear(perform: cancelAll)
    }

    private func cancelAll() {
        [saveTask, loadTask].forEach { $0?.cancel() }
        for task in [checkTask] { task?.cancel() }
    }

    private func work() async {
        while true {
            try? await Task.sleep(for: .seconds(1))
            count += 1
        }
    }
}
