import Testing

@testable import LifecycleCheck

/// The byte scan that picks which files to parse again when a `try` calls a function or a
/// handed-in closure another file declares (SPEC B1's dropped error, judged across files).
@Suite struct CalleeMentionsTests {
    static func mentioned(_ keys: [String], in source: String) -> [String] {
        CalleeMentions.callees(keys.compactMap(CalleeKey.init(text:)), mentionedIn: source).map(\.text)
    }

    @Test("B1: a function's name after `func`, generic or not, across a line break; not a longer name")
    func declaredFunctions() {
        let source = """
            func saveAll() async throws {}
            private func upload<T>(_ value: T) async throws {}
            static func
                sync(_ id: Int) throws {}
            let download = 1
            """
        #expect(
            Self.mentioned(["save()", "upload(_:)", "sync(_:)", "download(_:)"], in: source) == [
                "upload(_:)", "sync(_:)",
            ])
    }

    @Test("B1: a handed-in closure's name as an argument label, with or without a space before the colon")
    func handedClosures() {
        let source = """
            Row(onPush: push)
            Other(onDelete : remove)
            let onSave = 1
            """
        #expect(Self.mentioned(["@onPush", "@onDelete", "@onSave"], in: source) == ["@onPush", "@onDelete"])
    }

    @Test("B1: names in other scripts and escaped names are read whole; nothing asked, nothing found")
    func nonASCII() {
        #expect(Self.mentioned(["保存()"], in: "func 保存() throws {}") == ["保存()"])
        #expect(Self.mentioned(["保存()"], in: "func 保存する() throws {}") == [])
        #expect(Self.mentioned([], in: "func save() throws {}") == [])
        #expect(Self.mentioned(["`import`(_:)"], in: "func `import`(_ id: Int) throws {}") == ["`import`(_:)"])
    }

    @Test("T7: a slot filler's name as a whole identifier only: the files worth parsing again for its calls")
    func wholeIdentifiers() {
        let source = """
            let padding = 4 // adds nothing
            bag.add { await load() }
            observer.start()
            """
        #expect(CalleeMentions.identifiers(["add", "start", "stop"], in: source) == ["add", "start"])
        #expect(CalleeMentions.identifiers(["add"], in: "let padding = address") == [])
        #expect(CalleeMentions.identifiers(["開始"], in: "x.開始()") == ["開始"])
        #expect(CalleeMentions.identifiers([], in: "add") == [])
    }
}
