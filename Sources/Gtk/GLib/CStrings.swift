import Glibc

/// Calls `body` with a NULL-terminated `const char *[]` of `strings`.
func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let duplicated = strings.map { UnsafePointer(strdup($0)) }
    defer { duplicated.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    return (duplicated + [nil]).withUnsafeBufferPointer { body($0.baseAddress!) }
}
