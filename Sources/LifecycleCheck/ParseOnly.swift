import SwiftParser
import SwiftSyntax

/// Parsing alone, without the rules: the baseline `lifecycle-lab-check --parse-only` times the
/// checker against (the `check.thousand_files` benchmark).
public enum ParseOnly {
    /// Parses `source` as the checker does and returns the tree's length in UTF-8 bytes, so the
    /// parse cannot be skipped.
    /// - Parameter source: A Swift file's text.
    public static func parse(_ source: String) -> Int {
        Parser.parse(source: source).totalLength.utf8Length
    }
}
