import LifecycleCheckReport
import SwiftSyntax

/// `task-kept-not-cancelled` (T4 half done): the handle is kept in the view's state, but nothing
/// cancels it where the view goes (`onDisappear`, the methods it calls, or `deinit`), and the task
/// does harm once the view is gone (``TaskEvidence``). A cancel made only before the handle is
/// replaced does not count: the last run still outlives the view.
enum TaskKeptNotCancelled: CheckRule {
    static let description = RuleDescription(
        id: .taskKeptNotCancelled, name: "Kept task not cancelled", severity: .warning,
        message: "the handle of this `Task` is kept but not cancelled when the view goes",
        why: "Seed 000's bonus (SPEC T4): keeping the `Task` in the view's state is half of the fix. Without a "
            + "`cancel()` where the view disappears, the last run goes on exactly as T1's fire-and-forget task "
            + "does; cancelling only before starting the next run stops the earlier ones, not the last.",
        fix: "Cancel it where the view goes: `.onDisappear { task?.cancel() }` (keep the cancel before a "
            + "replacement too), or let `.task { }` / `.task(id:)` own the work.",
        spec: ["T4"], live: LiveRepro(page: "toast", strategy: "T1", fix: "T4"),
        triggeringExamples: [
            Example(
                """
                struct Dashboard: View {
                    @State private var load = 0.0
                    @State private var poller: Task<Void, Never>?
                    var body: some View {
                        Gauge(value: load) { Text("CPU") }
                            .onAppear {
                                poller?.cancel()
                                ↓poller = Task {
                                    while !Task.isCancelled {
                                        load = await Metrics.cpu()
                                        try? await Task.sleep(for: .seconds(2))
                                    }
                                }
                            }
                    }
                }
                """),
            Example(
                """
                struct Banner: View {
                    @Binding var isShown: Bool
                    @State private var hide: Task<Void, Never>?
                    var body: some View {
                        Text("Sent").onAppear {
                            ↓hide = Task {
                                try? await Task.sleep(for: .seconds(3))
                                isShown = false
                            }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct SearchField: View {
                    @State private var query = ""
                    @State private var results: [Hit] = []
                    @State private var search: Task<Void, Never>?
                    var body: some View {
                        TextField("Search", text: $query)
                            .onChange(of: query) {
                                search?.cancel()
                                search = Task { results = await Index.lookup(query) }
                            }
                            .onDisappear(perform: stop)
                    }
                    private func stop() { search?.cancel() }
                }
                """),
            Example(
                """
                struct SaveButton: View {
                    @State private var save: Task<Void, Never>?
                    let model: DraftModel
                    var body: some View {
                        Button("Save") {
                            save?.cancel()
                            save = Task { await model.save() }
                        }
                    }
                }
                """),
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        var stopped: [String: Set<String>] = [:]
        var findings: [RawFinding] = []
        for site in context.facts.tasks where !site.detached {
            guard case .stored(let name) = site.use, let role = site.role, site.body?.suspends ?? false,
                !context.isMustFinish(site.call)
            else { continue }
            if stopped[site.scope] == nil { stopped[site.scope] = context.stoppedWhereTheViewGoes(in: site.scope) }
            let assignment = site.call.ancestor(SequenceExprSyntax.self).map { Syntax($0) } ?? Syntax(site.call)
            guard !stopped[site.scope]!.contains(name),
                let evidence = context.evidence(
                    for: site, runsOverlap: !Self.isCancelledBefore(name, assignment: assignment, site: site)),
                evidence.isDefect
            else { continue }
            findings.append(
                RawFinding(
                    rule: .taskKeptNotCancelled, position: assignment.positionAfterSkippingLeadingTrivia,
                    message: "`\(name)` keeps the `Task` started in \(role.phrase), but nothing cancels it when "
                        + "the view goes, \(evidence.phrase)",
                    fix: TaskFixes.fix(forKept: name, at: site)))
        }
        return findings
    }

    /// Whether the code that starts the task cancels the handle it replaces first
    /// (`search?.cancel(); search = Task { … }`).
    static func isCancelledBefore(_ name: String, assignment: Syntax, site: TaskSite) -> Bool {
        let region: Syntax? =
            site.viewClosure.map { Syntax($0.statements) } ?? site.function?.body.map { Syntax($0.statements) }
        guard let region else { return false }
        let position = assignment.positionAfterSkippingLeadingTrivia
        return region.tokens(viewMode: .sourceAccurate).contains { $0.position < position && $0.cancelledName == name }
    }
}
