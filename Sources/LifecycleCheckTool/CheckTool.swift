import LifecycleCheck

#if canImport(Glibc)
    import Glibc
#endif

/// The command: parse the options, find the files, check them on every core, print the report.
enum CheckTool {
    static let version = "lifecycle-lab-check \(CheckReport.version)"

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
                Output.write("\(CheckReport.toolName): \(message)\n", to: 2)
                return 2
            }
        }
        let (files, walkErrors) = SourceFiles.collect(options.paths)
        let outcomes = await check(files, parseOnly: options.parseOnly)
        var findings: [Finding] = []
        var errors = walkErrors
        var checked = 0
        for outcome in outcomes {
            switch outcome {
            case .checked(let found):
                checked += 1
                findings += found
            case .failed(let error):
                errors.append(error)
            }
        }
        let report = CheckReport(files: checked, findings: findings, errors: errors)
        if !errors.isEmpty { Output.write(errors.map { $0.line + "\n" }.joined(), to: 2) }
        switch options.format {
        case .text:
            Output.write(report.text(explain: options.explain), to: 1)
            // Nothing checked at all: the error lines above say why; a count of 0 adds nothing.
            if checked > 0 || errors.isEmpty { Output.write(report.summary + "\n", to: 2) }
        case .json:
            Output.write(report.json(), to: 1)
        case .sarif:
            Output.write(report.sarif(), to: 1)
        }
        return report.exitStatus
    }

    enum Outcome: Sendable {
        case checked([Finding])
        case failed(InputError)
    }

    /// Checks `files` in parallel (a few per core in flight); the outcomes in the files' order.
    static func check(_ files: [String], parseOnly: Bool) async -> [Outcome] {
        var outcomes = [Outcome?](repeating: nil, count: files.count)
        var progress = Progress(total: files.count)
        let inFlight = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) * 2
        await withTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            func addNext() {
                guard next < files.count else { return }
                let index = next
                let path = files[index]
                next += 1
                group.addTask { (index, checkFile(path, parseOnly: parseOnly)) }
            }
            for _ in 0..<inFlight { addNext() }
            var done = 0
            for await (index, outcome) in group {
                outcomes[index] = outcome
                done += 1
                progress?.update(done)
                addNext()
            }
        }
        progress?.finish()
        return outcomes.map { $0 ?? .failed(InputError(path: "", message: "not checked")) }
    }

    /// One file: read it, check it (or only parse it).
    static func checkFile(_ path: String, parseOnly: Bool) -> Outcome {
        switch SourceFiles.read(path) {
        case .failure(let error):
            return .failed(error)
        case .success(let source):
            if parseOnly {
                _ = ParseOnly.parse(source)
                return .checked([])
            }
            return .checked(Checker.check(source: source, path: path))
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
                let count = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
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
