import LabJSON

extension CheckReport {
    /// The schema the SARIF output names (`$schema`).
    public static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The SARIF 2.1.0 format, for code-scanning services: one run whose driver lists the rules
    /// that ran (id, name, short description = message, full description = why, help = fix, the
    /// level this run gave it, the spec rows and live repro as properties) and whose results point at each finding's line and column, with the line as
    /// the region's snippet and the excerpt as its context region. A relative path is a
    /// relative URI with `uriBaseId` `%SRCROOT%`; an absolute one a `file://` URI. Inputs that
    /// could not be checked are the invocation's error notifications.
    /// - Returns: The document, ending in a newline.
    public func sarif() -> String {
        // SARIF's ruleIndex points into driver.rules, which lists the rules that ran.
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let driver = JSONValue.object([
            "name": .string(Self.toolName),
            "version": .string(toolVersion),
            "rules": .array(rules.map(Self.sarifRule)),
        ])
        let results = findings.map { finding -> JSONValue in
            var result: JSONObject = ["ruleId": .string(finding.rule.rawValue)]
            if let index = ruleIndex[finding.rule] { result["ruleIndex"] = .integer(index) }
            result["level"] = .string(finding.severity.rawValue)
            result["message"] = .object(["text": .string(finding.message)])
            result["locations"] = .array([.object(["physicalLocation": Self.physicalLocation(of: finding)])])
            var properties: JSONObject = ["spec": .array(finding.spec.map { .string($0) })]
            if let live = finding.live {
                properties["live"] = .string(live.command)
                properties["liveFix"] = .string(live.fixCommand)
            }
            result["properties"] = .object(properties)
            if let fix = finding.fixIt { result["fixes"] = .array([Self.sarifFix(fix, path: finding.path)]) }
            return .object(result)
        }
        let notifications = errors.map { error -> JSONValue in
            .object([
                "level": .string("error"),
                "message": .object(["text": .string(error.message)]),
                "locations": .array([
                    .object(["physicalLocation": .object(["artifactLocation": Self.artifact(error.path)])])
                ]),
            ])
        }
        let run: JSONValue = .object([
            "tool": .object(["driver": driver]),
            "invocations": .array([
                .object([
                    "executionSuccessful": .bool(errors.isEmpty),
                    "toolExecutionNotifications": .array(notifications),
                ])
            ]),
            "results": .array(results),
        ])
        let document: JSONValue = .object([
            "$schema": .string(Self.sarifSchema),
            "version": .string("2.1.0"),
            "runs": .array([run]),
        ])
        return document.compactText + "\n"
    }

    private static func sarifRule(_ rule: RuleSummary) -> JSONValue {
        .object([
            "id": .string(rule.id.rawValue),
            "name": .string(rule.name),
            "shortDescription": .object(["text": .string(rule.message)]),
            "fullDescription": .object(["text": .string(rule.why)]),
            "help": .object(["text": .string(rule.fix)]),
            "defaultConfiguration": .object(["level": .string(rule.severity.rawValue)]),
            "properties": .object(
                rule.live.map { ["spec": .array(rule.spec.map { .string($0) }), "live": .string($0.command)] }
                    ?? ["spec": .array(rule.spec.map { .string($0) })]),
        ])
    }

    /// A fix as SARIF's `fixes` entry: the replacements by UTF-8 byte offset and length, the one
    /// measure that needs no agreement on what a column counts; `properties.safe` false for a fix
    /// `--fix` makes only with `--unsafe-fixes`.
    private static func sarifFix(_ fix: FixIt, path: String) -> JSONValue {
        .object([
            "description": .object(["text": .string(fix.description)]),
            "properties": .object(["safe": .bool(fix.isSafe)]),
            "artifactChanges": .array([
                .object([
                    "artifactLocation": artifact(path),
                    "replacements": .array(
                        fix.edits.map { edit in
                            .object([
                                // Lines and columns make it a text region (SARIF's for a
                                // text file), the bytes say it exactly.
                                "deletedRegion": .object([
                                    "startLine": .integer(edit.startLine), "startColumn": .integer(edit.startColumn),
                                    "endLine": .integer(edit.endLine), "endColumn": .integer(edit.endColumn),
                                    "byteOffset": .integer(edit.offset), "byteLength": .integer(edit.length),
                                ]),
                                "insertedContent": .object(["text": .string(edit.text)]),
                            ])
                        }),
                ])
            ]),
        ])
    }

    private static func physicalLocation(of finding: Finding) -> JSONValue {
        var region: JSONObject = [
            "startLine": .integer(max(1, finding.line)), "startColumn": .integer(max(1, finding.column)),
        ]
        if let line = finding.sourceLine { region["snippet"] = .object(["text": .string(String(line))]) }
        var location: JSONObject = ["artifactLocation": artifact(finding.path), "region": .object(region)]
        let excerpt = finding.excerpt
        if !excerpt.text.isEmpty, excerpt.startLine >= 1 {
            location["contextRegion"] = .object([
                "startLine": .integer(excerpt.startLine),
                "endLine": .integer(excerpt.startLine + excerpt.numberedLines.count - 1),
                "snippet": .object(["text": .string(excerpt.text)]),
            ])
        }
        return .object(location)
    }

    /// A path as a SARIF artifact location: relative paths relative to `%SRCROOT%`, absolute
    /// ones as `file://` URIs; percent-encoded as a URI must be.
    static func artifact(_ path: String) -> JSONValue {
        if path.hasPrefix("/") {
            return .object(["uri": .string("file://" + percentEncoded(path))])
        }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return .object(["uri": .string(percentEncoded(String(relative))), "uriBaseId": .string("%SRCROOT%")])
    }

    /// `path`'s UTF-8 bytes with all but the unreserved characters and "/" percent-encoded
    /// (a ":" too, so a first segment like `a:b.swift` cannot read as a URI scheme).
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
