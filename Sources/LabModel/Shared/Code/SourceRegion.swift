/// A stretch of the lab model's own source between `// lab-code: ID…` and `// lab-code-end`:
/// code that the named strategies run. ``StrategyCodeCatalog/regions`` holds every one,
/// extracted from the source when LabModel is built (see ``StrategyCode``).
public struct SourceRegion: Sendable, Hashable {
    /// A line that decides the outcome (marked `// lab-code-key` at its end).
    public struct Key: Sendable, Hashable {
        /// Index into ``SourceRegion/lines``.
        public let line: Int
        /// The strategies it is a key line for (`// lab-code-key: T2 T4`); empty: every
        /// strategy the region names.
        public let only: [String]
    }

    /// The strategies that run this code, as the marker names them ("T1"; "T5", "T6").
    public let strategies: [String]
    /// Where the region comes in a strategy's reading order (`part 2`; 1 unless the marker says).
    public let part: Int
    /// The file, relative to the package: "Sources/LabModel/Toast/ToastStrategies.swift".
    public let file: String
    /// The declaration around it: "ToastStrategy.installT1", "TaskBag.deinit".
    public let symbol: String
    /// The line number in ``file`` of the region's first line (the line after its marker).
    public let firstLine: Int
    /// The spaces taken off the start of every line (the region's smallest indentation).
    public let indent: Int
    /// The code, without the markers, the `// lab-code-key` comments and the common indentation.
    public let lines: [String]
    /// The lines that decide the outcome.
    public let keys: [Key]

    /// The indices of the lines that are key for `strategy`.
    public func keyLines(for strategy: String) -> [Int] {
        keys.filter { $0.only.isEmpty || $0.only.contains(strategy) }.map(\.line)
    }
}

/// Every `// lab-code:` region of the lab model's source, extracted when LabModel is built.
public enum StrategyCodeCatalog {
    /// Every region, ordered by file and line.
    ///
    /// `extractedRegions` is written by the LabCodePlugin build-tool plugin (its LabCodeTool
    /// reads LabModel's sources at build time), so it cannot drift from the source.
    public static var regions: [SourceRegion] { extractedRegions }

    /// The regions `strategy` runs, in reading order: by ``SourceRegion/part``, then file, then line.
    public static func regions(for strategy: String) -> [SourceRegion] {
        regions.filter { $0.strategies.contains(strategy) }
            .sorted { ($0.part, $0.file, $0.firstLine) < ($1.part, $1.file, $1.firstLine) }
    }
}
