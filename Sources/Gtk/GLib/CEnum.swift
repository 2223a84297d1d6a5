/// A Swift enum that stands for a C enum (`GtkAlign`, `GtkStackTransitionType`, …): `c` is the
/// C value of each case. One place reads a C value back into a case.
protocol CEnum: CaseIterable, Equatable {
    associatedtype CValue: Equatable
    /// The C value of this case.
    var c: CValue { get }
}

extension CEnum {
    /// The case whose C value is `value`, or `fallback` for a C value Swift has no case for.
    init(c value: CValue, default fallback: Self) {
        self = Self.allCases.first { $0.c == value } ?? fallback
    }
}
