/// A page of the lab: "toast", "button", "scene", "server", "navigation".
///
/// The one name a page goes by everywhere: the window's stack, `--page` and `--scenario` on the
/// command line, and the `scenario` field of a verdict. Each page's folder declares its own:
///
/// ```swift
/// extension PageID {
///     public static let toast = PageID("toast")
/// }
/// ```
public struct PageID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name as typed on the command line.
    public let rawValue: String

    /// Wraps a name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The name.
    public var description: String { rawValue }

    /// Decodes the plain name.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the plain name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
