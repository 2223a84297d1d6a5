// `lifecycle-lab-check [--format text|json|sarif] [--explain] PATH…`; `lifecycle-lab check`
// hands over here. Exit 0: nothing found; 1: a warning found; 2: bad input (see --help).
#if canImport(Glibc)
    import Glibc
#endif

let status = await CheckTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
