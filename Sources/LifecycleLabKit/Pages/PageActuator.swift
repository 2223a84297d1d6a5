package import LabModel

/// A page's actuator in the app. A widget performs each action a person would perform with one
/// (a click on the page's real button, the real window minimized); the screen's own actuator,
/// the one headless runs use, performs the rest (a server posting a status is the world, not a
/// widget), so a page writes only what its widgets do.
///
/// ```swift
/// PageActuator(model: screen) { [weak self] action in
///     guard case .view(.show) = action else { return false }  // the rest: the screen's own
///     self?.showButton.click()
///     return true
/// }
/// ```
@MainActor
package final class PageActuator<Action: Sendable & CustomStringConvertible>: ScenarioActuator {
    private let model: any ScenarioActuator<Action>
    private let widgets: @MainActor (Action) async -> Bool

    /// - Parameters:
    ///   - model: the screen's own actuator, for the actions no widget performs.
    ///   - widgets: performs an action with a widget and returns `true`, or returns `false` to
    ///     leave it to `model`.
    package init(model: any ScenarioActuator<Action>, widgets: @escaping @MainActor (Action) async -> Bool) {
        self.model = model
        self.widgets = widgets
    }

    package func perform(_ action: Action) async {
        if await widgets(action) { return }
        await model.perform(action)
    }
}
