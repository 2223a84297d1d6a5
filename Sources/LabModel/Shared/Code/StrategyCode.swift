/// The code behind a strategy, for the app's code panel: the Swift that runs in the lab,
/// taken from the source, and the SwiftUI it stands for, with the lines that decide the
/// outcome marked in both.
///
/// ```swift
/// let code = ToastStrategyID.t1.code
/// code.running[0].title         // "ToastStrategy.installT1"
/// code.running[0].keyLines      // [3]: `ledger.start(…) {`, the Task nobody keeps
/// code.swiftUI.lines            // seed 000's `.onAppear { Task { … } }`
/// ```
///
/// ## Where the running code comes from
///
/// From the lab model's own source, at build time: the LabCodePlugin build-tool plugin runs
/// LabCodeTool over LabModel's Swift files and compiles what it finds into
/// ``StrategyCodeCatalog``. A strategy marks the code it runs:
///
/// ```swift
/// private static func installT2(view: ToastView, screen: ToastScreen) {
///     // lab-code: T2
///     view.node.task(name: .hideAfterD, label: "T2") {  // lab-code-key
///         await screen.dismissAfterDelay()
///     }
///     // lab-code-end
/// }
/// ```
///
/// - `// lab-code: ID` opens a region (on its own line); several IDs share one
///   (`// lab-code: T5 T6`); `part N` orders a strategy's regions when it has several
///   (`// lab-code: B2 part 2`; regions are read by part, then file, then line).
/// - `// lab-code-end` closes it. Regions do not nest.
/// - `// lab-code-key` at the end of a line inside a region marks a line that decides the
///   outcome, for every ID of the region; `// lab-code-key: T2 T4` for those IDs only.
///
/// A new strategy: put its running code between markers (one region or several), mark its key
/// lines, and give its ID a ``StrategyIdentifier/swiftUIShape`` (in the page's
/// `…SwiftUIShapes.swift`, key lines marked the same way). LabModelTests check that every
/// strategy has both, with at least one key line, and that every region is the source's lines.
/// A malformed marker fails the build with its file and line.
public struct StrategyCode: Sendable, Hashable {
    /// A block of code: one region of the running code, or the SwiftUI shape.
    public struct Block: Sendable, Hashable {
        /// The declaration ("ToastStrategy.installT1") or "SwiftUI".
        public let title: String
        /// The source file, relative to the package; `nil` for the SwiftUI shape.
        public let file: String?
        /// The line number of the first line in ``file``; `nil` for the SwiftUI shape.
        public let firstLine: Int?
        /// The lines, without markers and common indentation.
        public let lines: [String]
        /// Indices of the lines that decide the outcome.
        public let keyLines: [Int]

        /// "ToastStrategies.swift:52", or `nil` for the SwiftUI shape.
        public var location: String? {
            guard let file, let firstLine else { return nil }
            return "\(file.split(separator: "/").last.map(String.init) ?? file):\(firstLine)"
        }
    }

    /// The strategy's SPEC ID.
    public let strategy: String
    /// The Swift that runs in the lab for this strategy, in reading order.
    public let running: [Block]
    /// The SwiftUI the strategy stands for (hand-written beside the strategy's ID).
    public let swiftUI: Block

    /// The code of `strategy`: its regions from ``StrategyCodeCatalog`` and `swiftUIShape`, a
    /// SwiftUI snippet whose key lines end in `// lab-code-key`.
    public init(strategy: String, swiftUIShape: String) {
        self.strategy = strategy
        running = StrategyCodeCatalog.regions(for: strategy).map { region in
            Block(
                title: region.symbol, file: region.file, firstLine: region.firstLine, lines: region.lines,
                keyLines: region.keyLines(for: strategy))
        }
        var lines: [String] = []
        var keys: [Int] = []
        for line in swiftUIShape.split(separator: "\n", omittingEmptySubsequences: false) {
            var text = String(line)
            if text.hasSuffix(Self.keyMarker) {
                text.removeLast(Self.keyMarker.count)
                keys.append(lines.count)
            }
            while text.last == " " { text.removeLast() }
            lines.append(text)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        swiftUI = Block(title: "SwiftUI", file: nil, firstLine: nil, lines: lines, keyLines: keys)
    }

    /// Whether there is running code with at least one key line, and a SwiftUI shape.
    public var isComplete: Bool {
        !running.isEmpty && running.contains { !$0.keyLines.isEmpty } && !swiftUI.lines.isEmpty
    }

    static let keyMarker = "// lab-code-key"
}

extension StrategyIdentifier {
    /// The code behind this strategy: the Swift that runs, from the source, and its SwiftUI shape.
    public var code: StrategyCode { StrategyCode(strategy: rawValue, swiftUIShape: swiftUIShape) }
}

/// The mechanism a strategy's spec row turns on, as a piece of one line in the Swift that runs
/// and one in its SwiftUI shape: the code panel must mark both as key lines.
///
/// ```swift
/// ToastStrategyID.t1.keyMechanism   // running: "ledger.start(", swiftUI: "Task {"
/// ```
public struct KeyMechanism: Sendable, Hashable {
    /// Part of a key line of the running code.
    public let running: String
    /// Part of a key line of the SwiftUI shape.
    public let swiftUI: String

    /// Names the mechanism.
    /// - Parameters:
    ///   - running: Part of a key line of the running code.
    ///   - swiftUI: Part of a key line of the SwiftUI shape.
    public init(running: String, swiftUI: String) {
        self.running = running
        self.swiftUI = swiftUI
    }
}

extension StrategyCode {
    /// Whether both halves of `mechanism` are on key lines: one of the running code's and one of
    /// the SwiftUI shape's.
    public func marks(_ mechanism: KeyMechanism) -> Bool {
        let runningKeys = running.flatMap { block in block.keyLines.map { block.lines[$0] } }
        let shapeKeys = swiftUI.keyLines.map { swiftUI.lines[$0] }
        return runningKeys.contains { $0.contains(mechanism.running) }
            && shapeKeys.contains { $0.contains(mechanism.swiftUI) }
    }
}
