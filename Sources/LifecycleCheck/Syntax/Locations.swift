import SwiftSyntax

/// Lines and columns of a parsed file, worked out on first use: most files have no finding and
/// no directive, and the line table costs a twentieth of a check.
final class Locations {
    private let fileName: String
    private let tree: SourceFileSyntax
    private lazy var converter = SourceLocationConverter(fileName: fileName, tree: tree)

    init(fileName: String, tree: SourceFileSyntax) {
        self.fileName = fileName
        self.tree = tree
    }

    /// The line and column of `position`.
    func location(for position: AbsolutePosition) -> SourceLocation {
        converter.location(for: position)
    }
}
