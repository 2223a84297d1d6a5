internal import CGtk

/// A `GError` turned into a Swift error: its domain (as a string), code and message.
public struct GLibError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The error domain, e.g. `g-io-error-quark` (`GError.domain` through `g_quark_to_string`).
    public var domain: String
    /// The domain-specific code (`GError.code`).
    public var code: Int
    /// The human-readable message GLib produced (`GError.message`).
    public var message: String

    /// Creates an error from its parts, with no `GError` behind it (tests compare with it).
    public init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// Converts and frees a `GError`.
    init(consuming error: UnsafeMutablePointer<GError>) {
        domain = String(cString: g_quark_to_string(error.pointee.domain))
        code = Int(error.pointee.code)
        message = error.pointee.message.map { String(cString: $0) } ?? "(no message)"
        g_error_free(error)
    }

    /// Runs `body` with a `GError **` and throws when it sets one.
    static func check<R>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> R) throws(GLibError) -> R {
        var error: UnsafeMutablePointer<GError>? = nil
        let result = body(&error)
        if let error { throw GLibError(consuming: error) }
        return result
    }

    /// `message (domain code)`.
    public var description: String { "\(message) (\(domain) \(code))" }

    /// Builds a real `GError` through GLib and converts it back: the conversion, exercised
    /// end to end (tests use it; it is also how one checks a domain name).
    public static func roundTrip(domain: String, code: Int, message: String) -> GLibError {
        let quark = g_quark_from_string(domain)
        let error = g_error_new_literal(quark, gint(code), message)!
        return GLibError(consuming: error)
    }
}
