/// A JSON value: what ``read(_:)`` returns and what ``compactText`` writes.
///
/// The lab's one JSON: the app links no Foundation (its start-up budget), so the Check page
/// reads the checker's report, the checker writes it, and the app writes its `--report` lines
/// with this small reader and writer. Objects keep their keys in order, so a format can promise
/// its key order; two objects are equal when they hold the same members, in any order.
///
/// The reader is strict: no comments, no trailing commas, no `NaN`, no leading zeros, no raw
/// control characters or lone surrogates in strings, no duplicate keys, nothing after the value,
/// and nesting at most ``maximumDepth`` deep; every refusal is a ``JSONReadError`` that says
/// where and why, never a crash.
///
/// ```swift
/// let value = try JSONValue.read(#"{"files": 2, "findings": []}"#)
/// value["files"]                                              // .integer(2)
/// JSONValue.object(["event": .string("ready")]).compactText   // {"event":"ready"}
/// ```
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written without a fraction or an exponent that fits an `Int`.
    case integer(Int)
    /// Any other number.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// How deep arrays and objects may nest: a deeper document is refused rather than risk the
    /// stack.
    public static let maximumDepth = 256

    /// Reads one JSON document.
    /// - Parameter text: the whole document; whitespace may surround the value.
    /// - Throws: ``JSONReadError`` saying where the text stops being JSON, and why.
    public static func read(_ text: String) throws(JSONReadError) -> JSONValue {
        var reader = JSONReader(bytes: Array(text.utf8))
        return try reader.document()
    }

    /// The member `key` of an object; `nil` for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// What the value is, as an error message names it: "a string", "an object", ….
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON object's members in the order they were written or read.
///
/// ```swift
/// let tool: JSONObject = ["name": .string("lifecycle-lab check"), "version": .string("2.0.0")]
/// tool["name"]        // .string("lifecycle-lab check")
/// ```
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    /// The members, in order; a key appears once.
    public private(set) var members: [(key: String, value: JSONValue)] = []

    /// An empty object.
    public init() {}

    /// An object with these members, in this order.
    /// - Parameter members: keys and values; a repeated key keeps its last value, at its first place.
    public init(_ members: [(String, JSONValue)]) {
        for (key, value) in members { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// How many members it has.
    public var count: Int { members.count }

    /// Whether it has no member.
    public var isEmpty: Bool { members.isEmpty }

    /// The member's value; setting `nil` removes it, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// Adds a member whose key is known to be new (the reader checks that first).
    mutating func append(_ key: String, _ value: JSONValue) {
        members.append((key, value))
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    /// The same members, whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }
}
