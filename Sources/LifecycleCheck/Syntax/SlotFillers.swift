import SwiftParser
import SwiftSyntax

/// A method that fills a one-slot task holder without cancelling what the slot held
/// (``BagDropsHandle``), whose warning depends on the rest of the project
/// (``Checker/FileCheck/fillsElsewhere``): `StatusBarObserver.startObserving()` drops a task only
/// if something calls it again on the same holder.
public struct SlotFillerKey: Hashable, Sendable {
    /// The holder's type, as declared (`StatusBarObserver`).
    public let holder: String
    /// The method's name (`startObserving`).
    public let method: String
}

/// What one file says about the methods of some ``SlotFillerKey``s: how often it calls one once
/// per holder, and whether it mentions one in any other way. ``startedOnce(_:files:)`` joins the
/// files' answers.
///
/// A call runs once per holder when it is a statement of its own (not in a branch, a loop, a
/// closure or a `defer`) of an initializer, or of a private method of the same type that only
/// that initializer calls, the same way; and it is made on the holder itself (`startObserving()`
/// in the holder's own initializer) or on a constant of the initializer's type that the same
/// initializer makes, in one statement before the call (`private let observer:
/// StatusBarObserver` and `self.observer = StatusBarObserver(…)`). Every other mention of the
/// name counts against it, by its spelling (any receiver, any labels; a reference handed on is
/// as good as a call). The rule asks only about methods no framework calls (``BagDropsHandle``).
public struct SlotFillers: Sendable {
    /// By key: the calls made once per holder.
    var once: [SlotFillerKey: Int] = [:]
    /// The keys this file mentions otherwise.
    var other: Set<SlotFillerKey> = []

    public init() {}

    /// A file that could not be read: it may call anything.
    public static func unread(_ keys: Set<SlotFillerKey>) -> SlotFillers {
        var fillers = SlotFillers()
        fillers.other = keys
        return fillers
    }

    /// The keys whose method the project calls exactly once, and that once per holder.
    public static func startedOnce(_ keys: Set<SlotFillerKey>, files: [SlotFillers]) -> Set<SlotFillerKey> {
        keys.filter { key in
            !files.contains { $0.other.contains(key) } && files.reduce(0) { $0 + ($1.once[key] ?? 0) } == 1
        }
    }

