/// A weak reference to a Swift object, for checking that a closure released what it captured
/// (after `g_signal_handler_disconnect` or a destroy notify). Pure Swift: wraps no C function.
public struct WeakBox<T: AnyObject> {
    /// The object, while something else keeps it alive.
    public weak var value: T?
    /// Creates a weak reference.
    public init(_ value: T?) { self.value = value }
}
