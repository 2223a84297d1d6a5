#if canImport(Glibc)
    import Glibc
#endif

/// `check.thousand_files`: the checker over 1,000 generated SwiftUI files (100–400 lines each,
/// some with the seeds' bugs), as a person runs it: the real `lifecycle-lab-check --format json`
/// process from the bench's own folder. The baseline, in the same run over the same files, is
/// `lifecycle-lab-check --parse-only`: the same process, walk and reads, swift-syntax's parse
/// alone, no rule. Needs no display.
@MainActor
enum CheckBenchmark {
    static let fileCount = 1_000

    static func run(_ options: BenchOptions) {
        guard options.wants("check.thousand_files") else { return }
        let checker = AppBenchmarks.siblingExecutable("lifecycle-lab-check")
        guard access(checker, X_OK) == 0 else {
            FileHandleStderr.write(
                "lifecycle-bench: check.thousand_files needs \(checker) (swift build --product lifecycle-lab-check)\n")
            return
        }
        let folder = "/tmp/lifecycle-bench-check-\(getpid())"
        let corpus = SwiftUICorpus.write(files: fileCount, to: folder)
        defer { SwiftUICorpus.remove(corpus) }
        // A first parse-only pass reads every file into the page cache; neither figure pays for the disk.
        _ = time([checker, "--parse-only", "--format", "json", folder])
        let rounds = options.quick ? 1 : 5
        var checks: [Run] = []
        var parses: [Run] = []
        for _ in 0..<rounds {
            if let run = time([checker, "--format", "json", folder]) { checks.append(run) }
            if let run = time([checker, "--parse-only", "--format", "json", folder]) { parses.append(run) }
        }
        guard let check = checks.median, let parse = parses.median,
            check.output.contains("\"files\":\(fileCount),")
        else {
            FileHandleStderr.write(
                "lifecycle-bench: check.thousand_files: the checker did not report \(fileCount) files\n")
            return
        }
        let findings = check.output.ranges(of: "{\"rule\":").count
        emit(
            Metric(
                name: "check.thousand_files", value: check.seconds, unit: "s", baseline: parse.seconds,
                baselineName: "lifecycle-lab-check --parse-only (swift-syntax parse, same files, same process)",
                target: "< 10 s", met: check.seconds < 10,
                extra: [
                    ("files", Double(fileCount)), ("lines", Double(corpus.lines)),
                    ("files_with_bugs", Double(corpus.buggyFiles)), ("findings", Double(findings)),
                    ("cpu_s", check.cpuSeconds), ("baseline_cpu_s", parse.cpuSeconds),
                    ("cores", Double(sysconf(Int32(_SC_NPROCESSORS_ONLN)))), ("rounds", Double(rounds)),
                    ("load", loadAverage()),
                ]))
    }

    struct Run {
        var seconds: Double
        var cpuSeconds: Double
        var output: String
    }

    /// Runs `arguments` to the end; its wall and CPU time and its standard output.
    static func time(_ arguments: [String]) -> Run? {
        let start = monotonicNanoseconds()
        guard let result = spawnAndRead(arguments, environment: []) else { return nil }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        return Run(seconds: seconds, cpuSeconds: result.cpuMilliseconds / 1_000, output: result.output)
    }
}

extension [CheckBenchmark.Run] {
    /// The run with the median wall time.
    fileprivate var median: CheckBenchmark.Run? {
        isEmpty ? nil : sorted { $0.seconds < $1.seconds }[count / 2]
    }
}

/// Realistic SwiftUI files, made the same way every run: lists, forms, detail views, toasts and
/// settings, 100–400 lines each, in ten folders; about one in eight carries one of the seeds'
/// bugs (an unstructured `Task` in `onAppear` or a button, a `try?` that swallows cancellation,
/// a `Task` inside `.task`).
enum SwiftUICorpus {
    struct Written {
        var folder: String
        var paths: [String]
        var lines: Int
        var buggyFiles: Int
    }

    static func write(files: Int, to folder: String) -> Written {
        mkdir(folder, 0o755)
        var random = SplitMix(seed: 20_261_126)
        var written = Written(folder: folder, paths: [], lines: 0, buggyFiles: 0)
        for index in 0..<files {
            let subfolder = folder + "/Feature\(index % 10)"
            if index < 10 { mkdir(subfolder, 0o755) }
            let bug = index % 8 == 3 ? Int(random.next() % 4) : nil
            let target = 100 + Int(random.next() % 301)
            let source = view(number: index, lines: target, bug: bug, random: &random)
            let path = subfolder + "/Screen\(index).swift"
            guard let file = fopen(path, "w") else { continue }
            fputs(source, file)
            fclose(file)
            written.paths.append(path)
            written.lines += source.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            if bug != nil { written.buggyFiles += 1 }
        }
        return written
    }

    static func remove(_ written: Written) {
        for path in written.paths { unlink(path) }
        for index in 0..<10 { rmdir(written.folder + "/Feature\(index)") }
        rmdir(written.folder)
    }

