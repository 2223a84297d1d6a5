extension JSONText {
    /// A JSON value written on one line by ``compact(_:)``: no spaces, and an object's keys in
    /// the order given (a JSON-lines file reads best with `event` first).
    ///
    /// ```swift
    /// JSONText.compact(.object([("event", .string("ready")), ("pid", .integer(42))]))
    /// // {"event":"ready","pid":42}
    /// ```
    public enum Value: Sendable {
        /// A string, escaped as ``JSONText/quoted(_:)`` does.
        case string(String)
        /// A whole number.
        case integer(Int)
        /// `true` or `false`.
        case bool(Bool)
        /// An array.
        case array([Value])
        /// An object whose keys are written in this order.
        case object([(String, Value)])
    }

    /// `value` as JSON on one line, without spaces.
    public static func compact(_ value: Value) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    private static func write(_ value: Value, to out: inout String) {
        switch value {
        case .string(let text): out += quoted(text)
        case .integer(let number): out += number.description
        case .bool(let flag): out += flag ? "true" : "false"
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                write(element, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, element)) in members.enumerated() {
                if index > 0 { out += "," }
                out += quoted(key) + ":"
                write(element, to: &out)
            }
            out += "}"
        }
    }
}
