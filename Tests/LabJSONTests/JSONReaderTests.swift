import LabJSON
import Testing

/// The Check page's JSON reader (no Foundation in the app): every document of RFC 8259 read
/// right, and every malformed one refused with a place and a reason, never a crash.
@Suite("JSON reader")
struct JSONValueTests {
    @Test("scalars, arrays and objects, with whitespace around them")
    func readsDocuments() throws {
        #expect(try JSONValue.read(" null ") == .null)
        #expect(try JSONValue.read("true") == .bool(true))
        #expect(try JSONValue.read("false") == .bool(false))
        #expect(try JSONValue.read("0") == .integer(0))
        #expect(try JSONValue.read("-12") == .integer(-12))
        #expect(try JSONValue.read("1.5") == .double(1.5))
        #expect(try JSONValue.read("-2.5e3") == .double(-2500))
        #expect(try JSONValue.read("1E2") == .double(100))
        #expect(try JSONValue.read("[]") == .array([]))
        #expect(try JSONValue.read("{}") == .object([:]))
        #expect(
            try JSONValue.read("\n{ \"a\" : [1, \"two\", {\"b\": null}],\r\n\t\"c\": false }\n")
                == .object(["a": .array([.integer(1), .string("two"), .object(["b": .null])]), "c": .bool(false)]))
    }

    @Test("strings: every escape, UTF-8 as written, surrogate pairs")
    func readsStrings() throws {
        #expect(try JSONValue.read(#""a\"b\\c\/d\be\ff\ng\rh\ti""#) == .string("a\"b\\c/d\u{8}e\u{c}f\ng\rh\ti"))
        #expect(try JSONValue.read(#""\u00e9\u3042""#) == .string("é\u{3042}"))
        #expect(try JSONValue.read(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONValue.read("\"チェック ✓\"") == .string("チェック ✓"))
        #expect(try JSONValue.read(#""""#) == .string(""))
    }

    @Test("integers too large for Int are numbers; the subscript reads an object's members")
    func numbersAndMembers() throws {
        #expect(try JSONValue.read("10000000000000000000000") == .double(1e22))
        let value = try JSONValue.read(#"{"files": 2}"#)
        #expect(value["files"] == .integer(2))
        #expect(value["missing"] == nil)
        #expect(JSONValue.integer(1)["files"] == nil)
    }

    /// Each malformed text, and the problem and place the reader must name.
    static let malformed: [(text: String, problem: JSONReadError.Problem, line: Int, column: Int)] = [
        ("", .empty, 1, 1),
        ("   \n ", .empty, 2, 2),
        ("{", .unexpectedEnd(expected: "a key"), 1, 2),
        ("[1,", .unexpectedEnd(expected: "a value"), 1, 4),
        ("[1 2]", .unexpected(found: "'2'", expected: "',' or ']'"), 1, 4),
        (#"{"a" 1}"#, .unexpected(found: "'1'", expected: "':'"), 1, 6),
        (#"{"a": 1,}"#, .unexpected(found: "'}'", expected: "a key in quotes"), 1, 9),
        ("[1,]", .unexpected(found: "']'", expected: "a value"), 1, 4),
        ("{a: 1}", .unexpected(found: "'a'", expected: "a key in quotes"), 1, 2),
        ("// note\n{}", .unexpected(found: "'/'", expected: "a value"), 1, 1),
        ("'text'", .unexpected(found: "'''", expected: "a value"), 1, 1),
        ("NaN", .unexpected(found: "'N'", expected: "a value"), 1, 1),
        ("tru", .unexpectedEnd(expected: "'true'"), 1, 4),
        ("nul1", .unexpected(found: "'1'", expected: "'null'"), 1, 4),
        ("01", .badNumber("01"), 1, 1),
        ("1.", .badNumber("1."), 1, 1),
        (".5", .unexpected(found: "'.'", expected: "a value"), 1, 1),
        ("-", .badNumber("-"), 1, 1),
        ("1e", .badNumber("1e"), 1, 1),
        ("1e999", .badNumber("1e999"), 1, 1),
        ("\"abc", .unexpectedEnd(expected: "'\"'"), 1, 5),
        ("\"a\u{1}b\"", .controlCharacter, 1, 3),
        ("\"tab\there\"", .controlCharacter, 1, 5),
        (#""\x""#, .badEscape, 1, 3),
        (#""\u12G4""#, .badEscape, 1, 6),
        (#""\ud83d""#, .loneSurrogate, 1, 2),
        (#""\ude00""#, .loneSurrogate, 1, 2),
        (#""\ud83d\u0041""#, .loneSurrogate, 1, 2),
        (#"{"a": 1, "a": 2}"#, .duplicateKey("a"), 1, 10),
        ("{} {}", .trailingContent, 1, 4),
        ("[1]\n]", .trailingContent, 2, 1),
        ("😀", .unexpected(found: "'😀'", expected: "a value"), 1, 1),
    ]

    @Test("every malformed document is refused with its problem, line and column", arguments: malformed.indices)
    func refusesMalformed(_ index: Int) {
        let (text, problem, line, column) = Self.malformed[index]
        #expect(throws: JSONReadError(problem, line: line, column: column)) { try JSONValue.read(text) }
    }

    @Test("nesting deeper than the limit is refused, not a stack overflow; the limit itself reads")
    func depthLimit() throws {
        let limit = JSONValue.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try JSONValue.read(deepest) }
        let tooDeep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONReadError(.tooDeep, line: 1, column: limit + 1)) { try JSONValue.read(tooDeep) }
    }

    @Test("an error says where and why in one line")
    func errorDescription() {
        let error = JSONReadError(.unexpected(found: "'}'", expected: "a value"), line: 3, column: 7)
        #expect(error.description == "line 3, column 7: expected a value, found '}'")
        #expect(
            JSONReadError(.empty, line: 1, column: 1).description
                == "line 1, column 1: no JSON value (the text is empty)")
    }
}
