/// A weak reference to a Swift object, for checking that a closure released what it captured.
public struct WeakBox<T: AnyObject> {
    /// The object, while something else keeps it alive.
    public weak var value: T?
    /// Creates a weak reference.
    public init(_ value: T?) { self.value = value }
}
