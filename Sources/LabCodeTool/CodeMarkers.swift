import Foundation

/// The `// lab-code:` regions of one Swift file: the stretches of the lab model's source that a
/// strategy runs, which the app's code panel shows.
///
/// The markers (see `StrategyCode` in LabModel for how a strategy adds its own):
///
/// ```swift
/// // lab-code: T1                 starts a region T1 runs (several IDs: `// lab-code: T5 T6`)
/// // lab-code: B2 part 2          the same, read after B2's part-1 regions
/// let task = Task { … }  // lab-code-key         a line that decides the outcome
/// } catch is CancellationError {  // lab-code-key: T2 T4   … for these IDs only
/// // lab-code-end                 ends the region
/// ```
///
/// Lines inside multi-line string literals are not read (a SwiftUI snippet kept as a string
/// may use `// lab-code-key` for its own key lines).
struct CodeMarkers {
    /// A region found in a file.
    struct Region {
        var strategies: [String]
        var part: Int
        var file: String
        var symbol: String
        /// 1-based line number of the region's first line (the line after its marker).
        var firstLine: Int
        /// Spaces removed from the start of every line.
        var indent: Int
        var lines: [String]
        /// Key lines: index into `lines`, and the IDs it is key for (empty: every ID of the region).
        var keys: [(line: Int, only: [String])]
    }

    /// A marker that cannot be read, reported as `file:line: error: message` (the build fails).
    struct Failure: Error, CustomStringConvertible {
        var file: String
        var line: Int
        var message: String
        var description: String { "\(file):\(line): error: \(message)" }
    }

    static let startMarker = "// lab-code:"
    static let endMarker = "// lab-code-end"
    static let keyMarker = "// lab-code-key"

