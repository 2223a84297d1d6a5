public import LabJSON

extension CheckReport {
    /// Reads the JSON format back (the Check page reads the checker's standard output with it).
    ///
    /// A document of another shape is refused with a message naming the field, so a checker of
    /// another version is reported, never half shown.
    /// - Parameter text: the checker's standard output.
    /// - Throws: ``CheckReportError`` when the text is not JSON, or not of the checker's shape.
    public static func decode(_ text: String) throws(CheckReportError) -> CheckReport {
        let value: JSONValue
        do {
            value = try JSONValue.read(text)
        } catch {
            throw .notJSON(error)
        }
        let root = try Fields(value, path: "the document")
        let tool = try root.object("tool")
        let name = try tool.string("name")
        guard name == toolName else {
            throw .shape(path: "tool.name", problem: "is \"\(name)\", not \"\(toolName)\"")
        }
        return CheckReport(
            files: try root.count("files"),
            findings: try root.array("findings").map { fields throws(CheckReportError) in try Finding(fields) },
            errors: try root.array("errors").map { fields throws(CheckReportError) in
                InputError(path: try fields.string("path"), message: try fields.string("message"))
            },
            toolVersion: try tool.string("version"))
    }
}

extension Finding {
    init(_ fields: Fields) throws(CheckReportError) {
        let live = try fields.optionalObject("live")
        let excerpt = try fields.object("excerpt")
        self.init(
            rule: try fields.value("rule", of: RuleID.self, naming: "a rule of this checker"),
            severity: try fields.value("severity", of: Severity.self, naming: "error, warning or note"),
            path: try fields.string("path"),
            line: try fields.position("line"), column: try fields.position("column"),
            message: try fields.string("message"), why: try fields.string("why"), fix: try fields.string("fix"),
            spec: try fields.strings("spec"),
            live: try live.map { live throws(CheckReportError) in
                LiveRepro(
                    page: try live.string("page"), strategy: try live.string("strategy"), fix: try live.string("fix"))
            },
            excerpt: Excerpt(startLine: try excerpt.position("startLine"), text: try excerpt.string("text")),
            fixIt: try fields.members["fixIt"] == nil ? nil : fields.optionalObject("fixIt").map(FixIt.init))
    }
}

extension FixIt {
    init(_ fields: Fields) throws(CheckReportError) {
        self.init(
            description: try fields.string("description"),
            edits: try fields.array("edits").map { edit throws(CheckReportError) in
                TextEdit(
                    offset: try edit.count("offset"), length: try edit.count("length"),
                    startLine: try edit.position("startLine"), startColumn: try edit.position("startColumn"),
                    endLine: try edit.position("endLine"), endColumn: try edit.position("endColumn"),
                    text: try edit.string("text"))
            },
            isSafe: try fields.bool("safe"),
            sourceDigest: try fields.hexadecimal("digest"))
    }
}

/// Why a checker's output is not a report.
public enum CheckReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output could not be read as text (not UTF-8), with the system's reason.
    case notText(String)
    /// The text is not JSON.
    case notJSON(JSONReadError)
    /// The JSON is not of the checker's shape: the field (`findings[2].line`) and what is wrong.
    case shape(path: String, problem: String)

    /// "findings[2].line should be an integer, not a string".
    public var description: String {
        switch self {
        case .notText(let reason): "not UTF-8 text: \(reason)"
        case .notJSON(let error): "not JSON: \(error)"
        case .shape(let path, let problem): "\(path) \(problem)"
        }
    }
}

/// An object of the document and its path, for reading its members with messages that name them.
struct Fields {
    let members: JSONObject
    let path: String

    init(_ value: JSONValue, path: String) throws(CheckReportError) {
        guard case .object(let members) = value else {
            throw .shape(path: path, problem: "should be an object, not \(value.kindName)")
        }
        self.members = members
        self.path = path
    }

    private func member(_ key: String) throws(CheckReportError) -> JSONValue {
        guard let value = members[key] else { throw .shape(path: name(key), problem: "is missing") }
        return value
    }

    private func name(_ key: String) -> String { path == "the document" ? key : "\(path).\(key)" }

    func string(_ key: String) throws(CheckReportError) -> String {
        let value = try member(key)
        guard case .string(let text) = value else {
            throw .shape(path: name(key), problem: "should be a string, not \(value.kindName)")
        }
        return text
    }

    /// A string naming one of `type`'s cases.
    func value<T: RawRepresentable<String>>(_ key: String, of type: T.Type, naming valid: String)
        throws(CheckReportError) -> T
    {
        let text = try string(key)
        guard let value = T(rawValue: text) else {
            throw .shape(path: name(key), problem: "is \"\(text)\", not \(valid)")
        }
        return value
    }

    func bool(_ key: String) throws(CheckReportError) -> Bool {
        let value = try member(key)
        guard case .bool(let flag) = value else {
            throw .shape(path: name(key), problem: "should be true or false, not \(value.kindName)")
        }
        return flag
    }

    /// A 64-bit number written in hexadecimal, or `null`.
    func hexadecimal(_ key: String) throws(CheckReportError) -> UInt64? {
        let value = try member(key)
        if case .null = value { return nil }
        guard case .string(let text) = value, let number = UInt64(text, radix: 16) else {
            throw .shape(path: name(key), problem: "should be a hexadecimal number or null, not \(value.kindName)")
        }
        return number
    }

    func integer(_ key: String) throws(CheckReportError) -> Int {
        let value = try member(key)
        guard case .integer(let number) = value else {
            throw .shape(path: name(key), problem: "should be an integer, not \(value.kindName)")
        }
        return number
    }

    /// A line or column: an integer from 1.
    func position(_ key: String) throws(CheckReportError) -> Int {
        let number = try integer(key)
        guard number >= 1 else { throw .shape(path: name(key), problem: "should be 1 or more, not \(number)") }
        return number
    }

    /// A count: an integer from 0.
    func count(_ key: String) throws(CheckReportError) -> Int {
        let number = try integer(key)
        guard number >= 0 else { throw .shape(path: name(key), problem: "should be 0 or more, not \(number)") }
        return number
    }

    func object(_ key: String) throws(CheckReportError) -> Fields {
        try Fields(try member(key), path: name(key))
    }

    /// An object, or `null`.
    func optionalObject(_ key: String) throws(CheckReportError) -> Fields? {
        if case .null = try member(key) { return nil }
        return try object(key)
    }

    func array(_ key: String) throws(CheckReportError) -> [Fields] {
        let value = try member(key)
        guard case .array(let elements) = value else {
            throw .shape(path: name(key), problem: "should be an array, not \(value.kindName)")
        }
        var out: [Fields] = []
        for (index, element) in elements.enumerated() {
            out.append(try Fields(element, path: "\(name(key))[\(index)]"))
        }
        return out
    }

    func strings(_ key: String) throws(CheckReportError) -> [String] {
        let value = try member(key)
        guard case .array(let elements) = value else {
            throw .shape(path: name(key), problem: "should be an array, not \(value.kindName)")
        }
        var out: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw .shape(path: "\(name(key))[\(index)]", problem: "should be a string, not \(element.kindName)")
            }
            out.append(text)
        }
        return out
    }
}
