import SwiftParser
import SwiftSyntax

/// A binding's late write whose warning depends on the rest of the project
/// (``Checker/FileCheck/writesElsewhere``): `isPresented = false` from a timer can cut a later
/// showing short only if something in the project gives `isPresented` another value. The value is
/// a literal (`false`, `nil`, `.idle`), as written.
public struct BindingWriteKey: Hashable, Sendable {
    public let name: String
    public let value: String
}

/// What one file says about the bindings' names of some ``BindingWriteKey``s: whether it writes
/// one of them with another value, which of its types and functions take a binding by that name,
/// and where it hands a binding on. ``writtenOtherwise(_:files:)`` joins the files' answers.
///
/// The names are followed by their spelling, as the rest of the checker does: a write of any
/// `isPresented` counts, and a binding handed to a view or function the project does not declare
/// (`Toggle(isOn: $entry.isPresented)`) may be written with anything.
public struct BindingWrites: Sendable {
    /// The keys this file writes with another value: `isPresented = true`, `isPresented.toggle()`,
    /// `isPresented = newValue`.
    var otherValue: Set<BindingWriteKey> = []
    /// By name: the views that declare `@Binding var name` and the functions with a parameter
    /// `name: Binding<…>`, which hand the binding on under the same name.
    var takers: [String: Set<String>] = [:]
    /// By name: each place a binding of that name, or a binding to that name, is handed to a call.
    var handOvers: [String: [HandOver]] = [:]
    /// The names this file declares a stored property for that is not a binding (`var isShown =
    /// true`, `@State private var isShown`): the value the binding reaches is in sight.
    var stored: Set<String> = []

    /// The collections whose elements the bindings handed to a taker point into
    /// (`$entries[i].isShown`: `entries`). An element's binding is a place in the collection, so
    /// it stays that element's only while the collection only grows at its end (``mutated(_:in:)``).
    var collections: [String: Set<String>] = [:]
    /// A file not read, or too large to read: it may write anything.
    var unknown = false

    public init() {}

    /// A file whose text could not be had: every key may be written there.
    public static let unread: BindingWrites = {
        var file = BindingWrites()
        file.unknown = true
        return file
    }()

    struct HandOver: Sendable {
        /// The call's name (`SimpleNotificationItem`, `makeView`, `sheet`).
        let callee: String
        /// The argument's label.
        let label: String?
        /// Whether the argument is the name itself or a chain that ends in it (`$entry.isPresented`).
        let isTheName: Bool
    }

    /// The keys that some file writes with another value, or whose binding reaches code the scan
    /// cannot follow: handed to a call the project does not declare as taking it, a view taking it
    /// given a binding to something else (`Banner(isPresented: $showBanner)`), held by nobody in
    /// the files checked, or pointing into a list that moves its elements (`mutatedCollections`).
    public static func writtenOtherwise(
        _ keys: Set<BindingWriteKey>, files: [BindingWrites], mutatedCollections: Set<String> = []
    ) -> Set<BindingWriteKey> {
        if files.contains(where: \.unknown) { return keys }
        var written: Set<BindingWriteKey> = []
        var takers: [String: Set<String>] = [:]
        var stored: Set<String> = []
        for file in files {
            written.formUnion(file.otherValue)
            stored.formUnion(file.stored)
            for (name, callees) in file.takers { takers[name, default: []].formUnion(callees) }
        }
        for key in keys where !written.contains(key) {
            let known = takers[key.name] ?? []
            let handOvers = files.flatMap { $0.handOvers[key.name] ?? [] }
            let taken = { (handOver: HandOver) in known.contains(handOver.callee) && handOver.label == key.name }
            let escapes = handOvers.contains { taken($0) != $0.isTheName }
            // Nobody in sight hands the binding to a view that takes it, or nothing in sight stores
            // its value: its holder is in a file not checked, which may show it again.
            let holderInSight = handOvers.contains { taken($0) && $0.isTheName } && stored.contains(key.name)
            let collections = files.flatMap { $0.collections[key.name] ?? [] }
            if escapes || !holderInSight || collections.contains(where: mutatedCollections.contains) {
                written.insert(key)
            }
        }
        return written
    }

    /// The collections some keys' bindings point into, for ``mutated(_:in:)``.
    public static func collections(of keys: Set<BindingWriteKey>, files: [BindingWrites]) -> Set<String> {
        Set(keys.flatMap { key in files.flatMap { $0.collections[key.name] ?? [] } })
    }

