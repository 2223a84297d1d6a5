/// Writes regions as the Swift source of LabModel's `StrategyCodeCatalog.extractedRegions`.
enum CodeTableWriter {
    static func swiftSource(_ regions: [CodeMarkers.Region]) -> String {
        var out = """
            // Generated at build time by LabCodeTool (the LabCodePlugin build-tool plugin) from the
            // `// lab-code:` regions of LabModel's sources. Do not edit: edit the marked source.

            extension StrategyCodeCatalog {
                static let extractedRegions: [SourceRegion] = [

            """
        for region in regions {
            out += "        SourceRegion(\n"
            out += "            strategies: [\(region.strategies.map(literal).joined(separator: ", "))], "
            out += "part: \(region.part),\n"
            out += "            file: \(literal(region.file)), symbol: \(literal(region.symbol)),\n"
            out += "            firstLine: \(region.firstLine), indent: \(region.indent),\n"
            out += "            lines: [\n"
            for line in region.lines { out += "                \(literal(line)),\n" }
            out += "            ],\n"
            out += "            keys: ["
            out += region.keys.map { key in
                "SourceRegion.Key(line: \(key.line), only: [\(key.only.map(literal).joined(separator: ", "))])"
            }.joined(separator: ", ")
            out += "]),\n"
        }
        out += "    ]\n}\n"
        return out
    }

    /// `text` as a Swift string literal: a quote, a backslash and a control character are written
    /// as `\u{…}`, which needs no case of its own.
    static func literal(_ text: String) -> String {
        let escaped = text.unicodeScalars.map { scalar in
            scalar == "\\" || scalar == "\"" || scalar.value < 0x20
                ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }
        return "\"" + escaped.joined() + "\""
    }
}
