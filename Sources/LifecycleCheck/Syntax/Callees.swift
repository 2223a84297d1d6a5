import SwiftSyntax

/// What a task's `try` calls that this file does not declare, looked up in the rest of the
/// project (``Checker/cannotThrow(_:in:)``): a function or method by its name and the labels the
/// call writes, `createFolder(at:)` (`_` where none is written, `{}` for a trailing closure), or a
/// closure the view was handed, `@onPush` (`let onPush: (Remote) async throws -> Void`, called as
/// `onPush(remote)`), which stands for the functions handed to it as `onPush: push`.
struct CalleeKey: Hashable {
    let name: String
    let labels: [String]
    let isHandedIn: Bool

    init(_ call: FunctionCallExprSyntax) {
        name = call.calleeName ?? ""
        labels =
            call.arguments.map { $0.label?.text ?? "_" } + (call.trailingClosure == nil ? [] : ["{}"])
            + call.additionalTrailingClosures.map(\.label.text)
        isHandedIn = call.calledExpression.is(DeclReferenceExprSyntax.self) && Self.isClosureProperty(name, of: call)
    }

    /// Reads ``text`` back.
    init?(text: String) {
        if text.hasPrefix("@") {
            (name, labels, isHandedIn) = (String(text.dropFirst()), [], true)
            return
        }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        name = String(text[..<open])
        labels = text[text.index(after: open)..<text.index(before: text.endIndex)].split(separator: ":").map(
            String.init)
        isHandedIn = false
    }

    var text: String { isHandedIn ? "@" + name : name + "(" + labels.map { $0 + ":" }.joined() + ")" }

    /// Whether `function` can be the one called: it is declared `throws` (a `try` on a function
    /// that cannot throw is on another one, a framework's `context.save()` beside the app's own
    /// `save()`), has the name, and its parameters take the labels in order, those with a default
    /// value left out as the call may leave them (`createFolder(at:)` calls `func createFolder(at:
    /// URL, named: String = "New Folder")`), a trailing closure the next parameter of function type.
    func matches(_ function: FunctionDeclSyntax) -> Bool {
        guard !isHandedIn, function.name.text == name, function.signature.effectSpecifiers?.throwsClause != nil
        else { return false }
        var index = 0
        for parameter in function.signature.parameterClause.parameters {
            let label = index < labels.count ? labels[index] : nil
            if label == "{}" ? Self.isFunctionType(parameter.type) : label == parameter.firstName.text {
                index += 1
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return index == labels.count
    }

    private static func isFunctionType(_ type: TypeSyntax) -> Bool {
        var type = type
        if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            type = only.type
        }
        return type.is(FunctionTypeSyntax.self)
    }

    /// For a handed-in closure, what each `name: value` argument in `source` hands it: `true` for a
    /// function of `source` silent about errors, `false` for one that is not or for a closure or
    /// value not in sight, nothing for a view passing on its own closure of that name (its own
    /// caller hands the function, and is looked at where it does).
    func handedFunctions(in tree: SourceFileSyntax, functions: [String: [FunctionDeclSyntax]]) -> [Bool] {
        var found: [Bool] = []
        for token in tree.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let argument = token.parent?.as(LabeledExprSyntax.self), argument.label?.id == token.id else {
                continue
            }
            var value = argument.expression
            if let member = value.as(MemberAccessExprSyntax.self),
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            {
                value = ExprSyntax(member.declName)
            }
            guard let reference = value.as(DeclReferenceExprSyntax.self) else {
                found.append(false)
                continue
            }
            if let declarations = functions[reference.baseName.text] {
                found += declarations.map(TaskErrorDropped.isSilentAboutErrors)
            } else if reference.baseName.text != name {
                found.append(false)
            }
        }
        return found
    }

    /// Whether `name` is a stored property of the type around `call` that holds a function:
    /// `let onPush: (Remote) async throws -> Void`.
    private static func isClosureProperty(_ name: String, of call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if let members = current.as(MemberBlockSyntax.self) {
                return members.members.contains { member in
                    member.decl.as(VariableDeclSyntax.self)?.bindings.contains { binding in
                        guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                            var type = binding.typeAnnotation?.type
                        else { return false }
                        if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
                        return type.is(FunctionTypeSyntax.self)
                    } == true
                }
            }
            node = current.parent
        }
        return false
    }
}

extension TokenSyntax {
    /// Whether this name, in a `catch`, shows the person the error: it is handed to a call that is
    /// not a log (`notifications.showError(error.localizedDescription)`) or stored (`self.failure
    /// = error`, `alert = AlertItem(error)`), and no call around it is a log or a crash reporter
    /// (`logger.error("\(String(describing: error))")` tells only a developer). A value only
    /// wrapped (`let wrapped = AppError(error)`) or handed on (`continuation.resume(throwing:
    /// error)`) is shown to nobody.
    var isShownError: Bool {
        var shown = false
        var node = parent
        while let current = node, !current.is(CodeBlockItemSyntax.self) {
            if let argument = current.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
            {
                if call.calledExpression.tokens(viewMode: .sourceAccurate).contains(where: { Self.isLogName($0.text) })
                {
                    return false
                }
                // Handed on to whoever awaits a continuation or a promise: shown to nobody yet.
                if argument.label?.text == "throwing" || call.calleeName == "resume" { return false }
                // An initializer wraps the error; where the wrapper goes decides.
                if call.calleeName?.first?.isUppercase != true { shown = true }
            }
            if let sequence = current.as(SequenceExprSyntax.self),
                let assignment = sequence.elements.first(where: { $0.is(AssignmentExprSyntax.self) }),
                assignment.position < position
            {
                shown = true
            }
            node = current.parent
        }
        return shown
    }

    private static func isLogName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasPrefix("log") || lowered.hasSuffix("logger") || lowered.hasSuffix("_log")
            || [
                "print", "debugprint", "nslog", "dump", "assert", "assertionfailure", "record", "capture",
                "crashlytics", "sentrysdk",
            ].contains(lowered)
    }
}
