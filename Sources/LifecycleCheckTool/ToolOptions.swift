import LifecycleCheck
import LifecycleCheckReport

/// The checker's command line: `[--format text|json|sarif] [--explain] [--config FILE]
/// [--disable RULE] [--baseline FILE | --write-baseline FILE] [--force-exclude] [--fix | --diff [--unsafe-fixes]]
/// [--fail-on warning|error] PATH…`.
struct ToolOptions: Equatable {
    enum Format: String, CaseIterable {
        case text, json, sarif
    }

    var format = Format.text
    var explain = false
    /// `--config FILE`: this configuration for every file, instead of the nearest one.
    var configPath: String?
    /// `--disable RULE`: rules turned off on top of the configuration's.
    var disabled: Set<RuleID> = []
    /// `--baseline FILE`: report only findings not in it.
    var baselinePath: String?
    /// `--write-baseline FILE`: record today's findings in it.
    var writeBaselinePath: String?
    /// `--force-exclude`: `excluded:` applies to files named on the command line too.
    var forceExclude = false
    /// `--fix`: make the findings' fixes in their files.
    var fix = false
    /// `--diff`: print the fixes as a unified diff, write nothing.
    var diff = false
    /// `--unsafe-fixes`: with `--fix` or `--diff`, the fixes of notes that cannot tell whether the
    /// work may stop with the view too.
    var unsafeFixes = false
    /// `--fail-on`: the least severity that makes the check exit 1 (a build wants `error`).
    var failOn = Severity.warning
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

    static let usage =
        "usage: lifecycle-lab check [--format text|json|sarif] [--explain] [--config FILE] [--disable RULE] "
        + "[--baseline FILE | --write-baseline FILE] [--force-exclude] [--fix | --diff [--unsafe-fixes]] "
        + "[--fail-on warning|error] PATH…"

