import SwiftSyntax

// Small questions the rules ask of syntax nodes. None of them recurses: they look at a node,
// its parents (a loop) or its tokens (an iterator), so deep nesting cannot exhaust the stack.

/// Where a closure is written: as an argument of a call (trailing or labelled), or elsewhere.
struct CallSlot {
    /// The call the closure is an argument of.
    let call: FunctionCallExprSyntax
    /// The argument label (`action`, `perform`, `label` …); `nil` for an unlabelled argument
    /// or the first trailing closure.
    let label: String?
    /// Whether the closure is the first trailing closure.
    let isFirstTrailing: Bool
}

extension ClosureExprSyntax {
    /// The call this closure is an argument of, if any.
    var callSlot: CallSlot? {
        guard let parent else { return nil }
        if let call = parent.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == id {
            return CallSlot(call: call, label: nil, isFirstTrailing: true)
        }
        if let element = parent.as(MultipleTrailingClosureElementSyntax.self),
            let call = element.parent?.parent?.as(FunctionCallExprSyntax.self)
        {
            return CallSlot(call: call, label: element.label.text, isFirstTrailing: false)
        }
        if let argument = parent.as(LabeledExprSyntax.self),
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        {
            return CallSlot(call: call, label: argument.label?.text, isFirstTrailing: false)
        }
        return nil
    }

    /// Whether the closure's own code can suspend (an `await` not inside a nested closure). A
    /// task that never suspends runs to its end at once, and a cancel could not stop it anyway.
    var suspends: Bool {
        let limit = Syntax(self)
        return statements.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .keyword(.await) && !token.isInsideClosure(below: limit)
        }
    }

    /// Whether the closure captures `self` weakly or unowned (`[weak self]`).
    var capturesSelfWeakly: Bool {
        guard let items = signature?.capture?.items else { return false }
        return items.contains { item in
            item.name.text == "self" && item.initializer == nil && item.specifier != nil
        }
    }
}

extension FunctionCallExprSyntax {
    /// The called name: `onAppear` for `x.onAppear(…)`, `Button` for `Button(…)`, `Task` for
    /// `Task<Void, Never> { … }`.
    var calleeName: String? {
        var callee = calledExpression
        if let generic = callee.as(GenericSpecializationExprSyntax.self) { callee = generic.expression }
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    /// Whether the call is a modifier-style member call (`.onAppear { }`, `view.task { }`).
    var isMemberCall: Bool { calledExpression.is(MemberAccessExprSyntax.self) }

    /// Whether an argument has this label.
    func hasArgument(labelled label: String) -> Bool {
        arguments.contains { $0.label?.text == label }
    }

    /// Every closure written as an argument of this call: labelled, unlabelled and trailing.
    var closureArguments: [ClosureExprSyntax] {
        var closures = arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let trailingClosure { closures.append(trailingClosure) }
        closures.append(contentsOf: additionalTrailingClosures.map(\.closure))
        return closures
    }

    /// If the call starts an unstructured task (`Task { }`, `Task(priority:) { }`,
    /// `Task<T, E> { }`, `Task.init { }`, `Task.detached { }`), whether it is detached.
    var taskCreation: (detached: Bool, body: ClosureExprSyntax?)? {
        var callee = calledExpression
        if let generic = callee.as(GenericSpecializationExprSyntax.self) { callee = generic.expression }
        let detached: Bool
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Task" {
            detached = false
        } else if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
            base.isTaskTypeName, ["detached", "init"].contains(member.declName.baseName.text)
        {
            detached = member.declName.baseName.text == "detached"
        } else {
            return nil
        }
        let body =
            trailingClosure
            ?? arguments.first { $0.label == nil || $0.label?.text == "operation" }?.expression
            .as(ClosureExprSyntax.self)
        // `Task(priority:operation: op)` with a function value still starts a task.
        guard body != nil || hasArgument(labelled: "operation") else { return nil }
        return (detached, body)
    }
}

