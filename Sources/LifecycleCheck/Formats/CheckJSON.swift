/// A JSON document written as text in a fixed key order (the formats promise their order),
/// without Foundation's encoder: strings escaped per RFC 8259, output in UTF-8.
struct CheckJSON {
    private(set) var text = ""

    /// A JSON value, built in order.
    indirect enum Value {
        case string(String)
        case int(Int)
        case bool(Bool)
        case array([Value])
        case object([(String, Value)])
    }

    /// `value` as compact JSON text.
    static func write(_ value: Value) -> String {
        var writer = CheckJSON()
        writer.append(value)
        return writer.text
    }

    private mutating func append(_ value: Value) {
        switch value {
        case .string(let string): text += Self.quoted(string)
        case .int(let number): text += String(number)
        case .bool(let flag): text += flag ? "true" : "false"
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                append(item)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, (key, item)) in members.enumerated() {
                if index > 0 { text += "," }
                text += Self.quoted(key) + ":"
                append(item)
            }
            text += "}"
        }
    }

    /// `string` as a JSON string: quote, backslash and the control characters escaped;
    /// everything else as it is (the document is UTF-8). U+2028 and U+2029 are escaped too, so
    /// the text is also valid JavaScript.
    static func quoted(_ string: String) -> String {
        var out = "\""
        out.unicodeScalars.reserveCapacity(string.unicodeScalars.count + 2)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}", "\u{2029}": out += "\\u" + hex4(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + hex4(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
