public import LifecycleCheckReport
import SwiftParser
import SwiftSyntax

/// Checks Swift source for the rules. Parsing only: the code need not build on this system.
///
/// ```swift
/// let findings = Checker.check(source: text, path: "Sources/Toast.swift")
/// findings.first?.rule      // .taskNeverCancelled
/// findings.first?.live      // toast, T1 → T4
/// ```
///
/// One parse and one walk per file (``ViewContextWalker``; a file that starts no task, timer or
/// delayed call is not walked), then each rule reads the gathered facts. Any text is accepted:
/// invalid Swift is parsed as far as it goes. A file too large or nested too deep to judge whole
/// gets a `file-not-judged` note, never a silent clean bill.
public enum Checker {
    /// Every rule, in ``RuleID`` order.
    static var rules: [any CheckRule.Type] {
        [
            TaskNeverCancelled.self, OverlappingTaskRuns.self, TaskOutlivesView.self, TaskKeptNotCancelled.self,
            TryOptionalSwallowsCancel.self, CancelledLoopSpins.self, BagCapturesView.self, BagDropsHandle.self,
            TaskErrorDropped.self, TaskInsideTaskModifier.self,
            TaskInRefreshable.self, DelayedWriteNeverCancelled.self, TimerNeverInvalidated.self, NoScenePhase.self,
            FileNotJudged.self,
        ]
    }

    /// The rule behind `id`.
    static func rule(_ id: RuleID) -> any CheckRule.Type {
        rules[RuleID.allCases.firstIndex(of: id)!]
    }

    /// Lines shown before and after a finding's line in its excerpt.
    static let excerptContext = 2

    /// The largest file judged, in UTF-8 bytes: its syntax tree takes about 90 bytes of memory
    /// a byte of source, so 8 MB stays under a gigabyte. A larger file gets a `file-not-judged`
    /// note (generated code, as a rule).
    public static let maximumFileSize = 8 << 20

    /// The longest run of `[` the checker parses: swift-syntax's lookahead for an array type tries
    /// each `[` of a run like `[[[[` two ways, so its time doubles with each one more (16 take a
    /// second, 24 a minute). A longer run (in generated data, say) gets a `file-not-judged` note
    /// instead of a parse that never ends.
    public static let maximumBracketRun = 14

    /// The findings in one file's text, in line, column and rule order. A finding that depends on
    /// functions declared in other files is kept (see ``checkInProject(source:path:rules:)``).
    /// - Parameters:
    ///   - source: The file's text.
    ///   - path: The path to report, as the person gave it.
    ///   - rules: The rules to apply and their severities.
    public static func check(source: String, path: String, rules ruleSet: RuleSet = RuleSet()) -> [Finding] {
        checkInProject(source: source, path: path, rules: ruleSet).findings
    }

    /// One file's findings, and the functions declared elsewhere that some of them depend on.
    public struct FileCheck: Sendable {
        /// In line, column and rule order.
        public var findings: [Finding]
        /// By index in `findings`: a finding that stands only if one of these callees, which the
        /// file calls but does not declare, can throw an error nobody sees (`try await
        /// downloadImage(url)` in a task whose error nobody reads), each a name with its labels
        /// (`downloadImage(_:)`). ``cannotThrow(_:in:)`` answers for the other files.
        public var calleesElsewhere: [Int: [String]]
        /// By index in `findings`: a finding that stands only if something in the project gives
        /// this binding another value than its timer writes (``BindingWrites``).
        public var writesElsewhere: [Int: BindingWriteKey]
        /// By index in `findings`: a finding that stands unless the project calls this method once
        /// per holder, from the holder's owner's initializer (``SlotFillers``).
        public var fillsElsewhere: [Int: SlotFillerKey]
        /// A digest of the text checked, when a finding has a fix: `--fix` makes the edits only
        /// to that text (``TextFile/digest(_:)``), never to a file changed since.
        public var sourceDigest: UInt64?

        public init(
            findings: [Finding] = [], calleesElsewhere: [Int: [String]] = [:],
            writesElsewhere: [Int: BindingWriteKey] = [:], fillsElsewhere: [Int: SlotFillerKey] = [:],
            sourceDigest: UInt64? = nil
        ) {
            self.findings = findings
            self.calleesElsewhere = calleesElsewhere
            self.writesElsewhere = writesElsewhere
            self.fillsElsewhere = fillsElsewhere
            self.sourceDigest = sourceDigest
        }

