import LifecycleCheckReport

/// `task-never-cancelled` (T1, B1): an unstructured `Task { }` started in view code whose handle
/// nobody keeps, and that is a defect on its own (``TaskEvidence/isDefect``): it never ends, its
/// stale timer hides a later showing, or it pops the navigation stack late. A risk that depends
/// on timing (a race of overlapping runs) is `overlapping-task-runs`' note.
///
/// `.task` and `.task(id:)` closures, `.refreshable` and `Task.detached` have their own rules or
/// none; a task marked `// lifecycle: must-finish`, one that never suspends, and one whose only
/// effect after it waits is on a model are left alone.
enum TaskNeverCancelled: CheckRule {
    static let description = RuleDescription(
        id: .taskNeverCancelled, name: "Task never cancelled", severity: .warning,
        message: "`Task` started in view code is never cancelled, and it acts after the view is gone",
        why: "Seed 000 (SPEC T1) and seed 001 (SPEC B1): an unstructured `Task { }` made in `onAppear`, a button "
            + "action or a view's method belongs to no view, and nothing cancels it when the view disappears. "
            + "When it only calls a model or a service, running on is usually meant (a save, a follow). It is a "
            + "defect when it then acts for a view that is gone or shown anew: after a sleep it hides a view shown "
            + "again (the toast's old timer cuts the next toast short), it pops the navigation stack late (taking "
            + "off whatever screen is on top by then), or it never ends (a loop, a repeating sleep, a `for await` "
            + "over an endless sequence) and keeps what it captures alive.",
        fix: "Let SwiftUI own the work: `.task { }` for work that starts with the view, `.task(id: input)` for work "
            + "a value or a button triggers (a press flips the id; the old run is cancelled). Or keep the handle in "
            + "`@State`, cancel the previous one before starting another and cancel it in `onDisappear`. Work that "
            + "must finish though the view goes: mark the `Task` `// lifecycle: must-finish` and keep view writes "
            + "out of it. (`Task.detached` silences this rule too, but it also leaves the main actor and drops the "
            + "priority and task-locals: its view writes then need `await MainActor.run`.)",
        spec: ["T1", "B1"], live: LiveRepro(page: "toast", strategy: "T1", fix: "T2"),
        triggeringExamples: [
            Example(
                """
                struct ToastHost: View {
                    @State private var isPresented = false
                    var body: some View {
                        VStack {
                            Button("Show") { isPresented = true }
                            if isPresented {
                                Text("Saved")
                                    .onAppear {
                                        ↓Task {
                                            try await Task.sleep(for: .seconds(3))
                                            withAnimation { isPresented = false }
                                        }
                                    }
                            }
                        }
                    }
                }
                """),
            Example(
                """
                struct LiveScore: View {
                    @State private var score = 0
                    let feed: ScoreFeed
                    var body: some View {
                        Text("\\(score)")
                            .onAppear {
                                ↓Task {
                                    while true {
                                        score = await feed.latest()
                                        try? await Task.sleep(for: .seconds(5))
                                    }
                                }
                            }
                    }
                }
                """),
            Example(
                """
                struct InboxView: View {
                    @State private var unread = 0
                    var body: some View {
                        Text("\\(unread)")
                            .onAppear {
                                ↓Task {
                                    for await count in Mailbox.shared.unreadCounts {
                                        unread = count
                                    }
                                }
                            }
                    }
                }
                """),
            Example(
                """
                struct DeleteRow: View {
                    @EnvironmentObject private var router: Router
                    let item: Item
                    var body: some View {
                        DestructiveButton("Delete") {
                            ↓Task {
                                await item.delete()
                                router.path.removeLast()
                            }
                        }
                    }
                }
                """),
            Example(
                """
                struct CopiedBanner: View {
                    @Binding var isShowing: Bool
                    var body: some View {
                        Text("Copied").onAppear { hideLater() }
                    }
                    private func hideLater() {
                        ↓Task {
                            try? await Task.sleep(nanoseconds: 2_000_000_000)
                            isShowing = false
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct UploadButton: View {
                    enum Status { case idle, uploading, failed }
                    @State private var status = Status.idle
                    var body: some View {
                        // The button is drawn only while idle: the error's timer cannot cut a later run short.
                        switch status {
                        case .idle: Button("Save") { Task { await upload() } }
                        case .uploading: ProgressView()
                        case .failed: Text("Failed")
                        }
                    }
                    func upload() async {
                        status = .uploading
                        do { try await send() } catch {
                            status = .failed
                            Task {
                                try? await Task.sleep(for: .seconds(3))
                                status = .idle
                            }
                        }
                    }
                    func send() async throws {}
                }
                """),
            Example(
                """
                struct ShareKeyView: View {
                    @State private var copied = false
                    let key: String
                    var body: some View {
                        Button(copied ? "Copied" : "Copy key") {
                            copied = true
                            Task {
                                try await Task.sleep(for: .seconds(10))
                                copied = false
                            }
                        }
                        .disabled(copied)
                    }
                }
                """),
            Example(
                """
                struct ProfileHeader: View {
                    let model: ProfileModel
                    var body: some View {
                        Button("Follow") {
                            Task { await model.follow() }
                        }
                        .contextMenu {
                            Button("Mute") { Task { try? await model.mute() } }
                        }
                    }
                }
                """),
            Example(
                """
                struct EditNoteView: View {
                    @Environment(\\.dismiss) private var dismiss
                    @State private var isSaving = false
                    @State private var text = ""
                    let model: NoteModel
                    var body: some View {
                        TextEditor(text: $text)
                        Button("Save") {
                            Task {
                                isSaving = true
                                await model.save(text)
                                isSaving = false
                                dismiss()
                            }
                        }
                    }
                }
                """),
            Example(
                """
                struct TimelineView: View {
                    @StateObject private var model = TimelineModel()
                    var body: some View {
                        List(model.statuses) { Text($0.text) }
                            .onAppear { Task { await model.load() } }
                    }
                }
                """),
            Example(
                """
                struct Gallery: View {
                    @State private var images: [Photo] = []
                    let library: PhotoLibrary
                    var body: some View {
                        Grid(images).onAppear {
                            Task { images = await library.recent() }
                        }
                    }
                }
                """),
            Example(
                """
                struct ScrollToEnd: View {
                    @State private var target: Int?
                    var body: some View {
                        List(0..<50, id: \\.self) { Text("\\($0)") }
                            .onAppear {
                                Task {
                                    try? await Task.sleep(for: .milliseconds(300))
                                    target = 49
                                }
                            }
                    }
                }
                """),
            Example(
                """
                struct Uploads: View {
                    @State private var progress = 0.0
                    let upload: Upload
                    var body: some View {
                        ProgressView(value: progress)
                            .onAppear {
                                // lifecycle: must-finish
                                Task { progress = await upload.run(resumingFrom: progress) }
                                Task.detached { await upload.cleanUp() }
                                Task { @MainActor in progress = 0 }
                            }
                    }
                }
                """),
            Example(
                """
                struct Feed: View {
                    @State private var items: [Item] = []
                    @State private var query = ""
                    var body: some View {
                        List(items) { Text($0.title) }
                            .task(id: query) { items = await Search.run(query) }
                    }
                }
                """),
            Example(
                """
                final class FeedModel: ObservableObject {
                    @Published var items: [Item] = []
                    var query = ""
                    func refresh() {
                        Task { items = await Search.run(query) }
                    }
                }
                """),
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for site in context.facts.tasks where !site.detached && context.isUnkept(site) {
            guard let role = site.role, site.body?.suspends ?? false, !context.isMustFinish(site.call) else {
                continue
            }
            switch role {
            case .taskModifier, .event("refreshable"): continue
            case .event, .buttonAction, .viewMember: break
            }
            guard let evidence = context.evidence(for: site), evidence.isDefect else { continue }
            let isButton = role == .buttonAction
            findings.append(
                RawFinding(
                    rule: .taskNeverCancelled, position: site.call.positionAfterSkippingLeadingTrivia,
                    message: "`Task` started in \(role.phrase) is never cancelled, \(evidence.phrase)",
                    live: isButton ? LiveRepro(page: "button", strategy: "B1", fix: "B3") : nil,
                    fix: TaskFixes.fix(for: site)))
        }
        return findings
    }
}
