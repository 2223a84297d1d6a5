import LifecycleCheckReport
import SwiftSyntax

/// `task-in-refreshable`: `.refreshable { Task { … } }`. SwiftUI shows the refresh indicator
/// until the closure returns; wrapped in a `Task`, the closure returns at once, so the indicator
/// goes while the refresh has only begun, and a second pull starts a second refresh.
enum TaskInRefreshable: CheckRule {
    static let description = RuleDescription(
        id: .taskInRefreshable, name: "Task in .refreshable", severity: .warning,
        message: "`Task` started in `.refreshable` ends the refresh at once",
        why: "`.refreshable`'s closure is already async: SwiftUI keeps the refresh indicator up until it returns, "
            + "and cancels it with the view. A `Task { }` inside returns at once, so the indicator vanishes while "
            + "the work has only begun, a second pull starts a second refresh beside the first, and nothing "
            + "cancels it with the view (seed 000, SPEC T1 vs T2, for the cancellation).",
        fix: "`await` the work directly in the closure: `.refreshable { await model.reload() }`.",
        spec: ["T2"], live: LiveRepro(page: "toast", strategy: "T1", fix: "T2"),
        triggeringExamples: [
            Example(
                """
                struct NotificationsView: View {
                    let model: NotificationsModel
                    var body: some View {
                        List(model.items) { Text($0.title) }
                            .refreshable {
                                ↓Task { await model.reload() }
                            }
                    }
                }
                """)
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct SubscriptionsView: View {
                    let model: SubscriptionsModel
                    var body: some View {
                        List(model.items) { Text($0.title) }
                            .refreshable {
                                // Side work beside the refresh, which the closure itself awaits.
                                Task(priority: .background) { await model.updateBadges() }
                                await model.reload()
                            }
                    }
                }
                """),
            Example(
                """
                struct NotificationsView: View {
                    let model: NotificationsModel
                    var body: some View {
                        List(model.items) { Text($0.title) }
                            .refreshable { await model.reload() }
                    }
                }
                """),
        ])

    /// Whether the refresh closure itself waits for other work (`Task { sideWork() }; await
    /// load()`): the spinner then stays up for that work, and the task is side work beside it.
    private static func awaitsItself(_ site: TaskSite) -> Bool {
        guard let closure = site.viewClosure else { return false }
        return closure.statements.tokens(viewMode: .sourceAccurate).contains {
            $0.tokenKind == .keyword(.await) && !$0.isInsideClosure(below: Syntax(closure))
        }
    }

    static func findings(in context: RuleContext) -> [RawFinding] {
        context.facts.tasks.compactMap { site in
            guard !site.detached, site.role == .event("refreshable"), context.isUnkept(site),
                !context.isMustFinish(site.call), !awaitsItself(site)
            else { return nil }
            return RawFinding(rule: .taskInRefreshable, position: site.call.positionAfterSkippingLeadingTrivia)
        }
    }
}
