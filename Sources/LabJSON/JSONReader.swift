/// Why a text is not JSON, and where: a 1-based line and column (in characters of UTF-8 bytes
/// as they come) and what was wrong.
public struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Problem: Sendable, Equatable {
        /// Nothing but whitespace.
        case empty
        /// The text ended where `expected` should come.
        case unexpectedEnd(expected: String)
        /// `found` (a character, quoted) where `expected` should come.
        case unexpected(found: String, expected: String)
        /// A backslash not followed by one of `"\/bfnrtu`, or `\u` without four hex digits.
        case badEscape
        /// A control character (below U+0020) written raw inside a string.
        case controlCharacter
        /// A `\uD800`–`\uDFFF` escape that is not half of a surrogate pair.
        case loneSurrogate
        /// A number JSON does not allow (`01`, `1.`, `.5`, `1e`, `-`) or cannot hold.
        case badNumber(String)
        /// Nesting deeper than ``JSONValue/maximumDepth``.
        case tooDeep
        /// An object that names a key twice.
        case duplicateKey(String)
        /// More text after the document's value.
        case trailingContent
    }

    /// What was wrong.
    public let problem: Problem
    /// 1-based line of the problem.
    public let line: Int
    /// 1-based column (in UTF-8 bytes) of the problem.
    public let column: Int

    /// Describes a problem at a place.
    /// - Parameters:
    ///   - problem: what was wrong.
    ///   - line: its 1-based line.
    ///   - column: its 1-based column.
    public init(_ problem: Problem, line: Int, column: Int) {
        self.problem = problem
        self.line = line
        self.column = column
    }

    /// "line 1, column 9: expected a value, found '}'".
    public var description: String {
        let what =
            switch problem {
            case .empty: "no JSON value (the text is empty)"
            case .unexpectedEnd(let expected): "the text ends where \(expected) should come"
            case .unexpected(let found, let expected): "expected \(expected), found \(found)"
            case .badEscape: "a bad escape in a string"
            case .controlCharacter: "a raw control character in a string"
            case .loneSurrogate: "a lone UTF-16 surrogate in a string"
            case .badNumber(let text): "'\(text)' is not a JSON number"
            case .tooDeep: "nested more than \(JSONValue.maximumDepth) deep"
            case .duplicateKey(let key): "the key \"\(key)\" appears twice in one object"
            case .trailingContent: "more text after the JSON value"
            }
        return "line \(line), column \(column): \(what)"
    }
}

/// The reader behind ``JSONValue/read(_:)``: a recursive descent over the UTF-8 bytes.
struct JSONReader {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(JSONReadError) -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw error(.empty) }
        let value = try self.value()
        skipSpace()
        guard index == bytes.count else { throw error(.trailingContent) }
        return value
    }

    // MARK: Values

    private mutating func value() throws(JSONReadError) -> JSONValue {
        guard let byte = peek() else { throw error(.unexpectedEnd(expected: "a value")) }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw unexpected(expected: "a value")
        }
    }

    private mutating func object() throws(JSONReadError) -> JSONValue {
        try enter()
        index += 1  // {
        var members = JSONObject()
        var keys: Set<String> = []
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\"") else {
                throw peek() == nil ? error(.unexpectedEnd(expected: "a key")) : unexpected(expected: "a key in quotes")
            }
            let keyStart = index
            let key = try string()
            guard keys.insert(key).inserted else { throw error(.duplicateKey(key), at: keyStart) }
            skipSpace()
            try expect(UInt8(ascii: ":"), "':'")
            skipSpace()
            members.append(key, try value())
            skipSpace()
            guard let next = peek() else { throw error(.unexpectedEnd(expected: "',' or '}'")) }
            index += 1
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else {
                index -= 1
                throw unexpected(expected: "',' or '}'")
            }
        }
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws(JSONReadError) -> JSONValue {
        try enter()
        index += 1  // [
        var elements: [JSONValue] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value())
            skipSpace()
            guard let next = peek() else { throw error(.unexpectedEnd(expected: "',' or ']'")) }
            index += 1
            if next == UInt8(ascii: "]") { break }
            guard next == UInt8(ascii: ",") else {
                index -= 1
                throw unexpected(expected: "',' or ']'")
            }
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONReadError) -> JSONValue {
        for byte in word.utf8 {
            guard let next = peek() else { throw error(.unexpectedEnd(expected: "'\(word)'")) }
            guard next == byte else { throw unexpected(expected: "'\(word)'") }
            index += 1
        }
        return value
    }

    private mutating func number() throws(JSONReadError) -> JSONValue {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        // int: 0, or a digit 1-9 and more digits.
        guard let first = peek(), isDigit(first) else { throw badNumber(from: start) }
        index += 1
        if first == UInt8(ascii: "0"), let next = peek(), isDigit(next) { throw badNumber(from: start) }
        skipDigits()
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let next = peek(), isDigit(next) else { throw badNumber(from: start) }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let next = peek(), isDigit(next) else { throw badNumber(from: start) }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw error(.badNumber(text), at: start) }
        return .double(double)
    }

    private mutating func string() throws(JSONReadError) -> String {
        index += 1  // "
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error(.unexpectedEnd(expected: "'\"'")) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &out)
            case 0..<0x20:
                throw error(.controlCharacter)
            default:
                out.append(byte)
                index += 1
            }
        }
    }

    private mutating func escape(into out: inout [UInt8]) throws(JSONReadError) {
        guard let byte = peek() else { throw error(.unexpectedEnd(expected: "an escape")) }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let escapeStart = index - 2
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw error(.loneSurrogate, at: escapeStart) }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error(.loneSurrogate, at: escapeStart) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error(.loneSurrogate, at: escapeStart)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error(.loneSurrogate, at: escapeStart) }
            out.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            index -= 1
            throw error(.badEscape)
        }
    }

    private mutating func hex4() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw error(.unexpectedEnd(expected: "four hex digits")) }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.badEscape)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: Bytes

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { index += 1 }
    }

    private mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func enter() throws(JSONReadError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else { throw error(.tooDeep) }
    }

    private mutating func expect(_ byte: UInt8, _ name: String) throws(JSONReadError) {
        guard let next = peek() else { throw error(.unexpectedEnd(expected: name)) }
        guard next == byte else { throw unexpected(expected: name) }
        index += 1
    }

    private func badNumber(from start: Int) -> JSONReadError {
        var end = index
        while end < bytes.count, !" \t\r\n,]}".utf8.contains(bytes[end]) { end += 1 }
        return error(.badNumber(String(decoding: bytes[start..<min(end, start + 40)], as: UTF8.self)), at: start)
    }

    private func unexpected(expected: String) -> JSONReadError {
        // The character found, whole (a multi-byte one too), quoted.
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let found = String(decoding: bytes[index..<min(end, bytes.count)], as: UTF8.self)
        return error(.unexpected(found: "'\(found)'", expected: expected))
    }

    private func error(_ problem: JSONReadError.Problem, at offset: Int? = nil) -> JSONReadError {
        let at = min(offset ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<at where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return JSONReadError(problem, line: line, column: at - lineStart + 1)
    }
}