    /// The regions of a file, in source order.
    /// - Parameters:
    ///   - file: the path reported in errors and kept in each region.
    ///   - text: the file's contents.
    static func regions(file: String, text: String) throws(Failure) -> [Region] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var regions: [Region] = []
        var open: (strategies: [String], part: Int, marker: Int, body: [BodyLine])?
        var inString = false
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let trimmed = line.trimmingSpaces
            if inString {
                if line.count(of: "\"\"\"") % 2 == 1 { inString = false }
                if var current = open {
                    current.body.append(BodyLine(number: number, text: line, inString: true))
                    open = current
                }
                continue
            }
            if trimmed.hasPrefix(startMarker) {
                if let open {
                    throw Failure(
                        file: file, line: number,
                        message: "lab-code region started inside the region opened at line \(open.marker + 1); "
                            + "end it first with '\(endMarker)'")
                }
                let (ids, part) = try parseStart(String(trimmed.dropFirst(startMarker.count)), file: file, line: number)
                open = (ids, part, index, [])
                continue
            }
            if trimmed == endMarker {
                guard let current = open else {
                    throw Failure(
                        file: file, line: number, message: "'\(endMarker)' without a '\(startMarker) ID' before it")
                }
                regions.append(try finish(current, file: file, lines: lines, endLine: number))
                open = nil
                continue
            }
            if line.count(of: "\"\"\"") % 2 == 1 { inString = true }
            if var current = open {
                current.body.append(BodyLine(number: number, text: line, inString: false))
                open = current
            } else if !trimmed.hasPrefix("//"), splitKey(line, file: file, line: number) != nil {
                throw Failure(
                    file: file, line: number,
                    message:
                        "'\(keyMarker)' outside a lab-code region; put the line between '\(startMarker) ID' and '\(endMarker)'"
                )
            }
        }
        if let open {
            throw Failure(file: file, line: open.marker + 1, message: "lab-code region never ended; add '\(endMarker)'")
        }
        return regions
    }

    /// `T1`, `T5 T6`, `B2 part 2`, `T1, T2` → the IDs and the part.
    private static func parseStart(_ rest: String, file: String, line: Int) throws(Failure) -> ([String], Int) {
        let words = rest.split { $0 == " " || $0 == "," }.map(String.init)
        var ids: [String] = []
        var part = 1
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "part" {
                guard index + 1 < words.count, let value = Int(words[index + 1]), value > 0 else {
                    throw Failure(file: file, line: line, message: "'part' must be followed by a number from 1 up")
                }
                part = value
                index += 2
                continue
            }
            guard isStrategyID(word) else {
                throw Failure(
                    file: file, line: line,
                    message:
                        "'\(word)' is not a strategy ID; write '\(startMarker) T1' (IDs such as T1, B2, P3, I1, N1)")
            }
            ids.append(word)
            index += 1
        }
        guard !ids.isEmpty else {
            throw Failure(
                file: file, line: line, message: "'\(startMarker)' names no strategy; write '\(startMarker) T1'")
        }
        return (ids, part)
    }

    /// A capital letter and digits: T1, B2, N1.
    private static func isStrategyID(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, ("A"..."Z").contains(first), word.unicodeScalars.count > 1 else {
            return false
        }
        return word.unicodeScalars.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }

    /// The code of `line` without a trailing key marker, and the IDs the marker names; `nil`
    /// when the line has no key marker at its end.
    static func splitKey(_ line: String, file: String, line number: Int) -> (code: String, only: [String])? {
        guard let range = line.range(of: keyMarker, options: .backwards) else { return nil }
        let after = line[range.upperBound...].trimmingSpaces
        var only: [String] = []
        if !after.isEmpty {
            guard after.hasPrefix(":") else { return nil }
            only = after.dropFirst().split { $0 == " " || $0 == "," }.map(String.init)
            guard !only.isEmpty, only.allSatisfy(isStrategyID) else { return nil }
        }
        var code = String(line[..<range.lowerBound])
        while code.last == " " { code.removeLast() }
        return (code, only)
    }

    /// A line of an open region; one inside a multi-line string literal is never a key line.
    private struct BodyLine {
        var number: Int
        var text: String
        var inString: Bool
    }

    private static func finish(
        _ open: (strategies: [String], part: Int, marker: Int, body: [BodyLine]),
        file: String, lines: [String], endLine: Int
    ) throws(Failure) -> Region {
        var body: [String] = []
        var keys: [(line: Int, only: [String])] = []
        for (offset, entry) in open.body.enumerated() {
            if !entry.inString, let (code, only) = splitKey(entry.text, file: file, line: entry.number) {
                if let stray = only.first(where: { !open.strategies.contains($0) }) {
                    throw Failure(
                        file: file, line: entry.number,
                        message:
                            "key line for \(stray), which the region (\(open.strategies.joined(separator: " "))) does not name"
                    )
                }
                body.append(code)
                keys.append((offset, only))
            } else {
                var text = entry.text
                while text.last == " " { text.removeLast() }
                body.append(text)
            }
        }
        guard body.contains(where: { !$0.trimmingSpaces.isEmpty }) else {
            throw Failure(file: file, line: open.marker + 1, message: "lab-code region has no code")
        }
        let indent = body.filter { !$0.trimmingSpaces.isEmpty }.map(\.leadingSpaces).min() ?? 0
        let dedented = body.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
        return Region(
            strategies: open.strategies, part: open.part, file: file,
            symbol: enclosingSymbol(lines: lines, markerIndex: open.marker, indent: indent),
            firstLine: open.marker + 2, indent: indent, lines: dedented, keys: keys)
    }

    /// `Type.member` of the declaration around the marker: the nearest `func`, `init`, `deinit`
    /// or `var` above it at a smaller indentation, and the type or extension around that.
    static func enclosingSymbol(lines: [String], markerIndex: Int, indent: Int) -> String {
        var limit = indent
        var member: String?
        var type: String?
        var index = markerIndex - 1
        while index >= 0 {
            let line = lines[index]
            index -= 1
            let trimmed = line.trimmingSpaces
            guard !trimmed.isEmpty, !trimmed.hasPrefix("//"), line.leadingSpaces < limit else { continue }
            if trimmed.hasPrefix(")") {
                // The end of a header broken over lines (`) {`): its start is at the same indentation.
                limit = line.leadingSpaces + 1
                continue
            }
            limit = line.leadingSpaces
            let words = trimmed.split(separator: " ").map(String.init)
            if member == nil, let name = memberName(words) {
                member = name
            } else if let name = typeName(words) {
                type = name
                break
            }
        }
        return [type, member].compactMap { $0 }.joined(separator: ".")
    }

    private static func memberName(_ words: [String]) -> String? {
        if let at = words.firstIndex(of: "func"), at + 1 < words.count {
            return String(words[at + 1].prefix { $0 != "(" && $0 != "<" })
        }
        if words.contains(where: { $0 == "deinit" || $0.hasPrefix("deinit{") }) { return "deinit" }
        if words.contains(where: { $0.hasPrefix("init(") || $0.hasPrefix("init<") }) { return "init" }
        if let at = words.firstIndex(of: "var"), at + 1 < words.count {
            return String(words[at + 1].prefix { $0 != ":" && $0 != "{" && $0 != "=" })
        }
        return nil
    }

    private static func typeName(_ words: [String]) -> String? {
        for keyword in ["class", "struct", "enum", "extension", "actor"] {
            if let at = words.firstIndex(of: keyword), at + 1 < words.count {
                return String(words[at + 1].prefix { $0 != ":" && $0 != "<" && $0 != "{" })
            }
        }
        return nil
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// How many spaces the line starts with.
    var leadingSpaces: Int { prefix { $0 == " " }.count }

    /// How many times `needle` occurs, not overlapping.
    func count(of needle: String) -> Int {
        var count = 0
        var rest = self[...]
        while let range = rest.range(of: needle) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}

extension Substring {
    var trimmingSpaces: String { String(self).trimmingSpaces }
}
