// swift-format-ignore-file
// SPEC T1 vs T2: `.task` is cancelled with the view; a `Task { }` started inside it is not.
import SwiftUI

struct FeedView: View {
    @State private var items: [String] = []
    @State private var query = ""

    var body: some View {
        List(items, id: \.self) { Text($0) }
            .task {
                Task {  // expect: task-inside-task-modifier
                    items = await load()
                }
            }
            .task(id: query) {
                Task { items = await load() }  // expect: task-inside-task-modifier
            }
            .task {
                items = await load()
            }
            .task {
                async let more = load()
                items += await more
            }
            .task {
                Task.detached { await Self.prefetch() }
            }
    }

    private func load() async -> [String] { [] }
    private static func prefetch() async {}
}