extension ExprSyntax {
    /// `Task` or `Task<…>` as a type name in expression position.
    var isTaskTypeName: Bool {
        var expression = self
        if let generic = expression.as(GenericSpecializationExprSyntax.self) { expression = generic.expression }
        return expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
    }

    /// The name a handle is kept under, for `name`, `self.name`, `name?` and `self.name?`;
    /// `nil` for anything else (another object's property, a subscript).
    var storedName: String? {
        var expression = self
        if let chained = expression.as(OptionalChainingExprSyntax.self) { expression = chained.expression }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            return member.declName.baseName.text
        }
        return nil
    }

    /// Whether the expression is the literal `true`.
    var isTrueLiteral: Bool { self.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true) }

    /// Whether the expression contains an `await` outside any closure inside it.
    var containsAwait: Bool {
        if self.is(AwaitExprSyntax.self) { return true }
        for token in tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.await) {
            if !token.isInsideClosure(below: Syntax(self)) { return true }
        }
        return false
    }
}

extension SequenceExprSyntax {
    /// For `target = value`, one plain assignment of one value, its two sides.
    var assignment: (target: ExprSyntax, value: ExprSyntax)? {
        let elements = Array(self.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return (elements[0], elements[2])
    }
}

extension ExprSyntax {
    /// The plain assignment (`target = value`) in whose sequence this expression stands; the
    /// caller tells which side it is by comparing ids.
    var enclosingAssignment: (target: ExprSyntax, value: ExprSyntax)? {
        guard parent?.is(ExprListSyntax.self) == true else { return nil }
        return parent?.parent?.as(SequenceExprSyntax.self)?.assignment
    }
}

extension SyntaxProtocol {
    /// The nearest ancestor of the given type, not looking past `limit`.
    func ancestor<T: SyntaxProtocol>(_ type: T.Type, below limit: Syntax? = nil) -> T? {
        var node = parent
        while let current = node, current.id != limit?.id {
            if let match = current.as(T.self) { return match }
            node = current.parent
        }
        return nil
    }

    /// Whether a closure lies between this node and `limit`.
    func isInsideClosure(below limit: Syntax) -> Bool {
        var node = parent
        while let current = node, current.id != limit.id {
            if current.is(ClosureExprSyntax.self) { return true }
            node = current.parent
        }
        return false
    }
}

extension TokenSyntax {
    /// For an identifier that is the callee of a call (`poll()`, `x.poll()`), that call.
    var calledCall: FunctionCallExprSyntax? {
        guard let reference = parent?.as(DeclReferenceExprSyntax.self) else { return nil }
        var callee = Syntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            callee = Syntax(member)
        }
        guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id
        else { return nil }
        return call
    }

    /// For the `cancel` of `name.cancel()`, `name?.cancel()` or `self.name?.cancel()`, the name.
    var cancelledName: String? {
        guard text == "cancel", let call = calledCall,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        return member.base?.storedName
    }
}

extension Syntax {
    /// The type a `struct`, `class`, `actor` or `extension` declaration names (`extension
    /// Feed.Row`: `Feed.Row`), or `nil` for any other node.
    var declaredTypeName: String? {
        self.as(StructDeclSyntax.self)?.name.text ?? self.as(ClassDeclSyntax.self)?.name.text
            ?? self.as(ActorDeclSyntax.self)?.name.text
            ?? self.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
    }
}

extension AttributeListSyntax {
    /// The attributes' names, as wrappers are named (`@Binding`: `Binding`, `@AppStorage("k")`:
    /// `AppStorage`, `@SwiftUI.State`: `State`).
    var wrapperNames: Set<String> {
        Set(compactMap { $0.as(AttributeSyntax.self)?.attributeName.baseName })
    }
}

