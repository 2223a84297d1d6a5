import SwiftSyntax

/// Where a value written after an `await` comes from: whether it is the output of a wait (the
/// work the task waited for), and which input of the run it was computed from.
///
/// An older run can overwrite a newer result only when the value it writes is the output of its
/// wait and that wait depended on an input that the next run changes (`results = await
/// search(query)` started on each change of `query`). A value computed fresh after the wait
/// (`status = info.current`), or a wait that read no such input, is not a race.
///
/// ```swift
/// let flow = DataFlow(inputs: ["query"], instant: [])
/// flow.facts(of: Syntax(assignment.value))   // waits: true, input: "query"
/// ```
///
/// Locals are followed to their declarations (`let data = try? await item.load()`; `if let
/// image = UIImage(data: data)`), a few steps deep, in the code around the use: the task's body,
/// and the function or closure it is started in.
struct DataFlow {
    /// What an expression's value depends on.
    struct Facts: Equatable {
        /// Whether it comes out of a wait that really waits.
        var waits = false
        /// The first input it depends on.
        var input: String?

        mutating func merge(_ other: Facts) {
            waits = waits || other.waits
            if input == nil { input = other.input }
        }
    }

    /// Names whose value the next run of the task may see changed: the trigger's inputs.
    let inputs: Set<String>
    /// Functions of the file that never wait.
    let instant: Set<String>

    /// How many locals deep a value is followed.
    static let maximumDepth = 4

    /// The facts of `expression`'s value.
    func facts(of expression: Syntax, depth: Int = 0) -> Facts {
        var facts = Facts()
        for token in expression.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind == .keyword(.await) {
                if !token.isInsideDeferredClosure(below: expression), token.awaitsRealWait(instant: instant) {
                    facts.waits = true
                }
                continue
            }
            guard case .identifier(let name) = token.tokenKind, token.isUnqualifiedOrSelfMember,
                !token.isInsideDeferredClosure(below: expression)
            else { continue }
            switch Self.declaration(of: name, before: token) {
            case .local(let initializer):
                if let initializer, depth < Self.maximumDepth {
                    facts.merge(self.facts(of: initializer, depth: depth + 1))
                }
            case .parameter:
                if inputs.contains(name), facts.input == nil { facts.input = name }
            case nil:
                if inputs.contains(name), facts.input == nil { facts.input = name }
                // `Service.shared.configure(url: input)` before `await Service.shared.reach()`:
                // the wait's result depends on what was set on its receiver.
                if facts.input == nil, token.calledCallRoot != nil || token.isCallReceiverRoot,
                    let configured = configuredInput(of: name, before: token, depth: depth)
                {
                    facts.input = configured
                }
            }
        }
        return facts
    }

    /// What declares `name` where `token` reads it.
    enum Declaration {
        /// A local `let`/`var` (or an `if let`, a `for` pattern), with the expression it is bound
        /// to (`nil` when there is none to follow).
        case local(Syntax?)
        /// A parameter of the closure or function around it.
        case parameter
    }

    /// The nearest declaration of `name` above `token` in the code around it, up to the function
    /// or the type it is in; `nil` for a name declared elsewhere (a property).
    static func declaration(of name: String, before token: TokenSyntax) -> Declaration? {
        var child = Syntax(token)
        var node = token.parent
        while let current = node {
            if current.is(MemberBlockSyntax.self) || current.is(SourceFileSyntax.self) { return nil }
            if let list = current.as(CodeBlockItemListSyntax.self) {
                for item in list.reversed() where item.position < child.position {
                    // A `let` or a `guard let` binds for the statements after it; an `if let` only
                    // inside its own body.
                    if item.item.is(VariableDeclSyntax.self), let bound = binding(of: name, in: Syntax(item.item)) {
                        return bound
                    }
                    if let statement = item.item.as(GuardStmtSyntax.self),
                        let bound = binding(of: name, in: Syntax(statement.conditions))
                    {
                        return bound
                    }
                }
            } else if let conditions = current.as(ConditionElementListSyntax.self) {
                for element in conditions.reversed() where element.position < child.position {
                    if let bound = binding(of: name, in: Syntax(element)) { return bound }
                }
            } else if let statement = current.as(IfExprSyntax.self), child.id != Syntax(statement.conditions).id {
                if let bound = binding(of: name, in: Syntax(statement.conditions)) { return bound }
            } else if let statement = current.as(GuardStmtSyntax.self), child.id != Syntax(statement.conditions).id {
                if let bound = binding(of: name, in: Syntax(statement.conditions)) { return bound }
            } else if let loop = current.as(ForStmtSyntax.self), child.id == Syntax(loop.body).id,
                loop.pattern.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name })
            {
                return .local(Syntax(loop.sequence))
            } else if current.is(ClosureExprSyntax.self) || current.is(FunctionDeclSyntax.self)
                || current.is(InitializerDeclSyntax.self)
            {
                if current.parameterNames.contains(name) { return .parameter }
                if current.is(FunctionDeclSyntax.self) || current.is(InitializerDeclSyntax.self) { return nil }
            }
            child = current
            node = current.parent
        }
        return nil
    }

    /// The binding of `name` in a declaration or a condition: `let name = value`,
    /// `if let name = value`, `guard let name`.
    private static func binding(of name: String, in node: Syntax) -> Declaration? {
        if let variable = node.as(VariableDeclSyntax.self) {
            for binding in variable.bindings
            where binding.pattern.tokens(viewMode: .sourceAccurate).contains(where: {
                $0.text == name
            }) {
                return .local(binding.initializer.map { Syntax($0.value) })
            }
            return nil
        }
        for optional in node.tokens(viewMode: .sourceAccurate).lazy.compactMap({
            $0.parent?.parent?.as(OptionalBindingConditionSyntax.self)
        }) where optional.pattern.trimmedDescription == name {
            // `if let name` alone unwraps the name above it: look further up for that one.
            guard let initializer = optional.initializer else { return nil }
            return .local(Syntax(initializer.value))
        }
        return nil
    }

    /// The input set on `root` by a call before `token` in the same code block
    /// (`OllamaService.shared.initEndpoint(url: ollamaUri)`).
    private func configuredInput(of root: String, before token: TokenSyntax, depth: Int) -> String? {
        guard depth < Self.maximumDepth, let item = token.ancestor(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        for earlier in list where earlier.position < item.position {
            guard
                earlier.item.as(FunctionCallExprSyntax.self)?.calledExpression.firstToken(viewMode: .sourceAccurate)?
                    .text == root,
                let call = earlier.item.as(FunctionCallExprSyntax.self)
            else { continue }
            if let input = facts(of: Syntax(call.arguments), depth: depth + 1).input { return input }
        }
        return nil
    }
}

extension TokenSyntax {
    /// For the first name of a call's callee chain (`OllamaService` in
    /// `OllamaService.shared.reachable()`), that call.
    var calledCallRoot: FunctionCallExprSyntax? {
        var node = parent
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self) {
                return call.calledExpression.firstToken(viewMode: .sourceAccurate)?.id == id ? call : nil
            }
            guard current.is(DeclReferenceExprSyntax.self) || current.is(MemberAccessExprSyntax.self) else {
                return nil
            }
            node = current.parent
        }
        return nil
    }

    /// Whether this name starts a member chain (`service` in `service.reach()` or `service.x`).
    var isCallReceiverRoot: Bool {
        guard let reference = parent?.as(DeclReferenceExprSyntax.self),
            let member = reference.parent?.as(MemberAccessExprSyntax.self)
        else { return false }
        return member.base?.id == reference.id
    }
}
