import Testing

@testable import LifecycleCheck

/// The project-wide look at a binding a delayed write hides (SPEC T1 with GCD's timer): the
/// timer's `isShown = false` can cut a later showing short only if something gives `isShown`
/// another value, or holds its binding where the scan cannot follow.
@Suite struct BindingWritesTests {
    static let key = BindingWriteKey(name: "isShown", value: "false")

    /// The row that hides itself, and the list that shows one row per entry (append-only).
    static let row = """
        struct BannerRow: View {
            @Binding var isShown: Bool
            var body: some View {
                Text("Saved").onAppear {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 5) { isShown = false }
                }
            }
        }
        """
    static let list = """
        struct Banners: View {
            @State private var entries: [Entry] = []
            var body: some View {
                ForEach(entries.indices, id: \\.self) { i in
                    if entries[i].isShown { BannerRow(isShown: $entries[i].isShown) }
                }
            }
        }
        struct Entry { var isShown = true }
        """

    /// Both passes, as the checker makes them: the names, then the collections they point into.
    static func writtenOtherwise(_ sources: [String]) -> Bool {
        let files = sources.map { BindingWrites.scan([key], in: $0) }
        let collections = BindingWrites.collections(of: [key], files: files)
        let mutated = sources.reduce(into: Set<String>()) { $0.formUnion(BindingWrites.mutated(collections, in: $1)) }
        return BindingWrites.writtenOtherwise([key], files: files, mutatedCollections: mutated).contains(key)
    }

