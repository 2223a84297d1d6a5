import LifecycleCheckReport
import SwiftSyntax

/// `try-optional-swallows-cancel` (seed 000's warning, T3): `try? await …` in `.task` (or in
/// a task started in view code that someone can cancel) turns the view's cancellation into
/// `nil`, and the code after it acts anyway, or a `while true` around it spins.
///
/// Only statements that act count as the code after it. When the cancel means the view is gone
/// (`.task`, a task cancelled in `onDisappear`), writing the view's own state acts on nothing:
/// what counts is work outside the view (a call into a model, a log, a callback, another wait, a
/// binding given a new value). When the view stays (`.task(id:)` whose value changed, a handle
/// cancelled before the next run), any call or write beyond the closure's locals counts: the
/// cancelled run goes on beside the new one. Not flagged: nothing that acts after it, a
/// cancellation check (`guard !Task.isCancelled`, `try Task.checkCancellation()`), a
/// `return`/`break`/`throw`, a loop that checks cancellation every turn, a `try?` inside an
/// `if`/`guard` condition, and a result bound by `let` that a condition checks.
enum TryOptionalSwallowsCancel: CheckRule {
    static let description = RuleDescription(
        id: .tryOptionalSwallowsCancel, name: "try? swallows cancellation", severity: .note,
        message: "`try?` swallows the cancellation of this `await`; the code after it still runs",
        why: "Seed 000's warning (SPEC T3, a trap): cancellation arrives as a thrown `CancellationError`. `try?` "
            + "turns it into `nil`, so when the task is cancelled the lines after the `await` run anyway: the "
            + "toast logs \"auto-dismissed\" though no timer elapsed. A note: once the view is gone, most such "
            + "lines write only its own state, which no longer matters; it matters where they reach beyond the "
            + "view (a call into a model, a log, a callback) or where the view stays (`.task(id:)`, a run "
            + "replaced by the next).",
        fix: "Use `do { try await … } catch { return }` (or `catch is CancellationError`) and put the follow-up "
            + "work inside the `do`, or check right after it: `guard !Task.isCancelled else { return }` or "
            + "`try Task.checkCancellation()`.",
        spec: ["T3"], live: LiveRepro(page: "toast", strategy: "T3", fix: "T2"),
        triggeringExamples: [
            Example(
                """
                struct Toast: View {
                    @Binding var isPresented: Bool
                    var body: some View {
                        Text("Saved").task {
                            ↓try? await Task.sleep(for: .seconds(3))
                            isPresented = false
                            print("auto-dismissed")
                        }
                    }
                }
                """),
            Example(
                """
                struct SearchResults: View {
                    @Binding var query: String
                    @State private var hits: [Hit] = []
                    var body: some View {
                        List(hits) { Text($0.title) }
                            .task(id: query) {
                                ↓try? await Task.sleep(for: .milliseconds(300))
                                hits = await Index.lookup(query)
                            }
                    }
                }
                """),
            Example(
                """
                struct Onboarding: View {
                    let analytics: Analytics
                    var body: some View {
                        Text("Welcome").task {
                            ↓try? await Task.sleep(for: .seconds(5))
                            analytics.log("welcome read")
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct Ticker: View {
                    @State private var price = 0.0
                    var body: some View {
                        Text("\\(price)")
                            .task {
                                while !Task.isCancelled {
                                    price = await Quotes.latest()
                                    try? await Task.sleep(for: .seconds(1))
                                }
                            }
                            .task {
                                var attempts = 0
                                while attempts < 3 {
                                    try? await Task.sleep(for: .seconds(1))
                                    attempts += 1
                                }
                            }
                            .task {
                                try? await Task.sleep(for: .seconds(3))
                                guard !Task.isCancelled else { return }
                                price = 0
                            }
                            .task {
                                let quote = try? await Quotes.fetch()
                                guard let quote else { return }
                                price = quote
                            }
                    }
                }
                """)
        ])

    enum Verdict {
        case workAfter
        case spins
        case fine
    }

    static func findings(in context: RuleContext) -> [RawFinding] {
        context.facts.optionalTries.compactMap { site -> RawFinding? in
            guard verdict(for: site, context: context) == .workAfter else { return nil }
            return RawFinding(
                rule: .tryOptionalSwallowsCancel, position: site.node.tryKeyword.positionAfterSkippingLeadingTrivia,
                message: "`try?` swallows the cancellation of this `await`: the code after it still acts once the "
                    + "task is cancelled",
                fix: TaskFixes.fix(forOptionalTry: site.node, in: site.closure))
        }
    }

    /// What the `try?` at `site` leads to once cancelled.
    static func verdict(for site: OptionalTrySite, context: RuleContext) -> Verdict {
        let judge = ActJudge(
            scope: context.scope(site.scope), locals: site.closure.declaredNames,
            viewStays: viewStaysWhenCancelled(site, context: context))
        return verdict(for: site, judge: judge)
    }

