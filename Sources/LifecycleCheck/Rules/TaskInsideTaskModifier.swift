import LifecycleCheckReport

/// `task-inside-task-modifier` (T1 vs T2): an unstructured `Task { }` started inside `.task { }`
/// is a new task that does not inherit the modifier's cancellation, and this one is a defect once
/// the view is gone (``TaskEvidence/isDefect``). A race of its runs is `overlapping-task-runs`'
/// note; without either, `task-outlives-view`'s.
enum TaskInsideTaskModifier: CheckRule {
    static let description = RuleDescription(
        id: .taskInsideTaskModifier, name: "Task inside .task", severity: .warning,
        message: "`Task` started inside `.task` is not cancelled with the view",
        why: "Seed 000 (SPEC T1 vs T2): `.task { }` is cancelled when the view disappears, but an unstructured "
            + "`Task { }` started inside it is a new task that does not inherit that cancellation. This one acts "
            + "for the view after it waits, or never ends, so it runs on exactly as T1's timer does.",
        fix: "Write the work directly in the `.task` closure (`await` it), or use `async let` or a task group so it "
            + "is a child of the modifier's task and is cancelled with it.",
        spec: ["T1"], live: LiveRepro(page: "toast", strategy: "T1", fix: "T2"),
        triggeringExamples: [
            Example(
                """
                struct StatusFeed: View {
                    @State private var status = ""
                    let service: StatusService
                    var body: some View {
                        Text(status).task {
                            ↓Task { for await update in service.updates { status = update } }
                        }
                    }
                }
                """),
            Example(
                """
                struct Clock: View {
                    @State private var now = Date()
                    var body: some View {
                        Text(now, style: .time).task {
                            ↓Task {
                                while !Task.isCancelled {
                                    try? await Task.sleep(for: .seconds(1))
                                    now = Date()
                                }
                            }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct FeedView: View {
                    @State private var items: [String] = []
                    @State private var query = ""
                    var body: some View {
                        List(items, id: \\.self) { Text($0) }
                            .task(id: query) { items = await Search.run(query) }
                            .task {
                                async let more = Search.more()
                                items += await more
                            }
                            .task { Task.detached { await Search.prefetch() } }
                    }
                }
                """)
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for site in context.facts.tasks where !site.detached && context.isUnkept(site) {
            guard case .taskModifier = site.role, site.body?.suspends ?? false, !context.isMustFinish(site.call),
                let evidence = context.evidence(for: site), evidence.isDefect
            else { continue }
            findings.append(
                RawFinding(
                    rule: .taskInsideTaskModifier, position: site.call.positionAfterSkippingLeadingTrivia,
                    message: "`Task` started inside \(site.role!.phrase) is not cancelled with the view, "
                        + evidence.phrase,
                    fix: TaskFixes.fix(for: site)))
        }
        return findings
    }
}
