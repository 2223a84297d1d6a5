import Foundation
import LabModel
import LifecycleTasks
import LifecycleTestSupport
import Testing

/// `JSONText` writes the `--scenario` verdict (the command line's, every SPEC row's
/// repro) without Foundation. Its output must be what `JSONEncoder` with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` gives, so readers of the
/// verdict see no change; Foundation is allowed here, in the tests, to compare against.
@Suite("JSON text of scenario verdicts (T1–T8, B1–B3, P1–P6, I1 --scenario output)")
struct JSONTextTests {
    struct Sample: Encodable {
        var name: String
        var count: Int
        var ratio: Double
        var whole: Double
        var flag: Bool
        var missing: Double?
        var present: Double?
        var list: [Int]
        var empty: [String]
        var nested: [String: Double]
        var path: String
    }

    static let sample = Sample(
        name: "quote \" backslash \\ tab \t newline \n bell \u{07} é ▲", count: -42, ratio: 0.125,
        whole: 3, flag: true, missing: nil, present: 1.5e-7, list: [1, 2],
        empty: [], nested: ["b": 2, "a": 1], path: "a/b")

    static func foundationText(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("Exact layout: sorted keys, two-space indent, \"key\" : value, nil left out")
    func layout() {
        struct Small: Encodable {
            var b: [Int]
            var a: String
            var c: Double?
        }
        #expect(
            JSONText.prettyPrinted(Small(b: [1, 2], a: "x", c: nil)) == """
                {
                  "a" : "x",
                  "b" : [
                    1,
                    2
                  ]
                }
                """)
    }

    @Test("Same text as JSONEncoder for strings with escapes, numbers, optionals, nesting")
    func matchesFoundation() throws {
        #expect(JSONText.prettyPrinted(Self.sample) == (try Self.foundationText(Self.sample)))
    }

    @Test(
        "Every verdict (T1–T8, B1–B3, P1–P6, I1) reads back equal through JSONDecoder",
        arguments: allStrategies)
    @MainActor
    func verdictRoundTrip(_ id: AnyStrategyID) async throws {
        let (verdict, host) = await headless(id)
        let text = verdict.json()
        let decoded = try JSONDecoder().decode(ScenarioVerdict.self, from: Data(text.utf8))
        #expect(decoded == verdict)
        #expect(text == (try Self.foundationText(verdict)))
        await host.expectNoLiveTasks()
    }

    @Test("Numbers are spelled as JSONEncoder spells them: -0, 1e+16, 1e-07, Float 0.1")
    func numbers() throws {
        let doubles: [Double] = [
            0, -0.0, 1, -3, 1.5, 0.1, 1e15, 1e15 + 2, 9_007_199_254_740_992, 1e16,
            1e21, 1.5e300, 1e-7, 123_456_789.125, -2.5e-5, 4.35,
        ]
        #expect(JSONText.prettyPrinted(doubles) == (try Self.foundationText(doubles)))
        let floats: [Float] = [0.1, 1.5, 3, -0.0, 1e-7]
        #expect(JSONText.prettyPrinted(floats) == (try Self.foundationText(floats)))
        let integers: [Int64] = [0, -1, .max, .min]
        #expect(JSONText.prettyPrinted(integers) == (try Self.foundationText(integers)))
    }

    @Test("superEncoder() nests the superclass's fields under \"super\", as JSONEncoder does")
    func superEncoder() throws {
        class Base: Encodable {
            var base = 1
            enum CodingKeys: String, CodingKey { case base }
        }
        final class Derived: Base {
            var own = "x"
            enum DerivedKeys: String, CodingKey { case own }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: DerivedKeys.self)
                try container.encode(own, forKey: .own)
                try super.encode(to: container.superEncoder())
            }
        }
        let text = JSONText.prettyPrinted(Derived())
        #expect(text == (try Self.foundationText(Derived())))
        #expect(text.contains("\"super\" : {"))
    }

    @Test("A non-finite number prints as null (JSON has no spelling for it)")
    func nonFinite() {
        struct Odd: Encodable { var x: Double }
        #expect(JSONText.prettyPrinted(Odd(x: .infinity)) == "{\n  \"x\" : null\n}")
        #expect(JSONText.prettyPrinted(Odd(x: .nan)) == "{\n  \"x\" : null\n}")
    }
}