    /// One file: a model, a view with state, a body of stacks and modifiers, helper views, until
    /// it has about `lines` lines.
    static func view(number: Int, lines: Int, bug: Int?, random: inout SplitMix) -> String {
        let name =
            ["Inbox", "Profile", "Settings", "Orders", "Search", "Gallery", "Player", "Checkout"][number % 8]
            + "\(number)"
        var out = """
            import SwiftUI

            struct \(name)Item: Identifiable, Hashable {
                let id: Int
                var title: String
                var subtitle: String
                var isFavorite: Bool
            }

            @MainActor
            final class \(name)Model: ObservableObject {
                @Published var items: [\(name)Item] = []
                @Published var isLoading = false
                @Published var errorMessage: String?

                func load() async throws {
                    isLoading = true
                    defer { isLoading = false }
                    try await Task.sleep(for: .milliseconds(200))
                    items = (0..<20).map { \(name)Item(id: $0, title: "Item \\($0)", subtitle: "Detail", isFavorite: false) }
                }

                func save() async throws {
                    try await Task.sleep(for: .milliseconds(100))
                }
            }

            struct \(name)View: View {
                @StateObject private var model = \(name)Model()
                @State private var query = ""
                @State private var showsToast = false
                @State private var selection: \(name)Item.ID?
                @Environment(\\.dismiss) private var dismiss

                var body: some View {
                    NavigationStack {
                        List(selection: $selection) {
                            ForEach(model.items) { item in
                                \(name)Row(item: item)
                            }
                        }
                        .searchable(text: $query)
                        .navigationTitle("\(name)")
                        .toolbar {
                            ToolbarItem(placement: .primaryAction) {

            """
        switch bug {
        case 1:  // B1: the button's Task is never cancelled and its error is dropped.
            out += """
                                    Button("Save") {
                                        Task {
                                            try await model.save()
                                            showsToast = true
                                        }
                                    }

                """
        default:
            out += """
                                    Button("Done") { dismiss() }

                """
        }
        out += """
                            }
                        }
                        .overlay(alignment: .bottom) {
                            if showsToast { \(name)Toast(isPresented: $showsToast) }
                        }

            """
        switch bug {
        case 0:  // T1: an unstructured Task in onAppear that nobody cancels.
            out += """
                        .onAppear {
                            Task {
                                try? await model.load()
                                showsToast = true
                            }
                        }

                """
        case 2:  // T3: try? swallows the cancellation; the work after it runs anyway.
            out += """
                        .task {
                            try? await Task.sleep(for: .seconds(2))
                            showsToast = false
                        }

                """
        case 3:  // A Task inside .task: not cancelled with the view.
            out += """
                        .task {
                            Task { try? await model.load() }
                        }

                """
        default:
            out += """
                        .task {
                            do {
                                try await model.load()
                            } catch {
                                model.errorMessage = error.localizedDescription
                            }
                        }

                """
        }
        out += """
                    }
                }
            }

            struct \(name)Toast: View {
                @Binding var isPresented: Bool

                var body: some View {
                    Text("Saved")
                        .padding()
                        .background(.thinMaterial, in: Capsule())
                        .task {
                            do {
                                try await Task.sleep(for: .seconds(3))
                                isPresented = false
                            } catch {}
                        }
                }
            }

            """
        var part = 0
        while out.utf8.reduce(0, { $0 + ($1 == 10 ? 1 : 0) }) < lines - 20 {
            out += helper(name: name, part: part, random: &random)
            part += 1
        }
        return out
    }

    /// A helper view of 20–40 lines: a row, a card or a form section.
    static func helper(name: String, part: Int, random: inout SplitMix) -> String {
        let spacing = 4 + Int(random.next() % 12)
        switch part % 3 {
        case 0:
            return """

                struct \(name)Row\(part == 0 ? "" : "\(part)"): View {
                    let item: \(name)Item

                    var body: some View {
                        HStack(spacing: \(spacing)) {
                            Image(systemName: item.isFavorite ? "star.fill" : "star")
                                .foregroundStyle(item.isFavorite ? .yellow : .secondary)
                            VStack(alignment: .leading, spacing: 2) {
                                Text(item.title)
                                    .font(.headline)
                                Text(item.subtitle)
                                    .font(.subheadline)
                                    .foregroundStyle(.secondary)
                            }
                            Spacer()
                            Text("#\\(item.id)")
                                .font(.caption.monospacedDigit())
                        }
                        .padding(.vertical, \(spacing / 2))
                        .contentShape(Rectangle())
                        .accessibilityElement(children: .combine)
                    }
                }

                """
        case 1:
            return """

                struct \(name)Card\(part): View {
                    var title: String
                    var value: Double
                    @State private var isExpanded = false

                    var body: some View {
                        VStack(alignment: .leading, spacing: \(spacing)) {
                            HStack {
                                Text(title).font(.title3.bold())
                                Spacer()
                                Button {
                                    withAnimation(.snappy) { isExpanded.toggle() }
                                } label: {
                                    Image(systemName: isExpanded ? "chevron.up" : "chevron.down")
                                }
                            }
                            ProgressView(value: value)
                            if isExpanded {
                                Text("Value: \\(value, format: .percent)")
                                    .font(.footnote)
                                    .transition(.opacity)
                            }
                        }
                        .padding(\(spacing))
                        .background(.background.secondary, in: RoundedRectangle(cornerRadius: 12))
                        .onAppear { isExpanded = value > 0.5 }
                    }
                }

                """
        default:
            return """

                struct \(name)Section\(part): View {
                    @AppStorage("\(name.lowercased())-\(part)-enabled") private var isEnabled = true
                    @State private var count = \(spacing)

                    var body: some View {
                        Section("Options \(part)") {
                            Toggle("Enabled", isOn: $isEnabled)
                            Stepper("Count: \\(count)", value: $count, in: 0...100)
                            Picker("Style", selection: $count) {
                                ForEach(0..<5) { index in
                                    Text("Style \\(index)").tag(index)
                                }
                            }
                            .disabled(!isEnabled)
                            LabeledContent("Total", value: "\\(count * 2)")
                        }
                        .onChange(of: count) { oldValue, newValue in
                            if newValue > 90 { count = 90 }
                        }
                    }
                }

                """
        }
    }
}

/// SplitMix64: the same files every run, without Foundation.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
