import SwiftSyntax

/// Seed 002's `TaskBag`, a holder that cancels its tasks in `deinit`, and its two traps:
/// `bag-captures-view` (T6), a closure handed to the bag refers to the view, so the view's
/// state (and the bag in it) lives as long as the task and the `deinit` never comes; and
/// `bag-drops-handle` (T7), a one-slot holder overwrites its task handle without cancelling
/// the task it held.
///
/// A holder is a class in the file that stores task handles and whose `deinit` calls
/// `.cancel()`, or a type named `TaskBag` (the seed's name, for a holder declared in another
/// file).
enum TaskBagRules: RuleFamily {
    static let rules: [RuleID] = [.bagCapturesView, .bagDropsHandle]
    static let wellKnownHolders: Set<String> = ["TaskBag"]

    static func findings(in context: RuleContext) -> [RawFinding] {
        capturesView(in: context) + dropsHandle(in: context)
    }

    // MARK: bag-captures-view

    private static func capturesView(in context: RuleContext) -> [RawFinding] {
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
                let locals = declaredNames(in: Syntax(closure)).union(bagCall.member.map(declaredNames(in:)) ?? [])
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

    /// Names a piece of code declares for itself: parameters, captures, `let`/`var`/`for` names.
    private static func declaredNames(in node: Syntax) -> Set<String> {
        var names: Set<String> = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, let parent = token.parent else { continue }
            if parent.is(IdentifierPatternSyntax.self) || parent.is(ClosureShorthandParameterSyntax.self)
                || parent.is(ClosureParameterSyntax.self) || parent.is(FunctionParameterSyntax.self)
                || parent.is(ClosureCaptureSyntax.self)
            {
                names.insert(name)
            }
        }
        return names
    }

    // MARK: bag-drops-handle

    /// A private method that only an initializer calls runs once per object: it fills the slot
    /// for the first time and drops nothing.
    private static func isOnlyCalledFromInit(_ function: FunctionDeclSyntax) -> Bool {
        let isPrivate = function.modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
        guard isPrivate, let type = function.ancestor(MemberBlockSyntax.self) else { return false }
        let name = function.name.text
        var calls = 0
        for token in type.tokens(viewMode: .sourceAccurate) where token.text == name && token.calledCall != nil {
            guard token.ancestor(InitializerDeclSyntax.self) != nil else { return false }
            calls += 1
        }
        return calls > 0
    }

    private static func dropsHandle(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for site in context.facts.tasks {
            guard case .stored(let name) = site.use, let function = site.function, let body = function.body else {
                continue
            }
            let scope = context.scope(site.scope)
            guard scope.optionalTaskProperties.contains(name), scope.deinitCancelledNames.contains(name),
                !isOnlyCalledFromInit(function)
            else { continue }
            let assignment = site.call.ancestor(SequenceExprSyntax.self, below: Syntax(body)).map { Syntax($0) }
            let position = (assignment ?? Syntax(site.call)).positionAfterSkippingLeadingTrivia
            let cancelledBefore = body.tokens(viewMode: .sourceAccurate).contains {
                $0.position < position && $0.cancelledName == name
            }
            guard !cancelledBefore else { continue }
            findings.append(
                RawFinding(
                    rule: .bagDropsHandle, position: position,
                    message: "`\(name)` is overwritten without cancelling the task it held: that task can no longer "
                        + "be cancelled, not even by `deinit`"))
        }
        return findings
    }
}
