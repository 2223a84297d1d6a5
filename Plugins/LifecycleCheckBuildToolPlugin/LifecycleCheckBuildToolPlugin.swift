import Foundation
import PackagePlugin

/// Runs `lifecycle-lab-check` over a target's Swift sources on every build that changes one, so its
/// findings show as the build's own warnings, with file and line (`path:line:column: warning: …`).
///
/// A warning or a note leaves the build green (`--fail-on error`); a rule the project's
/// `.lifecycle-check.yml` makes an `error` fails it, as a compiler error would. The configuration's
/// `excluded:` applies to these files too (`--force-exclude`). The command has no output file (one
/// would become a resource of the target): SwiftPM runs such a command, again when a source changed,
/// only for a package of swift-tools-version 6.0 or later.
@main
struct LifecycleCheckBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        return [
            try checkCommand(
                target: target.name, sources: sources, tool: context.tool(named: "LifecycleCheckTool").url)
        ]
    }
}

/// The one command both hosts run: SwiftPM's build and an Xcode project's.
private func checkCommand(target: String, sources: [URL], tool: URL) -> Command {
    .buildCommand(
        displayName: "Checking \(target)'s tasks (lifecycle-lab-check)",
        executable: tool,
        arguments: ["--fail-on", "error", "--force-exclude"] + sources.map { $0.path(percentEncoded: false) },
        inputFiles: sources,
        outputFiles: [])
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension LifecycleCheckBuildToolPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let sources = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }
                .map(\.url)
            guard !sources.isEmpty else { return [] }
            return [
                try checkCommand(
                    target: target.displayName, sources: sources,
                    tool: context.tool(named: "LifecycleCheckTool").url)
            ]
        }
    }
#endif
