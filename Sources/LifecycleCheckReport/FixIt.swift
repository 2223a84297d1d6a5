/// One replacement in a finding's file: the UTF-8 bytes `offset..<offset + length` become `text`.
/// The lines and columns say the same place for a reader (1-based, columns in UTF-8 bytes, the
/// end just past the last byte replaced).
public struct TextEdit: Sendable, Equatable {
    public var offset: Int
    public var length: Int
    public var startLine: Int
    public var startColumn: Int
    public var endLine: Int
    public var endColumn: Int
    public var text: String

    public init(offset: Int, length: Int, startLine: Int, startColumn: Int, endLine: Int, endColumn: Int, text: String)
    {
        self.offset = offset
        self.length = length
        self.startLine = startLine
        self.startColumn = startColumn
        self.endLine = endLine
        self.endColumn = endColumn
        self.text = text
    }

    /// The bytes it replaces.
    public var range: Range<Int> { offset..<(offset + length) }
}

/// The mechanical fix the seeds give for a finding (`onAppear { Task { … } }` → `.task { … }`),
/// as edits to the finding's file. A finding without one has no fix safe to make blind.
public struct FixIt: Sendable, Equatable {
    /// What the fix does, in a line: "`onAppear { Task { … } }` → `.task { … }`".
    public var description: String
    /// In the file's order; none overlaps another.
    public var edits: [TextEdit]
    /// Whether the fix keeps what the code is meant to do whatever that is: a warning's fix, or
    /// ending `.task`'s work once it is cancelled. A note's `onAppear` → `.task` is not: the
    /// note cannot tell whether the work must finish though the view goes (a save), so `--fix`
    /// makes it only with `--unsafe-fixes`.
    public var isSafe: Bool
    /// ``TextFile/digest(_:)`` of the text the edits were made for: they are written only to it.
    public var sourceDigest: UInt64?

    public init(description: String, edits: [TextEdit], isSafe: Bool = true, sourceDigest: UInt64? = nil) {
        self.description = description
        self.edits = edits.sorted { $0.offset < $1.offset }
        self.isSafe = isSafe
        self.sourceDigest = sourceDigest
    }

    /// `source` with `edits` made, or `nil` when one falls outside it, splits a character's bytes
    /// or overlaps another: the fix was not made for this text.
    public static func apply(_ edits: [TextEdit], to source: String) -> String? {
        let bytes = Array(source.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var copied = 0
        for edit in edits.sorted(by: { $0.offset < $1.offset }) {
            guard edit.offset >= copied, edit.length >= 0, edit.offset + edit.length <= bytes.count,
                !isContinuation(edit.offset, in: bytes), !isContinuation(edit.offset + edit.length, in: bytes)
            else { return nil }
            out += bytes[copied..<edit.offset]
            out += edit.text.utf8
            copied = edit.offset + edit.length
        }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether byte `offset` is inside a UTF-8 sequence, not at a character's start.
    private static func isContinuation(_ offset: Int, in bytes: [UInt8]) -> Bool {
        offset < bytes.count && bytes[offset] & 0xC0 == 0x80
    }
}

extension Finding {
    /// The fixes of `findings` for one file, each made once (a fix two findings share is one):
    /// the safe ones, and with `unsafe` the others too.
    public static func edits(of findings: [Finding], unsafe: Bool = false) -> [TextEdit] {
        var edits: [TextEdit] = []
        for fix in findings.compactMap(\.fixIt) where fix.isSafe || unsafe {
            for edit in fix.edits where !edits.contains(edit) { edits.append(edit) }
        }
        return edits
    }
}
