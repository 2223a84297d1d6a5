import Testing

@testable import Gettext

/// The app's message filling (`tr`, `trn`): named `%{name}` placeholders, filled in one pass.
/// The test process binds no catalogue and keeps the "C" locale, so every message is its English.
@Suite("Gettext: placeholders and locale names")
struct GettextTests {
    @Test("every placeholder takes its value, in the order the message gives")
    func fillsEveryPlaceholder() {
        let text = tr("%{b} before %{a}", ["a": "first", "b": 2])
        #expect(text == "2 before first")
    }

    @Test("a value is never read for placeholders again: typed input stays what was typed")
    func valuesAreNotRefilled() {
        let message = Gettext.fill("unknown page '%{value}'; valid: %{valid}", ["value": "%{valid}", "valid": "toast"])
        #expect(message == "unknown page '%{valid}'; valid: toast")
        let nested = Gettext.fill("%{a}%{b}", ["a": "%{", "b": "b}"])
        #expect(nested == "%{b}")
    }

    @Test("a placeholder without a value, or never closed, stays as written")
    func unknownPlaceholdersStay() {
        #expect(Gettext.fill("%{missing} and %{open", ["other": 1]) == "%{missing} and %{open")
    }

    @Test("trn fills %{count} from its count, and a value named count wins")
    func pluralCount() {
        #expect(trn("%{count} task is live", "%{count} tasks are live", 1) == "1 task is live")
        #expect(trn("%{count} task is live", "%{count} tasks are live", 3) == "3 tasks are live")
        #expect(Gettext.fill("%{count} left", ["count": "none"], count: 5) == "none left")
    }

    @Test("the language of a locale name that glibc could not set: LANG=ja_JP.UTF-8 → ja_JP; C stays untranslated")
    func languageOfLocaleNames() {
        #expect(Gettext.languageName(ofLocale: "ja_JP.UTF-8") == "ja_JP")
        #expect(Gettext.languageName(ofLocale: "ja_JP.UTF-8@cjk") == "ja_JP")
        #expect(Gettext.languageName(ofLocale: "ja") == "ja")
        #expect(Gettext.languageName(ofLocale: "C") == nil)
        #expect(Gettext.languageName(ofLocale: "C.UTF-8") == nil)
        #expect(Gettext.languageName(ofLocale: "POSIX") == nil)
    }
}
