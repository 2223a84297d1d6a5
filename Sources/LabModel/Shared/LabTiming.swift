/// Every duration the spec names, scaled by one time-scale setting.
///
/// Each page's folder names its own durations (``SpecDuration``) and reads them scaled through
/// ``subscript(_:)``; `toastDuration` and the like are those reads.
///
/// SPEC §3: "every duration in this spec scales with one time-scale setting so tests can run
/// fast". The app's `--time-scale X` builds one of these; tests usually keep the scale at 1 and
/// drive a `TestClock` instead.
///
/// ```swift
/// let timing = try LabTiming(timeScale: 0.1)
/// timing.toastDuration   // 0.3 s: D
/// timing.workDuration    // 1 s: L
/// timing.pollInterval    // 0.1 s: P
/// ```
public struct LabTiming: Sendable, Hashable, Codable {
    /// The factor every spec duration is multiplied by. Always greater than zero.
    public let timeScale: Double

    /// A spec duration at this scale.
    public subscript(_ duration: SpecDuration) -> Duration { duration.standard * timeScale }

    /// The spec's default durations (scale 1).
    public static let standard = LabTiming(uncheckedScale: 1)

    /// Makes a timing with every spec duration multiplied by `timeScale`.
    /// - Throws: ``LabTimingError/invalidScale(_:)`` when the scale is not a finite number greater than zero.
    public init(timeScale: Double) throws(LabTimingError) {
        guard timeScale.isFinite, timeScale > 0 else { throw .invalidScale(timeScale) }
        self.timeScale = timeScale
    }

    private init(uncheckedScale: Double) { self.timeScale = uncheckedScale }

    /// Decodes the value from its plain form, rejecting invalid values with a message.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let scale = try container.decode(Double.self)
        do { try self.init(timeScale: scale) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the value in its plain form (the scale, a number).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(timeScale)
    }
}

/// A time scale that cannot be used.
public enum LabTimingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scale was zero, negative, infinite or not a number.
    case invalidScale(Double)

    /// The message a person reads.
    public var description: String {
        switch self {
        case .invalidScale(let scale):
            "time scale \(scale) is not valid: use a number greater than 0 (1 = the spec's durations, 0.1 = ten times faster)"
        }
    }
}
