extension CheckReport {
    /// The schema the SARIF output names (`$schema`).
    public static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The SARIF 2.1.0 format, for code-scanning services: one run whose driver lists the rules
    /// (id, short description = message, full description = why, help = fix, the spec rows as a
    /// property) and whose results point at each finding's line and column, with the line as
    /// the region's snippet and the excerpt as its context region. A relative path is a
    /// relative URI with `uriBaseId` `%SRCROOT%`; an absolute one a `file://` URI. Inputs that
    /// could not be checked are the invocation's error notifications.
    /// - Returns: The document, ending in a newline.
    public func sarif() -> String {
        let rules = RuleID.allCases.map(\.rule)
        // SARIF's ruleIndex points into driver.rules, which lists the rules in RuleID's order.
        let ruleIndex = Dictionary(uniqueKeysWithValues: RuleID.allCases.enumerated().map { ($1, $0) })
        let driver = CheckJSON.Value.object([
            ("name", .string(Self.toolName)),
            ("version", .string(Self.version)),
            ("rules", .array(rules.map(Self.sarifRule))),
        ])
        let results = findings.map { finding -> CheckJSON.Value in
            let members: [(String, CheckJSON.Value)] = [
                ("ruleId", .string(finding.rule.rawValue)),
                ("ruleIndex", .int(ruleIndex[finding.rule] ?? 0)),
                ("level", .string(finding.severity.rawValue)),
                ("message", .object([("text", .string(finding.message))])),
                ("locations", .array([.object([("physicalLocation", Self.physicalLocation(of: finding))])])),
            ]
            return .object(members)
        }
        let notifications = errors.map { error -> CheckJSON.Value in
            .object([
                ("level", .string("error")),
                ("message", .object([("text", .string(error.message))])),
                (
                    "locations",
                    .array([.object([("physicalLocation", .object([("artifactLocation", Self.artifact(error.path))]))])]
                    )
                ),
            ])
        }
        let run = CheckJSON.Value.object([
            ("tool", .object([("driver", driver)])),
            (
                "invocations",
                .array([
                    .object([
                        ("executionSuccessful", .bool(errors.isEmpty)),
                        ("toolExecutionNotifications", .array(notifications)),
                    ])
                ])
            ),
            ("results", .array(results)),
        ])
        let document = CheckJSON.Value.object([
            ("$schema", .string(Self.sarifSchema)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return CheckJSON.write(document) + "\n"
    }

    private static func sarifRule(_ rule: Rule) -> CheckJSON.Value {
        .object([
            ("id", .string(rule.id.rawValue)),
            ("shortDescription", .object([("text", .string(rule.message))])),
            ("fullDescription", .object([("text", .string(rule.why))])),
            ("help", .object([("text", .string(rule.fix))])),
            ("defaultConfiguration", .object([("level", .string(rule.severity.rawValue))])),
            ("properties", .object([("spec", .array(rule.spec.map { .string($0) }))])),
        ])
    }

    private static func physicalLocation(of finding: Finding) -> CheckJSON.Value {
        var region: [(String, CheckJSON.Value)] = [
            ("startLine", .int(max(1, finding.line))), ("startColumn", .int(max(1, finding.column))),
        ]
        if let line = finding.sourceLine { region.append(("snippet", .object([("text", .string(line))]))) }
        var members: [(String, CheckJSON.Value)] = [
            ("artifactLocation", artifact(finding.path)), ("region", .object(region)),
        ]
        let excerptLines = finding.excerpt.split(separator: "\n", omittingEmptySubsequences: false).count
        if !finding.excerpt.isEmpty, finding.excerptStartLine >= 1 {
            members.append(
                (
                    "contextRegion",
                    .object([
                        ("startLine", .int(finding.excerptStartLine)),
                        ("endLine", .int(finding.excerptStartLine + excerptLines - 1)),
                        ("snippet", .object([("text", .string(finding.excerpt))])),
                    ])
                ))
        }
        return .object(members)
    }

    /// A path as a SARIF artifact location: relative paths relative to `%SRCROOT%`, absolute
    /// ones as `file://` URIs; percent-encoded as a URI must be.
    static func artifact(_ path: String) -> CheckJSON.Value {
        if path.hasPrefix("/") {
            return .object([("uri", .string("file://" + percentEncoded(path)))])
        }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return .object([("uri", .string(percentEncoded(String(relative)))), ("uriBaseId", .string("%SRCROOT%"))])
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
