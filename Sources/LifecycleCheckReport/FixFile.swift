#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes fixes in a person's file, only to the text that was checked: read again, its digest must
/// be the check's (``TextFile/digest(_:)``), and it must still hold that text just before the
/// fixed text replaces it (a temporary file renamed over it, its mode kept). Nothing else is
/// ever written. `--fix` and the Check page's *Apply fix* both write through it.
public enum FixFile {
    /// Why a file's fixes were not made: "changed since it was checked", "read-only"…
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
        public init(_ reason: String) { self.reason = reason }
    }

    /// The reason given for a file that no longer holds the text checked.
    public static let changedSinceChecked = "changed since it was checked"

    /// The file at `path` as it was checked, and with `edits` made; or why not. `parses` says
    /// whether a text parses (the checker's parser; the app, which has none, trusts the checker).
    public static func fixedText(
        of path: String, checked digest: UInt64?, edits: [TextEdit], parses: (String) -> Bool = { _ in true }
    ) -> Result<(source: String, fixed: String), Refusal> {
        let source: String
        switch TextFile.read(path) {
        case .failure(let error): return .failure(Refusal(error.message))
        case .success(let text): source = text
        }
        guard digest == TextFile.digest(source) else { return .failure(Refusal(changedSinceChecked)) }
        guard let fixed = FixIt.apply(edits, to: source) else { return .failure(Refusal("the fixes do not apply")) }
        guard parses(fixed) || !parses(source) else {
            return .failure(Refusal("the fixed text would not parse"))
        }
        return .success((source, fixed))
    }

    /// Writes `fixed` over the file at `path` if it still holds `source`; the reason when not.
    public static func replace(_ given: String, source: String, with fixed: String) -> Refusal? {
        // Through a symbolic link, the file it names is replaced, not the link.
        let path =
            realpath(given, nil).map { resolved in
                defer { free(resolved) }
                return String(cString: resolved)
            } ?? given
        var info = stat()
        guard stat(path, &info) == 0 else { return Refusal(AtomicFile.describe(errno)) }
        // A rename over the file would not ask what writing into it would, so those are asked
        // here: its owner's write bit (the person protected it; root too), write permission,
        // and whose it is (the new file would be this user's).
        guard info.st_mode & 0o200 != 0, access(path, W_OK) == 0 else { return Refusal("read-only") }
        guard geteuid() == 0 || info.st_uid == geteuid() else { return Refusal("owned by another user") }
        // Another name for the same file would keep the old text: not silently split.
        guard info.st_nlink <= 1 else { return Refusal("has other hard links") }
        guard case .success(let now) = TextFile.read(path), now.utf8.elementsEqual(source.utf8) else {
            return Refusal(changedSinceChecked)
        }
        return AtomicFile.write(fixed, to: path).map(Refusal.init)
    }
}
