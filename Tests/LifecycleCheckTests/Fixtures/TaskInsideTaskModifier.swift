// swift-format-ignore-file
// SPEC T1 vs T2: `.task` is cancelled with the view; a `Task { }` started inside it is not. A
// defect when that inner task never ends; a risk (overlapping runs) when it writes a result.
import SwiftUI

struct FeedView: View {
    @State private var items: [String] = []
    @State private var now = Date()
    @State private var query = ""

    var body: some View {
        List(items, id: \.self) { Text($0) }
            .task {
                Task {  // expect: task-inside-task-modifier
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(1))
                        now = Date()
                    }
                }
            }
            .task(id: query) {
                Task { items = await load(query) }  // expect: overlapping-task-runs
            }
            .task {
                Task { await Self.prefetch() }  // expect: task-outlives-view
            }
            .task {
                items = await load(query)
            }
            .task {
                async let more = load(query)
                items += await more
            }
            .task {
                Task.detached { await Self.prefetch() }
            }
    }

    private func load(_ query: String) async -> [String] { await Store.search(query) }
    private static func prefetch() async { await Store.warm() }
}
