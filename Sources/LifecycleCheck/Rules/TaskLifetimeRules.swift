import SwiftSyntax

/// Who cancels a task started in view code: nobody (`task-never-cancelled`, T1/B1), nobody
/// although it is kept (`task-kept-not-cancelled`, T4 half done), or nobody because it sits
/// inside `.task`, whose cancel does not reach an unstructured task (`task-inside-task-modifier`).
///
/// Never flagged: `Task.detached`, a task marked `// lifecycle: must-finish` (T8), a task in
/// plain code (no view closure, no view type), a handle passed on or read at once, and a task
/// that never suspends (`Task { @MainActor in state = x }`: it runs to its end at once).
enum TaskLifetimeRules: RuleFamily {
    static let rules: [RuleID] = [.taskNeverCancelled, .taskKeptNotCancelled, .taskInsideTaskModifier]

    static func findings(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for site in context.facts.tasks where !site.detached {
            guard let role = site.role, site.body?.suspends ?? true, !context.isMustFinish(site) else { continue }
            switch site.use {
            case .discarded:
                findings.append(unkept(site, role: role))
            case .local(let name):
                if LocalHandleUse(of: name, declaredAround: site.call) == .unused {
                    findings.append(unkept(site, role: role))
                }
            case .stored(let name):
                if !context.scope(site.scope).cancelledNames.contains(name) {
                    findings.append(
                        RawFinding(
                            rule: .taskKeptNotCancelled, position: site.call.positionAfterSkippingLeadingTrivia,
                            message: "`\(name)` keeps the `Task` started in \(role.phrase), but nothing ever cancels "
                                + "it: it runs on after the view disappears"))
                }
            case .valueRead, .handedOver:
                break
            }
        }
        return findings
    }

    private static func unkept(_ site: TaskSite, role: ViewRole) -> RawFinding {
        let position = site.call.positionAfterSkippingLeadingTrivia
        switch role {
        case .taskModifier:
            return RawFinding(
                rule: .taskInsideTaskModifier, position: position,
                message: "`Task` started inside \(role.phrase) is not cancelled with the view: SwiftUI cancels "
                    + "the modifier's own task, not this unstructured one")
        case .buttonAction:
            return RawFinding(
                rule: .taskNeverCancelled, position: position,
                message: "`Task` started in a button action is never cancelled: nobody keeps its handle, so it "
                    + "runs on after the view is gone, one more each press",
                live: LiveRepro(page: "button", strategy: "B1", fix: "B2"))
        case .event, .viewMember:
            return RawFinding(
                rule: .taskNeverCancelled, position: position,
                message: "`Task` started in \(role.phrase) is never cancelled: nobody keeps its handle, so it "
                    + "runs on after the view disappears")
        }
    }
}
