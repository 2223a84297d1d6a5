import LabModel

/// Named sets of cases, for `gtk-tests --set NAME`: each test environment of `scripts/test`
/// runs one.
///
/// - `all`: every case.
/// - `harness`: every case tagged ``CaseSessions/harness``, run once, under the harness's X11
///   set-up (Xvfb, openbox, cairo, no accessibility bus).
/// - `session`: every case tagged ``CaseSessions/every`` (its outcome depends on the session),
///   run in each session: a user's X11 desktop (GL renderer, accessibility bus) and Wayland.
///
/// A case says where it runs where it is declared (`GtkTestCase(name, sessions: .every)`); a
/// row's repro takes its page's (``CaseSessions/of(_:)``).
enum CaseSets {
    /// The valid names for `--set`.
    static let names = ["all", "harness", "session"]

    /// The cases of set `name`, or `nil` for an unknown name.
    static func select(_ name: String, from cases: [GtkTestCase]) -> [GtkTestCase]? {
        switch name {
        case "all": cases
        case "harness": cases.filter { $0.sessions == .harness }
        case "session": cases.filter { $0.sessions == .every }
        default: nil
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

/// Where a case runs: once, under the harness's X11 set-up, or in every session `scripts/test`
/// starts (a user's X11 desktop and each Wayland compositor), because its outcome depends on the
/// session: SPEC §1's events and phases, a row of a page whose repro needs the window manager,
/// the layout at the sizes a session gives, what a screen reader hears and a keyboard reaches.
enum CaseSessions: Sendable, Hashable {
    case harness
    case every

    /// Every session for a row of a page whose repro depends on the session
    /// (``PageDescriptor/dependsOnSession``), the harness for the others.
    @MainActor
    static func of(_ id: AnyStrategyID) -> CaseSessions {
        LabCatalog.page(of: id)?.dependsOnSession == true ? .every : .harness
    }
}