    /// Reads `source` for the methods of `keys`.
    public static func scan(_ keys: Set<SlotFillerKey>, in source: String) -> SlotFillers {
        let named = CalleeMentions.identifiers(Set(keys.map(\.method)), in: source)
        let present = keys.filter { named.contains($0.method) }
        guard !present.isEmpty else { return SlotFillers() }
        guard source.utf8.count <= Checker.maximumFileSize else { return unread(present) }
        let methods = Set(present.map(\.method))
        var fillers = SlotFillers()
        let tree = Parser.parse(source: source)
        let references = References(tree)
        for token in tree.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind, methods.contains(text),
                token.parent?.is(DeclReferenceExprSyntax.self) == true
            else { continue }
            for key in present where key.method == text {
                if isOncePerHolder(token, holder: key.holder, references: references) {
                    fillers.once[key, default: 0] += 1
                } else {
                    fillers.other.insert(key)
                }
            }
        }
        return fillers
    }

    /// A file's references by name (`x` in `x()`, `self.x`, `y.x`), found once.
    struct References {
        private var byName: [String: [TokenSyntax]] = [:]

        init(_ tree: SourceFileSyntax) {
            for token in tree.tokens(viewMode: .sourceAccurate)
            where token.parent?.is(DeclReferenceExprSyntax.self) == true {
                byName[token.text, default: []].append(token)
            }
        }

        subscript(_ name: String) -> [TokenSyntax] { byName[name] ?? [] }
    }

    /// Whether the mention `token` is a call made once per holder of type `holder`.
    private static func isOncePerHolder(_ token: TokenSyntax, holder: String, references: References) -> Bool {
        guard let call = token.calledCall, let (initializer, via) = initializer(running: call, references: references),
            let members = initializer.ancestor(MemberBlockSyntax.self)
        else { return false }
        if token.isUnqualifiedOrSelfMember { return members.parent?.declaredTypeName == holder }
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
            let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
            let base = member.base, let name = base.storedName
        else { return false }
        // `observer.start()` with a parameter or local `observer` in sight is not the property's.
        if base.is(DeclReferenceExprSyntax.self), [Syntax(initializer), via].contains(where: { declares(name, $0) }) {
            return false
        }
        return isConstant(name, of: holder, in: members, madeBy: initializer, before: call)
    }

    /// The initializer that runs `call` once, as one of its own statements or one of a private
    /// method's that only it calls, once; and the function the call is written in.
    private static func initializer(
        running call: FunctionCallExprSyntax, references: References
    ) -> (InitializerDeclSyntax, Syntax)? {
        guard let function = statementOwner(of: Syntax(call)) else { return nil }
        if let initializer = function.as(InitializerDeclSyntax.self) { return (initializer, function) }
        guard let method = function.as(FunctionDeclSyntax.self),
            let initializer = initializer(onlyCalling: method, references: references)
        else { return nil }
        return (initializer, function)
    }

    /// For a private method, the initializer of its type that calls it as one of its own
    /// statements, when that is its only mention in the file: in the type or its extensions, or
    /// anywhere with another receiver than `self` (an unqualified one in another type is that
    /// type's own).
    static func initializer(onlyCalling function: FunctionDeclSyntax, references: References) -> InitializerDeclSyntax?
    {
        guard function.modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }),
            let typeName = function.ancestor(MemberBlockSyntax.self)?.parent?.declaredTypeName
        else { return nil }
        let mentions = references[function.name.text].filter { token in
            !token.isUnqualifiedOrSelfMember
                || token.ancestor(MemberBlockSyntax.self)?.parent?.declaredTypeName == typeName
        }
        guard mentions.count == 1, let only = mentions.first, let call = only.calledCall,
            only.isUnqualifiedOrSelfMember,
            let initializer = statementOwner(of: Syntax(call))?.as(InitializerDeclSyntax.self),
            initializer.ancestor(MemberBlockSyntax.self)?.id == function.ancestor(MemberBlockSyntax.self)?.id
        else { return nil }
        return initializer
    }

    /// The initializer or function of which `node` is a statement of its own (`try`/`await` aside),
    /// or of a `Task { … }` that is one: not in a branch, a loop, another closure, a `defer` or an
    /// observer, so it runs once per run of it.
    private static func statementOwner(of node: Syntax) -> Syntax? {
        var current = node
        while true {
            while let parent = current.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
                current = parent
            }
            guard let list = current.parent?.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self)
            else { return nil }
            if let owner = list.parent?.as(CodeBlockSyntax.self)?.parent,
                owner.is(InitializerDeclSyntax.self) || owner.is(FunctionDeclSyntax.self)
            {
                return owner
            }
            // A task's body runs once: the `Task { … }` is then the statement to place.
            guard let closure = list.parent?.as(ClosureExprSyntax.self),
                let task = closure.ancestor(FunctionCallExprSyntax.self),
                task.taskCreation?.body?.id == closure.id
            else { return nil }
            current = Syntax(task)
        }
    }

    /// Whether the initializer or function `owner` has a parameter or a local named `name`.
    private static func declares(_ name: String, _ owner: Syntax) -> Bool {
        let parameters =
            owner.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            ?? owner.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
        if parameters?.contains(where: { ($0.secondName ?? $0.firstName).text == name }) == true { return true }
        return owner.tokens(viewMode: .sourceAccurate).contains {
            $0.text == name && $0.parent?.is(IdentifierPatternSyntax.self) == true
        }
    }

    /// Whether `name` is a constant of the type `members` belongs to that holds a `holder` made for
    /// it: `let name = Holder(…)`, or `let name: Holder` given `Holder(…)` by one statement of
    /// `initializer` before `call`, and by no other.
    private static func isConstant(
        _ name: String, of holder: String, in members: MemberBlockSyntax, madeBy initializer: InitializerDeclSyntax,
        before call: FunctionCallExprSyntax
    ) -> Bool {
        for item in members.members {
            guard let variable = item.decl.as(VariableDeclSyntax.self),
                variable.bindingSpecifier.tokenKind == .keyword(.let),
                !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }),
                let binding = variable.bindings.first(where: {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                })
            else { continue }
            if let value = binding.initializer?.value { return makes(value, holder) }
            guard let body = initializer.body else { return false }
            let assignments = body.statements.compactMap { assignment(of: name, in: $0) }
            return assignments.count == 1 && makes(assignments[0].value, holder)
                && assignments[0].position < call.position
        }
        return false
    }

    /// For a statement `name = value` or `self.name = value`, the value and where it is.
    private static func assignment(
        of name: String, in statement: CodeBlockItemSyntax
    ) -> (value: ExprSyntax, position: AbsolutePosition)? {
        guard let assignment = statement.item.as(SequenceExprSyntax.self)?.assignment,
            assignment.target.storedName == name
        else { return nil }
        return (assignment.value, statement.position)
    }

    /// Whether `value` is `Holder(…)`.
    private static func makes(_ value: ExprSyntax, _ holder: String) -> Bool {
        value.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            == holder
    }
}
