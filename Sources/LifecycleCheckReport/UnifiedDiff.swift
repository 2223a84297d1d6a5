/// A unified diff of one file's fixes, as `diff -u` writes it and `patch -p0` reads it. The
/// changed lines are known from the edits, so no line matching is needed: each run of lines an
/// edit touches is one change, and changes closer than twice the context share a hunk.
public enum UnifiedDiff {
    /// Lines of context around each change.
    public static let context = 3

    /// The diff that makes `edits` to `source`, headed `--- path` / `+++ path`; "" for none.
    /// `nil` when the edits do not apply (``FixIt/apply(_:to:)``).
    public static func make(path: String, source: String, edits: [TextEdit]) -> String? {
        guard FixIt.apply(edits, to: source) != nil else { return nil }
        guard !edits.isEmpty else { return "" }
        let bytes = Array(source.utf8)
        // Line starts, and a last line that ends without a newline counted as a line.
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") && offset + 1 < bytes.count {
            starts.append(offset + 1)
        }
        func line(at offset: Int) -> Int {
            var low = 0
            var high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return low
        }
        func end(ofLine index: Int) -> Int { index + 1 < starts.count ? starts[index + 1] : bytes.count }
        // Each change: the old lines first...last and the edits inside them.
        var changes: [(first: Int, last: Int, edits: [TextEdit])] = []
        for edit in edits.sorted(by: { $0.offset < $1.offset }) {
            let first = line(at: edit.offset)
            let last = edit.length == 0 ? first : line(at: edit.offset + edit.length - 1)
            // Edits on the same or neighbouring lines are one change: all its old lines, then all its new.
            if let previous = changes.last, first <= previous.last + 1 {
                changes[changes.count - 1].last = max(previous.last, last)
                changes[changes.count - 1].edits.append(edit)
            } else {
                changes.append((first, last, [edit]))
            }
        }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        /// The lines of `text`, each with whether it ends in a newline: split at the byte, since
        /// Swift takes "\r\n" for one character (a Windows file's lines keep their "\r").
        func lines(_ text: String) -> [(String, Bool)] {
            var out: [(String, Bool)] = []
            var rest = Substring(text).utf8[...]
            while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
                out.append((String(decoding: rest[..<newline], as: UTF8.self), true))
                rest = rest[rest.index(after: newline)...]
            }
            if !rest.isEmpty { out.append((String(decoding: rest, as: UTF8.self), false)) }
            return out
        }
        func oldLine(_ index: Int) -> (String, Bool) {
            let range = starts[index]..<end(ofLine: index)
            let hasNewline = range.upperBound > range.lowerBound && bytes[range.upperBound - 1] == UInt8(ascii: "\n")
            return (text(range.lowerBound..<(range.upperBound - (hasNewline ? 1 : 0))), hasNewline)
        }
        var out = "--- \(path)\n+++ \(path)\n"
        var delta = 0
        var index = 0
        while index < changes.count {
            var lastIndex = index
            while lastIndex + 1 < changes.count,
                changes[lastIndex + 1].first - changes[lastIndex].last - 1 <= 2 * context
            {
                lastIndex += 1
            }
            let hunkFirst = max(0, changes[index].first - context)
            let hunkLast = min(starts.count - 1, changes[lastIndex].last + context)
            var hunk: [(Character, (String, Bool))] = []
            var cursor = hunkFirst
            for change in changes[index...lastIndex] {
                while cursor < change.first {
                    hunk.append((" ", oldLine(cursor)))
                    cursor += 1
                }
                for old in change.first...change.last { hunk.append(("-", oldLine(old))) }
                let start = starts[change.first]
                var replaced = ""
                var copied = start
                for edit in change.edits {
                    replaced += text(copied..<edit.offset) + edit.text
                    copied = edit.offset + edit.length
                }
                replaced += text(copied..<end(ofLine: change.last))
                for new in lines(replaced) { hunk.append(("+", new)) }
                cursor = change.last + 1
            }
            while cursor <= hunkLast {
                hunk.append((" ", oldLine(cursor)))
                cursor += 1
            }
            let oldCount = hunk.count { $0.0 != "+" }
            let newCount = hunk.count { $0.0 != "-" }
            var body = ""
            for (marker, line) in hunk {
                body += "\(marker)\(line.0)\n"
                if !line.1 { body += "\\ No newline at end of file\n" }
            }
            let oldStart = oldCount == 0 ? hunkFirst : hunkFirst + 1
            let newStart = newCount == 0 ? hunkFirst + delta : hunkFirst + delta + 1
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
            delta += newCount - oldCount
            index = lastIndex + 1
        }
        return out
    }
}
