import LabModel

/// Named sets of cases, for `gtk-tests --set NAME`: each test environment of `scripts/test`
/// runs one.
///
/// - `all`: every case.
/// - `harness`: every case not in `session`, run once, under the harness's X11 set-up (Xvfb,
///   openbox, cairo, no accessibility bus).
/// - `session`: the part whose outcome depends on the session the app runs in, run in each
///   session: a user's X11 desktop (GL renderer, accessibility bus) and Wayland: SPEC §1's
///   events (map/unmap, scene phases, what the session can detect), the T1–T8 repros through
///   the real buttons, the P rows with a real focus change and a hidden page, and the main
///   window's layout at the sizes the session gives it (nothing cut, every i's dot drawn), and
///   what a screen reader hears and a keyboard reaches (the accessibility bus is up in the
///   desktop and Wayland sessions).
///
/// A set lists name prefixes, so a case joins it by its SPEC ID and no case's declaration
/// changes.
enum CaseSets {
    /// The sets by name.
    static let prefixes: [String: [String]] = [
        "session": ["§1 "] + sessionRows + [
            "§5 panel: never cut", "§5 window: every page fits", "§5 accessibility:", "§5 keyboard:",
            "§5 seed notes:", "§5 window: nothing cut", "§5 code: every i",
        ]
    ]

    /// "T1:" … "P5:": the rows of every page whose repro depends on the session.
    static var sessionRows: [String] {
        LabCatalog.pages.filter(\.dependsOnSession).flatMap(\.strategies).map { "\($0.rawValue):" }
    }

    /// The valid names for `--set`.
    static var names: [String] { ["all", "harness"] + prefixes.keys.sorted() }

    /// The cases of set `name`, or `nil` for an unknown name.
    static func select(_ name: String, from cases: [GtkTestCase]) -> [GtkTestCase]? {
        switch name {
        case "all": return cases
        case "harness":
            // The session cases run in every session scripts/test starts, the X11 desktop
            // included, so the harness need not run them a second time on X11.
            let session = Set(select("session", from: cases)?.map(\.name) ?? [])
            return cases.filter { !session.contains($0.name) }
        default:
            guard let prefixes = prefixes[name] else { return nil }
            return cases.filter { testCase in prefixes.contains { testCase.name.hasPrefix($0) } }
        }
    }

    /// For each strategy of the catalogue with no case named by its ID ("X1: …"), a case that
    /// runs its page's repro through the page's real widgets in a real window: a new page is
    /// driven through GTK without a line of test code (its own cases may then add checks).
    @MainActor
    static func repros(missingFrom cases: [GtkTestCase]) -> [GtkTestCase] {
        let names = cases.map { $0.name }
        return LabCatalog.strategies.filter { id in !names.contains { $0.hasPrefix("\(id.rawValue): ") } }
            .map(AppPageTests.pageRepro)
    }
}
