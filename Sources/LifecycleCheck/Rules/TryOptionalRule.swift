import SwiftSyntax

/// `try-optional-swallows-cancel` (seed 000's warning, T3): `try? await …` in `.task` (or in
/// a task started in view code) turns the view's cancellation into `nil`, and the code after it
/// runs anyway, or a `while true` around it spins.
///
/// Not flagged: nothing after it (up to the closure's end), a cancellation check right after
/// it (`guard !Task.isCancelled`, `try Task.checkCancellation()`, `if Task.isCancelled`), a
/// `return`/`break`/`throw` right after it, a `try?` inside an `if`/`guard` condition, and a
/// result bound by `let` that the next statement checks (`guard let data else { return }`).
enum TryOptionalRule: RuleFamily {
    static let rules: [RuleID] = [.tryOptionalSwallowsCancel]

    private enum Verdict {
        case workAfter
        case spins
        case fine
    }

    static func findings(in context: RuleContext) -> [RawFinding] {
        context.facts.optionalTries.compactMap { (site) -> RawFinding? in
            let position = site.node.tryKeyword.positionAfterSkippingLeadingTrivia
            switch verdict(for: site) {
            case .workAfter:
                return RawFinding(
                    rule: .tryOptionalSwallowsCancel, position: position,
                    message: "`try?` swallows the cancellation of this `await`: the code after it runs even once "
                        + "the view is gone")
            case .spins:
                return RawFinding(
                    rule: .tryOptionalSwallowsCancel, position: position,
                    message: "`try?` swallows the cancellation of this `await` in an endless loop: once the view "
                        + "is gone the loop spins without waiting")
            case .fine:
                return nil
            }
        }
    }

    private static func verdict(for site: OptionalTrySite) -> Verdict {
        let limit = Syntax(site.closure)
        if site.node.ancestor(ConditionElementSyntax.self, below: limit) != nil { return .fine }
        var node = Syntax(site.node)
        while true {
            guard let item = node.ancestor(CodeBlockItemSyntax.self, below: limit),
                let list = item.parent?.as(CodeBlockItemListSyntax.self)
            else { return .fine }
            if let next = statement(after: item, in: list) {
                if isExitOrCancellationCheck(next) || checksBoundResult(of: item, in: next) { return .fine }
                return .workAfter
            }
            // Nothing follows in this block: what runs next is decided by the statement around it.
            guard let block = list.parent, block.id != limit.id, let statement = block.parent else { return .fine }
            // Leaving a `do` whose catch takes everything: what follows runs after a throw too,
            // so `try?` changes nothing there.
            if let doStatement = statement.as(DoStmtSyntax.self), doStatement.body.id == block.id,
                doStatement.catchesEverything
            {
                return .fine
            }
            if let loop = statement.as(WhileStmtSyntax.self) {
                if loop.conditions.count == 1, case .expression(let condition)? = loop.conditions.first?.condition,
                    condition.isTrueLiteral
                {
                    return .spins
                }
                if list.count > 1 && !mentionsCancellation(Syntax(loop.conditions)) { return .workAfter }
            } else if let loop = statement.as(RepeatStmtSyntax.self) {
                if loop.condition.isTrueLiteral { return .spins }
                if list.count > 1 && !mentionsCancellation(Syntax(loop.condition)) { return .workAfter }
            } else if statement.is(ForStmtSyntax.self), list.count > 1 {
                return .workAfter
            }
            node = statement
        }
    }

    /// The first statement after `item` that does something (a `defer` only registers).
    private static func statement(after item: CodeBlockItemSyntax, in list: CodeBlockItemListSyntax) -> Syntax? {
        var passed = false
        for candidate in list {
            if candidate.id == item.id {
                passed = true
                continue
            }
            guard passed else { continue }
            if case .stmt(let statement) = candidate.item, statement.is(DeferStmtSyntax.self) { continue }
            return Syntax(candidate.item)
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