    /// Whether the view is still there when this code is cancelled: `.task(id:)` (its value
    /// changed), a task whose handle is cancelled before each new run or kept elsewhere; not
    /// `.task`, nor a task cancelled only where the view goes.
    private static func viewStaysWhenCancelled(_ site: OptionalTrySite, context: RuleContext) -> Bool {
        switch site.role {
        case .view(.taskModifier(let withID)):
            return withID
        case .taskBody(let index):
            let task = context.facts.tasks[index]
            guard case .stored(let name) = task.use else { return true }
            let assignment = task.call.ancestor(SequenceExprSyntax.self).map { Syntax($0) } ?? Syntax(task.call)
            return TaskKeptNotCancelled.isCancelledBefore(name, assignment: assignment, site: task)
        default:
            return true
        }
    }

    private static func verdict(for site: OptionalTrySite, judge: ActJudge) -> Verdict {
        let limit = Syntax(site.closure)
        if site.node.ancestor(ConditionElementSyntax.self, below: limit) != nil { return .fine }
        if let loop = endlessLoop(around: Syntax(site.node), below: limit), !exitsOnCancel(loop) { return .spins }
        var node = Syntax(site.node)
        while true {
            guard let item = node.ancestor(CodeBlockItemSyntax.self, below: limit),
                let list = item.parent?.as(CodeBlockItemListSyntax.self)
            else { return .fine }
            if let next = firstActingStatement(after: item, in: list, judge: judge) {
                if isExitOrCancellationCheck(next) || checksBoundResult(of: item, in: next) { return .fine }
                return .workAfter
            }
            // Nothing acts after it in this block: what runs next is decided by the statement around it.
            guard let block = list.parent, block.id != limit.id, let statement = block.parent else { return .fine }
            // Leaving a `do` whose catch takes everything: what follows runs after a throw too,
            // so `try?` changes nothing there.
            if let doStatement = statement.as(DoStmtSyntax.self), doStatement.body.id == block.id,
                doStatement.catchesEverything
            {
                return .fine
            }
            let loopCondition: Syntax? =
                statement.as(WhileStmtSyntax.self).map { Syntax($0.conditions) }
                ?? statement.as(RepeatStmtSyntax.self).map { Syntax($0.condition) }
            if let loopCondition {
                // A loop that checks cancellation every turn, or leaves on it, stops after this one.
                if mentionsCancellation(loopCondition) || exitsOnCancel(statement) { return .fine }
                if list.contains(where: { $0.id != item.id && judge.acts($0) }) { return .workAfter }
            } else if statement.is(ForStmtSyntax.self),
                list.contains(where: { $0.id != item.id && judge.acts($0) })
            {
                return .workAfter
            }
            node = statement
        }
    }

    /// The `while true` (or `repeat … while true`) around `node`, if any.
    static func endlessLoop(around node: Syntax, below limit: Syntax) -> Syntax? {
        var current = node.parent
        while let candidate = current, candidate.id != limit.id {
            if candidate.is(ClosureExprSyntax.self) { return nil }
            if let loop = candidate.as(WhileStmtSyntax.self), loop.conditions.count == 1,
                case .expression(let condition)? = loop.conditions.first?.condition, condition.isTrueLiteral
            {
                return candidate
            }
            if let loop = candidate.as(RepeatStmtSyntax.self), loop.condition.isTrueLiteral { return candidate }
            current = candidate.parent
        }
        return nil
    }

    /// Whether a loop leaves once its task is cancelled: it checks (`Task.isCancelled`,
    /// `checkCancellation()`), it breaks or returns, or a `try` on a wait throws out of it.
    static func exitsOnCancel(_ loop: Syntax) -> Bool {
        for token in loop.tokens(viewMode: .sourceAccurate) where !token.isInsideClosure(below: loop) {
            if token.text == "isCancelled" || token.text == "checkCancellation" { return true }
            if token.tokenKind == .keyword(.break) || token.tokenKind == .keyword(.return)
                || token.tokenKind == .keyword(.throw)
            {
                return true
            }
            if token.tokenKind == .keyword(.try), let tried = token.parent?.as(TryExprSyntax.self),
                tried.questionOrExclamationMark == nil, tried.expression.containsAwait,
                token.ancestor(DoStmtSyntax.self, below: loop) == nil
            {
                return true
            }
        }
        return false
    }

