import Foundation
import LabJSON
import Testing

@testable import LifecycleCheck
@testable import LifecycleCheckReport

/// The checker's fixes (docs/check.md, "Fixes"): each fixable shape goes bug → fix → clean and
/// lands on the seed's fixed shape; a shape with no safe fix is left as written; the JSON, the
/// SARIF and the diff carry the same edits `--fix` makes.
@Suite struct FixTests {
    /// `source` with every finding's fix made, as `--fix` does (with `--unsafe-fixes`: `unsafe`).
    static func fixed(_ source: String, unsafe: Bool = false) -> String? {
        FixIt.apply(Finding.edits(of: Checker.check(source: source, path: "View.swift"), unsafe: unsafe), to: source)
    }

    /// The findings that are warnings or notes (every one, so a fix that leaves a note is seen).
    static func rules(in source: String) -> [String] {
        Checker.check(source: source, path: "View.swift").map(\.rule.rawValue)
    }

    @Test("SPEC T1 → T2: the toast's `onAppear { Task { … } }` becomes `.task`, its try? sleep ends the work")
    func toastT1BecomesT2() throws {
        let bug = """
            struct ToastView: View {
                @Binding var isPresented: Bool
                var body: some View {
                    Text("Saved")
                        .onAppear {
                            // hide after a while
                            Task {
                                try? await Task.sleep(for: .seconds(3))
                                withAnimation { isPresented = false }
                            }
                        }
                        .padding()
                }
            }
            """
        #expect(Self.rules(in: bug) == ["task-never-cancelled"])
        let result = try #require(Self.fixed(bug))
        #expect(
            result == """
                struct ToastView: View {
                    @Binding var isPresented: Bool
                    var body: some View {
                        Text("Saved")
                            .task {
                                // hide after a while
                                do { try await Task.sleep(for: .seconds(3)) } catch { return }
                                withAnimation { isPresented = false }
                            }
                            .padding()
                    }
                }
                """)
        #expect(Checker.parsesCleanly(result))
        #expect(Self.rules(in: result).isEmpty)
    }

    @Test(
        "SPEC T1 → T2: a one-line `onAppear { Task { … } }` note becomes `.task { … }`, only when unsafe fixes are asked for"
    )
    func oneLineOnAppear() throws {
        let bug = """
            struct TimelineView: View {
                @StateObject private var model = TimelineModel()
                var body: some View {
                    List(model.statuses) { Text($0.text) }
                        .onAppear { Task { await model.load() } }
                }
            }
            """
        #expect(Self.rules(in: bug) == ["task-outlives-view"])
        // The note cannot tell whether the load must finish though the view goes.
        #expect(Checker.check(source: bug, path: "View.swift").first?.fixIt?.isSafe == false)
        #expect(Self.fixed(bug) == bug)
        let result = try #require(Self.fixed(bug, unsafe: true))
        #expect(result.contains("        .task { await model.load() }\n"))
        #expect(Self.rules(in: result).isEmpty)
    }

    @Test("SPEC T1 vs T2: a `Task` that ends a `.task` closure is awaited in it, one indentation step left")
    func taskInsideTaskModifier() throws {
        let bug = """
            struct Clock: View {
                @State private var now = Date()
                var body: some View {
                    Text(now, style: .time).task {
                        Task {
                            while !Task.isCancelled {
                                try? await Task.sleep(for: .seconds(1))
                                now = Date()
                            }
                        }
                    }
                }
            }
            """
        #expect(Self.rules(in: bug) == ["task-inside-task-modifier"])
        let result = try #require(Self.fixed(bug))
        #expect(
            result.contains(
                """
                        Text(now, style: .time).task {
                            while !Task.isCancelled {
                                do { try await Task.sleep(for: .seconds(1)) } catch { return }
                                now = Date()
                            }
                        }
                """))
        #expect(Self.rules(in: result).isEmpty)
    }

    @Test("SPEC T3 → T2: `try? await Task.sleep` in `.task` with work after it ends the work once cancelled")
    func tryOptionalSleep() throws {
        let bug = """
            struct Banner: View {
                var body: some View {
                    Text("Hi").task {
                        try? await Task.sleep(for: .seconds(3))
                        await Log.write("auto-dismissed")
                    }
                }
            }
            """
        #expect(Self.rules(in: bug) == ["try-optional-swallows-cancel"])
        let result = try #require(Self.fixed(bug))
        #expect(result.contains("            do { try await Task.sleep(for: .seconds(3)) } catch { return }\n"))
        #expect(Self.rules(in: result).isEmpty)
    }

    @Test("SPEC T4: a kept handle never cancelled where the view goes gets `.onDisappear { handle?.cancel() }`")
    func keptHandleIsCancelledOnDisappear() throws {
        let chained = """
            struct Dashboard: View {
                @State private var load = 0.0
                @State private var poller: Task<Void, Never>?
                var body: some View {
                    Gauge(value: load) { Text("CPU") }
                        .onAppear {
                            poller?.cancel()
                            poller = Task {
                                while !Task.isCancelled {
                                    load = await Metrics.cpu()
                                    try? await Task.sleep(for: .seconds(2))
                                }
                            }
                        }
                        .padding()
                }
            }
            """
        #expect(Self.rules(in: chained) == ["task-kept-not-cancelled"])
        let result = try #require(Self.fixed(chained))
        #expect(
            result.contains("            }\n            .onDisappear { poller?.cancel() }\n            .padding()\n"))
        // Fixed, it is seed 003's P1: polling stopped with the view but not in the background, a hint.
        #expect(Self.rules(in: result) == ["no-scene-phase"])
        let button = """
            struct Banner: View {
                @Binding var isShown: Bool
                @State private var hide: Task<Void, Never>? = nil
                var body: some View {
                    Button("Send") { hide = Task { try? await Task.sleep(for: .seconds(3)); isShown = false } }
                }
            }
            """
        #expect(Self.rules(in: button) == ["task-kept-not-cancelled"])
        // A button can go while its work must go on (swapped for a spinner once pressed): unsafe.
        #expect(Checker.check(source: button, path: "View.swift").first?.fixIt?.isSafe == false)
        #expect(Self.fixed(button) == button)
        let fixedButton = try #require(Self.fixed(button, unsafe: true))
        #expect(fixedButton.contains("isShown = false } }.onDisappear { hide?.cancel() }\n"))
        #expect(Self.rules(in: fixedButton).isEmpty)
        // A handle declared elsewhere (an extension, another file): whether it is optional is not known.
        let elsewhere = button.replacingOccurrences(
            of: "    @State private var hide: Task<Void, Never>? = nil\n", with: "")
        #expect(Checker.check(source: elsewhere, path: "View.swift").first?.fixIt == nil)
        // `Optional<Task<…>>` is optional; a type alias says nothing.
        let spelledOut = chained.replacingOccurrences(
            of: "poller: Task<Void, Never>?", with: "poller: Optional<Task<Void, Never>>")
        #expect(try #require(Self.fixed(spelledOut)).contains(".onDisappear { poller?.cancel() }"))
        let aliased = chained.replacingOccurrences(of: "poller: Task<Void, Never>?", with: "poller: Poller")
        #expect(Checker.check(source: aliased, path: "View.swift").allSatisfy { $0.fixIt == nil })
    }

    @Test(
        "SPEC T1 → T2: no fix where the result would not compile or would change what runs",
        arguments: [
            // The work's `let url` beside the closure's own: one scope, a redeclaration.
            ".task { let url = feed; Task { let url = url.next; items = await Search.run(url) } }",
            // The trailing comment would swallow the closure's `}`.
            ".onAppear { Task {\n            items = await Search.run(feed) // first page\n        } }",
        ])
    func noFixThatBreaks(modifier: String) throws {
        let source = """
            struct Feed: View {
                @State private var items: [String] = []
                let feed: URL
                var body: some View {
                    List(items, id: \\.self) { Text($0) }
                        \(modifier)
                }
            }
            """
        let findings = Checker.check(source: source, path: "View.swift")
        #expect(!findings.isEmpty, "the shape is still reported")
        #expect(findings.allSatisfy { $0.fixIt == nil }, "\(findings.map(\.rule))")
    }

    @Test(
        "SPEC T3 → T2: moving into `.task`, a sleep is rewritten only if cancellable and not checked after")
    func inlinedSleeps() throws {
        let source = """
            struct Poller: View {
                @State private var busy = false
                let device: Device
                var body: some View {
                    Text("Poll").task {
                        Task {
                            try? await Task.sleep(for: .seconds(1))
                            if Task.isCancelled { busy = false; return }
                            try? await device.sleep()
                            busy = true
                            try? await Task.sleep(for: .seconds(1))
                            busy = false
                        }
                    }
                }
            }
            """
        let result = try #require(Self.fixed(source, unsafe: true))
        #expect(
            result.contains("try? await Task.sleep(for: .seconds(1))\n            if Task.isCancelled"), "\(result)")
        #expect(result.contains("try? await device.sleep()"), "\(result)")
        #expect(
            result.contains("do { try await Task.sleep(for: .seconds(1)) } catch { return }\n            busy = false"))
    }

    @Test(
        "SPEC T1 → T2: no safe fix, nothing rewritten: arguments, capture list, thrown errors, returned value, more statements",
        arguments: [
            ".onAppear { Task(priority: .low) { await model.load(); shown = true } }",
            ".onAppear { Task { [weak model] in await model?.load(); shown = true } }",
            ".onAppear { Task { try await model.load(); shown = true } }",
            ".onAppear { count += 1; Task { await model.load(); shown = true } }",
            ".onAppear(perform: { Task { await model.load(); shown = true } })",
            ".task { Task { await model.load(); shown = true }; count += 1 }",
        ])
    func noSafeFix(modifier: String) throws {
        let source = """
            struct Row: View {
                @State private var shown = false
                @State private var count = 0
                let model: RowModel
                var body: some View {
                    Text("Row")
                        \(modifier)
                }
            }
            """
        let findings = Checker.check(source: source, path: "View.swift")
        #expect(!findings.isEmpty, "the shape is still reported")
        #expect(findings.allSatisfy { $0.fixIt == nil })
    }

    @Test("SPEC T1, T3: a fix that another one already makes is dropped, so the JSON, the SARIF and --fix agree")
    func overlappingFixesAreMadeOnce() throws {
        let source = """
            struct Feed: View {
                var body: some View {
                    Text("Feed").onAppear {
                        Task {
                            try? await Task.sleep(for: .seconds(1))
                            await Log.write("shown")
                        }
                    }
                }
            }
            """
        let findings = Checker.check(source: source, path: "View.swift")
        let edits = findings.compactMap(\.fixIt).flatMap(\.edits)
        for (index, edit) in edits.enumerated() {
            #expect(!edits[(index + 1)...].contains { $0.range.overlaps(edit.range) })
        }
        let result = try #require(Self.fixed(source, unsafe: true))
        #expect(result.contains("do { try await Task.sleep(for: .seconds(1)) } catch { return }"))
        #expect(Self.rules(in: result).isEmpty)
    }

    @Test(
        "SPEC T1: SARIF `fixes` applied by their byte replacements give the file --fix writes; JSON reads back the same fix"
    )
    func sarifAndJSONCarryTheFix() throws {
        let source = try TestFiles.fixture("TaskNeverCancelled.swift")
        let findings = Checker.check(source: source, path: "TaskNeverCancelled.swift")
        #expect(findings.contains { $0.fixIt != nil })
        let report = CheckReport(files: 1, findings: findings)
        #expect(try CheckReport.decode(report.json()).findings == findings)
        let sarif = try JSONValue.read(report.sarif())
        var replacements: [TextEdit] = []
        var safeReplacements: [TextEdit] = []
        guard case .array(let runs) = sarif["runs"], case .array(let results) = runs.first?["results"] else {
            Issue.record("no results")
            return
        }
        for result in results {
            guard case .array(let fixes) = result["fixes"] else { continue }
            for fix in fixes {
                guard case .array(let changes) = fix["artifactChanges"],
                    case .bool(let safe) = fix["properties"]?["safe"]
                else {
                    Issue.record("a fix without changes or safe property")
                    continue
                }
                for change in changes {
                    guard case .array(let parts) = change["replacements"] else { continue }
                    for part in parts {
                        guard case .integer(let offset) = part["deletedRegion"]?["byteOffset"],
                            case .integer(let length) = part["deletedRegion"]?["byteLength"],
                            case .string(let text) = part["insertedContent"]?["text"]
                        else {
                            Issue.record("a replacement without offset, length or text")
                            continue
                        }
                        let edit = TextEdit(
                            offset: offset, length: length, startLine: 1, startColumn: 1, endLine: 1, endColumn: 1,
                            text: text)
                        replacements.append(edit)
                        if safe { safeReplacements.append(edit) }
                    }
                }
            }
        }
        #expect(!safeReplacements.isEmpty && safeReplacements.count < replacements.count)
        let viaSARIF = try #require(FixIt.apply(safeReplacements, to: source))
        #expect(viaSARIF == FixIt.apply(Finding.edits(of: findings), to: source))
        #expect(Checker.parsesCleanly(viaSARIF))
        let allViaSARIF = try #require(FixIt.apply(replacements, to: source))
        #expect(allViaSARIF == FixIt.apply(Finding.edits(of: findings, unsafe: true), to: source))
        #expect(Checker.parsesCleanly(allViaSARIF))
    }

    @Test("The unified diff shows each change with three lines of context and marks a last line with no newline")
    func unifiedDiff() throws {
        let source = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl"
        let edits = [
            TextEdit(offset: 2, length: 1, startLine: 2, startColumn: 1, endLine: 2, endColumn: 2, text: "B"),
            TextEdit(offset: 22, length: 1, startLine: 12, startColumn: 1, endLine: 12, endColumn: 2, text: "L\nm"),
        ]
        let diff = try #require(UnifiedDiff.make(path: "x.swift", source: source, edits: edits))
        #expect(
            diff == """
                --- x.swift
                +++ x.swift
                @@ -1,5 +1,5 @@
                 a
                -b
                +B
                 c
                 d
                 e
                @@ -9,4 +9,5 @@
                 i
                 j
                 k
                -l
                \\ No newline at end of file
                +L
                +m
                \\ No newline at end of file

                """)
        #expect(UnifiedDiff.make(path: "x.swift", source: source, edits: []) == "")
        // Windows line ends: each line its own, its "\r" kept.
        let windows = "a\r\nb\r\nc\r\n"
        let crlf = try #require(
            UnifiedDiff.make(
                path: "w.swift", source: windows,
                edits: [
                    TextEdit(
                        offset: 3, length: 1, startLine: 2, startColumn: 1, endLine: 2, endColumn: 2, text: "B\r\nb2")
                ]))
        #expect(crlf == "--- w.swift\n+++ w.swift\n@@ -1,3 +1,4 @@\n a\r\n-b\r\n+B\r\n+b2\r\n c\r\n")
        let overlapping = [edits[0], edits[0]]
        #expect(UnifiedDiff.make(path: "x.swift", source: source, edits: overlapping) == nil)
    }

    /// A T1 file in a new folder, its path, its text and its check's fixes and digest.
    static func checkedFile() throws -> (path: String, source: String, edits: [TextEdit], digest: UInt64?) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fix-writer-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("Toast.swift").path
        let source = """
            struct Banner: View {
                @Binding var shown: Bool
                var body: some View {
                    Text("Hi").onAppear { Task { try? await Task.sleep(for: .seconds(3)); shown = false } }
                }
            }

            """
        try source.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let check = Checker.checkInProject(source: source, path: path)
        return (path, source, Finding.edits(of: check.findings), check.sourceDigest)
    }

    @Test("SPEC T1 → T2: --fix writes the checked file once, its mode kept, and the result is clean")
    func writerMakesTheFix() throws {
        let file = try Self.checkedFile()
        defer { try? FileManager.default.removeItem(atPath: (file.path as NSString).deletingLastPathComponent) }
        #expect(!file.edits.isEmpty)
        let made = try FixFile.fixedText(of: file.path, checked: file.digest, edits: file.edits).get()
        #expect(FixFile.replace(file.path, source: made.source, with: made.fixed) == nil)
        let written = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(
            written == made.fixed
                && written.contains(
                    ".task { do { try await Task.sleep(for: .seconds(3)) } catch { return }; shown = false }")
        )
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(Self.rules(in: written).isEmpty)
    }

    @Test("A file changed since the check, or one made read-only, is refused and left as it is")
    func writerRefusesAndTouchesNothing() throws {
        let file = try Self.checkedFile()
        defer { try? FileManager.default.removeItem(atPath: (file.path as NSString).deletingLastPathComponent) }
        let edited = file.source.replacingOccurrences(of: "Hi", with: "Hello")
        try edited.write(toFile: file.path, atomically: false, encoding: .utf8)
        #expect(
            throws: FixFile.Refusal("changed since it was checked"),
            performing: { try FixFile.fixedText(of: file.path, checked: file.digest, edits: file.edits).get() })
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == edited)
        // Changed between the fixes being made and the write.
        #expect(
            FixFile.replace(file.path, source: file.source, with: "fixed")?.reason == "changed since it was checked")
        try file.source.write(toFile: file.path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        let made = try FixFile.fixedText(of: file.path, checked: file.digest, edits: file.edits).get()
        #expect(FixFile.replace(file.path, source: made.source, with: made.fixed)?.reason == "read-only")
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == file.source)
    }

    @Test("A fix written through a symbolic link replaces the file it names; the link stays a link")
    func writerFollowsLinks() throws {
        let file = try Self.checkedFile()
        let folder = (file.path as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = folder + "/Link.swift"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "Toast.swift")
        let made = try FixFile.fixedText(of: link, checked: file.digest, edits: file.edits).get()
        #expect(FixFile.replace(link, source: made.source, with: made.fixed) == nil)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "Toast.swift")
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == made.fixed)
    }
}
