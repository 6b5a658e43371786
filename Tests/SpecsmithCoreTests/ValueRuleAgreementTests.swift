import Foundation
@_spi(Generated) import SpecsmithRuntime
import Testing

@testable import SpecsmithCore

/// One table of rules and values, run against lint's check of spec literals (a value type's
/// `violation(by:)`) and the runtime's check of values (`ValueRule`): the spec model holds the
/// runtime's rules, and lint must reach the same verdict on every row, naming the rule broken.
@Suite struct ValueRuleAgreementTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var runtime: ValueRule
        /// A JSON string literal (`"…"`) or a JSON number.
        var value: String
        var holds: Bool

        var testDescription: String { "\(runtime) on \(value) → \(holds)" }
    }

    static let rows: [Row] = [
        Row(runtime: .pattern("5[0-9]{9}"), value: #""5000000001""#, holds: true),
        Row(runtime: .pattern("5[0-9]{9}"), value: #""50000000012""#, holds: false),
        Row(runtime: .pattern("[A-Z]{3}"), value: #""try""#, holds: false),
        // An invalid pattern holds for nothing on either side.
        Row(runtime: .pattern("([A-Z]"), value: #""A""#, holds: false),
        Row(runtime: .minLength(2), value: #""ab""#, holds: true),
        Row(runtime: .minLength(2), value: #""a""#, holds: false),
        // Lengths count characters, not bytes: "ğü" is two.
        Row(runtime: .maxLength(2), value: #""ğü""#, holds: true),
        Row(runtime: .maxLength(2), value: #""abc""#, holds: false),
        Row(runtime: .allowed(["TRY", "EUR"]), value: #""EUR""#, holds: true),
        Row(runtime: .allowed(["TRY", "EUR"]), value: #""USD""#, holds: false),
        Row(runtime: .luhn, value: #""4111111111111111""#, holds: true),
        Row(runtime: .luhn, value: #""4111111111111112""#, holds: false),
        Row(runtime: .luhn, value: #""4111 1111""#, holds: false),
        Row(runtime: .luhn, value: #""""#, holds: false),
        Row(runtime: .minimum(1), value: "1", holds: true),
        Row(runtime: .minimum(1), value: "0.99", holds: false),
        Row(runtime: .maximum(12), value: "12", holds: true),
        Row(runtime: .maximum(12), value: "12.01", holds: false),
        Row(runtime: .scale(2), value: "100.25", holds: true),
        Row(runtime: .scale(2), value: "100.255", holds: false),
        // Trailing zeros do not count: the value is 1.5.
        Row(runtime: .scale(2), value: "1.500", holds: true),
        Row(runtime: .scale(0), value: "1e3", holds: true),
        Row(runtime: .scale(2), value: "1e-3", holds: false),
    ]

    @Test(arguments: rows)
    func generatorAndRuntimeAgree(row: Row) throws {
        let node = try JSONParser.parse(row.value)
        let rule = ValueDecl.Rule(kind: row.runtime, location: node.location)
        let decl = ValueDecl(
            base: .string, baseLocation: node.location, rules: [rule], constants: [], sensitive: false)
        #expect(decl.violation(by: node) == (row.holds ? nil : rule.keyName), "lint's check")
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
