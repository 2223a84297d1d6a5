extension CheckReport {
    /// The JSON format: one document, UTF-8, keys in this order (the Check page and scripts
    /// read it):
    ///
    /// ```json
    /// {"tool":{"name":"lifecycle-lab check","version":"1.0.0"},"files":12,
    ///  "findings":[{"rule":"task-never-cancelled","severity":"warning","path":"Sources/Toast.swift",
    ///    "line":12,"column":9,"message":"…","why":"…","fix":"…","spec":["T1","B1"],
    ///    "live":{"page":"toast","strategy":"T1","fix":"T4"},"excerpt":{"startLine":10,"text":"…"}}],
    ///  "errors":[{"path":"Sources/Bad.swift","message":"cannot read: Permission denied"}]}
    /// ```
    /// - Returns: The document, ending in a newline.
    public func json() -> String {
        let document = CheckJSON.Value.object([
            ("tool", .object([("name", .string(Self.toolName)), ("version", .string(Self.version))])),
            ("files", .int(files)),
            ("findings", .array(findings.map(Self.json))),
            ("errors", .array(errors.map { .object([("path", .string($0.path)), ("message", .string($0.message))]) })),
        ])
        return CheckJSON.write(document) + "\n"
    }

    private static func json(_ finding: Finding) -> CheckJSON.Value {
        let words = finding.rule.rule
        let live = finding.live
        return .object([
            ("rule", .string(finding.rule.rawValue)),
            ("severity", .string(finding.severity.rawValue)),
            ("path", .string(finding.path)),
            ("line", .int(finding.line)),
            ("column", .int(finding.column)),
            ("message", .string(finding.message)),
            ("why", .string(words.why)),
            ("fix", .string(words.fix)),
            ("spec", .array(words.spec.map { .string($0) })),
            (
                "live",
                .object([
                    ("page", .string(live.page)), ("strategy", .string(live.strategy)), ("fix", .string(live.fix)),
                ])
            ),
            ("excerpt", .object([("startLine", .int(finding.excerptStartLine)), ("text", .string(finding.excerpt))])),
        ])
    }
}
