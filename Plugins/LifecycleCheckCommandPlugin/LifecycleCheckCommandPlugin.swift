import Foundation
import PackagePlugin

/// `swift package lifecycle-check [--fix | --diff] [OPTION…] [TARGET…]`: runs `lifecycle-lab-check`
/// over the Swift sources of the package's targets (all of them, or the ones named, as words or
/// `--target NAME`), with the checker's own options (`--format`, `--explain`, `--unsafe-fixes`, …).
///
/// It declares no permission: a check only reads. `--fix` rewrites sources, so it needs
/// `swift package --allow-writing-to-package-directory lifecycle-check --fix`; without that, the
/// plugin sandbox (macOS) refuses the write and the checker names the file it left alone.
@main
struct LifecycleCheckCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // Words after `--` are target names, whatever they look like.
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var extractor = ArgumentExtractor(Array(arguments[..<end]))
        var wanted = extractor.extractOption(named: "target") + arguments[end...].dropFirst()
        // SwiftPM's own options, which it also hands on when they follow the verb: not the checker's.
        _ = extractor.extractFlag(named: "allow-writing-to-package-directory")
        _ = extractor.extractFlag(named: "disable-sandbox")
        _ = extractor.extractOption(named: "allow-writing-to-directory")
        _ = extractor.extractOption(named: "allow-network-connections")
        var passed: [String] = []
        var words = extractor.remainingArguments[...]
        while let word = words.popFirst() {
            if word.hasPrefix("-") {
                passed.append(word)
                // The checker's options that take a value keep it.
                if ["--format", "--config", "--disable", "--baseline", "--write-baseline", "--fail-on"].contains(word),
                    let value = words.popFirst()
                {
                    passed.append(value)
                }
            } else {
                wanted.append(word)
            }
        }
        let targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        let unknown = wanted.filter { name in !targets.contains { $0.name == name } }
        guard unknown.isEmpty else {
            let names = targets.map(\.name).sorted().joined(separator: ", ")
            Diagnostics.error(
                "lifecycle-check: no target named \(unknown.joined(separator: ", ")) in "
                    + "\(context.package.displayName) (its targets: \(names))")
            exit(2)
        }
        let chosen = wanted.isEmpty ? targets : targets.filter { wanted.contains($0.name) }
        // Paths from the package's folder, where the checker runs: short lines, and a diff that
        // `patch -p0` applies there.
        let root = context.package.directoryURL.path(percentEncoded: false)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let sources = chosen.flatMap { target in
            target.sourceFiles(withSuffix: "swift").map { file in
                let path = file.url.path(percentEncoded: false)
                return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
            }
        }
        guard !sources.isEmpty else {
            print("lifecycle-check: no Swift sources in \(chosen.map(\.name).joined(separator: ", "))")
            return
        }
        let checker = Process()
        checker.executableURL = try context.tool(named: "LifecycleCheckTool").url
        // Files named here, so the configuration's `excluded:` must be asked to apply to them.
        checker.arguments = ["--force-exclude"] + passed + sources
        checker.currentDirectoryURL = context.package.directoryURL
        try checker.run()
        checker.waitUntilExit()
        // A failing checker (1: a warning found; 2: bad input) fails the command: `swift package`
        // then exits 1 and names the status.
        if checker.terminationReason != .exit || checker.terminationStatus != 0 {
            exit(checker.terminationReason == .exit ? checker.terminationStatus : 2)
        }
    }
}
