/// The YAML a linter's configuration file is written in, read without Foundation: block mappings
/// and lists by indentation, flow lists `[a, b]` and maps `{severity: note}` on one line, plain,
/// 'single' and "double" quoted scalars, comments, and a `---` first line.
///
/// Anchors, aliases, tags, multi-line strings and complex keys are refused with the place and
/// the reason, never guessed at: a configuration read wrong would silently check the wrong
/// things.
///
/// ```swift
/// let node = try ConfigYAML.parse("disabled_rules:\n  - no-scene-phase\n")
/// node?.mapping?.first?.key      // "disabled_rules"
/// ```
enum ConfigYAML {
    /// A 1-based line and column.
    struct Mark: Equatable {
        let line: Int
        let column: Int
    }

    /// A value of the document.
    indirect enum Node: Equatable {
        case scalar(String, Mark)
        case list([Node], Mark)
        case map([(key: String, keyMark: Mark, value: Node)], Mark)

        static func == (lhs: Node, rhs: Node) -> Bool {
            switch (lhs, rhs) {
            case (.scalar(let a, _), .scalar(let b, _)): a == b
            case (.list(let a, _), .list(let b, _)): a == b
            case (.map(let a, _), .map(let b, _)):
                a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: false
            }
        }

        var mark: Mark {
            switch self {
            case .scalar(_, let mark), .list(_, let mark), .map(_, let mark): mark
            }
        }

        var string: String? {
            if case .scalar(let text, _) = self { text } else { nil }
        }

        var list: [Node]? {
            if case .list(let items, _) = self { items } else { nil }
        }

        var mapping: [(key: String, keyMark: Mark, value: Node)]? {
            if case .map(let members, _) = self { members } else { nil }
        }
    }

    /// Why the text is not YAML this reader takes.
    struct Problem: Error, Equatable {
        let message: String
        let mark: Mark
    }

