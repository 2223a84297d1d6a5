#if canImport(Glibc)
    import Glibc
#endif

/// A compiled gettext catalogue (`LANG/LC_MESSAGES/DOMAIN.mo`) read by the app itself, for when
/// glibc will not pick one: glibc 2.41 (Debian 13) ignores `LANGUAGE` in the `C.UTF-8` locale as
/// in `C`, and a minimal system has no other locale, so `LANGUAGE=ja` alone would print English.
/// Lookups follow glibc's: a message by its `msgid` (`CONTEXT\u{4}msgid` with a context), a plural
/// message by its singular, its form chosen by the catalogue's `Plural-Forms` rule.
struct MessageCatalog: Sendable {
    /// Each message's translation by its key; a plural message's forms are NUL-separated.
    private let messages: [String: String]
    private let plural: PluralRule

    /// Reads a `.mo` file's bytes (either byte order); `nil` if they are not a catalogue.
    init?(bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        let magic = Self.word(bytes, at: 0, bigEndian: false)
        let bigEndian: Bool
        switch magic {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: return nil
        }
        func word(_ offset: Int) -> Int? {
            offset + 4 <= bytes.count ? Int(Self.word(bytes, at: offset, bigEndian: bigEndian)) : nil
        }
        func string(table: Int, index: Int) -> String? {
            guard let length = word(table + index * 8), let start = word(table + index * 8 + 4),
                start + length <= bytes.count
            else { return nil }
            return String(decoding: bytes[start..<(start + length)], as: UTF8.self)
        }
        guard let count = word(8), let originals = word(12), let translations = word(16),
            count <= (bytes.count - 28) / 16
        else { return nil }
        var messages: [String: String] = [:]
        messages.reserveCapacity(count)
        for index in 0..<count {
            guard let id = string(table: originals, index: index),
                let text = string(table: translations, index: index)
            else { return nil }
            // A plural message's msgid is "singular\0plural"; it is found by its singular.
            let key =
                id.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? id
            messages[key] = text
        }
        self.messages = messages
        plural = PluralRule(header: messages[""] ?? "")
    }

    /// Reads the catalogue at `path`; `nil` if it cannot be read or is not a catalogue.
    init?(path: String) {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = fread(&chunk, 1, chunk.count, file)
            if read > 0 { bytes.append(contentsOf: chunk[..<read]) }
            if read < chunk.count { break }
        }
        self.init(bytes: bytes)
    }

    /// The first catalogue of `domain` under `folder` for the languages of a `LANGUAGE` value
    /// (`ja:de`), each tried as glibc does: `ll_CC.codeset@modifier`, then without its codeset,
    /// territory and modifier in turn. "C" or "POSIX" in the list ends the search: untranslated.
    static func find(languages: String, folder: String, domain: String) -> MessageCatalog? {
        for language in languages.split(separator: ":").map(String.init) {
            if language == "C" || language == "POSIX" { return nil }
            for variant in variants(of: language) {
                if let catalog = MessageCatalog(path: "\(folder)/\(variant)/LC_MESSAGES/\(domain).mo") {
                    return catalog
                }
            }
        }
        return nil
    }

    /// `ja_JP.UTF-8@cjk`'s names from most to least specific, in the order glibc's
    /// `_nl_explode_name` tries them (glibc also tries a normalized codeset, `ja_JP.utf8`).
    static func variants(of language: String) -> [String] {
        var rest = Substring(language)
        var modifier = ""
        if let at = rest.firstIndex(of: "@") {
            modifier = String(rest[at...])
            rest = rest[..<at]
        }
        var codeset = ""
        if let dot = rest.firstIndex(of: ".") {
            codeset = String(rest[dot...])
            rest = rest[..<dot]
        }
        var territory = ""
        if let underscore = rest.firstIndex(of: "_") {
            territory = String(rest[underscore...])
            rest = rest[..<underscore]
        }
        let base = String(rest)
        // glibc's order: every combination of the parts present, modifier first, then territory,
        // then codeset, dropped from the most specific name down to the bare language.
        var names: [String] = []
        for mask in (0..<8).reversed() {
            let parts = [(4, modifier), (2, territory), (1, codeset)]
            guard parts.allSatisfy({ mask & $0.0 == 0 || !$0.1.isEmpty }) else { continue }
            let name =
                base + (mask & 2 != 0 ? territory : "") + (mask & 1 != 0 ? codeset : "")
                + (mask & 4 != 0 ? modifier : "")
            if !names.contains(name) { names.append(name) }
        }
        return names.filter { !$0.isEmpty }
    }

    /// The translation of `key` (`msgid`, or `CONTEXT\u{4}msgid`); its first form for a plural message.
    func translation(of key: String) -> String? {
        guard !key.isEmpty, let text = messages[key], !text.isEmpty else { return nil }
        return text.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
    }

    /// The form of the plural message `singular` for `count`, by the catalogue's rule.
    func translation(singular: String, count: UInt) -> String? {
        guard !singular.isEmpty, let text = messages[singular], !text.isEmpty else { return nil }
        let forms = text.split(separator: "\0", omittingEmptySubsequences: false)
        let index = Int(min(plural.form(for: count), UInt(forms.count - 1)))
        return String(forms[index])
    }

    private static func word(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> UInt32 {
        let b = bytes[offset..<(offset + 4)].map(UInt32.init)
        return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
    }
}
