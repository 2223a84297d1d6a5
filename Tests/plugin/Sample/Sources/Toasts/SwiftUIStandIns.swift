// Where SwiftUI is missing (Linux), just enough of its shapes for ToastView to build as it would on
// a Mac: the checker reads the code, and the build plugin runs where the code builds.
#if !canImport(SwiftUI)
    @MainActor
    protocol View {
        associatedtype Body: View
        var body: Body { get }
    }

    extension Never: View {
        var body: Never { fatalError("no body") }
    }

    struct Text: View {
        init(_ text: String) {}
        var body: Never { fatalError("a leaf") }
    }

    struct Modified<Content: View>: View {
        let content: Content
        var body: Never { fatalError("a leaf") }
    }

    extension View {
        func onAppear(perform action: (() -> Void)? = nil) -> Modified<Self> { Modified(content: self) }
        func onDisappear(perform action: (() -> Void)? = nil) -> Modified<Self> { Modified(content: self) }
        func task(_ action: @escaping @MainActor @Sendable () async -> Void) -> Modified<Self> {
            Modified(content: self)
        }
    }

    @propertyWrapper
    struct Binding<Value: Sendable>: Sendable {
        private let get: @MainActor @Sendable () -> Value
        private let set: @MainActor @Sendable (Value) -> Void

        @MainActor
        var wrappedValue: Value {
            get { get() }
            nonmutating set { set(newValue) }
        }
    }
#endif
