import Foundation

// Reads the `// lab-code:` regions of the lab model's sources and writes them as Swift data
// (LabModel's `StrategyCodeCatalog.extractedRegions`), so the app's code panel shows the code
// that runs, taken from the source at build time. Run by the LabCodePlugin build-tool plugin:
//   LabCodeTool OUTPUT.swift PACKAGE_DIR INPUT.swift…
// A marker it cannot read fails the build with `file:line: error: …`.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: LabCodeTool OUTPUT.swift PACKAGE_DIR INPUT.swift…\n".utf8))
    exit(2)
}
let output = arguments[arguments.startIndex]
var packageDirectory = arguments[arguments.startIndex + 1]
while packageDirectory.hasSuffix("/") { packageDirectory.removeLast() }
let inputs = arguments.dropFirst(2).sorted()

var regions: [CodeMarkers.Region] = []
do {
    for path in inputs {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var relative = path
        if relative.hasPrefix(packageDirectory + "/") { relative.removeFirst(packageDirectory.count + 1) }
        regions += try CodeMarkers.regions(file: relative, text: text)
    }
} catch let failure as CodeMarkers.Failure {
    FileHandle.standardError.write(Data("\(failure)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("LabCodeTool: \(error)\n".utf8))
    exit(1)
}

let generated = CodeTableWriter.swiftSource(regions)
// Rewrite only on a change, so an unchanged table does not rebuild LabModel.
if (try? String(contentsOfFile: output, encoding: .utf8)) != generated {
    do {
        try generated.write(toFile: output, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("LabCodeTool: cannot write \(output): \(error)\n".utf8))
        exit(1)
    }
}
