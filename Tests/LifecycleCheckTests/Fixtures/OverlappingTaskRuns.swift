// swift-format-ignore-file
// SPEC B1 → B3 and I1: each change or press starts one more task and nothing cancels the one
// before; when the work is slow the runs overlap and an older result can land last. A note:
// whether it happens depends on timing.
import SwiftUI

struct SearchView: View {
    @State private var query = ""
    @State private var results: [Account] = []
    let client: Client

    var body: some View {
        List(results) { Text($0.name) }
            .searchable(text: $query)
            .onChange(of: query) {
                Task { results = await client.search(query) }  // expect: overlapping-task-runs
            }
    }
}

// The photo picked is loaded in a method the change calls: a second pick while a slow (cloud)
// load runs can be overwritten by the first.
struct AvatarPicker: View {
    @State private var selection: PhotoItem?
    @State private var image: Image?

    var body: some View {
        PhotoPicker(selection: $selection)
            .onChange(of: selection) { load(selection) }
    }

    private func load(_ item: PhotoItem?) {
        guard let item else { return }
        Task {  // expect: overlapping-task-runs
            if let data = try? await item.loadData(), let picked = Image(data: data) {
                image = picked
            }
        }
    }
}

// A check of a server the person can edit between presses: the service is pointed at the URL,
// then asked; an earlier, slower answer can land last.
struct ServerSettings: View {
    @AppStorage("server") private var server = ""
    @State private var status = "unknown"

    var body: some View {
        TextField("Server", text: $server)
        Button("Check") { check() }
        Text(status)
    }

    private func check() {
        Task {  // expect: overlapping-task-runs
            Service.shared.configure(url: server)
            status = await Service.shared.reachable() ? "up" : "down"
        }
    }
}

// A `.task(id:)` defeated by a `Task` inside it: the modifier's cancel does not reach the fetch.
struct EntityPreview: View {
    let entityID: String
    @State private var state = ""

    var body: some View {
        Text(state).task(id: entityID) {
            Task { state = await Entities.fetchState(entityID) }  // expect: overlapping-task-runs
        }
    }
}

// No overlap: a button disabled while a run is on; a load on appear with no changing input;
// the `.task(id:)` the note recommends.
struct Settled: View {
    @State private var query = ""
    @State private var results: [Account] = []
    @State private var isChecking = false
    let client: Client

    var body: some View {
        List(results) { Text($0.name) }
            .onAppear { Task { results = await client.recent() } }  // expect: task-outlives-view
            .task(id: query) { results = await client.search(query) }
        Button("Check") {
            isChecking = true
            Task {
                results = await client.search(query)
                isChecking = false
            }
        }
        .disabled(isChecking)
    }
}