    /// Options that take a value.
    private static let valued: Set<String> = [
        "--format", "--config", "--disable", "--baseline", "--write-baseline", "--fail-on",
    ]

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
            var inline = argument.contains("=") ? String(argument.drop { $0 != "=" }.dropFirst()) : nil
            if valued.contains(name), inline == nil, index < arguments.endIndex {
                inline = arguments[index]
                index += 1
            }
            switch name {
            case "--":
                optionsEnded = true
            case "-h", "--help", "--version", "--explain", "--parse-only", "--force-exclude", "--fix", "--diff",
                "--unsafe-fixes":
                if inline != nil { throw .invalid("option '\(name)' takes no value; \(usage)") }
                switch name {
                case "--version": throw .version
                case "--explain": options.explain = true
                case "--parse-only": options.parseOnly = true
                case "--force-exclude": options.forceExclude = true
                case "--fix": options.fix = true
                case "--diff": options.diff = true
                case "--unsafe-fixes": options.unsafeFixes = true
                default: throw .help
                }
            case _ where valued.contains(name):
                guard let value = inline, !value.isEmpty else {
                    throw .invalid("missing value for '\(name)'; \(usage)")
                }
                switch name {
                case "--format":
                    guard let format = Format(rawValue: value) else {
                        let valid = Format.allCases.map(\.rawValue).joined(separator: ", ")
                        throw .invalid("unknown format '\(value)'; valid: \(valid)")
                    }
                    options.format = format
                case "--config": options.configPath = value
                case "--baseline": options.baselinePath = value
                case "--write-baseline": options.writeBaselinePath = value
                case "--fail-on":
                    guard let severity = Severity(rawValue: value), severity != .note else {
                        throw .invalid("unknown severity '\(value)' for '--fail-on'; valid: warning, error")
                    }
                    options.failOn = severity
                default:
                    for word in value.split(separator: ",") {
                        guard let rule = RuleID(rawValue: String(word)) else {
                            let valid = RuleID.allCases.map(\.rawValue).joined(separator: ", ")
                            throw .invalid("unknown rule '\(word)' for '--disable'; valid: \(valid)")
                        }
                        options.disabled.insert(rule)
                    }
                }
            default:
                throw .invalid("unknown option '\(name)'; \(usage)")
            }
        }
        if options.baselinePath != nil, options.writeBaselinePath != nil {
            throw .invalid("use one of '--baseline' and '--write-baseline'; \(usage)")
        }
        if options.fix, options.diff { throw .invalid("use one of '--fix' and '--diff'; \(usage)") }
        if options.unsafeFixes, !options.fix, !options.diff {
            throw .invalid("'--unsafe-fixes' goes with '--fix' or '--diff'; \(usage)")
        }
        if options.fix || options.diff {
            let mode = options.fix ? "--fix" : "--diff"
            if options.format != .text {
                throw .invalid("'\(mode)' prints text; it takes no '--format \(options.format)'")
            }
            if options.writeBaselinePath != nil {
                throw .invalid("use one of '\(mode)' and '--write-baseline'; \(usage)")
            }
        }
        if options.paths.isEmpty { throw .invalid("no PATH given; \(usage)") }
        return options
    }

    /// `--help`: the usage, what it finds, the options, the configuration, the directives, the
    /// rules and the exit statuses.
    static var helpText: String {
        var text = """
            Usage: lifecycle-lab check [OPTION…] PATH…
              or:  lifecycle-lab-check [OPTION…] PATH…

            Checks SwiftUI source for the lifecycle-task mistakes Lifecycle Lab reproduces: a Task
            nobody cancels that acts for a view that is gone, a try? that swallows cancellation, a
            timer nobody stops, a task holder that keeps the view alive… It only parses: the code
            need not build here. A PATH is a .swift file or a folder, searched recursively for
            .swift files (hidden folders, .build among them, are skipped); each file is checked
            once, however it is named.

            Options:
              --format FORMAT        text (the default): one compiler-style line per finding,
                                     `path:line:column: warning: message [rule-id]`, and the
                                     number found on standard error; json: one JSON document;
                                     sarif: SARIF 2.1.0, for code scanning
              --explain              with text: the rule's why and fix under each finding, and
                                     the lab's page that shows it live
              --config FILE          use FILE for every file, instead of the nearest
                                     .lifecycle-check.yml above each one
              --disable RULE[,RULE]  turn rules off (on top of the configuration's)
              --baseline FILE        report only findings that are not in FILE
              --write-baseline FILE  record today's findings in FILE (they are then accepted)
              --force-exclude        apply `excluded:` to files named on the command line too
              --fix                  make each finding's safe fix in its file, print what
                                     changed; a file changed since it was checked, a
                                     read-only one or one that would not parse is left alone
              --diff                 print those fixes as a unified diff (`patch -p0` applies
                                     it) and write nothing
              --unsafe-fixes         with --fix or --diff, also the fixes of notes that cannot
                                     tell whether the work must finish though the view goes
                                     (onAppear { Task { … } } → .task { … }): read the diff
              --fail-on SEVERITY     warning (the default) or error: the least severity that
                                     makes the exit status 1; a build passes `error`, so its
                                     warnings do not stop it
              -h, --help             show this help and exit
              --version              show the version and exit

            Configuration (.lifecycle-check.yml, found in a checked file's folder or above it):
              disabled_rules: [RULE, …]       rules that do not run
              excluded: [PATH or GLOB, …]     from the file's folder; not checked
              RULE: error | warning | note    a rule's severity (or RULE: {severity: …})

            In the code, on a finding's line or the line above it:
              // lifecycle: must-finish       this Task is meant to outlive its view (a save):
                                              no rule speaks of its lifetime
              // lifecycle: ignore RULE[, …]  silence these rules here
            """
        text += "\n\nRules (default severity):\n"
        for rule in RuleID.allCases.map(\.rule) {
            let spec = rule.spec.isEmpty ? "" : ", SPEC \(rule.spec.joined(separator: ", "))"
            text += "  \(rule.id.rawValue) (\(rule.severity.rawValue)\(spec))\n"
            text += "      \(rule.message)\n"
        }
        text += "\n"
        text += """
            Exit status: 0 when nothing is found (notes alone are hints), 1 when a warning or an
            error is found, 2 for bad input: a missing path, an unreadable file, a file that is not
            Swift (a named file not ending in .swift, or one that is not UTF-8 text), a folder with
            no .swift files, a bad option, configuration or baseline. Each bad input is one line on
            standard error; the other files are still checked and reported.
            """
        return text
    }
}