        /// The findings that stand, given the functions of the project that cannot throw and
        /// those (of the same names) that can, the bindings the project writes otherwise, and the
        /// slot fillers it calls once per holder.
        public func resolved(
            cannotThrow: Set<String>, mayThrow: Set<String>, writtenOtherwise: Set<BindingWriteKey> = [],
            startedOnce: Set<SlotFillerKey> = []
        ) -> [Finding] {
            findings.indices.compactMap { index in
                if let key = writesElsewhere[index], !writtenOtherwise.contains(key) { return nil }
                if let key = fillsElsewhere[index], startedOnce.contains(key) { return nil }
                guard let callees = calleesElsewhere[index],
                    callees.allSatisfy({ cannotThrow.contains($0) && !mayThrow.contains($0) })
                else { return findings[index] }
                return nil
            }
        }
    }

    /// Of the callees `keys` (``FileCheck/calleesElsewhere``: a name with its labels,
    /// `createFolder(at:)`), those that every function `source` declares for them leaves silent
    /// about errors (it cannot throw, or shows its failures itself), and those that some does not.
    public static func cannotThrow(_ keys: Set<String>, in source: String) -> (cannot: Set<String>, may: Set<String>) {
        guard source.utf8.count <= maximumFileSize else { return ([], []) }
        let callees = CalleeMentions.callees(keys.compactMap(CalleeKey.init(text:)), mentionedIn: source)
        guard !callees.isEmpty else { return ([], []) }
        var cannot: Set<String> = []
        var may: Set<String> = []
        let tree = Parser.parse(source: source)
        var functions: [String: [FunctionDeclSyntax]] = [:]
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.func) {
            guard let function = token.parent?.as(FunctionDeclSyntax.self) else { continue }
            functions[function.name.text, default: []].append(function)
        }
        for callee in callees {
            let silent =
                callee.isHandedIn
                ? callee.handedFunctions(in: tree, functions: functions)
                : (functions[callee.name] ?? []).filter(callee.matches).map(TaskErrorDropped.isSilentAboutErrors)
            if silent.contains(false) {
                may.insert(callee.text)
            } else if !silent.isEmpty {
                cannot.insert(callee.text)
            }
        }
        return (cannot, may)
    }

    /// ``check(source:path:rules:)``, with the findings that depend on other files marked.
    public static func checkInProject(source: String, path: String, rules ruleSet: RuleSet = RuleSet()) -> FileCheck {
        let raw: [RawFinding]
        var lines: [Substring] = []
        let converter: Locations?
        let directives: [Int: [String]]
        var tree: SourceFileSyntax?
        let scan = SourceScan(source)
        if source.utf8.count > maximumFileSize {
            let megabytes = (source.utf8.count + (1 << 19)) >> 20
            raw = [FileNotJudged.tooLarge(megabytes: megabytes)]
            converter = nil
            directives = [:]
        } else if let run = scan.longestBracketRun, run.length > maximumBracketRun {
            raw = [FileNotJudged.bracketRun(run.length, at: run.offset)]
            converter = nil
            directives = [:]
        } else {
            // The parser stops building the tree past its nesting limit (swift-syntax's default,
            // sized to its own stack use): the rest of the file is not walked, and says so.
            let file = Parser.parse(source: source)
            let locations = Locations(fileName: path, tree: file)
            let walker = ViewContextWalker(
                file: file, converter: locations, mayHaveDirectives: scan.mentionsDirective)
            // A file that starts no work gives no finding, so its tree is not walked, unless a
            // `// lifecycle:` comment may silence its file-not-judged note (read in the walk).
            if scan.mayStartWork || (scan.mentionsDirective && walker.facts.nestingOverflow != nil) {
                walker.walk(file)
            }
            let context = RuleContext(facts: walker.facts, converter: locations)
            raw = rules.filter { ruleSet.isEnabled($0.description.id) }.flatMap { $0.findings(in: context) }
            converter = locations
            directives = walker.facts.directives
            tree = file
        }
        guard !raw.isEmpty else { return FileCheck() }
        lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
        var seen: Set<String> = []
        var findings: [(finding: Finding, callees: [String], write: BindingWriteKey?, filler: SlotFillerKey?)] = []
        for match in raw where ruleSet.isEnabled(match.rule) {
            let location = converter.map { $0.location(for: match.position) }
            let (line, column) = location.map { ($0.line, $0.column) } ?? Self.place(of: match.position, in: source)
            guard
                !Directive.applies("ignore:" + match.rule.rawValue, toLine: line, in: directives),
                seen.insert("\(match.rule) \(line) \(column)").inserted
            else { continue }
            let first = max(1, line - excerptContext)
            let last = min(lines.count, line + excerptContext)
            let excerpt = first <= last ? lines[(first - 1)..<last].joined(separator: "\n") : ""
            let description = match.rule.rule
            var severity = ruleSet.severity(of: match.rule)
            var message = match.message ?? description.message
            if severity != .note, let tree, isDebugOnly(match.position, in: tree) {
                severity = .note
                message += " (in `#if DEBUG` code: the app people run is built without it)"
            } else if severity != .note, let reason = match.noteBecause {
                severity = .note
                message += " (\(reason))"
            }
            let finding = Finding(
                rule: match.rule, severity: severity, path: path, line: line,
                column: column, message: message, why: description.why,
                fix: description.fix, spec: description.spec, live: match.live ?? description.live,
                excerpt: Excerpt(startLine: first, text: excerpt),
                fixIt: converter.flatMap { converter in match.fix.map { fixIt($0, converter) } })
            findings.append((finding, match.calleesElsewhere, match.bindingWrite, match.slotFiller))
        }
        findings.sort {
            ($0.finding.line, $0.finding.column, $0.finding.rule.rawValue)
                < ($1.finding.line, $1.finding.column, $1.finding.rule.rawValue)
        }
        keepFixesApart(&findings)
        var callees: [Int: [String]] = [:]
        var writes: [Int: BindingWriteKey] = [:]
        var fillers: [Int: SlotFillerKey] = [:]
        for (index, entry) in findings.enumerated() {
            if !entry.callees.isEmpty { callees[index] = entry.callees }
            if let write = entry.write { writes[index] = write }
            if let filler = entry.filler { fillers[index] = filler }
        }
        // The text the fixes were made for, so that they are written only to it (``FixFile``).
        let digest = findings.contains { $0.finding.fixIt != nil } ? TextFile.digest(source) : nil
        for index in findings.indices { findings[index].finding.fixIt?.sourceDigest = digest }
        return FileCheck(
            findings: findings.map(\.finding), calleesElsewhere: callees, writesElsewhere: writes,
            fillsElsewhere: fillers, sourceDigest: digest)
    }

    /// Whether `source` parses without a syntax error: a fixed file must, when the file did.
    public static func parsesCleanly(_ source: String) -> Bool {
        !Parser.parse(source: source).hasError
    }

    /// A rule's fix with the lines and columns of its edits.
    private static func fixIt(_ fix: RawFix, _ converter: Locations) -> FixIt {
        FixIt(
            description: fix.description,
            edits: fix.edits.map { edit in
                let start = converter.location(for: edit.range.lowerBound)
                let end = converter.location(for: edit.range.upperBound)
                return TextEdit(
                    offset: edit.range.lowerBound.utf8Offset,
                    length: edit.range.upperBound.utf8Offset - edit.range.lowerBound.utf8Offset,
                    startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column,
                    text: edit.text)
            }, isSafe: fix.isSafe)
    }

    /// One file's fixes made disjoint, so that every finding's fix can be applied with the others
    /// (by `--fix`, or from the JSON and SARIF): of two that touch the same text the safe one is
    /// kept (an unsafe fix never takes a safe one's place), then the one that covers the most;
    /// the other is dropped (the same edits, or a `try?` rewritten by a `Task` moving into `.task`).
    private static func keepFixesApart(
        _ findings: inout [(finding: Finding, callees: [String], write: BindingWriteKey?, filler: SlotFillerKey?)]
    ) {
        let order = findings.indices.filter { findings[$0].finding.fixIt != nil }.sorted { left, right in
            let (a, b) = (findings[left].finding.fixIt!, findings[right].finding.fixIt!)
            return (a.isSafe ? 0 : 1, a.edits.first!.offset, -(a.edits.last!.offset + a.edits.last!.length)) < (
                b.isSafe ? 0 : 1, b.edits.first!.offset, -(b.edits.last!.offset + b.edits.last!.length)
            )
        }
        var taken: [Range<Int>] = []
        for index in order {
            let ranges = findings[index].finding.fixIt!.edits.map(\.range)
            if ranges.contains(where: { range in
                taken.contains {
                    $0.overlaps(range) || $0 == range || (range.isEmpty && $0.contains(range.lowerBound))
                        || ($0.isEmpty && range.contains($0.lowerBound))
                }
            }) {
                findings[index].finding.fixIt = nil
            } else {
                taken += ranges
            }
        }
    }

    /// Whether `position` is in an `#if DEBUG` clause: code the shipped app is built without, so a
    /// mistake there is a note, not a warning.
    static func isDebugOnly(_ position: AbsolutePosition, in file: SourceFileSyntax) -> Bool {
        var node = file.token(at: position)?.parent
        while let current = node {
            if let clause = current.as(IfConfigClauseSyntax.self), clause.poundKeyword.tokenKind != .poundElse,
                clause.condition?.as(DeclReferenceExprSyntax.self)?.baseName.text == "DEBUG"
            {
                return true
            }
            node = current.parent
        }
        return false
    }

    /// The 1-based line and UTF-8 column of `position`, without a parsed tree.
    private static func place(of position: AbsolutePosition, in source: String) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for (offset, byte) in source.utf8.enumerated() {
            if offset >= position.utf8Offset { break }
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = offset + 1
            }
        }
        return (line, position.utf8Offset - lineStart + 1)
    }
}

