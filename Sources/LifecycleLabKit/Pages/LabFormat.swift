/// Formatting of times for labels, without Foundation.
enum LabFormat {
    /// "1.25 s" with two decimals.
    static func seconds(_ duration: Duration) -> String {
        let (s, atto) = duration.components
        let exact: Double = Double(s) * 100 + Double(atto) / 1e16
        let hundredths = Int64(exact.rounded())
        let whole = hundredths / 100
        let frac = abs(hundredths % 100)
        return "\(whole).\(frac < 10 ? "0" : "")\(frac) s"
    }
}