    @Test("T1: a binding only ever set to the timer's value, handed only to the view that takes it: no later showing")
    func writtenOneWay() {
        #expect(!Self.writtenOtherwise([Self.row, Self.list]))
        // A view that passes it on through a function taking `isShown: Binding<Bool>`.
        let forwarded = """
            struct Banners: View {
                @State private var entries: [Entry] = []
                var body: some View {
                    ForEach(entries.indices, id: \\.self) { i in entries[i].style.makeRow(isShown: $entries[i].isShown) }
                }
            }
            struct Entry { var isShown = true; var style = Style() }
            struct Style {
                func makeRow(isShown: Binding<Bool>) -> some View { BannerRow(isShown: isShown) }
            }
            """
        #expect(!Self.writtenOtherwise([Self.row, forwarded]))
        // The value read, not handed on: an animation keyed on it, a local of the same name.
        let reads = Self.list.replacingOccurrences(
            of: "BannerRow(isShown: $entries[i].isShown) }",
            with: "BannerRow(isShown: $entries[i].isShown).animation(.default, value: entries[i].isShown) }")
        #expect(reads != Self.list)
        #expect(!Self.writtenOtherwise([Self.row, reads, "func f() { let isShown = 1; print(isShown) }"]))
        // A local of the name is no stored property: the entry's storage is still not in sight.
        let withoutEntry = Self.list.replacingOccurrences(of: "struct Entry { var isShown = true }", with: "")
        #expect(
            Self.writtenOtherwise([
                Self.row, withoutEntry, "struct Other { func f() { var isShown = false; _ = isShown } }",
            ]))
    }

    @Test("T1: another file shows it again, or toggles it: the timer can cut that showing short")
    func writtenAnotherWay() {
        #expect(Self.writtenOtherwise([Self.row, Self.list, "func reshow(_ e: inout Entry) { e.isShown = true }"]))
        #expect(Self.writtenOtherwise([Self.row, Self.list, "func flip(_ e: inout Entry) { e.isShown.toggle() }"]))
        #expect(
            Self.writtenOtherwise([Self.row, Self.list, "func set(_ e: inout Entry, _ v: Bool) { e.isShown = v }"]))
    }

    @Test("T1: a binding the scan cannot follow: given to a control, or the row given another state's binding")
    func bindingEscapes() {
        let toggle = """
            struct Settings: View {
                @Binding var entry: Entry
                var body: some View { Toggle("Show", isOn: $entry.isShown) }
            }
            """
        #expect(Self.writtenOtherwise([Self.row, Self.list, toggle]))
        let other = """
            struct Page: View {
                @State private var showBanner = false
                var body: some View {
                    Button("Save") { showBanner = true }
                    BannerRow(isShown: $showBanner)
                }
            }
            """
        #expect(Self.writtenOtherwise([Self.row, Self.list, other]))
        // A function that is not declared to take the binding under its name.
        let unknown = """
            struct Banners: View {
                @State private var entries: [Entry] = []
                var body: some View { ForEach(entries.indices, id: \\.self) { i in Row(shown: $entries[i].isShown) } }
            }
            """
        #expect(Self.writtenOtherwise([Self.row, Self.list, unknown]))
        // The binding itself written through, or the name in a key path.
        #expect(
            Self.writtenOtherwise([Self.row, Self.list, "func f(b: Binding<Entry>) { $b.isShown.wrappedValue = true }"])
        )
        #expect(
            Self.writtenOtherwise([Self.row, Self.list, "func f(e: inout Entry) { e[keyPath: \\.isShown] = true }"]))
        // A file that could not be read may write anything.
        #expect(
            BindingWrites.writtenOtherwise(
                [Self.key], files: [Self.row, Self.list].map { BindingWrites.scan([Self.key], in: $0) } + [.unread]
            ).contains(Self.key))
    }

    @Test("T1: a new value shown again: made with the name, a single value replaced, its collection moved")
    func shownAgainByANewValue() {
        #expect(Self.writtenOtherwise([Self.row, Self.list, "let again = Entry(text: \"x\", isShown: true)"]))
        #expect(!Self.writtenOtherwise([Self.row, Self.list, "let hidden = Entry(text: \"x\", isShown: false)"]))
        let single = """
            struct Toast { var text: String; var isShown = true }
            struct Page: View {
                @State private var toast = Toast(text: "")
                var body: some View {
                    Button("Save") { toast = Toast(text: "Saved") }
                    if toast.isShown { BannerRow(isShown: $toast.isShown) }
                }
            }
            """
        #expect(Self.writtenOtherwise([Self.row, single]))
        for move in [
            "entries.insert(Entry(), at: 0)", "entries = [Entry()]", "entries[0] = Entry()", "entries.remove(at: 0)",
        ] {
            #expect(Self.writtenOtherwise([Self.row, Self.list, "func f() { \(move) }"]), "\(move)")
        }
        for move in [
            "entries.move(fromOffsets: o, toOffset: 0)", "(entries[0], entries[1]) = (entries[1], entries[0])",
            "entries[0].reset()", "_entries.wrappedValue.insert(Entry(), at: 0)",
        ] {
            #expect(Self.writtenOtherwise([Self.row, Self.list, "func f() { \(move) }"]), "\(move)")
        }
        #expect(
            !Self.writtenOtherwise([
                Self.row, Self.list, "func f() { entries.append(Entry()); entries[0].text = \"\" }",
            ]))
        // Read through a key path: nothing written.
        #expect(!Self.writtenOtherwise([Self.row, Self.list, "let shown = entries.filter(\\.isShown).count"]))
        // Kept in the defaults: any user of the key writes it, under any name.
        #expect(
            Self.writtenOtherwise([
                Self.row, Self.list, "struct Host { @AppStorage(\"tip\") private var isShown = true }",
            ]))
        // A file too large to read may write anything.
        #expect(
            BindingWrites.scan([Self.key], in: "// isShown\n" + String(repeating: " ", count: Checker.maximumFileSize))
                .unknown)
        // A list handed in as a binding: its owner, out of sight, may move the entries.
        let handedIn = Self.list.replacingOccurrences(
            of: "@State private var entries: [Entry] = []", with: "@Binding var entries: [Entry]")
        #expect(handedIn != Self.list)
        #expect(Self.writtenOtherwise([Self.row, handedIn]))
        // A preview's constant binding is nobody's state.
        #expect(!Self.writtenOtherwise([Self.row, Self.list, "#Preview { BannerRow(isShown: .constant(true)) }"]))
    }

    @Test("T1: the row alone: whoever holds its binding is not in sight, and may show it again")
    func holderNotInSight() {
        #expect(Self.writtenOtherwise([Self.row]))
        #expect(Self.writtenOtherwise([Self.row, "struct Entry { var isShown = true }"]))
        // The list in sight, but not the entry that stores the value.
        #expect(
            Self.writtenOtherwise([
                Self.row, Self.list.replacingOccurrences(of: "struct Entry { var isShown = true }", with: ""),
            ]))
    }

    @Test("T1: a file that never names the binding is not parsed, and answers nothing")
    func unrelatedFile() {
        let file = BindingWrites.scan([Self.key], in: "struct Other { var shown = true }")
        #expect(file.otherValue.isEmpty && file.takers.isEmpty && file.handOvers.isEmpty)
    }
}