    /// Reads a document; `nil` when it holds nothing (an empty file, comments only).
    static func parse(_ text: String) throws(Problem) -> Node? {
        var lines: [Line] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            var content = Substring(raw.last == "\r" ? raw.dropLast() : raw)
            content = try withoutComment(content, line: number)
            let indent = content.prefix { $0 == " " }.count
            if content.dropFirst(indent).first == "\t" {
                throw Problem(
                    message: "a tab in the indentation (YAML indents with spaces)",
                    mark: Mark(line: number, column: indent + 1))
            }
            let body = content.dropFirst(indent).trimmingTrailingSpaces
            if body.isEmpty { continue }
            if body == "---" && lines.isEmpty { continue }
            if body == "..." { break }
            lines.append(Line(number: number, indent: indent, text: body))
        }
        guard !lines.isEmpty else { return nil }
        var reader = BlockReader(lines: lines)
        let node = try reader.block(indent: lines[0].indent)
        if reader.index < lines.count {
            let line = lines[reader.index]
            throw Problem(
                message: "this line is indented deeper than the lines around it",
                mark: Mark(line: line.number, column: line.indent + 1))
        }
        return node
    }

    // MARK: Lines

    private struct Line {
        let number: Int
        let indent: Int
        let text: Substring
    }

    /// The line without a `#` comment (one that starts the line or follows a space, outside quotes).
    private static func withoutComment(_ line: Substring, line number: Int) throws(Problem) -> Substring {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" && (previous == " " || previous == "\t") {
                return line[..<index]
            }
            previous = character
        }
        return line
    }

    private struct BlockReader {
        let lines: [Line]
        var index = 0

        /// The block whose lines start at `indent`: a list (`- …`) or a mapping (`key: …`).
        mutating func block(indent: Int) throws(Problem) -> Node {
            let first = lines[index]
            let mark = Mark(line: first.number, column: first.indent + 1)
            if first.text == "-" || first.text.hasPrefix("- ") {
                var items: [Node] = []
                while index < lines.count, lines[index].indent == indent,
                    lines[index].text == "-" || lines[index].text.hasPrefix("- ")
                {
                    let line = lines[index]
                    index += 1
                    let rest = line.text.dropFirst(1).drop { $0 == " " }
                    let column = line.indent + 1 + (line.text.count - rest.count)
                    if rest.isEmpty {
                        items.append(try nested(after: line))
                    } else if ConfigYAML.keyColon(in: rest) != nil {
                        throw Problem(
                            message: "a mapping inside a list item is not taken here; list plain values",
                            mark: Mark(line: line.number, column: column))
                    } else {
                        items.append(try ConfigYAML.inline(rest, mark: Mark(line: line.number, column: column)))
                    }
                }
                return .list(items, mark)
            }
            var members: [(key: String, keyMark: Mark, value: Node)] = []
            while index < lines.count, lines[index].indent == indent {
                let line = lines[index]
                let keyMark = Mark(line: line.number, column: line.indent + 1)
                guard let colon = ConfigYAML.keyColon(in: line.text) else {
                    if line.text.hasPrefix("- ") || line.text == "-" {
                        throw Problem(message: "a list item where a key should come", mark: keyMark)
                    }
                    throw Problem(message: "expected 'key: value'", mark: keyMark)
                }
                index += 1
                let key = try ConfigYAML.scalar(line.text[..<colon].trimmingTrailingSpaces, mark: keyMark)
                if members.contains(where: { $0.key == key }) {
                    throw Problem(message: "the key '\(key)' appears twice", mark: keyMark)
                }
                let rest = line.text[line.text.index(after: colon)...].drop { $0 == " " }
                let column = line.indent + 1 + (line.text.count - rest.count)
                let value: Node
                if rest.isEmpty {
                    value = try nested(after: line)
                } else {
                    value = try ConfigYAML.inline(rest, mark: Mark(line: line.number, column: column))
                }
                members.append((key, keyMark, value))
            }
            if index < lines.count, lines[index].indent > indent {
                let line = lines[index]
                throw Problem(
                    message: "this line is indented deeper than the lines around it",
                    mark: Mark(line: line.number, column: line.indent + 1))
            }
            return .map(members, mark)
        }

        /// The block indented under `line`, or an empty scalar when nothing is (`key:` alone).
        private mutating func nested(after line: Line) throws(Problem) -> Node {
            guard index < lines.count, lines[index].indent > line.indent else {
                return .scalar("", Mark(line: line.number, column: line.indent + line.text.count + 1))
            }
            return try block(indent: lines[index].indent)
        }
    }

    // MARK: Values on one line

    /// The colon that ends a key (`key: value`, `key:`), outside quotes.
    static func keyColon(in text: Substring) -> Substring.Index? {
        var quote: Character?
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character == "\"" || character == "'" {
                quote = character
            } else if character == "[" || character == "{" {
                return nil
            } else if character == ":" {
                let next = text.index(after: index)
                if next == text.endIndex || text[next] == " " { return index }
            }
        }
        return nil
    }

    /// A value written on one line: a flow list or map, or a scalar.
    static func inline(_ text: Substring, mark: Mark) throws(Problem) -> Node {
        if let first = text.first, ["&", "*", "!", "|", ">", "?", "%", "@", "`"].contains(first) {
            throw Problem(
                message: "'\(first)' starts YAML this reader does not take (anchors, aliases, tags, multi-line "
                    + "strings); write the value plainly", mark: mark)
        }
        if text.first == "[" || text.first == "{" {
            var flow = FlowReader(text: Array(text), mark: mark)
            let node = try flow.value()
            flow.skipSpaces()
            guard flow.index == flow.text.count else {
                throw Problem(message: "more text after the closing bracket", mark: flow.mark)
            }
            return node
        }
        return .scalar(try scalar(text, mark: mark), mark)
    }

    /// A plain or quoted scalar's text.
    static func scalar(_ text: Substring, mark: Mark) throws(Problem) -> String {
        guard let first = text.first, first == "\"" || first == "'" else { return String(text) }
        guard text.count >= 2, text.last == first else {
            throw Problem(message: "a quoted string that does not end on its line", mark: mark)
        }
        let inner = text.dropFirst().dropLast()
        if first == "'" { return String(inner.replacing("''", with: "'")) }
        var out = ""
        var escaped = false
        for character in inner {
            if escaped {
                switch character {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "\"", "\\", "/": out.append(character)
                default: throw Problem(message: "an escape this reader does not take: \\\(character)", mark: mark)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// `[a, "b", {c: d}]` and `{severity: note}` on one line.
    private struct FlowReader {
        let text: [Character]
        var index = 0
        let start: Mark

        init(text: [Character], mark: Mark) {
            self.text = text
            self.start = mark
        }

        var mark: Mark { Mark(line: start.line, column: start.column + index) }

        mutating func skipSpaces() {
            while index < text.count, text[index] == " " { index += 1 }
        }

        mutating func value() throws(Problem) -> Node {
            skipSpaces()
            guard index < text.count else { throw Problem(message: "a value is missing", mark: mark) }
            let here = mark
            switch text[index] {
            case "[":
                index += 1
                var items: [Node] = []
                skipSpaces()
                if index < text.count, text[index] == "]" {
                    index += 1
                    return .list(items, here)
                }
                while true {
                    items.append(try value())
                    skipSpaces()
                    guard index < text.count else { throw Problem(message: "a list without its ']'", mark: mark) }
                    if text[index] == "]" {
                        index += 1
                        return .list(items, here)
                    }
                    guard text[index] == "," else { throw Problem(message: "expected ',' or ']'", mark: mark) }
                    index += 1
                }
            case "{":
                index += 1
                var members: [(key: String, keyMark: Mark, value: Node)] = []
                skipSpaces()
                if index < text.count, text[index] == "}" {
                    index += 1
                    return .map(members, here)
                }
                while true {
                    skipSpaces()
                    let keyMark = mark
                    guard case .scalar(let key, _) = try scalarValue(stoppingAt: [":", ",", "}"]) else {
                        throw Problem(message: "expected a key", mark: keyMark)
                    }
                    skipSpaces()
                    guard index < text.count, text[index] == ":" else {
                        throw Problem(message: "expected ':' after '\(key)'", mark: mark)
                    }
                    index += 1
                    members.append((key, keyMark, try value()))
                    skipSpaces()
                    guard index < text.count else { throw Problem(message: "a map without its '}'", mark: mark) }
                    if text[index] == "}" {
                        index += 1
                        return .map(members, here)
                    }
                    guard text[index] == "," else { throw Problem(message: "expected ',' or '}'", mark: mark) }
                    index += 1
                }
            default:
                return try scalarValue(stoppingAt: [",", "]", "}"])
            }
        }

        private mutating func scalarValue(stoppingAt stops: Set<Character>) throws(Problem) -> Node {
            let here = mark
            let begin = index
            if let quote = text[safe: index], quote == "\"" || quote == "'" {
                index += 1
                while index < text.count {
                    if text[index] == "\\" && quote == "\"" {
                        index += 2
                        continue
                    }
                    if text[index] == quote {
                        if quote == "'", text[safe: index + 1] == "'" {
                            index += 2
                            continue
                        }
                        break
                    }
                    index += 1
                }
                guard index < text.count else { throw Problem(message: "a quoted string without its end", mark: here) }
                index += 1
            } else {
                while index < text.count, !stops.contains(text[index]) { index += 1 }
            }
            let raw = String(text[begin..<index]).trimmingTrailingSpaces
            return .scalar(try ConfigYAML.scalar(Substring(raw), mark: here), here)
        }
    }
}

extension StringProtocol {
    /// The text without spaces at its end.
    var trimmingTrailingSpaces: Substring {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return text
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
