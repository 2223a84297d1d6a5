import Foundation
import LabModel
import Testing

/// Seed 001's code samples on the Button page, and seed 004's slip on the Server page, kept
/// true: the compiling samples are files of this test target (so they build, warning-free, with
/// every test run) and the page's text must be theirs; the samples that must not compile are
/// type-checked here with the installed Swift, whose message the page quotes.
@Suite("Seed 001 and 004 code samples (B1, B2, I1)")
struct Seed001SampleTests {
    /// `Tests/LabModelTests/Seed001Samples`, next to this file's folder.
    static let samplesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Seed001Samples")

    /// The code between `// sample: ID` and `// end sample` in the samples folder, dedented to
    /// the marker's indentation; `nil` when no file has the marker.
    static func sourceText(of id: String) throws -> String? {
        let files = try FileManager.default.contentsOfDirectory(atPath: samplesFolder.path).filter {
            $0.hasSuffix(".swift")
        }
        for file in files.sorted() {
            let text = try String(contentsOf: samplesFolder.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// sample: \(id)" })
            else { continue }
            let indent = lines[start].prefix { $0 == " " }.count
            guard
                let end = lines[(start + 1)...].firstIndex(where: {
                    $0.trimmingCharacters(in: .whitespaces) == "// end sample"
                })
            else { return nil }
            return lines[(start + 1)..<end].map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
                .joined(separator: "\n")
        }
        return nil
    }

    /// Type-checks `source` in the Swift 6 language mode with the `swiftc` on the PATH; returns
    /// its exit status and what it printed.
    static func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seed-sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Sample.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-swift-version", "6", "-typecheck", "-diagnostic-style=llvm", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "B1/B2: every sample the Button page shows as compiling is, word for word, a file of this test target",
        arguments: ButtonPitfalls.samples.filter(\.compiles))
    func compilingSamplesAreTheTestTargetsCode(_ sample: CodeSample) throws {
        let source = try Self.sourceText(of: sample.id)
        #expect(source != nil, "no `// sample: \(sample.id)` in \(Self.samplesFolder.path)")
        #expect(source == sample.code)
    }

    @Test("B2: the sample that must not compile fails with the message the page quotes (swiftc -typecheck)")
    func failingSampleFailsWithItsMessage() throws {
        let sample = ButtonPitfalls.stateTypeMismatch
        let message = try #require(sample.compilerError)
        #expect(try Self.sourceText(of: sample.id) == nil, "a sample that does not compile cannot be in the target")
        let (status, output) = try Self.typecheck("func exec() async throws {}\n\n" + sample.code + "\n")
        #expect(status != 0, "it compiled:\n\(output)")
        #expect(output.contains("error: \(message)"), "swiftc said:\n\(output)")
        // The fix the note gives: the same class with the error caught inside compiles.
        let fixed = sample.code.replacingOccurrences(
            of: "try await exec()  // the closure throws now", with: "do { try await exec() } catch {}")
        let (fixedStatus, fixedOutput) = try Self.typecheck("func exec() async throws {}\n\n" + fixed + "\n")
        #expect(fixedStatus == 0, "the fixed sample: \(fixedOutput)")
    }

    @Test(
        "I1: Apple's `for try await` in task(id:)'s non-throwing action does not compile, with the message the page quotes"
    )
    func appleExampleDoesNotCompile() throws {
        let source = """
            func task(id: String, _ action: @escaping @Sendable () async -> Void) {}

            func listen(to statuses: AsyncStream<String>) {
                task(id: "alpha") {
                    for try await status in statuses { print(status) }
                }
            }

            """
        let (status, output) = try Self.typecheck(source)
        #expect(status != 0, "it compiled:\n\(output)")
        #expect(output.contains("error: \(ServerStrategyID.appleExampleError)"), "swiftc said:\n\(output)")
        #expect(ServerStrategyID.i1.seedNote?.contains(ServerStrategyID.appleExampleError) == true)
        // Without the `try` it compiles: what this lab's listener does.
        let fixed = source.replacingOccurrences(of: "for try await", with: "for await")
        #expect(try Self.typecheck(fixed).status == 0)
    }
}
