/// Text laid out for a terminal, where an East Asian wide character takes two columns.
enum TerminalText {
    /// `text` broken into lines of at most `width` terminal columns: at spaces, and between two
    /// wide (CJK) characters, which take two columns each and need no space to break at (a
    /// Japanese sentence has none); never before closing punctuation such as 、。」 or a small kana such as ッ).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ") {
            for piece in breakablePieces(of: word) {
                let pieceWidth = piece.text.reduce(0) { $0 + columns(of: $1) }
                let gap = line.isEmpty || !piece.startsWord ? 0 : 1
                if !line.isEmpty, lineWidth + gap + pieceWidth > width {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                if !line.isEmpty, piece.startsWord {
                    line += " "
                    lineWidth += 1
                }
                line += piece.text
                lineWidth += pieceWidth
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` followed by spaces up to `width` characters (at least one space).
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: Swift.max(1, width - text.count))
    }

    /// A word cut where a line may break: before each wide character, except before closing
    /// punctuation, and after a wide character.
    private static func breakablePieces(of word: Substring) -> [(text: String, startsWord: Bool)] {
        var pieces: [(text: String, startsWord: Bool)] = []
        var current = ""
        var previousWide = false
        for character in word {
            let wide = columns(of: character) == 2
            let closing = "、。，．）」』】〉》・ー！？：；ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ".contains(character)
            if !current.isEmpty, wide || previousWide, !closing {
                pieces.append((current, pieces.isEmpty))
                current = ""
            }
            current.append(character)
            previousWide = wide
        }
        if !current.isEmpty { pieces.append((current, pieces.isEmpty)) }
        return pieces
    }

    /// The terminal columns `character` takes: 2 for East Asian wide and full-width characters.
    private static func columns(of character: Character) -> Int {
        guard let value = character.unicodeScalars.first?.value else { return 0 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6:
            return 2
        default:
            return 1
        }
    }
}