    /// Of `names`, the collections this file changes other than by adding at the end: assigned,
    /// an element replaced, inserted, removed or sorted, handed on as a binding (`$entries`), or
    /// taken as one (`@Binding var entries`: whoever hands it in is not followed).
    /// An element's own field written (`entries[i].text = …`) moves nothing.
    public static func mutated(_ names: Set<String>, in source: String) -> Set<String> {
        let present = names.filter { source.contains($0) }
        guard !present.isEmpty else { return [] }
        guard source.utf8.count <= Checker.maximumFileSize else { return present }
        var mutated: Set<String> = []
        for token in Parser.parse(source: source).tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            // `@Binding var entries`: the collection's owner is handed in, out of sight.
            if present.contains(text), let pattern = token.parent?.as(IdentifierPatternSyntax.self),
                pattern.ancestor(VariableDeclSyntax.self)?.attributes.wrapperNames.contains("Binding") == true
            {
                mutated.insert(text)
                continue
            }
            guard token.parent?.is(DeclReferenceExprSyntax.self) == true else { continue }
            if text.hasPrefix("$"), present.contains(String(text.dropFirst())) {
                // `$entries[i].isShown`: a field of one element, which moves none.
                let reference = token.parent
                let element = reference?.parent?.as(SubscriptCallExprSyntax.self)
                let isFieldOfElement =
                    element?.calledExpression.id == reference?.id
                    && element?.parent?.as(MemberAccessExprSyntax.self)?.base?.id == element?.id
                if !isFieldOfElement { mutated.insert(String(text.dropFirst())) }
                continue
            }
            if text.hasPrefix("_"), present.contains(String(text.dropFirst())) {
                mutated.insert(String(text.dropFirst()))  // `_entries.wrappedValue.insert(…)`
                continue
            }
            guard present.contains(text) else { continue }
            if let write = token.write {
                if write.method == "append" || (write.method == nil && !write.members.isEmpty) { continue }
                mutated.insert(text)
            } else if Self.movesElements(token) {
                mutated.insert(text)
            }
        }
        return mutated
    }

    /// Methods that only read a collection or a value; any other called on a list, or on one of
    /// its elements, may move or replace its elements (`move(fromOffsets:toOffset:)`, `prepend`,
    /// an element's `mutating func reset()`).
    static let readingMethods: Set<String> = [
        "map", "filter", "compactMap", "flatMap", "contains", "allSatisfy", "first", "last", "firstIndex",
        "lastIndex", "sorted", "reversed", "enumerated", "prefix", "suffix", "dropFirst", "dropLast", "min", "max",
        "reduce", "forEach", "count", "index", "joined", "elementsEqual", "starts", "lazy", "zip", "description",
        "isEmpty", "indices", "hash",
    ]

    /// Whether this name of a list is where its elements move other than by a write ``mutated``
    /// reads: a method that may change it, called on it or on an element (`items.move(…)`,
    /// `entries[0].reset()`), or a place in a tuple assigned at once (`(a[0], a[1]) = (a[1], a[0])`).
    private static func movesElements(_ token: TokenSyntax) -> Bool {
        guard let reference = token.parent else { return false }
        var expression = reference
        if let element = expression.parent?.as(SubscriptCallExprSyntax.self),
            element.calledExpression.id == expression.id
        {
            expression = Syntax(element)
        }
        if let member = expression.parent?.as(MemberAccessExprSyntax.self), member.base?.id == expression.id,
            let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id
        {
            return !readingMethods.contains(member.declName.baseName.text) && member.declName.baseName.text != "append"
        }
        var node = expression.parent
        while let current = node, !current.is(CodeBlockItemSyntax.self) {
            if let tuple = current.as(TupleExprSyntax.self), let list = tuple.parent?.as(ExprListSyntax.self),
                list.first?.id == tuple.id, list.dropFirst().first?.is(AssignmentExprSyntax.self) == true
            {
                return true
            }
            node = current.parent
        }
        return false
    }

    /// Reads one file for `keys`; a file that does not mention a key's name is not parsed.
    public static func scan(_ keys: Set<BindingWriteKey>, in source: String) -> BindingWrites {
        let names = Set(keys.map(\.name)).filter { source.contains($0) }
        guard !names.isEmpty else { return BindingWrites() }
        guard source.utf8.count <= Checker.maximumFileSize else { return .unread }
        var result = BindingWrites()
        let tree = Parser.parse(source: source)
        for token in tree.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            let name = text.hasPrefix("$") ? String(text.dropFirst()) : text
            if names.contains(name), let reference = token.parent?.as(DeclReferenceExprSyntax.self) {
                result.read(token, name: name, projected: text.hasPrefix("$"), reference: reference, keys: keys)
            }
            // A view that takes the binding given a binding to something else (`isPresented:
            // $showBanner`): that state's writes are not this name's.
            if names.contains(text), let argument = token.parent?.as(LabeledExprSyntax.self),
                argument.label?.id == token.id, !Self.ends(argument.expression, in: text),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let callee = call.calleeName
            {
                let value = argument.expression
                if value.as(FunctionCallExprSyntax.self)?.calleeName == "constant" {
                    // `.constant(true)` (a preview's): nobody's state, and a write to it goes nowhere.
                } else if value.firstToken(viewMode: .sourceAccurate)?.text.hasPrefix("$") == true {
                    result.handOvers[text, default: []].append(HandOver(callee: callee, label: text, isTheName: false))
                } else {
                    // A value made with the name (`Entry(text: t, isShown: true)`): a new showing
                    // unless it is the timer's own value.
                    for key in keys where key.name == text && key.value != value.trimmedDescription {
                        result.otherValue.insert(key)
                    }
                }
            }
            if names.contains(text), let binding = token.parent?.as(IdentifierPatternSyntax.self) {
                result.noteTaker(binding, name: text, keys: keys)
            }
            if names.contains(text), let parameter = token.parent?.as(FunctionParameterSyntax.self),
                parameter.firstName.id == token.id, parameter.type.trimmedDescription.hasPrefix("Binding<"),
                (parameter.secondName?.text ?? text) == text,
                let function = parameter.ancestor(FunctionDeclSyntax.self)
            {
                result.takers[text, default: []].insert(function.name.text)
            }
        }
        return result
    }

    /// Whether `expression` is the name, its binding, or a chain that ends in it.
    private static func ends(_ expression: ExprSyntax, in name: String) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == name || reference.baseName.text == "$" + name
        }
        return expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == name
    }

    /// `@Binding var name` in a type: the type takes the binding by its name. Any other stored
    /// property of the name holds a value a binding can reach.
    private mutating func noteTaker(_ binding: IdentifierPatternSyntax, name: String, keys: Set<BindingWriteKey>) {
        guard let declaration = binding.ancestor(VariableDeclSyntax.self),
            declaration.parent?.is(MemberBlockItemSyntax.self) == true,
            let type = declaration.ancestor(MemberBlockSyntax.self)?.parent
        else { return }
        let wrappers = declaration.attributes.wrapperNames
        guard wrappers.contains("Binding") else {
            if binding.ancestor(PatternBindingSyntax.self)?.accessorBlock == nil { stored.insert(name) }
            // `@AppStorage("showTip") var isShown`: the defaults key's every user writes it, by
            // any name.
            if wrappers.contains("AppStorage") || wrappers.contains("SceneStorage") {
                for key in keys where key.name == name { otherValue.insert(key) }
            }
            return
        }
        if let typeName = type.declaredTypeName { takers[name, default: []].insert(typeName) }
    }

    /// One use of the name in an expression: a write, a hand-over, or a read (which says nothing).
    private mutating func read(
        _ token: TokenSyntax, name: String, projected: Bool, reference: DeclReferenceExprSyntax,
        keys: Set<BindingWriteKey>
    ) {
        // `\.isShown` in a key path: written by whoever applies it.
        if reference.parent?.is(KeyPathPropertyComponentSyntax.self) == true {
            // Handed to a method that only reads (`entries.filter(\.isShown)`), it writes nothing.
            let call = reference.ancestor(KeyPathExprSyntax.self)?.parent?.as(LabeledExprSyntax.self)?.parent?.parent?
                .as(FunctionCallExprSyntax.self)
            if let callee = call?.calleeName, Self.readingMethods.contains(callee) { return }
            for key in keys where key.name == name { otherValue.insert(key) }
            return
        }
        if !projected, let write = token.write {
            let value = write.method == nil && write.members.isEmpty ? write.value?.trimmedDescription : nil
            for key in keys where key.name == name && key.value != value { otherValue.insert(key) }
            return
        }
        // The whole chain the name ends (`$entry.isPresented`, `isPresented`), and whether it is
        // a binding: projected at its root, or the bare name of a function's `Binding` parameter
        // handed on (elsewhere the bare name is the value: `.animation(…, value: isPresented)`).
        var expression = Syntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            expression = Syntax(member)
        }
        let root = expression.firstToken(viewMode: .sourceAccurate)?.text ?? ""
        guard expression.parent?.is(MemberAccessExprSyntax.self) != true else {
            // `$isShown.wrappedValue = true`: the binding itself, written through.
            if root.hasPrefix("$") {
                handOvers[name, default: []].append(HandOver(callee: "", label: nil, isTheName: true))
            }
            return
        }
        let isBareBinding =
            expression.is(DeclReferenceExprSyntax.self) && !projected
            && token.ancestor(FunctionDeclSyntax.self)?.signature.parameterClause.parameters.contains {
                ($0.secondName ?? $0.firstName).text == name && $0.type.trimmedDescription.hasPrefix("Binding<")
            } == true
        let isBinding = root.hasPrefix("$") || isBareBinding
        guard isBinding || projected, let argument = expression.parent?.as(LabeledExprSyntax.self),
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let callee = call.calleeName
        else {
            // A projected binding used in any other way (kept, or given to a closure) can be written
            // by whatever holds it.
            if projected || root.hasPrefix("$") {
                handOvers[name, default: []].append(HandOver(callee: "", label: nil, isTheName: true))
            }
            return
        }
        handOvers[name, default: []].append(HandOver(callee: callee, label: argument.label?.text, isTheName: true))
        // `$entries[i].isShown`: the binding is the i-th place of `entries`. A field of a single
        // value (`$toast.isShown`) is shown again whenever the value is replaced: not followed.
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            if let element = base.as(SubscriptCallExprSyntax.self),
                let collection = element.calledExpression.lastToken(viewMode: .sourceAccurate)?.text
            {
                collections[name, default: []].insert(
                    collection.hasPrefix("$") ? String(collection.dropFirst()) : collection)
            } else {
                handOvers[name, default: []].append(HandOver(callee: "", label: nil, isTheName: true))
            }
        }
    }
}
