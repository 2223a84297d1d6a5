import Foundation
import LabJSON
import Testing

/// The writer: one line, no spaces, an object's keys in the order given (the app's `--report`
/// lines, which Tests/soak/soak.sh and `app.phase_latency` read, and the checker's formats), and
/// the one escaper, as `JSONEncoder` escapes.
@Suite("JSON writer")
struct JSONWriterTests {
    @Test("One line, no spaces, keys in the order given, strings escaped")
    func layout() {
        let line = JSONValue.object([
            "event": .string("layout"), "mono": .integer(12), "active": .bool(false),
            "pages": .array([.string("toast"), .string("button")]),
            "widgets": .object(["menu": .array([1, -2, 3, 4].map { .integer($0) })]),
            "empty": .array([]), "none": .object([:]), "name": .string("a \"b\"\n"), "nothing": .null,
            "ratio": .double(1.5),
        ]).compactText
        #expect(
            line
                == #"{"event":"layout","mono":12,"active":false,"pages":["toast","button"],"widgets":{"menu":[1,-2,3,4]},"empty":[],"none":{},"name":"a \"b\"\n","nothing":null,"ratio":1.5}"#
        )
    }

    @Test("JSONSerialization reads back what was written; the reader reads it back equal")
    func readsBack() throws {
        let value = JSONValue.object([
            "reason": .string("SIGTERM é \u{01}"), "unexpected": .array([.string("#3 x (y, running)")]),
        ])
        let line = value.compactText
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["reason"] as? String == "SIGTERM é \u{01}")
        #expect(object["unexpected"] as? [String] == ["#3 x (y, running)"])
        #expect(try JSONValue.read(line) == value)
    }

    @Test("Strings are escaped as JSONEncoder escapes them, and stay UTF-8")
    func escaper() throws {
        #expect(JSONValue.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONValue.quoted("line\nnext\ttab\r") == #""line\nnext\ttab\r""#)
        #expect(JSONValue.quoted("\u{01}\u{08}\u{0C}\u{1F}") == #""\u0001\b\f\u001f""#)
        #expect(JSONValue.quoted("トースト ü 🍞 /") == "\"トースト ü 🍞 /\"")
        for text in ["a\"b\\c", "\u{01}\u{1F}\u{7F}\u{2028}", "トースト / é"] {
            let encoded = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
            let withoutEscapedSlashes = encoded.replacingOccurrences(of: "\\/", with: "/")
            #expect(JSONValue.quoted(text) == withoutEscapedSlashes, "\(text)")
        }
    }

    @Test("Objects keep their order, a key set twice keeps its place, equality ignores order")
    func objects() {
        var object: JSONObject = ["b": .integer(1), "a": .integer(2)]
        object["b"] = .integer(3)
        object["c"] = .null
        #expect(object.members.map(\.key) == ["b", "a", "c"])
        object["a"] = nil
        #expect(object.members.map(\.key) == ["b", "c"])
        let xy: JSONObject = ["x": .integer(1), "y": .integer(2)]
        let yx: JSONObject = ["y": .integer(2), "x": .integer(1)]
        let other: JSONObject = ["x": .integer(2), "y": .integer(2)]
        #expect(xy == yx)
        #expect(xy != other)
    }
}
