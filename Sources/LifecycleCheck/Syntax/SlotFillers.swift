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
/// A call runs once per holder when it is made, outside any loop or closure, from an initializer
/// (directly, or through a private method of the same type that only that initializer calls,
/// once), on the holder itself (`startObserving()` in the holder's own initializer) or on a
/// constant of the initializer's type that the same initializer makes (`private let observer:
/// StatusBarObserver` and `self.observer = StatusBarObserver(…)`). Every other mention of the
/// name counts against it, by its spelling (any receiver, any labels; a reference handed on is
/// as good as a call).
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
        let present = keys.filter { source.contains($0.method) }
        guard !present.isEmpty else { return SlotFillers() }
        guard source.utf8.count <= Checker.maximumFileSize else { return unread(present) }
        let methods = Set(present.map(\.method))
        var fillers = SlotFillers()
        for token in Parser.parse(source: source).tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind, methods.contains(text),
                token.parent?.is(DeclReferenceExprSyntax.self) == true
            else { continue }
            for key in present where key.method == text {
                if isOncePerHolder(token, holder: key.holder) {
                    fillers.once[key, default: 0] += 1
                } else {
                    fillers.other.insert(key)
                }
            }
        }
        return fillers
    }

    /// Whether the mention `token` is a call made once per holder of type `holder`.
    private static func isOncePerHolder(_ token: TokenSyntax, holder: String) -> Bool {
        guard let call = token.calledCall, let initializer = initializer(running: Syntax(call)),
            let members = initializer.ancestor(MemberBlockSyntax.self)
        else { return false }
        if token.isUnqualifiedOrSelfMember { return members.parent?.declaredTypeName == holder }
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
            let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
            let name = member.base?.storedName
        else { return false }
        return isConstant(name, of: holder, in: members, madeBy: initializer)
    }

    /// The initializer that runs `node` once: its own, or the one initializer that calls, once,
    /// the private method `node` is in. `nil` when a loop or a closure comes between.
    private static func initializer(running node: Syntax) -> InitializerDeclSyntax? {
        var current = node.parent
        while let step = current {
            if step.is(ClosureExprSyntax.self) || step.is(ForStmtSyntax.self) || step.is(WhileStmtSyntax.self)
                || step.is(RepeatStmtSyntax.self)
            {
                return nil
            }
            if let initializer = step.as(InitializerDeclSyntax.self) { return initializer }
            if let function = step.as(FunctionDeclSyntax.self) { return initializer(onlyCalling: function) }
            current = step.parent
        }
        return nil
    }

    /// For a private method, the initializer of its type that calls it, when that is its only
    /// mention in the file.
    private static func initializer(onlyCalling function: FunctionDeclSyntax) -> InitializerDeclSyntax? {
        guard function.modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }) else {
            return nil
        }
        let name = function.name.text
        let mentions = function.root.tokens(viewMode: .sourceAccurate).filter {
            $0.text == name && $0.parent?.is(DeclReferenceExprSyntax.self) == true
        }
        guard mentions.count == 1, let only = mentions.first, only.calledCall != nil, only.isUnqualifiedOrSelfMember
        else { return nil }
        var current = only.parent
        while let step = current {
            if step.is(ClosureExprSyntax.self) || step.is(ForStmtSyntax.self) || step.is(WhileStmtSyntax.self)
                || step.is(RepeatStmtSyntax.self) || step.is(FunctionDeclSyntax.self)
            {
                return nil
            }
            if let initializer = step.as(InitializerDeclSyntax.self) {
                return initializer.ancestor(MemberBlockSyntax.self)?.id == function.ancestor(MemberBlockSyntax.self)?.id
                    ? initializer : nil
            }
            current = step.parent
        }
        return nil
    }

    /// Whether `name` is a constant of the type `members` belongs to that holds a `holder` made for
    /// it: `let name = Holder(…)`, or `let name: Holder` given `Holder(…)` in `initializer`.
    private static func isConstant(
        _ name: String, of holder: String, in members: MemberBlockSyntax, madeBy initializer: InitializerDeclSyntax
    ) -> Bool {
        for item in members.members {
            guard let variable = item.decl.as(VariableDeclSyntax.self),
                variable.bindingSpecifier.tokenKind == .keyword(.let),
                let binding = variable.bindings.first(where: {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                })
            else { continue }
            if let value = binding.initializer?.value { return makes(value, holder) }
            return initializer.body.map { assigns(name, made: holder, in: $0) } ?? false
        }
        return false
    }

    /// Whether `body` assigns `name` (or `self.name`) a `holder` it makes there.
    private static func assigns(_ name: String, made holder: String, in body: CodeBlockSyntax) -> Bool {
        body.tokens(viewMode: .sourceAccurate).contains { token in
            guard let assignment = token.parent?.as(AssignmentExprSyntax.self),
                let sequence = assignment.parent?.parent?.as(SequenceExprSyntax.self)
            else { return false }
            let parts = Array(sequence.elements)
            guard parts.count == 3, parts[1].id == assignment.id, parts[0].storedName == name else { return false }
            return makes(parts[2], holder)
        }
    }

    /// Whether `value` is `Holder(…)`.
    private static func makes(_ value: ExprSyntax, _ holder: String) -> Bool {
        value.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            == holder
    }
}
