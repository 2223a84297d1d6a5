internal import CIntl
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The app's translations: gettext catalogues (`po/LANG.po` compiled to
/// `LANG/LC_MESSAGES/lifecycle-lab.mo`) looked up through glibc's `dgettext` and `dngettext`.
///
/// Mark a user-visible string where it is written, as a literal, so `xgettext` finds it
/// (`scripts/ci/update-po` extracts with `--language=C --keyword=tr --keyword=trn:1,2
/// --keyword=trc:1c,2`; there is no Swift parser in gettext 0.21, and C's lexer reads Swift's
/// plain one-line literals the same way):
///
/// ```swift
/// button.label = tr("Show toast")
/// title = tr("Strategy: %{id}", ["id": strategy.rawValue])     // named, so a translation can reorder
/// text = trn("%{count} task is live", "%{count} tasks are live", live)
/// menu = trc("menu", "Open")                                    // msgctxt for a short, ambiguous word
/// ```
///
/// Values go in through named placeholders `%{name}`, never string interpolation: a literal with
/// `\(…)` is not one message for a translator, and positional `%1$@` cannot be checked by
/// `msgfmt` for Swift. A placeholder a translation leaves out is a bug the catalogue test finds.
///
/// Why glibc's gettext and not GLib's `g_dgettext`: the headless model (`LabModel`) has verdict
/// texts to translate and must not link GTK; `g_dgettext` is a wrapper over this same `dgettext`
/// (same catalogues, same `bindtextdomain`), whose only addition, turning a library's
/// translations off when the application has none for the locale, does not apply to an
/// application's own domain. GTK's own strings (its dialogs' buttons) come from GTK's domain,
/// `gtk40`, by the same locale settings.
public enum Gettext {
    /// The text domain: the `.mo` files' name.
    public static let domain = "lifecycle-lab"

    /// Sets the process's locale from the environment and binds ``domain`` to `localeFolder`
    /// (the folder holding `LANG/LC_MESSAGES/lifecycle-lab.mo`), with UTF-8 output. Call once,
    /// first thing in `main`, before any string is translated.
    ///
    /// glibc ignores `LANGUAGE` while the messages locale is "C", which is what a process gets
    /// when none of `LC_ALL`, `LC_MESSAGES` and `LANG` is set (a bare container, a CI job).
    /// Its reason, that "C" is ASCII, does not hold here (the output is always UTF-8), so when
    /// `LANGUAGE` names languages and none of the three is set, the messages category uses
    /// `C.UTF-8`, which glibc 2.35 and later always have: `LANGUAGE=ja lifecycle-lab --help`
    /// then prints Japanese. The variable is exported too, so GTK's own `setlocale` at start-up
    /// keeps it. An explicit `LANG=C` (or `LC_ALL=C`) still means untranslated.
    ///
    /// glibc 2.41 (Debian 13) ignores `LANGUAGE` in `C.UTF-8` too. When `LANGUAGE` names a
    /// language the app has a catalogue for, the messages locale is C's and glibc found no
    /// catalogue for it, the app reads that catalogue itself (``MessageCatalog``). GTK's own
    /// strings then stay English: their catalogue is glibc's to choose.
    /// - Parameter localeFolder: the locale folder; `nil` leaves the system's default
    ///   (`/usr/share/locale`).
    ///
    /// The same holds when the locale named is not generated on the machine (`LANG=ja_JP.UTF-8`
    /// on a system with only `C.UTF-8`, as a minimal Debian install has): `setlocale` fails and
    /// glibc stays in "C". Then the language is taken from the name (`ja_JP`, into `LANGUAGE`
    /// unless that is set) and the process runs in `C.UTF-8`, so the person still reads their
    /// language wherever the app has a catalogue for it.
    public static func start(localeFolder: String?) {
        let names: [String] = ["LC_ALL", "LC_MESSAGES", "LANG"]
        let set = names.compactMap { name in getenv(name).map { String(cString: $0) } }.filter { !$0.isEmpty }
        let language = getenv("LANGUAGE").map { String(cString: $0) } ?? ""
        if set.isEmpty, !language.isEmpty {
            setenv("LC_MESSAGES", "C.UTF-8", 1)
        }
        if setlocale(LC_ALL, "") == nil {
            if language.isEmpty, let asked = set.first, let name = languageName(ofLocale: asked) {
                setenv("LANGUAGE", name, 1)
            }
            setenv("LC_ALL", "C.UTF-8", 1)
            setlocale(LC_ALL, "")
        }
        if let localeFolder { bindtextdomain(domain, localeFolder) }
        bind_textdomain_codeset(domain, "UTF-8")
        // An explicit "C" or "POSIX" means untranslated, as glibc's rule says; "C.UTF-8" does not.
        let explicitC = set.first.map { $0 == "C" || $0 == "POSIX" } ?? false
        ownCatalog.withLock { $0 = explicitC ? nil : catalogGlibcLeavesOut() }
    }

    /// The catalogue for `LANGUAGE` that glibc will not use because the messages locale is C's
    /// (glibc 2.41 ignores `LANGUAGE` in `C.UTF-8` as in `C`); `nil` where glibc found one (its
    /// header, the translation of "", is then non-empty) or `LANGUAGE` names none of ours.
    private static func catalogGlibcLeavesOut() -> MessageCatalog? {
        let language = getenv("LANGUAGE").map { String(cString: $0) } ?? ""
        let messagesLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        guard !language.isEmpty, languageName(ofLocale: messagesLocale) == nil,
            String(cString: dgettext(domain, "")).isEmpty
        else { return nil }
        return MessageCatalog.find(languages: language, folder: boundFolder, domain: domain)
    }

