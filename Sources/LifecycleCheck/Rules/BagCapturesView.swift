import LifecycleCheckReport
import SwiftSyntax

/// `bag-captures-view` (seed 002, T6): a closure handed to a cancel-in-`deinit` task holder
/// refers to the view, so the view's state (and the bag in it) lives as long as the task and
/// the `deinit` never comes.
///
/// A holder is a class in the file that stores task handles and whose `deinit` calls
/// `.cancel()`, or a type named `TaskBag` (the seed's name, for a holder declared in another
/// file).
enum BagCapturesView: CheckRule {
    static let wellKnownHolders: Set<String> = ["TaskBag"]

    static let description = RuleDescription(
        id: .bagCapturesView, name: "Task bag captures the view", severity: .warning,
        message: "the closure handed to a cancel-in-deinit task holder captures the view",
        why: "Seed 002 (SPEC T6): a `TaskBag` kept in the view's state cancels its tasks in `deinit`, but a closure "
            + "that calls a method or uses a property of the view captures the view, its state and so the bag "
            + "itself. The bag cannot deinit while the task runs, so nothing is ever cancelled and the toast "
            + "behaves as in T1. It is easy to miss in review; the seed gives the bag up.",
        fix: "Cancel in `onDisappear` (keep the handle in `@State`) or use `.task { }`, as seed 002 concludes. If the "
            + "bag stays, hand it closures that capture only what they need (`[model] in`, `[weak self]`), never "
            + "the view.",
        spec: ["T6"], live: LiveRepro(page: "toast", strategy: "T6", fix: "T4"),
        triggeringExamples: [
            Example(
                """
                struct ToastView: View {
                    @State private var taskBag = TaskBag()
                    @State private var count = 0
                    var body: some View {
                        Text("\\(count)").onAppear {
                            taskBag.add { await ↓startCounting() }
                        }
                    }
                    func startCounting() async { count += 1 }
                }
                """)
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct ToastView: View {
                    @State private var taskBag = TaskBag()
                    @Binding var isPresented: Bool
                    let model: ToastModel
                    var body: some View {
                        Text("Saved").onAppear {
                            taskBag.add { [model] in await model.countDown() }
                        }
                    }
                }
                """)
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        let holderTypes = wellKnownHolders.union(
            context.facts.scopes.filter { $0.value.deinitCancels && $0.value.storesTasks }.keys)
        let holders = Set(context.facts.typedNames.filter { holderTypes.contains($0.typeName) }.map(\.name))
        var findings: [RawFinding] = []
        for bagCall in context.facts.receiverCalls where holders.contains(bagCall.receiver) {
            let members = context.scope(bagCall.scope).members
            var closures = bagCall.call.closureArguments
            for argument in bagCall.call.arguments {
                if let body = argument.expression.as(FunctionCallExprSyntax.self)?.taskCreation?.body {
                    closures.append(body)
                }
            }
            for closure in closures where !closure.capturesSelfWeakly {
                let locals = Syntax(closure).declaredNames.union(bagCall.member?.declaredNames ?? [])
                guard let reference = firstViewReference(in: closure, members: members, locals: locals) else {
                    continue
                }
                let what = reference.tokenKind == .keyword(.self) ? "`self`" : "the view's `\(reference.text)`"
                findings.append(
                    RawFinding(
                        rule: .bagCapturesView, position: reference.positionAfterSkippingLeadingTrivia,
                        message: "the closure handed to `\(bagCall.receiver)` captures \(what): the task keeps the "
                            + "view's state, and the bag in it, alive, so the bag's `deinit` never cancels it"))
            }
        }
        return findings
    }

    /// The first `self` or unqualified member name of the enclosing type in the closure.
    private static func firstViewReference(
        in closure: ClosureExprSyntax, members: Set<String>, locals: Set<String>
    ) -> TokenSyntax? {
        for token in closure.statements.tokens(viewMode: .sourceAccurate) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id
            else { continue }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                continue
            }
            if token.tokenKind == .keyword(.self) { return token }
            if let name = memberName(token, members: members), !locals.contains(name) { return token }
        }
        return nil
    }

    /// The member of the view `token` names, if any: `count`, and its property wrapper's `$count`
    /// (the binding) and `_count` (the wrapper itself), all of which are the view's.
    private static func memberName(_ token: TokenSyntax, members: Set<String>) -> String? {
        let name: String
        switch token.tokenKind {
        case .identifier(let text): name = text
        case .dollarIdentifier(let text): name = text
        default: return nil
        }
        if members.contains(name) { return name }
        guard name.hasPrefix("$") || name.hasPrefix("_") else { return nil }
        let wrapped = String(name.dropFirst())
        return members.contains(wrapped) ? wrapped : nil
    }

}
