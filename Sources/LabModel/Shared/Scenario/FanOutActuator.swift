/// Performs each action on several actuators in the same turn, one after another with nothing
/// in between: the same press at the same moment on every side of a comparison.
///
/// ```swift
/// let both = FanOutActuator<ToastAction>([leftScreen, rightScreen])
/// await both.perform(.show)     // both toasts appear in this turn
/// ```
@MainActor
public final class FanOutActuator<Action: Sendable & CustomStringConvertible>: ScenarioActuator {
    private let actuators: [any ScenarioActuator<Action>]

    /// Fans out to `actuators`, in order.
    public init(_ actuators: [any ScenarioActuator<Action>]) {
        self.actuators = actuators
    }

    /// Performs `action` on every actuator, in order.
    public func perform(_ action: Action) async {
        for actuator in actuators { await actuator.perform(action) }
    }
}
