import Foundation
import LabModel
import Testing

/// `JSONText.compact` writes the app's `--report` lines (Tests/soak/soak.sh and
/// `app.phase_latency` read them): one line, no spaces, keys in the order given.
@Suite("JSON lines of the run report (--report)")
struct JSONLineTests {
    @Test("One line, no spaces, keys in the order given, strings escaped as JSONText.quoted does")
    func layout() {
        let line = JSONText.compact(
            .object([
                ("event", .string("layout")), ("mono", .integer(12)), ("active", .bool(false)),
                ("pages", .array([.string("toast"), .string("button")])),
                ("widgets", .object([("menu", .array([1, -2, 3, 4].map { .integer($0) }))])),
                ("empty", .array([])), ("none", .object([])), ("name", .string("a \"b\"\n")),
            ]))
        #expect(
            line
                == #"{"event":"layout","mono":12,"active":false,"pages":["toast","button"],"widgets":{"menu":[1,-2,3,4]},"empty":[],"none":{},"name":"a \"b\"\n"}"#
        )
    }

    @Test("JSONSerialization reads back what was written")
    func readsBack() throws {
        let line = JSONText.compact(
            .object([("reason", .string("SIGTERM é \u{01}")), ("unexpected", .array([.string("#3 x (y, running)")]))]))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["reason"] as? String == "SIGTERM é \u{01}")
        #expect(object["unexpected"] as? [String] == ["#3 x (y, running)"])
    }
}
