import Testing

@testable import Gettext

/// The catalogue reader the app falls back on where glibc ignores `LANGUAGE` (glibc 2.41 in
/// `C.UTF-8`): `.mo` bytes as `msgfmt` writes them, looked up as glibc looks them up.
@Suite("Gettext: the app's own catalogue reader and plural rules")
struct MessageCatalogTests {
    /// A `.mo` file's bytes for `messages` (key → translation), sorted by key as `msgfmt` writes them.
    static func moBytes(_ messages: [(String, String)], bigEndian: Bool = false) -> [UInt8] {
        let sorted = messages.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        var bytes: [UInt8] = []
        func word(_ value: Int) {
            let v = UInt32(value)
            let little = [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)]
            bytes += bigEndian ? little.reversed() : little
        }
        let count = sorted.count
        let originals = 28
        let translations = originals + 8 * count
        var stringsAt = translations + 8 * count
        word(0x9504_12de)
        word(0)
        word(count)
        word(originals)
        word(translations)
        word(0)
        word(0)
        var strings: [UInt8] = []
        var tables: ([(Int, Int)], [(Int, Int)]) = ([], [])
        for (key, _) in sorted {
            tables.0.append((key.utf8.count, stringsAt))
            strings += Array(key.utf8) + [0]
            stringsAt += key.utf8.count + 1
        }
        for (_, text) in sorted {
            tables.1.append((text.utf8.count, stringsAt))
            strings += Array(text.utf8) + [0]
            stringsAt += text.utf8.count + 1
        }
        for (length, offset) in tables.0 + tables.1 {
            word(length)
            word(offset)
        }
        return bytes + strings
    }

    static let header = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=1; plural=0;\n"

    @Test("a message, a message in a context, and an untranslated one, from either byte order")
    func looksUpMessages() throws {
        for bigEndian in [false, true] {
            let bytes = Self.moBytes(
                [("", Self.header), ("Show toast", "トーストを表示"), ("menu\u{4}Open", "開く")], bigEndian: bigEndian)
            let catalog = try #require(MessageCatalog(bytes: bytes))
            #expect(catalog.translation(of: "Show toast") == "トーストを表示")
            #expect(catalog.translation(of: "menu\u{4}Open") == "開く")
            #expect(catalog.translation(of: "Open") == nil)
            #expect(catalog.translation(of: "") == nil)
        }
    }

    @Test("bytes that are not a catalogue, or a table that points past the end, are refused")
    func refusesOtherBytes() {
        #expect(MessageCatalog(bytes: Array("struct A {}\n".utf8)) == nil)
        var truncated = Self.moBytes([("", Self.header), ("a", "b")])
        truncated.removeLast(6)
        #expect(MessageCatalog(bytes: truncated) == nil)
    }

    @Test("a plural message is found by its singular; its form by the catalogue's rule")
    func pluralForms() throws {
        let polish =
            "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"
        let catalog = try #require(
            MessageCatalog(bytes: Self.moBytes([("", polish), ("%{count} task\0%{count} tasks", "one\0few\0many")])))
        let forms = [1, 2, 4, 5, 12, 22, 25, 0].map { catalog.translation(singular: "%{count} task", count: $0) }
        #expect(forms == ["one", "few", "few", "many", "many", "few", "many", "many"])
        #expect(catalog.translation(of: "%{count} task") == "one")
    }

    @Test("plural rules: one form, English's default, and a rule that does not parse falls back to n != 1")
    func pluralRules() {
        #expect(PluralRule(header: Self.header).form(for: 5) == 0)
        let english = PluralRule(header: "Plural-Forms: nplurals=2; plural=(n != 1);\n")
        #expect([0, 1, 2].map(english.form(for:)) == [1, 0, 1])
        let broken = PluralRule(header: "Plural-Forms: nplurals=2; plural=(n ! 1;\n")
        #expect([0, 1, 2].map(broken.form(for:)) == [1, 0, 1])
        let none = PluralRule(header: "Content-Type: text/plain\n")
        #expect([1, 7].map(none.form(for:)) == [0, 1])
        let arabic = PluralRule(
            header:
                "Plural-Forms: nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;\n"
        )
        #expect([0, 1, 2, 5, 11, 100, 102].map(arabic.form(for:)) == [0, 1, 2, 3, 4, 5, 5])
        #expect(PluralRule(header: "Plural-Forms: nplurals=2; plural=!(n/2);\n").form(for: 1) == 1)
    }

    @Test("a LANGUAGE entry is tried as glibc tries it: with its codeset, territory and modifier dropped in turn")
    func languageVariants() {
        #expect(MessageCatalog.variants(of: "ja") == ["ja"])
        #expect(MessageCatalog.variants(of: "ja_JP") == ["ja_JP", "ja"])
        #expect(
            MessageCatalog.variants(of: "ja_JP.UTF-8@cjk") == [
                "ja_JP.UTF-8@cjk", "ja_JP@cjk", "ja.UTF-8@cjk", "ja@cjk", "ja_JP.UTF-8", "ja_JP", "ja.UTF-8", "ja",
            ])
    }
}
