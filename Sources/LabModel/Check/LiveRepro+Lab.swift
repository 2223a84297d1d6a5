public import LifecycleCheckReport

/// A finding's live repro in this lab: the page and strategies it names, when the lab has them.
extension LiveRepro {
    /// The page, if this lab has one by that name.
    public var pageDescriptor: PageDescriptor? { LabCatalog.page(named: page) }

    /// The buggy strategy, if it is one of the page's.
    public var strategyID: AnyStrategyID? { Self.strategy(strategy, on: pageDescriptor) }

    /// The fixing strategy, if it is one of the page's.
    public var fixID: AnyStrategyID? { Self.strategy(fix, on: pageDescriptor) }

    /// The two toast strategies to compare side by side (the compare window runs the toast
    /// repro), when the live page is the toast page and both are its strategies.
    public var toastComparison: (bug: ToastStrategyID, fix: ToastStrategyID)? {
        guard pageDescriptor?.id == .toast, let bug = strategyID?.as(ToastStrategyID.self),
            let fix = fixID?.as(ToastStrategyID.self)
        else { return nil }
        return (bug, fix)
    }

    private static func strategy(_ text: String, on page: PageDescriptor?) -> AnyStrategyID? {
        guard let page else { return nil }
        return try? AnyStrategyID.parse(text, among: page.strategies)
    }
}