/// One pass over a file's bytes before it is parsed: the longest run of `[` with nothing but
/// spaces and line breaks between them, as `[[[[` (``Checker/maximumBracketRun``; a run inside a
/// string or a comment counts too, which errs towards a note), whether the text says
/// `lifecycle:` anywhere (only then are comments read for directives), and whether it can start
/// any work a rule is about.
struct SourceScan {
    var longestBracketRun: (length: Int, offset: Int)?
    var mentionsDirective = false
    /// Whether the text has `ask` (`Task`, `.task`), `imer` (`Timer`, `scheduledTimer`,
    /// `clock.timer`), `sleep`, `publish` (`publish(every:)`) or `asyncAfter` anywhere: every
    /// rule's site is a task, a timer, a sleep or a delayed call written with one of them. Most
    /// files of an app have none, and their tree is not walked (only its nesting is looked at,
    /// for `file-not-judged`).
    var mayStartWork = false

    init(_ source: String) {
        var text = source
        self = text.withUTF8 { SourceScan(bytes: $0) }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        let marker = Array("lifecycle:".utf8)
        var length = 0
        var start = 0
        for offset in bytes.indices {
            switch bytes[offset] {
            case UInt8(ascii: "["):
                if length == 0 { start = offset }
                length += 1
                if length > longestBracketRun?.length ?? 0 { longestBracketRun = (length, start) }
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "l"):
                length = 0
                if !mentionsDirective, offset + marker.count <= bytes.count,
                    marker.indices.allSatisfy({ bytes[offset + $0] == marker[$0] })
                {
                    mentionsDirective = true
                }
            default:
                length = 0
                if !mayStartWork { mayStartWork = Self.endsWorkWord(at: offset, in: bytes) }
            }
        }
    }

    /// Whether a word ``mayStartWork`` looks for ends at `offset`.
    private static func endsWorkWord(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func endsWith(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard offset + 1 >= count else { return false }
            let start = offset + 1 - count
            return (0..<count).allSatisfy { bytes[start + $0] == word.utf8Start[$0] }
        }
        switch bytes[offset] {
        case UInt8(ascii: "k"): return endsWith("ask")
        case UInt8(ascii: "r"): return endsWith("imer") || endsWith("asyncAfter")
        case UInt8(ascii: "p"): return endsWith("sleep")
        case UInt8(ascii: "h"): return endsWith("publish")
        default: return false
        }
    }
}
