import Foundation
@_spi(Generated) import SpecsmithRuntime
import Testing

@testable import SpecsmithCore

/// One table of rules and values, run against the generator's check of spec literals
/// (`ValueRuleCheck`) and the runtime's check of values (`ValueRule`): they must agree on every row.
@Suite struct ValueRuleAgreementTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var spec: ValueDecl.Rule.Kind
        var runtime: ValueRule
        /// A JSON string literal (`"…"`) or a JSON number.
        var value: String
        var holds: Bool

        var testDescription: String { "\(spec) on \(value) → \(holds)" }
    }

    static let rows: [Row] = [
        Row(spec: .pattern("5[0-9]{9}"), runtime: .pattern("5[0-9]{9}"), value: #""5000000001""#, holds: true),
        Row(spec: .pattern("5[0-9]{9}"), runtime: .pattern("5[0-9]{9}"), value: #""50000000012""#, holds: false),
        Row(spec: .pattern("[A-Z]{3}"), runtime: .pattern("[A-Z]{3}"), value: #""try""#, holds: false),
        // An invalid pattern holds for nothing on either side.
        Row(spec: .pattern("([A-Z]"), runtime: .pattern("([A-Z]"), value: #""A""#, holds: false),
        Row(spec: .minLength(2), runtime: .minLength(2), value: #""ab""#, holds: true),
        Row(spec: .minLength(2), runtime: .minLength(2), value: #""a""#, holds: false),
        // Lengths count characters, not bytes: "ğü" is two.
        Row(spec: .maxLength(2), runtime: .maxLength(2), value: #""ğü""#, holds: true),
        Row(spec: .maxLength(2), runtime: .maxLength(2), value: #""abc""#, holds: false),
        Row(spec: .allowed(["TRY", "EUR"]), runtime: .allowed(["TRY", "EUR"]), value: #""EUR""#, holds: true),
        Row(spec: .allowed(["TRY", "EUR"]), runtime: .allowed(["TRY", "EUR"]), value: #""USD""#, holds: false),
        Row(spec: .luhn, runtime: .luhn, value: #""4111111111111111""#, holds: true),
        Row(spec: .luhn, runtime: .luhn, value: #""4111111111111112""#, holds: false),
        Row(spec: .luhn, runtime: .luhn, value: #""4111 1111""#, holds: false),
        Row(spec: .luhn, runtime: .luhn, value: #""""#, holds: false),
        Row(spec: .minimum("1"), runtime: .minimum(1), value: "1", holds: true),
        Row(spec: .minimum("1"), runtime: .minimum(1), value: "0.99", holds: false),
        Row(spec: .maximum("12"), runtime: .maximum(12), value: "12", holds: true),
        Row(spec: .maximum("12"), runtime: .maximum(12), value: "12.01", holds: false),
        Row(spec: .scale(2), runtime: .scale(2), value: "100.25", holds: true),
        Row(spec: .scale(2), runtime: .scale(2), value: "100.255", holds: false),
        // Trailing zeros do not count: the value is 1.5.
        Row(spec: .scale(2), runtime: .scale(2), value: "1.500", holds: true),
        Row(spec: .scale(0), runtime: .scale(0), value: "1e3", holds: true),
        Row(spec: .scale(2), runtime: .scale(2), value: "1e-3", holds: false),
    ]

    @Test(arguments: rows)
    func generatorAndRuntimeAgree(row: Row) throws {
        let node = try JSONParser.parse(row.value)
        let generator = ValueRuleCheck.violation(
            of: [ValueDecl.Rule(kind: row.spec, location: node.location)], by: node)
        #expect((generator == nil) == row.holds, "the generator's check")
        let runtimeHolds: Bool
        switch node.value {
        case let .string(text):
            runtimeHolds = (try? ValueRule.check(text, [row.runtime], type: "T")) != nil
        case let .number(text):
            let number = try #require(Decimal(string: text))
            runtimeHolds = (try? ValueRule.check(number, [row.runtime], type: "T")) != nil
        default:
            Issue.record("a row's value is a JSON string or number")
            return
        }
        #expect(runtimeHolds == row.holds, "the runtime's check")
    }
}
