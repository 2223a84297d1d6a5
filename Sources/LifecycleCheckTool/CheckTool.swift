import LifecycleCheck
import LifecycleCheckReport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command: parse the options, find the files and their configurations, check them on every
/// core, drop what the baseline accepts, print the report.
enum CheckTool {
    static let version = "lifecycle-lab-check \(CheckReport.version)"

    /// A line on standard error and exit status 2: bad input that stops the run.
    private static func refuse(_ message: String) -> Int32 {
        Output.write("\(CheckReport.toolName): \(message)\n", to: 2)
        return 2
    }

    /// Runs the command with `arguments` (without the program name); returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        let options: ToolOptions
        do {
            options = try ToolOptions.parse(arguments)
        } catch {
            switch error {
            case .help:
                Output.write(ToolOptions.helpText + "\n", to: 1)
                return 0
            case .version:
                Output.write(version + "\n", to: 1)
                return 0
            case .invalid(let message):
                return refuse(message)
            }
        }
        var given: Configuration?
        if let path = options.configPath {
            let real = SourceFiles.realPath(path)
            do {
                given = try Configuration.load(path: path, folder: SourceFiles.parent(of: real))
            } catch {
                return refuse(error.message)
            }
        }
        var baseline: (Baseline, folder: String)?
        if let path = options.baselinePath {
            switch SourceFiles.read(path) {
            case .failure(let error):
                return refuse("baseline \(path): \(error.message)")
            case .success(let text):
                do {
                    baseline = (try Baseline.parse(text, path: path), baselineFolder(path))
                } catch {
                    return refuse(error.message)
                }
            }
        }
        let (files, walkErrors) = SourceFiles.collect(options.paths)
        var finder = ConfigurationFinder(given: given)
        var jobs: [Job] = []
        for file in files {
            let configuration: Configuration?
            do {
                configuration = try finder.configuration(forFolder: SourceFiles.parent(of: file.realPath))
            } catch {
                return refuse(error.message)
            }
            if let configuration, !file.named || options.forceExclude, configuration.excludes(file.realPath) {
                continue
            }
            var rules = configuration?.rules ?? RuleSet()
            rules.disabled.formUnion(options.disabled)
            jobs.append(Job(file: file, rules: rules))
        }
        let outcomes = await check(jobs, parseOnly: options.parseOnly)
        var found: [(finding: Finding, realPath: String)] = []
        var errors = walkErrors
        var checked = 0
        let (cannotThrow, mayThrow) = await functionsThatCannotThrow(outcomes, in: jobs)
        // Excluded files are not judged, but what they write is still part of the project.
        let writtenOtherwise = await bindingsWrittenOtherwise(outcomes, in: files.map(\.path))
        let startedOnce = await slotFillersStartedOnce(outcomes, in: files.map(\.path))
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case .checked(let file):
                checked += 1
                found += file.resolved(
                    cannotThrow: cannotThrow, mayThrow: mayThrow, writtenOtherwise: writtenOtherwise,
                    startedOnce: startedOnce
                )
                .map { ($0, job.file.realPath) }
            case .failed(let error):
                errors.append(error)
            }
        }
        if let path = options.writeBaselinePath {
            let folder = baselineFolder(path)
            let entries = found.map { Baseline.entry($0.finding, realPath: $0.realPath, relativeTo: folder) }
            if let failure = AtomicFile.write(Baseline(entries: entries).text, to: path) {
                return refuse("baseline \(path): \(failure)")
            }
            if !errors.isEmpty { Output.write(errors.map { $0.line + "\n" }.joined(), to: 2) }
            Output.write(
                "wrote \(entries.count) \(entries.count == 1 ? "finding" : "findings") from \(checked) "
                    + "\(checked == 1 ? "file" : "files") to \(path)\n", to: 2)
            return errors.isEmpty ? 0 : 2
        }
        var findings = found.map(\.finding)
        var accepted = 0
        if let (baseline, folder) = baseline {
            findings = baseline.newFindings(found, relativeTo: folder)
            accepted = found.count - findings.count
        }
        if options.fix || options.diff {
            if !errors.isEmpty { Output.write(errors.map { $0.line + "\n" }.joined(), to: 2) }
            let status = FixRun.run(
                fixRunFiles(findings, jobs: jobs, outcomes: outcomes), write: options.fix, unsafe: options.unsafeFixes)
            return errors.isEmpty ? status : 2
        }
        let sharedRules = jobs.first.map(\.rules).flatMap { first in jobs.allSatisfy { $0.rules == first } ? first : nil
        }
        var reportRules = sharedRules ?? given?.rules ?? RuleSet()
        reportRules.disabled.formUnion(options.disabled)
        let report = CheckReport(files: checked, findings: findings, errors: errors, rules: reportRules.summaries)
        if !errors.isEmpty { Output.write(errors.map { $0.line + "\n" }.joined(), to: 2) }
        switch options.format {
        case .text:
            Output.write(report.text(explain: options.explain), to: 1)
            // Nothing checked at all: the error lines above say why; a count of 0 adds nothing.
            if checked > 0 || errors.isEmpty {
                let known = accepted == 0 ? "" : " (\(accepted) more in the baseline)"
                Output.write(report.summary + known + "\n", to: 2)
            }
        case .json:
            Output.write(report.json(), to: 1)
        case .sarif:
            Output.write(report.sarif(), to: 1)
        }
        return report.exitStatus(failingAt: options.failOn)
    }

    /// The reported findings by file, with each file's real path and the digest of the text checked.
    private static func fixRunFiles(_ findings: [Finding], jobs: [Job], outcomes: [Outcome]) -> [FixRun.File] {
        var byPath: [String: (realPath: String, digest: UInt64?)] = [:]
        for (job, outcome) in zip(jobs, outcomes) {
            if case .checked(let file) = outcome { byPath[job.file.path] = (job.file.realPath, file.sourceDigest) }
        }
        var order: [String] = []
        var grouped: [String: [Finding]] = [:]
        for finding in findings {
            if grouped[finding.path] == nil { order.append(finding.path) }
            grouped[finding.path, default: []].append(finding)
        }
        return order.compactMap { path in
            guard let (realPath, digest) = byPath[path] else { return nil }
            return FixRun.File(path: path, realPath: realPath, digest: digest, findings: grouped[path]!)
        }
    }

    /// The folder a baseline's paths are relative to: the baseline file's own.
    private static func baselineFolder(_ path: String) -> String {
        let folder = path.contains("/") ? SourceFiles.parent(of: path) : "."
        return SourceFiles.realPath(folder)
    }

    /// A file to check and the rules its configuration applies.
    struct Job: Sendable {
        let file: SourceFiles.File
        let rules: RuleSet
    }

    enum Outcome: Sendable {
        case checked(Checker.FileCheck)
        case failed(InputError)
    }

    /// Checks the files in parallel; the outcomes in the files' order.
    static func check(_ jobs: [Job], parseOnly: Bool) async -> [Outcome] {
        var progress = Progress(total: jobs.count)
        defer { progress?.finish() }
        let work: @Sendable (Int) -> Outcome = { index in
            checkFile(jobs[index].file.path, rules: jobs[index].rules, parseOnly: parseOnly)
        }
        return await inParallel(jobs.count, done: { progress?.update($0) }, work)
    }

    /// `work` for each index below `count`, a few per core in flight; the results in index order.
    /// `done` hears how many have ended, as each one does.
    static func inParallel<Value: Sendable>(
        _ count: Int, done: (Int) -> Void = { _ in }, _ work: @escaping @Sendable (Int) -> Value
    ) async -> [Value] {
        var results = [Value?](repeating: nil, count: count)
        let inFlight = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) * 2
        await withTaskGroup(of: (Int, Value).self) { group in
            var next = 0
            func addNext() {
                guard next < count else { return }
                let index = next
                next += 1
                group.addTask { (index, work(index)) }
            }
            for _ in 0..<inFlight { addNext() }
            var ended = 0
            for await (index, result) in group {
                results[index] = result
                ended += 1
                done(ended)
                addNext()
            }
        }
        return results.map { $0! }
    }

    /// The callees some findings depend on (``Checker/FileCheck/calleesElsewhere``) that the
    /// checked files declare or hand over, split into those silent about errors (they cannot throw,
    /// or show their failures themselves) and those that can throw one unseen. Files are read again
    /// in parallel, and only those that mention one are parsed again: most runs have none to look up.
    static func functionsThatCannotThrow(_ outcomes: [Outcome], in jobs: [Job]) async -> (Set<String>, Set<String>) {
        var names: Set<String> = []
        for case .checked(let file) in outcomes { names.formUnion(file.calleesElsewhere.values.joined()) }
        var cannot: Set<String> = []
        var may: Set<String> = []
        guard !names.isEmpty else { return (cannot, may) }
        let found = await inParallel(jobs.count) { [names] index -> (cannot: Set<String>, may: Set<String>) in
            guard case .success(let source) = SourceFiles.read(jobs[index].file.path) else { return ([], []) }
            return Checker.cannotThrow(names, in: source)
        }
        for file in found {
            cannot.formUnion(file.cannot)
            may.formUnion(file.may)
        }
        return (cannot, may)
    }

    /// The bindings some findings depend on (``Checker/FileCheck/writesElsewhere``) that the
    /// project writes with another value than their timers do, or hands where the scan cannot
    /// follow, or whose collection moves its elements. Only files that mention one of their
    /// names are parsed again; a file that cannot be read may write anything.
    static func bindingsWrittenOtherwise(_ outcomes: [Outcome], in paths: [String]) async -> Set<BindingWriteKey> {
        var keys: Set<BindingWriteKey> = []
        for case .checked(let file) in outcomes { keys.formUnion(file.writesElsewhere.values) }
        guard !keys.isEmpty else { return [] }
        let files = await inParallel(paths.count) { [keys] index -> BindingWrites in
            guard case .success(let source) = SourceFiles.read(paths[index]) else { return .unread }
            return BindingWrites.scan(keys, in: source)
        }
        // The collections the bindings point into, read again for what moves their elements.
        let collections = BindingWrites.collections(of: keys, files: files)
        var mutated: Set<String> = []
        if !collections.isEmpty {
            let found = await inParallel(paths.count) { index -> Set<String> in
                guard case .success(let source) = SourceFiles.read(paths[index]) else { return collections }
                return BindingWrites.mutated(collections, in: source)
            }
            mutated = found.reduce(into: []) { $0.formUnion($1) }
        }
        return BindingWrites.writtenOtherwise(keys, files: files, mutatedCollections: mutated)
    }

    /// The slot fillers some findings depend on (``Checker/FileCheck/fillsElsewhere``) that the
    /// project calls once, once per holder. Only files that mention one of their names are parsed
    /// again; a file that cannot be read may call anything.
    static func slotFillersStartedOnce(_ outcomes: [Outcome], in paths: [String]) async -> Set<SlotFillerKey> {
        var keys: Set<SlotFillerKey> = []
        for case .checked(let file) in outcomes { keys.formUnion(file.fillsElsewhere.values) }
        guard !keys.isEmpty else { return [] }
        let files = await inParallel(paths.count) { [keys] index -> SlotFillers in
            guard case .success(let source) = SourceFiles.read(paths[index]) else { return .unread(keys) }
            return SlotFillers.scan(keys, in: source)
        }
        return SlotFillers.startedOnce(keys, files: files)
    }

    /// One file: read it, check it (or only parse it).
    static func checkFile(_ path: String, rules: RuleSet, parseOnly: Bool) -> Outcome {
        switch SourceFiles.read(path) {
        case .failure(let error):
            return .failed(error)
        case .success(let source):
            if parseOnly {
                _ = ParseOnly.parse(source)
                return .checked(Checker.FileCheck())
            }
            return .checked(Checker.checkInProject(source: source, path: path, rules: rules))
        }
    }
}

/// `checked N of M files` on standard error, updated in place, when it is a terminal and there
/// are more than 200 files.
struct Progress {
    let total: Int
    private var shown = -1

    init?(total: Int) {
        guard total > 200, isatty(2) == 1 else { return nil }
        self.total = total
    }

    /// Shows `done` at each whole percent (a write per file would cost more than it tells).
    mutating func update(_ done: Int) {
        let percent = done * 100 / total
        guard percent != shown else { return }
        shown = percent
        Output.write("\rchecked \(done) of \(total) files", to: 2)
    }

    /// Clears the line.
    func finish() { Output.write("\r\u{1B}[K", to: 2) }
}

enum Output {
    /// Writes `text` to file descriptor `fd` in full, unbuffered.
    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count > 0 {
                    offset += count
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
