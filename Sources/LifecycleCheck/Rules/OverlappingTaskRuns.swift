import LifecycleCheckReport

/// `overlapping-task-runs` (a note; SPEC B1 → B3, I1): an unstructured `Task { }` that nothing
/// cancels when its trigger comes again, whose result may be overwritten by an older run (it
/// writes the result of work on an input the next run changes) or which pushes a screen once per
/// run. Whether the runs really overlap depends on how fast the work is and how often the
/// trigger comes, which no syntax tells: a note that says when it matters.
enum OverlappingTaskRuns: CheckRule {
    static let description = RuleDescription(
        id: .overlappingTaskRuns, name: "Overlapping task runs", severity: .note,
        message: "runs of this `Task` can overlap, and an older one can overwrite a newer result",
        why: "Seed 001 (SPEC B1 → B3) and seed 004 (SPEC I1): each press, each change, starts one more unstructured "
            + "task and nothing cancels the one before. When the work is slow (a network request, a photo from the "
            + "cloud) and the trigger comes again before it ends, the runs overlap: the one that finishes last "
            + "wins, which may be the older one (an earlier search's results over the current query's), and each "
            + "run's navigation push is made. A note: with fast work, or a trigger that cannot come again while one "
            + "runs, it does not happen.",
        fix: "Let the newest run cancel the older: `.task(id: input) { … }` (seed 004's `.task(id: server)`, "
            + "seed 001's trigger), or keep the handle and cancel it before starting the next (`search?.cancel()`), "
            + "and check `Task.isCancelled` before writing the result. For a button, disable it while a run is on.",
        spec: ["B1", "B3", "I1"], live: LiveRepro(page: "button", strategy: "B1", fix: "B3"),
        triggeringExamples: [
            Example(
                """
                struct SearchView: View {
                    @State private var query = ""
                    @State private var results: [Account] = []
                    let client: Client
                    var body: some View {
                        List(results) { Text($0.name) }
                            .searchable(text: $query)
                            .onChange(of: query) {
                                ↓Task { results = await client.search(query) }
                            }
                    }
                }
                """),
            Example(
                """
                struct AvatarView: View {
                    let url: URL
                    @State private var image: Image?
                    var body: some View {
                        (image ?? Image(systemName: "person"))
                            .onChange(of: url) { load() }
                    }
                    private func load() {
                        ↓Task {
                            let data = try? await Downloader.data(from: url)
                            image = data.flatMap(Image.init(data:))
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct SearchView: View {
                    @State private var query = ""
                    @State private var results: [Account] = []
                    @State private var isChecking = false
                    let client: Client
                    var body: some View {
                        List(results) { Text($0.name) }
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
                """)
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for site in context.facts.tasks where !site.detached && context.isUnkept(site) {
            guard let role = site.role, site.body?.suspends ?? false, !context.isMustFinish(site.call),
                role != .event("refreshable"), let evidence = context.evidence(for: site), !evidence.isDefect
            else { continue }
            findings.append(
                RawFinding(
                    rule: .overlappingTaskRuns, position: site.call.positionAfterSkippingLeadingTrivia,
                    message:
                        "`Task` started in \(role.phrase) is not cancelled when it starts again, \(evidence.phrase)"))
        }
        return findings
    }
}
