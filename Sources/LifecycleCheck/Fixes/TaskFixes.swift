import SwiftSyntax

/// A fix as a rule finds it: replacements of source ranges, turned into ``LifecycleCheckReport/FixIt``
/// (with lines and columns) by the checker.
struct RawFix {
    let description: String
    let edits: [(range: Range<AbsolutePosition>, text: String)]
    /// ``LifecycleCheckReport/FixIt/isSafe``.
    var isSafe = true

    /// This fix, made only when asked (`--unsafe-fixes`): a note's, or a button's `.onDisappear`,
    /// where the code does not say whether the work may stop.
    var unsafe: RawFix {
        var fix = self
        fix.isSafe = false
        return fix
    }
}

/// The seeds' mechanical fixes, made only where they keep the code's meaning and still compile:
/// a `Task` the person wrote as the whole of `onAppear` becomes `.task` (T1 → T2), a `Task`
/// that ends a `.task` closure is awaited in it, `try? await Task.sleep(…)` in such a closure
/// ends the work once cancelled (T3 → T2), and a kept handle is cancelled in `.onDisappear`
/// (T4). Anything else (a `Task(priority:)`, a closure with a capture list, work that throws or
/// returns a value, a `Task` with statements after it) gets no fix: the finding says what to do
/// and nothing is rewritten. docs/check.md lists each case.
enum TaskFixes {
    /// The fix for an unkept task at `site`, by where it is started; `nil` where none is safe.
    static func fix(for site: TaskSite) -> RawFix? {
        guard !site.detached, let body = inlinableBody(of: site.call),
            let item = site.call.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self),
            let closure = list.parent?.as(ClosureExprSyntax.self), closure.signature == nil,
            let modifier = closure.parent?.as(FunctionCallExprSyntax.self), modifier.trailingClosure?.id == closure.id,
            modifier.additionalTrailingClosures.isEmpty,
            let member = modifier.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        let name = member.declName.baseName
        let inlined = inlinedText(of: body, at: site.call)
        // A `// comment` ending the work, with the closure's `}` on the same line, would swallow it.
        let endsInLineComment = (body.rightBrace.leadingTrivia + (body.statements.last?.trailingTrivia ?? []))
            .contains { if case .lineComment = $0 { true } else if case .docLineComment = $0 { true } else { false } }
        let nextOnSameLine =
            !(site.call.trailingTrivia + (site.call.nextToken(viewMode: .sourceAccurate)?.leadingTrivia ?? []))
            .contains(where: \.isNewline)
        if endsInLineComment && nextOnSameLine { return nil }
        let taskRange = site.call.positionAfterSkippingLeadingTrivia..<site.call.endPositionBeforeTrailingTrivia
        switch name.text {
        case "onAppear":
            // `onAppear(perform:)` and an `onAppear` holding more than the `Task` stay as written:
            // the other statements should not wait for the task's work.
            guard list.count == 1, modifier.arguments.isEmpty, modifier.leftParen == nil else { return nil }
            return RawFix(
                description: "`onAppear { Task { … } }` → `.task { … }`: SwiftUI cancels it when the view disappears",
                edits: [
                    (name.positionAfterSkippingLeadingTrivia..<name.endPositionBeforeTrailingTrivia, "task"),
                    (taskRange, inlined),
                ])
        case "task":
            // Only the last statement: the work after a `Task` runs beside it, not after it. Beside
            // other statements, its own declarations could clash with theirs in one scope.
            guard list.last?.id == item.id,
                list.count == 1 || !body.statements.contains(where: { $0.item.is(DeclSyntax.self) })
            else { return nil }
            return RawFix(
                description: "`Task { … }` inside `.task` → its work, awaited: cancelled with the view",
                edits: [(taskRange, inlined)])
        default:
            return nil
        }
    }

    /// The fix for `try? await Task.sleep(…)` written as a statement of `closure`: the same wait
    /// in `do { try await … } catch { return }`, so cancellation ends the work (T3 → T2).
    static func fix(forOptionalTry node: TryExprSyntax, in closure: ClosureExprSyntax) -> RawFix? {
        guard node.questionOrExclamationMark?.tokenKind == .postfixQuestionMark,
            let wait = node.expression.as(AwaitExprSyntax.self),
            let call = wait.expression.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self), isCancellableSleep(callee, call),
            node.parent?.is(CodeBlockItemSyntax.self) == true,
            !returnsValue(closure), isDirectlyIn(closure, Syntax(node))
        else { return nil }
        return RawFix(
            description: "`try? await …sleep(…)` → `do { try await …sleep(…) } catch { return }`: the work after it "
                + "stops once cancelled",
            edits: [
                (
                    node.positionAfterSkippingLeadingTrivia..<node.endPositionBeforeTrailingTrivia,
                    "do { try \(node.expression.trimmedDescription) } catch { return }"
                )
            ])
    }

    /// The fix for a kept handle `name` never cancelled where the view goes (T4's other half):
    /// `.onDisappear { name?.cancel() }` after the modifier or button whose closure starts it,
    /// on its own line as the chain is written. Only where that call is a view's (a modifier on a
    /// view, a `Button` or `…Button`) and the handle's declaration says whether it is optional.
    static func fix(forKept name: String, at site: TaskSite) -> RawFix? {
        guard let closure = site.viewClosure else { return nil }
        let owner =
            closure.parent?.as(FunctionCallExprSyntax.self)
            ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
        guard let owner, let optional = isOptional(name, around: site.call) else { return nil }
        let cancel = ".onDisappear { \(name)\(optional ? "?" : "").cancel() }"
        let text: String
        var isSafe = true
        if let member = owner.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil {
            let period = member.period
            let lineEnd = period.leadingTrivia.contains { $0 == .carriageReturnLineFeeds(1) } ? "\r\n" : "\n"
            text =
                period.leadingTrivia.contains(where: \.isNewline)
                ? lineEnd + String(repeating: " ", count: indentation(of: period)) + cancel : cancel
        } else if let type = owner.calledExpression.as(DeclReferenceExprSyntax.self),
            type.baseName.text.hasSuffix("Button")
        {
            text = cancel
            // A button can go while its work must go on (swapped for a spinner once pressed, in an
            // alert or a menu): the person decides.
            isSafe = false
        } else {
            return nil
        }
        let end = owner.endPositionBeforeTrailingTrivia
        let fix = RawFix(
            description: "cancel `\(name)` where the view goes: `\(cancel)`", edits: [(end..<end, text)])
        return isSafe ? fix : fix.unsafe
    }

    /// Whether the stored property `name` of the type around `node` is optional; `nil` when its
    /// declaration is not found or says nothing of it.
    private static func isOptional(_ name: String, around node: some SyntaxProtocol) -> Bool? {
        var current = node.parent
        while let parent = current {
            if let members = parent.as(MemberBlockSyntax.self) {
                for member in members.members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings
                    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let type = binding.typeAnnotation?.type {
                            if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                                return true
                            }
                            // `Optional<Task<…>>`, `Task<…>`; another name (an alias) says nothing.
                            switch type.as(IdentifierTypeSyntax.self)?.name.text {
                            case "Optional": return true
                            case "Task": return false
                            default: return nil
                            }
                        }
                        return binding.initializer?.value.is(NilLiteralExprSyntax.self) == true ? true : nil
                    }
                }
                return nil
            }
            current = parent.parent
        }
        return nil
    }

    /// `Task.sleep(…)`, or a clock's `sleep(for:)` / `sleep(until:)`: waits that throw only when
    /// cancelled, so ending the work on their error changes nothing else.
    private static func isCancellableSleep(_ callee: MemberAccessExprSyntax, _ call: FunctionCallExprSyntax) -> Bool {
        guard callee.declName.baseName.text == "sleep" else { return false }
        if callee.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task" { return true }
        return ["for", "until"].contains(call.arguments.first?.label?.text)
    }

    /// The `Task { … }` closure when the call is nothing else: no argument, no signature or
    /// capture list, no error thrown out of it and no value returned from it.
    private static func inlinableBody(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        guard call.arguments.isEmpty, call.additionalTrailingClosures.isEmpty, let body = call.trailingClosure,
            body.signature == nil, !throwsOut(of: body), !returnsValue(body)
        else { return nil }
        return body
    }

    /// Whether a statement after `item` reads `Task.isCancelled` or calls `checkCancellation()`:
    /// the code already reacts to the swallowed cancellation, its own way.
    private static func checksCancellation(after item: CodeBlockItemSyntax, in block: CodeBlockItemListSyntax) -> Bool {
        block.drop { $0.id != item.id }.dropFirst().contains { statement in
            statement.tokens(viewMode: .sourceAccurate).contains {
                ["isCancelled", "checkCancellation"].contains($0.text)
            }
        }
    }

    /// Whether `node` is in `closure` itself, not in a closure or function inside it (where a
    /// `return` or `throw` would leave that one).
    private static func isDirectlyIn(_ closure: ClosureExprSyntax, _ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current, parent.id != closure.id {
            if parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self)
                || parent.is(AccessorDeclSyntax.self)
            {
                return false
            }
            current = parent.parent
        }
        return current != nil
    }

    /// Whether an error can leave `closure`: a `try`, `for try` or `throw` of its own that no
    /// `do` around it catches whole. `.task`'s closure cannot throw, so such work cannot move in.
    static func throwsOut(of closure: ClosureExprSyntax) -> Bool {
        for token in closure.statements.tokens(viewMode: .sourceAccurate) {
            let throwing: Bool
            switch token.tokenKind {
            case .keyword(.try):
                throwing =
                    token.parent?.as(TryExprSyntax.self)?.questionOrExclamationMark == nil
                    || token.parent?.is(ForStmtSyntax.self) == true
            case .keyword(.throw):
                throwing = true
            default:
                throwing = false
            }
            guard throwing, isDirectlyIn(closure, Syntax(token)) else { continue }
            var node = token.parent
            var caught = false
            while let current = node, current.id != closure.id, !caught {
                if let body = current.as(CodeBlockSyntax.self), let statement = body.parent?.as(DoStmtSyntax.self),
                    statement.body.id == body.id, statement.catchesEverything
                {
                    caught = true
                }
                node = current.parent
            }
            if !caught { return true }
        }
        return false
    }

    /// Whether `closure` returns a value with a `return` of its own.
    static func returnsValue(_ closure: ClosureExprSyntax) -> Bool {
        closure.statements.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.tokenKind == .keyword(.return), let statement = token.parent?.as(ReturnStmtSyntax.self)
            else { return false }
            return statement.expression != nil && isDirectlyIn(closure, Syntax(token))
        }
    }

    /// The closure's statements as they read inside it, with its comments, placed where the
    /// `Task` call stood: the first line at the call's column, the others moved left by the
    /// closure's own indentation step (left alone if a multi-line string could be touched).
    private static func inlinedText(of body: ClosureExprSyntax, at call: FunctionCallExprSyntax) -> String {
        var inner = Array(
            (body.leftBrace.trailingTrivia.description + body.statements.description
                + body.rightBrace.leadingTrivia.description).utf8)
        // In `.task` a `try? await …sleep(…)` with work after it is T3's trap: it moves in as T2.
        let start = body.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
        for token in body.statements.tokens(viewMode: .sourceAccurate).reversed()
        where token.tokenKind == .keyword(.try) {
            guard let node = token.parent?.as(TryExprSyntax.self), let item = node.parent?.as(CodeBlockItemSyntax.self),
                let block = item.parent?.as(CodeBlockItemListSyntax.self), block.last?.id != item.id,
                !checksCancellation(after: item, in: block),
                let sleep = fix(forOptionalTry: node, in: body), let edit = sleep.edits.first
            else { continue }
            inner.replaceSubrange(
                (edit.range.lowerBound.utf8Offset - start)..<(edit.range.upperBound.utf8Offset - start),
                with: Array(edit.text.utf8))
        }
        let text = String(decoding: inner, as: UTF8.self)
        // Windows line ends: "\r\n" is one character to Swift, so lines are left as they are.
        if text.unicodeScalars.contains("\r") {
            return String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        guard let first = lines.first else { return "" }
        let firstIndent = first.prefix { $0 == " " || $0 == "\t" }.count
        let startsOnItsOwnLine = text.prefix { $0 != "\n" }.allSatisfy(\.isWhitespace) && text.contains("\n")
        let hasMultilineString = body.statements.tokens(viewMode: .sourceAccurate).contains {
            $0.tokenKind == .multilineStringQuote
        }
        let step = startsOnItsOwnLine && !hasMultilineString ? max(0, firstIndent - indentation(of: call)) : 0
        var out = [String(first.dropFirst(firstIndent))]
        for line in lines.dropFirst() {
            let removable = min(step, line.prefix { $0 == " " || $0 == "\t" }.count)
            out.append(String(line.dropFirst(removable)))
        }
        return String(out.joined(separator: "\n").reversed().drop(while: \.isWhitespace).reversed())
    }

    /// The indentation of the line `node` starts on: the blanks after the last line break before it.
    private static func indentation(of node: some SyntaxProtocol) -> Int {
        var token = node.firstToken(viewMode: .sourceAccurate)
        while let current = token {
            let trivia = current.leadingTrivia.description
            if let newline = trivia.lastIndex(where: \.isNewline) {
                return trivia[trivia.index(after: newline)...].prefix { $0 == " " || $0 == "\t" }.count
            }
            token = current.previousToken(viewMode: .sourceAccurate)
            if token == nil { return trivia.prefix { $0 == " " || $0 == "\t" }.count }
        }
        return 0
    }
}
