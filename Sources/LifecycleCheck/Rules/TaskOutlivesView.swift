import LifecycleCheckReport
import SwiftSyntax

/// `task-outlives-view` (a note, seed 000's guide): an unstructured `Task { }` that SwiftUI could
/// own, in `onAppear`, inside `.task { }`, or started on each change (`onChange`, `onReceive`,
/// `onSubmit`), directly or in a view method only those call, whose work does nothing to the
/// view once it waits that ``TaskEvidence`` would call a defect. Running on is often harmless
/// there, but the shape says nothing of whether it is meant: `.task` and `.task(id:)` tie the
/// work to the view and cancel the older run, `// lifecycle: must-finish` says it must outlive it.
enum TaskOutlivesView: CheckRule {
    static let description = RuleDescription(
        id: .taskOutlivesView, name: "Task outlives its view", severity: .note,
        message: "`Task` started in `onAppear` runs on after the view disappears",
        why: "Seed 000's guide (SPEC T1 → T2, T8): `onAppear` with a `Task` is for work that must finish whatever "
            + "the view does; `.task { }` is for work that belongs to the view and stops with it, and "
            + "`.task(id:)` for work redone when a value changes, which also cancels the older run. Nothing here "
            + "shows the harm the warnings speak of (a late write that shows or hides a view, an older result "
            + "overwriting a newer one, a loop that never ends), so this is a hint: the shape does not say "
            + "whether outliving the view is meant.",
        fix: "If the work belongs to the view, write it in `.task { }` or `.task(id:)` (inside `.task`, `await` it "
            + "directly). If it must finish though the view goes or the value changes again (a save, a request the "
            + "person asked for), mark the `Task` `// lifecycle: must-finish`.",
        spec: ["T1", "T8"], live: LiveRepro(page: "toast", strategy: "T8", fix: "T2"),
        triggeringExamples: [
            Example(
                """
                struct TimelineView: View {
                    @StateObject private var model = TimelineModel()
                    var body: some View {
                        List(model.statuses) { Text($0.text) }
                            .onAppear { ↓Task { await model.load() } }
                    }
                }
                """),
            Example(
                """
                struct Gallery: View {
                    let library: PhotoLibrary
                    var body: some View {
                        Grid().task {
                            ↓Task { await library.prefetch() }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct TimelineView: View {
                    @StateObject private var model = TimelineModel()
                    var body: some View {
                        List(model.statuses) { Text($0.text) }
                            .task { await model.load() }
                            .onAppear {
                                // lifecycle: must-finish
                                Task { await model.markRead() }
                            }
                    }
                }
                """),
            Example(
                """
                struct Row: View {
                    let model: RowModel
                    var body: some View {
                        Button("Like") { Task { await model.like() } }
                    }
                }
                """),
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for site in context.facts.tasks where !site.detached && context.isUnkept(site) {
            guard site.role != nil, site.body?.suspends ?? false, !context.isMustFinish(site.call),
                let (role, method) = trigger(of: site)
            else { continue }
            let place = method.map { "`\($0)()`, which \(role.phrase) calls," } ?? role.phrase
            let message: String
            switch role {
            case .event("onAppear"):
                message =
                    "`Task` started in \(place) runs on after the view disappears: `.task { }` would stop it, "
                    + "`// lifecycle: must-finish` says it must finish"
            case .taskModifier:
                message =
                    "`Task` started inside \(place) is not cancelled with the view: `await` the work directly, or "
                    + "mark the `Task` `// lifecycle: must-finish`"
            default:
                message =
                    "`Task` started in \(place) is not cancelled when the value changes again or the view goes: "
                    + "runs for older values overlap; `.task(id:)` would cancel the older run, unless it must finish"
            }
            guard context.evidence(for: site) == nil else { continue }
            findings.append(
                RawFinding(
                    rule: .taskOutlivesView, position: site.call.positionAfterSkippingLeadingTrivia, message: message,
                    fix: TaskFixes.fix(for: site)?.unsafe))
        }
        return findings
    }

    /// The closures that start the task this note speaks of: `onAppear`, `.task`, and those that
    /// run on each change.
    static func speaksOf(_ role: ViewRole) -> Bool {
        switch role {
        case .event("onAppear"), .event("onChange"), .event("onReceive"), .event("onSubmit"), .taskModifier: true
        default: false
        }
    }

    /// The closure that starts the task, and the view method between, if any: the task's own
    /// closure, or the one closure role every call of its method is made in.
    private static func trigger(of site: TaskSite) -> (ViewRole, String?)? {
        if let (_, role) = site.call.nearestViewClosure { return speaksOf(role) ? (role, nil) : nil }
        guard let function = site.function, let members = function.ancestor(MemberBlockSyntax.self) else {
            return nil
        }
        var roles: [ViewRole] = []
        for token in members.tokens(viewMode: .sourceAccurate)
        where token.text == function.name.text && token.calledCall != nil && token.isUnqualifiedOrSelfMember {
            guard let (_, role) = token.nearestViewClosure, speaksOf(role) else { return nil }
            roles.append(role)
        }
        return roles.first.map { ($0, function.name.text) }
    }
}
