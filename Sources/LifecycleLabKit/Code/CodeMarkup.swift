import LabModel

/// Pango markup for code: a gutter (line numbers and a ▸ on the lines that decide the outcome),
/// the lines in the label's monospace font, and those key lines on a highlight band.
///
/// The band is GNOME's Yellow 3 at 35 % over the theme's background: pale yellow under dark text
/// in a light theme, dark olive under light text in a dark one. Key lines are padded with spaces
/// to the widest line, so every band spans the same width (the font is monospace).
enum CodeMarkup {
    /// GNOME palette Yellow 3.
    static let keyBackground = "#f6d32d"
    static let keyAlpha = "35%"

    /// The markup for `blocks`, one after another with a blank line between. With `captions`,
    /// each block starts with a dimmed line naming it and where it is ("ToastStrategy.installT1 ·
    /// ToastStrategies.swift:52"); with `numbers`, the gutter shows the source line numbers.
    static func markup(_ blocks: [StrategyCode.Block], captions: Bool, numbers: Bool) -> String {
        let digits = numbers ? blocks.map { String(($0.firstLine ?? 0) + $0.lines.count).count }.max() ?? 0 : 0
        func gutter(_ block: StrategyCode.Block, _ index: Int, key: Bool) -> String {
            let number = numbers ? String((block.firstLine ?? 1) + index) : ""
            let padded = String(repeating: " ", count: max(0, digits - number.count)) + number
            return (numbers ? padded + " " : "") + (key ? "▸ " : "  ")
        }
        let width =
            blocks.flatMap { block in
                block.lines.enumerated().map { gutter(block, $0.offset, key: false).count + $0.element.count }
            }
            .max() ?? 0
        var out: [String] = []
        for (number, block) in blocks.enumerated() {
            if number > 0 { out.append("") }
            if captions {
                let place = block.location.map { " · \($0)" } ?? ""
                out.append("<span alpha=\"60%\">\(escape(block.title + place))</span>")
            }
            let keys = Set(block.keyLines)
            for (index, line) in block.lines.enumerated() {
                let isKey = keys.contains(index)
                let text = gutter(block, index, key: isKey) + line
                if isKey {
                    let padding = String(repeating: " ", count: max(0, width - text.count))
                    out.append(
                        "<span background=\"\(keyBackground)\" bgalpha=\"\(keyAlpha)\">\(escape(text + padding))</span>"
                    )
                } else {
                    let gutterText = gutter(block, index, key: false)
                    out.append("<span alpha=\"55%\">\(escape(gutterText))</span>\(escape(line))")
                }
            }
        }
        return out.joined(separator: "\n")
    }

    /// `text` with `&`, `<` and `>` escaped for Pango markup.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    /// How many lines of `markup` are on the highlight band.
    static func highlightedLines(_ markup: String) -> Int {
        markup.split(separator: "\n").count { $0.contains(keyBackground) }
    }
}