    /// The catalogue the app reads itself, when glibc will not (see ``start(localeFolder:)``).
    private static let ownCatalog = Mutex<MessageCatalog?>(nil)

    /// The catalogue the app reads itself, if it does.
    static var readCatalog: MessageCatalog? { ownCatalog.withLock { $0 } }

    /// The language part of a locale name, for `LANGUAGE`: `ja_JP` for `ja_JP.UTF-8` or
    /// `ja_JP.UTF-8@cjk`; `nil` for "C", "POSIX" and their variants, which mean untranslated.
    /// - Parameter locale: a locale name as in `LANG`.
    static func languageName(ofLocale locale: String) -> String? {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        return name.isEmpty || name == "C" || name == "POSIX" ? nil : String(name)
    }

    /// The folder ``domain`` is bound to (`bindtextdomain(domain, NULL)`).
    public static var boundFolder: String {
        bindtextdomain(domain, nil).map { String(cString: $0) } ?? ""
    }

    /// The translation of `id` (`dgettext`), copied while `id`'s buffer lives: untranslated,
    /// `dgettext` returns the very pointer it was given.
    static func lookup(_ id: String) -> String {
        guard !id.isEmpty else { return id }  // "" is the catalogue's header
        if let own = readCatalog { return own.translation(of: id) ?? id }
        return id.withCString { String(cString: dgettext(domain, $0)) }
    }

    /// The translation of a message that was marked where it was written but is passed on as a
    /// plain `String` (a scenario check's name, kept English in the JSON): for display only.
    /// - Parameter message: the English text, exactly as marked.
    public static func translation(of message: String) -> String { lookup(message) }

    /// `text` with each `%{name}` replaced by its value, in one pass: a value is never read for
    /// placeholders again (a page name typed as `%{valid}` stays that text), and a placeholder
    /// without a value stays as written.
    /// - Parameters:
    ///   - text: the translated message.
    ///   - values: each placeholder's value, by name.
    ///   - count: `%{count}`'s value when `values` has none (``trn(_:_:_:_:)``).
    static func fill(
        _ text: String, _ values: KeyValuePairs<String, any CustomStringConvertible>, count: Int? = nil
    ) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.firstRange(of: "%{"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            result += rest[..<open.lowerBound]
            let name = rest[open.upperBound..<close]
            if let value = values.first(where: { $0.key == name })?.value {
                result += value.description
            } else if name == "count", let count {
                result += String(count)
            } else {
                result += rest[open.lowerBound...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

/// Marks `message` for translation without translating it (gettext's `N_`): for a message
/// kept in English somewhere (a scenario check's name in a verdict's JSON) and translated where
/// it is shown, with ``tr(_:)``. `scripts/ci/update-po` extracts its literal.
/// - Parameter message: the English text, a literal.
public func trMark(_ message: StaticString) -> StaticString { message }

/// The translation of `message` (`dgettext`), or `message` itself without one.
/// - Parameter message: the English text, a literal (`xgettext` extracts it).
public func tr(_ message: StaticString) -> String {
    Gettext.lookup(message.description)
}

/// The translation of `message` with its `%{name}` placeholders filled in.
/// - Parameters:
///   - message: the English text, a literal, with placeholders such as `%{id}`.
///   - values: each placeholder's value, by name.
public func tr(_ message: StaticString, _ values: KeyValuePairs<String, any CustomStringConvertible>) -> String {
    Gettext.fill(tr(message), values)
}

/// The translation of `message` in `context` (a `msgctxt`, as `pgettext`): for a short word whose
/// translation depends on where it stands.
/// - Parameters:
///   - context: what the word is (e.g. "menu"); never shown.
///   - message: the English text, a literal.
public func trc(_ context: StaticString, _ message: StaticString) -> String {
    let key = "\(context)\u{4}\(message)"
    let found = Gettext.lookup(key)
    return found == key ? message.description : found
}

/// The singular or plural translation for `count` (`dngettext`: a language has as many forms as
/// its catalogue's `Plural-Forms` says; Japanese has one), with `%{count}` and the other
/// placeholders filled in.
/// - Parameters:
///   - singular: the English text for one, a literal.
///   - plural: the English text for other counts, a literal.
///   - count: the number that chooses the form; also `%{count}`'s value.
///   - values: the other placeholders' values, by name.
public func trn(
    _ singular: StaticString, _ plural: StaticString, _ count: Int,
    _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]
) -> String {
    if let own = Gettext.readCatalog {
        let english = count == 1 ? singular.description : plural.description
        let text = own.translation(singular: singular.description, count: UInt(max(0, count))) ?? english
        return Gettext.fill(text, values, count: count)
    }
    let text = singular.description.withCString { one in
        plural.description.withCString { other in
            // Copied before the arguments' buffers go: untranslated, dngettext returns one of them.
            String(cString: dngettext(Gettext.domain, one, other, UInt(max(0, count))))
        }
    }
    return Gettext.fill(text, values, count: count)
}
