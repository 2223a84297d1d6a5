public import LifecycleCheckReport

/// The Check page's *Show fix* and *Apply fix* for one finding: the diff of its fix against the
/// file as it is now, and the write, made only if the file still holds the text checked
/// (``FixFile``), so nothing the person changed since is overwritten. A write can be undone in
/// the same session (``AppliedFix/undo()``) while the file still holds what was written.
///
/// ```swift
/// guard let fix = FindingFix(finding: finding, displayPath: "Views/Toast.swift") else { return }
/// let diff = try fix.diff().get()       // --- Views/Toast.swift …
/// let applied = try fix.apply().get()   // written
/// applied.undo()                        // nil: the file is as it was
/// ```
public struct FindingFix: Sendable {
    public let finding: Finding
    public let fixIt: FixIt
    /// The path the page shows for the file.
    public let displayPath: String

    /// `nil` for a finding without a fix.
    public init?(finding: Finding, displayPath: String) {
        guard let fixIt = finding.fixIt else { return nil }
        self.finding = finding
        self.fixIt = fixIt
        self.displayPath = displayPath
    }

    /// The unified diff of the fix, or why it cannot be made now (the file changed since the
    /// check, is gone, or is not readable).
    public func diff() -> Result<String, FixFile.Refusal> {
        switch FixFile.fixedText(of: finding.path, checked: fixIt.sourceDigest, edits: fixIt.edits) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let (source, _)):
            guard let diff = UnifiedDiff.make(path: displayPath, source: source, edits: fixIt.edits) else {
                return .failure(FixFile.Refusal("the fixes do not apply"))
            }
            return .success(diff)
        }
    }

    /// Writes the fix, or says why not; what was written can be undone.
    public func apply() -> Result<AppliedFix, FixFile.Refusal> {
        switch FixFile.fixedText(of: finding.path, checked: fixIt.sourceDigest, edits: fixIt.edits) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let (source, fixed)):
            if let refusal = FixFile.replace(finding.path, source: source, with: fixed) { return .failure(refusal) }
            return .success(AppliedFix(path: finding.path, displayPath: displayPath, before: source, after: fixed))
        }
    }
}

/// A fix the Check page wrote: the file's text before and after, so it can be put back.
public struct AppliedFix: Sendable, Equatable {
    public let path: String
    public let displayPath: String
    public let before: String
    public let after: String

    /// Puts the file back as it was before the fix, if it still holds what the fix wrote; `nil`
    /// when done, else why not ("changed since the fix was written").
    public func undo() -> FixFile.Refusal? {
        guard let refusal = FixFile.replace(path, source: after, with: before) else { return nil }
        return refusal.reason == FixFile.changedSinceChecked
            ? FixFile.Refusal("changed since the fix was written") : refusal
    }
}
