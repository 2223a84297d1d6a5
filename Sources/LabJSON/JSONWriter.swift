extension JSONValue {
    /// The value as JSON on one line, without spaces, an object's keys in their order: the
    /// checker's formats and the app's JSON-lines `--report`.
    ///
    /// ```swift
    /// JSONValue.object(["event": .string("ready"), "pid": .integer(42)]).compactText
    /// // {"event":"ready","pid":42}
    /// ```
    public var compactText: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += number.description
        case .double(let number): out += Self.number(number)
        case .string(let text): out += Self.quoted(text)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { out += "," }
                out += Self.quoted(member.key) + ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// `text` as a JSON string, escaped as `JSONEncoder` escapes it: quote, backslash and the
    /// control characters below U+0020; everything else as it is (the text is UTF-8). The one
    /// escaper of the lab's JSON.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A number as JSON, spelled as `JSONEncoder` does: the shortest round-trip spelling
    /// (`description`) without a trailing `.0` (`3`, `-0`, `1e+16`, `0.1`); `null` when not
    /// finite, as JSON has no spelling for it.
    public static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> String {
        guard value.isFinite else { return "null" }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
