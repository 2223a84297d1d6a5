/// Which callees a file could answer for, read from its bytes before it is parsed again: a
/// function's name right after `func`, or a handed-in closure's name as an argument label
/// (`onPush:`). One pass over the bytes for all the callees; a name in a comment or a string counts
/// too, which costs only a parse that finds nothing.
enum CalleeMentions {
    static func callees(_ callees: [CalleeKey], mentionedIn source: String) -> [CalleeKey] {
        guard !callees.isEmpty else { return [] }
        let names = callees.map { Array($0.name.utf8) }
        var byLength: [Int: [Int]] = [:]
        for (index, name) in names.enumerated() where !name.isEmpty { byLength[name.count, default: []].append(index) }
        var found = [Bool](repeating: false, count: callees.count)
        var text = source
        text.withUTF8 { bytes in
            var offset = 0
            var afterFunc = false
            while offset < bytes.count {
                let byte = bytes[offset]
                guard isIdentifierByte(byte) else {
                    if !isBlank(byte) { afterFunc = false }
                    offset += 1
                    continue
                }
                let start = offset
                while offset < bytes.count, isIdentifierByte(bytes[offset]) { offset += 1 }
                let length = offset - start
                let declared = afterFunc
                afterFunc =
                    length == 4 && bytes[start] == UInt8(ascii: "f") && bytes[start + 1] == UInt8(ascii: "u")
                    && bytes[start + 2] == UInt8(ascii: "n") && bytes[start + 3] == UInt8(ascii: "c")
                guard let candidates = byLength[length] else { continue }
                var next = offset
                while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") {
                    next += 1
                }
                let labelled = next < bytes.count && bytes[next] == UInt8(ascii: ":")
                for index in candidates where !found[index] && (callees[index].isHandedIn ? labelled : declared) {
                    let name = names[index]
                    if name.indices.allSatisfy({ bytes[start + $0] == name[$0] }) { found[index] = true }
                }
            }
        }
        return callees.indices.filter { found[$0] }.map { callees[$0] }
    }

    /// Of `names`, those `source` has as a whole identifier (`add` in `bag.add {`, not in
    /// `padding`), in code, a comment or a string alike. One pass over the bytes.
    static func identifiers(_ names: Set<String>, in source: String) -> Set<String> {
        guard !names.isEmpty else { return [] }
        let lengths = Set(names.map(\.utf8.count))
        var found: Set<String> = []
        var text = source
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                guard isIdentifierByte(bytes[offset]) else {
                    offset += 1
                    continue
                }
                let start = offset
                while offset < bytes.count, isIdentifierByte(bytes[offset]) { offset += 1 }
                guard lengths.contains(offset - start) else { continue }
                let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                if names.contains(word) { found.insert(word) }
            }
        }
        return found
    }

    /// A byte of a Swift identifier: ASCII letters, digits and `_`, any byte of a non-ASCII
    /// character (identifiers may be written in any script), and the backticks of an escaped
    /// name (`` func `import`() ``: the call's name keeps them too).
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "`"), 0x80...:
            true
        default: false
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
