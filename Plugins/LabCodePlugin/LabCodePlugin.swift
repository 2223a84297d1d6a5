import PackagePlugin

/// Extracts the `// lab-code:` regions of a target's Swift sources into a generated Swift file
/// compiled with the target, so the code the app shows for a strategy is the code that runs.
///
/// Applied to LabModel (Package.swift). Runs `LabCodeTool` whenever one of the target's sources
/// changed; a malformed marker fails the build with its file and line.
@main
struct LabCodePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let inputs = target.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "StrategyCodeTable.swift")
        return [
            .buildCommand(
                displayName: "Extracting the lab-code regions of \(target.name)",
                executable: try context.tool(named: "LabCodeTool").url,
                arguments: [output, context.package.directoryURL].map { $0.path(percentEncoded: false) }
                    + inputs.map { $0.path(percentEncoded: false) },
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
