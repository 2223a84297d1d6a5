public import LabJSON

extension CheckReport {
    /// The JSON format: one document, UTF-8, keys in this order (the Check page and scripts
    /// read it; ``decode(_:)`` reads it back):
    ///
    /// ```json
    /// {"tool":{"name":"lifecycle-lab check","version":"2.0.0"},"files":12,
    ///  "findings":[{"rule":"task-never-cancelled","severity":"warning","path":"Sources/Toast.swift",
    ///    "line":12,"column":9,"message":"…","why":"…","fix":"…","spec":["T1","B1"],
    ///    "live":{"page":"toast","strategy":"T1","fix":"T4"},"excerpt":{"startLine":10,"text":"…"},
    ///    "fixIt":{"description":"…","safe":true,"digest":"5c1e…","edits":[{"path":"Sources/Toast.swift","offset":301,"length":8,
    ///      "startLine":11,"startColumn":14,"endLine":11,"endColumn":22,"text":"task"}]}}],
    ///  "errors":[{"path":"Sources/Bad.swift","message":"cannot read: Permission denied"}]}
    /// ```
    ///
    /// `fixIt` is `null` for a finding with no mechanical fix; `safe` false for one `--fix` makes
    /// only with `--unsafe-fixes`; `digest` is the checked text's (FNV-1a, hexadecimal), so a
    /// reader applies the edits only to that text; an edit's offset and length count UTF-8 bytes
    /// of the file as it was read.
    /// - Returns: The document, ending in a newline.
    public func json() -> String {
        let document: JSONValue = .object([
            "tool": .object(["name": .string(Self.toolName), "version": .string(toolVersion)]),
            "files": .integer(files),
            "findings": .array(findings.map(\.json)),
            "errors": .array(errors.map { .object(["path": .string($0.path), "message": .string($0.message)]) }),
        ])
        return document.compactText + "\n"
    }
}

extension Finding {
    /// The finding as the JSON format writes it.
    public var json: JSONValue {
        .object([
            "rule": .string(rule.rawValue),
            "severity": .string(severity.rawValue),
            "path": .string(path),
            "line": .integer(line),
            "column": .integer(column),
            "message": .string(message),
            "why": .string(why),
            "fix": .string(fix),
            "spec": .array(spec.map { .string($0) }),
            "live": live.map {
                .object(["page": .string($0.page), "strategy": .string($0.strategy), "fix": .string($0.fix)])
            }
                ?? .null,
            "excerpt": .object(["startLine": .integer(excerpt.startLine), "text": .string(excerpt.text)]),
            "fixIt": fixIt.map { fix in
                .object([
                    "description": .string(fix.description),
                    "safe": .bool(fix.isSafe),
                    "digest": fix.sourceDigest.map { .string(String($0, radix: 16)) } ?? .null,
                    "edits": .array(
                        fix.edits.map { edit in
                            .object([
                                "path": .string(path), "offset": .integer(edit.offset),
                                "length": .integer(edit.length), "startLine": .integer(edit.startLine),
                                "startColumn": .integer(edit.startColumn), "endLine": .integer(edit.endLine),
                                "endColumn": .integer(edit.endColumn), "text": .string(edit.text),
                            ])
                        }),
                ])
            } ?? .null,
        ])
    }
}
