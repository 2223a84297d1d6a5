// swift-format-ignore-file
// `.refreshable` keeps its indicator until its closure returns: a `Task` inside ends it at once.
import SwiftUI

struct Timeline: View {
    let model: TimelineModel

    var body: some View {
        List(model.items) { Text($0.title) }
            .refreshable {
                Task {  // expect: task-in-refreshable
                    await model.reload()
                }
            }
    }
}

struct Inbox: View {
    let model: InboxModel

    var body: some View {
        List(model.messages) { Text($0.subject) }
            .refreshable { await model.reload() }
    }
}