    /// The first statement after `item` that acts (a `defer` only registers; a local's
    /// declaration or update does nothing outside).
    private static func firstActingStatement(
        after item: CodeBlockItemSyntax, in list: CodeBlockItemListSyntax, judge: ActJudge
    ) -> Syntax? {
        var passed = false
        for candidate in list {
            if candidate.id == item.id {
                passed = true
                continue
            }
            guard passed else { continue }
            if case .stmt(let statement) = candidate.item, statement.is(DeferStmtSyntax.self) { continue }
            // A `guard` or an `if` decides what runs next (`guard let data else { return }`).
            let branches =
                candidate.item.is(GuardStmtSyntax.self)
                || candidate.item.as(ExpressionStmtSyntax.self)?
                    .expression.is(IfExprSyntax.self) == true
                || candidate.item.is(IfExprSyntax.self)
            if branches || isExitOrCancellationCheck(Syntax(candidate.item)) || judge.acts(candidate) {
                return Syntax(candidate.item)
            }
        }
        return nil
    }

    private static func isExitOrCancellationCheck(_ statement: Syntax) -> Bool {
        if statement.is(ReturnStmtSyntax.self) || statement.is(BreakStmtSyntax.self)
            || statement.is(ContinueStmtSyntax.self) || statement.is(ThrowStmtSyntax.self)
        {
            return true
        }
        return mentionsCancellation(statement)
    }

    private static func mentionsCancellation(_ node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { $0.text == "isCancelled" || $0.text == "checkCancellation" }
    }

    /// `let data = try? await load()` followed by `guard let data …` / `if let data …`: the
    /// `nil` a cancel leaves is handled.
    private static func checksBoundResult(of item: CodeBlockItemSyntax, in next: Syntax) -> Bool {
        guard case .decl(let decl) = item.item, let variable = decl.as(VariableDeclSyntax.self) else { return false }
        let names = Set(variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text })
        let conditions: ConditionElementListSyntax
        if let guardStatement = next.as(GuardStmtSyntax.self) {
            conditions = guardStatement.conditions
        } else if let ifExpression = next.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
            ?? next.as(IfExprSyntax.self)
        {
            conditions = ifExpression.conditions
        } else {
            return false
        }
        return conditions.tokens(viewMode: .sourceAccurate).contains { names.contains($0.text) }
    }
}

/// Whether a statement after a swallowed cancellation acts (see ``TryOptionalSwallowsCancel``).
struct ActJudge {
    let scope: ScopeFacts
    /// The names the closure declares for itself.
    let locals: Set<String>
    /// Whether the view is still there when the code is cancelled.
    let viewStays: Bool

    /// The closures that run in line, whose statements are judged as if written in place.
    static let inline: Set<String> = ["withAnimation", "withTransaction", "run", "assumeIsolated"]

    func acts(_ item: CodeBlockItemSyntax) -> Bool {
        acts(Syntax(item.item), depth: 0)
    }

    private func acts(_ statement: Syntax, depth: Int) -> Bool {
        for token in statement.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind == .keyword(.await), !token.isInsideClosure(below: statement) { return true }
            guard case .identifier(let name) = token.tokenKind, !token.isInsideClosure(below: statement) else {
                continue
            }
            if let call = token.calledCall, call.calledExpression.lastToken(viewMode: .sourceAccurate)?.id == token.id {
                if callActs(call, name: name, token: token, depth: depth) { return true }
            } else if token.isUnqualifiedOrSelfMember, let write = token.write, writeActs(write, name: name) {
                return true
            }
        }
        // The closures of in-line calls (`withAnimation { … }`): their statements, in place.
        for token in statement.tokens(viewMode: .sourceAccurate) where ActJudge.inline.contains(token.text) {
            guard let call = token.calledCall else { continue }
            for closure in call.closureArguments
            where closure.statements.contains(where: { acts(Syntax($0.item), depth: depth) }) {
                return true
            }
        }
        return false
    }

    private func callActs(_ call: FunctionCallExprSyntax, name: String, token: TokenSyntax, depth: Int) -> Bool {
        if ActJudge.inline.contains(name) { return false }
        if viewStays { return true }
        // A change of the view's own state (`items.append(x)`) or its UI (`dismiss()`): nothing,
        // once the view is gone.
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let root = member.base?.storedName, !locals.contains(root),
            scope.stateNames.contains(root) && !scope.bindingNames.contains(root),
            TaskEffects.mutatingMethods.contains(name)
        {
            return false
        }
        if token.isUnqualifiedOrSelfMember, !locals.contains(name) {
            if scope.uiActions[name] != nil { return false }
            // The view's own method: what it does, a little deeper.
            if let methods = scope.methods[name], depth < 2 {
                return methods.contains { method in
                    method.body?.statements.contains { acts(Syntax($0.item), depth: depth + 1) } ?? true
                }
            }
        }
        return true
    }

    private func writeActs(_ write: WriteTarget, name: String) -> Bool {
        if locals.contains(name) { return false }
        if viewStays { return true }
        if scope.bindingNames.contains(name) { return !write.isConstant }
        // A property of an object kept in `@State` is the object's: it outlives the view.
        if scope.objectStateNames.contains(name) { return !write.members.isEmpty }
        return !scope.stateNames.contains(name)
    }
}
