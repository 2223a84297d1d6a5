/// A catalogue's `Plural-Forms` rule (`nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : …);`): the
/// C expression gettext evaluates with `n` to choose a plural form, parsed once. A header without
/// a rule, or with one that does not parse, gets gettext's default: `n != 1`.
struct PluralRule: Sendable {
    private indirect enum Expression: Sendable {
        case number(UInt)
        case n
        case not(Expression)
        case binary(String, Expression, Expression)
        case conditional(Expression, Expression, Expression)
    }

    private let expression: Expression

    /// The rule of a catalogue header (the `""` message's text).
    init(header: String) {
        let line = header.split(separator: "\n").first { $0.hasPrefix("Plural-Forms:") }
        if let line, let equals = line.firstRange(of: "plural=") {
            var parser = Parser(Array(line[equals.upperBound...].utf8))
            if let parsed = parser.parseRule() {
                expression = parsed
                return
            }
        }
        expression = .binary("!=", .n, .number(1))
    }

    /// The form index for `count`.
    func form(for count: UInt) -> UInt { Self.evaluate(expression, count) }

    private static func evaluate(_ expression: Expression, _ n: UInt) -> UInt {
        switch expression {
        case .number(let value): return value
        case .n: return n
        case .not(let operand): return evaluate(operand, n) == 0 ? 1 : 0
        case .conditional(let condition, let then, let otherwise):
            return evaluate(condition, n) != 0 ? evaluate(then, n) : evaluate(otherwise, n)
        case .binary(let op, let lhs, let rhs):
            let a = evaluate(lhs, n)
            // && and || do not evaluate their right side when the left decides.
            if op == "&&" { return a != 0 && evaluate(rhs, n) != 0 ? 1 : 0 }
            if op == "||" { return a != 0 || evaluate(rhs, n) != 0 ? 1 : 0 }
            let b = evaluate(rhs, n)
            switch op {
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "+": return a &+ b
            case "-": return a &- b
            case "*": return a &* b
            case "/": return b == 0 ? 0 : a / b
            case "%": return b == 0 ? 0 : a % b
            default: return 0
            }
        }
    }

    /// Recursive descent over C's precedence: `?:`, `||`, `&&`, `== !=`, `< > <= >=`, `+ -`,
    /// `* / %`, unary `!`, parentheses.
    private struct Parser {
        private let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func parseRule() -> Expression? {
            guard let result = conditional() else { return nil }
            skipSpaces()
            // The rule ends at ';', the line's end or the header's escaped newline.
            return index == bytes.count || bytes[index] == UInt8(ascii: ";") || bytes[index] == UInt8(ascii: "\\")
                ? result : nil
        }

        private mutating func conditional() -> Expression? {
            guard let condition = binary(level: 0) else { return nil }
            guard take("?") else { return condition }
            guard let then = conditional(), take(":"), let otherwise = conditional() else { return nil }
            return .conditional(condition, then, otherwise)
        }

        private static let levels: [[String]] = [
            ["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"],
        ]

        private mutating func binary(level: Int) -> Expression? {
            guard level < Self.levels.count else { return unary() }
            guard var lhs = binary(level: level + 1) else { return nil }
            while let op = Self.levels[level].first(where: { peek($0) }) {
                _ = take(op)
                guard let rhs = binary(level: level + 1) else { return nil }
                lhs = .binary(op, lhs, rhs)
            }
            return lhs
        }

        private mutating func unary() -> Expression? {
            if !peek("!=") && take("!") { return unary().map { .not($0) } }
            if take("(") {
                guard let inner = conditional(), take(")") else { return nil }
                return inner
            }
            skipSpaces()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "n") {
                index += 1
                return .n
            }
            var value: UInt = 0
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                value = value &* 10 &+ UInt(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > start ? .number(value) : nil
        }

        private mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
        }

        private mutating func peek(_ token: String) -> Bool {
            skipSpaces()
            let token = Array(token.utf8)
            return index + token.count <= bytes.count && Array(bytes[index..<(index + token.count)]) == token
        }

        private mutating func take(_ token: String) -> Bool {
            guard peek(token) else { return false }
            index += token.utf8.count
            return true
        }
    }
}
