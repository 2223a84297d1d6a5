internal import LabJSON

/// Pretty-printed JSON for an `Encodable` value, with sorted keys and unescaped slashes: the
/// layout `JSONEncoder` gives with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`
/// (two-space indent, `"key" : value`), written without Foundation.
///
/// The core has no dependencies, and the app's `--scenario` verdict is its only JSON: linking
/// FoundationEssentials for it cost the app's start-up a library load (`app.startup`).
///
/// ```swift
/// struct Point: Encodable { var x: Double; var label: String? }
/// JSONText.prettyPrinted(Point(x: 1.5, label: nil))   // "{\n  \"x\" : 1.5\n}"
/// ```
///
/// Numbers are spelled as `JSONEncoder` spells them (`3`, not `3.0`); `nil` optionals in synthesized
/// conformances are left out (they use `encodeIfPresent`); a non-finite `Double` prints as
/// `null`, since JSON has no spelling for it.
public enum JSONText {
    /// `value` as pretty-printed JSON with sorted keys.
    public static func prettyPrinted(_ value: some Encodable) -> String {
        let root = Node()
        do {
            try value.encode(to: NodeEncoder(node: root, codingPath: []))
        } catch {
            // Only a type's own `encode(to:)` can throw here; none of the verdict's types do.
            return "null"
        }
        var out = ""
        root.write(to: &out, indent: 0)
        return out
    }

    /// A value being encoded: unset, a scalar already spelled as JSON, an array or an object.
    final class Node {
        var scalar: String?
        var array: [Node]?
        var object: [String: Node]?

        init(scalar: String? = nil) { self.scalar = scalar }

        func write(to out: inout String, indent: Int) {
            if let array {
                guard !array.isEmpty else {
                    out += "[\n\n" + spaces(indent) + "]"
                    return
                }
                out += "[\n"
                for (index, element) in array.enumerated() {
                    out += spaces(indent + 2)
                    element.write(to: &out, indent: indent + 2)
                    out += index == array.count - 1 ? "\n" : ",\n"
                }
                out += spaces(indent) + "]"
            } else if let object {
                guard !object.isEmpty else {
                    out += "{\n\n" + spaces(indent) + "}"
                    return
                }
                out += "{\n"
                let keys = object.keys.sorted()
                for (index, key) in keys.enumerated() {
                    out += spaces(indent + 2) + JSONValue.quoted(key) + " : "
                    object[key]!.write(to: &out, indent: indent + 2)
                    out += index == keys.count - 1 ? "\n" : ",\n"
                }
                out += spaces(indent) + "}"
            } else {
                out += scalar ?? "null"
            }
        }

        private func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }
    }
}

// MARK: - The Encoder

private struct NodeEncoder: Encoder {
    let node: JSONText.Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.object == nil { node.object = [:] }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.array == nil { node.array = [] }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: node, codingPath: codingPath)
    }
}

/// Spells a value as a JSON node: scalars directly, anything else through its `encode(to:)`.
private func makeNode(_ value: some Encodable, codingPath: [any CodingKey]) throws -> JSONText.Node {
    switch value {
    case let text as String: return JSONText.Node(scalar: JSONValue.quoted(text))
    case let flag as Bool: return JSONText.Node(scalar: flag ? "true" : "false")
    case let number as Double: return JSONText.Node(scalar: JSONValue.number(number))
    case let number as Float: return JSONText.Node(scalar: JSONValue.number(number))
    case let integer as any BinaryInteger: return JSONText.Node(scalar: integer.description)
    default:
        let node = JSONText.Node()
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
        return node
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONText.Node
    let codingPath: [any CodingKey]

    private func set(_ child: JSONText.Node, _ key: Key) { node.object![key.stringValue] = child }

    mutating func encodeNil(forKey key: Key) throws { set(JSONText.Node(scalar: "null"), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        set(try makeNode(value, codingPath: codingPath), key)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        set(try makeNode(value, codingPath: codingPath), key)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try makeNode(value, codingPath: codingPath), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try makeNode(value, codingPath: codingPath), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(try makeNode(value, codingPath: codingPath), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(JSONText.Node(scalar: String(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(JSONText.Node(scalar: String(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(JSONText.Node(scalar: String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(JSONText.Node(scalar: String(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(JSONText.Node(scalar: String(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(JSONText.Node(scalar: String(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(JSONText.Node(scalar: String(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(JSONText.Node(scalar: String(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(JSONText.Node(scalar: String(value)), key) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        set(try makeNode(value, codingPath: codingPath + [key]), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = JSONText.Node()
        set(child, key)
        return NodeEncoder(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = JSONText.Node()
        set(child, key)
        return NodeEncoder(node: child, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        // Under the key "super", as JSONEncoder does; `Key` need not have such a case.
        let child = JSONText.Node()
        node.object!["super"] = child
        return NodeEncoder(node: child, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = JSONText.Node()
        set(child, key)
        return NodeEncoder(node: child, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: JSONText.Node
    let codingPath: [any CodingKey]
    var count: Int { node.array!.count }

    private struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    mutating func encodeNil() throws { node.array!.append(JSONText.Node(scalar: "null")) }
    mutating func encode(_ value: some Encodable) throws {
        node.array!.append(try makeNode(value, codingPath: codingPath + [Index(intValue: count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let child = JSONText.Node()
        node.array!.append(child)
        return NodeEncoder(node: child, codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = JSONText.Node()
        node.array!.append(child)
        return NodeEncoder(node: child, codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONText.Node()
        node.array!.append(child)
        return NodeEncoder(node: child, codingPath: codingPath)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: JSONText.Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.scalar = "null" }
    mutating func encode(_ value: some Encodable) throws {
        let made = try makeNode(value, codingPath: codingPath)
        node.scalar = made.scalar
        node.array = made.array
        node.object = made.object
    }
}