extension TypeSyntax {
    /// The type's own name without generic arguments or optionality: `TaskBag` for
    /// `TaskBag?`, `Task` for `Task<Void, Never>?`.
    var baseName: String? {
        var type = self
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = unwrapped.wrappedType }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }

    /// Whether this is an optional `Task` (`Task<…>?`, `Task<…>!`, `Optional<Task<…>>`).
    var isOptionalTask: Bool {
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.baseName == "Task" }
        if let unwrapped = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return unwrapped.wrappedType.baseName == "Task"
        }
        if let identifier = self.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
            let argument = identifier.genericArgumentClause?.arguments.first
        {
            if case .type(let wrapped) = argument.argument { return wrapped.baseName == "Task" }
        }
        return false
    }
}

extension DoStmtSyntax {
    /// Whether a `catch` takes every error: `catch { }`, `catch let error { }` or `catch let error as
    /// NSError { }`, no `where`.
    var catchesEverything: Bool { catchClauses.contains(where: \.catchesEverything) }
}

extension CatchClauseSyntax {
    /// Whether this `catch` takes every error: `catch`, `catch let error` or `catch let error as
    /// NSError`, no `where`.
    var catchesEverything: Bool {
        catchItems.isEmpty
            || catchItems.contains { item in
                guard item.whereClause == nil else { return false }
                guard let pattern = item.pattern else { return true }
                // On Apple's platforms every error bridges to `NSError`, so `as NSError` always matches.
                let texts = pattern.tokens(viewMode: .sourceAccurate).map(\.text)
                if texts.suffix(2) == ["as", "NSError"] || texts == ["is", "NSError"] { return true }
                return pattern.as(ValueBindingPatternSyntax.self)?.pattern.is(IdentifierPatternSyntax.self) == true
            }
    }
}

extension TokenSyntax {
    /// Whether this write of `name` is made only while `name` still holds what this run gave it:
    /// `if copiedID == id { copiedID = nil }`, or `guard shown == token else { return }` before
    /// it. A later showing gave it another value, so the earlier timer leaves it alone (the
    /// toast's fix by identity). A comparison with a constant (`== .success`) does not tell runs
    /// apart.
    func isGuardedByOwnRun(of name: String, below region: Syntax) -> Bool {
        var child = Syntax(self)
        var node = parent
        while let current = node, current.id != region.id {
            if let branch = current.as(IfExprSyntax.self), child.id == Syntax(branch.body).id,
                Self.comparesWithRun(branch.conditions, name)
            {
                return true
            }
            if let statements = current.as(CodeBlockItemListSyntax.self) {
                for item in statements {
                    if item.id == child.id { break }
                    if let guardStatement = item.item.as(GuardStmtSyntax.self),
                        Self.comparesWithRun(guardStatement.conditions, name)
                    {
                        return true
                    }
                }
            }
            child = current
            node = current.parent
        }
        return false
    }

    /// Whether `conditions` hold `name == x` (or `x == name`, `===`) where `x` is no constant.
    private static func comparesWithRun(_ conditions: ConditionElementListSyntax, _ name: String) -> Bool {
        conditions.contains { condition in
            condition.tokens(viewMode: .sourceAccurate).contains { token in
                guard ["==", "==="].contains(token.text), let sequence = token.parent?.parent?.parent,
                    let elements = sequence.as(SequenceExprSyntax.self)?.elements, elements.count == 3
                else { return false }
                let sides = [elements.first!, elements.last!]
                let names = [name, "self." + name]
                guard let own = sides.firstIndex(where: { names.contains($0.trimmedDescription) }) else {
                    return false
                }
                return !sides[1 - own].isConstantValue
            }
        }
    }
}

extension ExprSyntax {
    /// A literal, `nil`, or an enum case written `.case` or `Type.case`: the same for every run.
    var isConstantValue: Bool {
        if self.is(BooleanLiteralExprSyntax.self) || self.is(NilLiteralExprSyntax.self)
            || self.is(IntegerLiteralExprSyntax.self) || self.is(FloatLiteralExprSyntax.self)
            || self.is(StringLiteralExprSyntax.self)
        {
            return true
        }
        if let member = self.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return true }
            return base.trimmedDescription.first?.isUppercase == true
        }
        if let call = self.as(FunctionCallExprSyntax.self) {
            return call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
        }
        return false
    }
}
