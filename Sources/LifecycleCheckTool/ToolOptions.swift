import LifecycleCheck

/// The checker's command line: `[--format text|json|sarif] [--explain] [--help] [--version] PATH…`.
struct ToolOptions: Equatable {
    enum Format: String, CaseIterable {
        case text, json, sarif
    }

    var format = Format.text
    var explain = false
    /// Hidden: parse every file and apply no rule (the benchmark's baseline).
    var parseOnly = false
    var paths: [String] = []

    /// Why parsing stopped without options to run with.
    enum Stop: Error, Equatable {
        case help
        case version
        /// Bad input: this message (without the program's name), exit 2.
        case invalid(String)
    }

    static let usage = "usage: lifecycle-lab check [--format text|json|sarif] [--explain] [--help] [--version] PATH…"

    /// Reads `arguments` (without the program name). Options may come anywhere; `--` ends them.
    static func parse(_ arguments: [String]) throws(Stop) -> ToolOptions {
        var options = ToolOptions()
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(argument)
                continue
            }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            let inline = argument.contains("=") ? String(argument.drop { $0 != "=" }.dropFirst()) : nil
            switch name {
            case "--":
                optionsEnded = true
            case "-h", "--help", "--version", "--explain", "--parse-only":
                if inline != nil { throw .invalid("option '\(name)' takes no value; \(usage)") }
                switch name {
                case "--version": throw .version
                case "--explain": options.explain = true
                case "--parse-only": options.parseOnly = true
                default: throw .help
                }
            case "--format":
                var value = inline
                if value == nil, index < arguments.endIndex {
                    value = arguments[index]
                    index += 1
                }
                guard let value else { throw .invalid("missing value for '--format'; \(usage)") }
                guard let format = Format(rawValue: value) else {
                    let valid = Format.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .invalid("unknown format '\(value)'; valid: \(valid)")
                }
                options.format = format
            default:
                throw .invalid("unknown option '\(name)'; \(usage)")
            }
        }
        if options.paths.isEmpty { throw .invalid("no PATH given; \(usage)") }
        return options
    }

    /// `--help`: the usage, what it finds, the options, the rules and the exit statuses.
    static var helpText: String {
        var text = """
            Usage: lifecycle-lab check [OPTION…] PATH…
              or:  lifecycle-lab-check [OPTION…] PATH…

            Checks SwiftUI source for the lifecycle-task mistakes Lifecycle Lab reproduces: an
            unstructured Task nobody cancels, a try? that swallows cancellation, a task holder that
            keeps the view alive… Each finding names its spec row and the page and strategy of
            lifecycle-lab that show the bug live. It only parses: the code need not build here.

            A PATH is a .swift file or a folder, searched recursively for .swift files (hidden
            folders, .build among them, are skipped). Files are checked in parallel, in sorted order.

            Options:
              --format FORMAT  text (the default): one compiler-style line per finding, and the
                               number found on standard error; json: one JSON document; sarif:
                               SARIF 2.1.0, for code scanning
              --explain        with text: the rule's why and fix under each finding
              -h, --help       show this help and exit
              --version        show the version and exit
            """
        text += "\n\n"
        text += "Rules:\n"
        for rule in RuleID.allCases.map(\.rule) {
            text += "  \(rule.id.rawValue) (\(rule.severity.rawValue), SPEC \(rule.spec.joined(separator: ", ")))\n"
            text += "      \(rule.message)\n"
        }
        text += "\n"
        text += """
            A line of the form `// lifecycle: ignore RULE-ID` on or above a finding's line
            suppresses it.

            Exit status: 0 when nothing is found (notes alone are hints), 1 when a warning is
            found, 2 for bad input: a missing path, an unreadable file, a file that is not Swift (a
            named file not ending in .swift, or one that is not UTF-8 text), a folder with no .swift
            files, a bad option. Each bad input is one line on standard error; the other files are
            still checked and reported.
            """
        return text
    }
}
