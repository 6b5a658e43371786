import Foundation
@_spi(Generated) import SpecsmithRuntime

extension ValueDecl {
    /// The spec key of the first rule a literal of the spec (a constant, an example) breaks, or
    /// `nil` when it keeps them all.
    ///
    /// The check is the runtime's own `ValueRule.check`, the one generated code runs on every
    /// value, so lint cannot pass a literal the SDK would refuse, nor refuse one it takes.
    func violation(by node: JSONNode) -> String? {
        let kinds = rules.map(\.kind)
        do throws(ValueRuleFailure) {
            switch node.value {
            case let .string(text):
                try ValueRule.check(text, kinds, type: "")
            case let .number(text):
                // A number Decimal cannot hold breaks every numeric rule; it keeps the textual ones.
                guard let number = Decimal(string: text) else { return rules.first(where: \.isNumeric)?.keyName }
                try ValueRule.check(number, kinds, type: "")
            default:
                return nil
            }
        } catch {
            return rules.first { $0.kind == error.rule }?.keyName
        }
        return nil
    }
}

extension ValueDecl.Rule {
    /// Whether the rule bounds a number rather than a text.
    var isNumeric: Bool {
        switch kind {
        case .minimum, .maximum, .scale: true
        case .pattern, .minLength, .maxLength, .luhn, .allowed, .sdk: false
        }
    }
}
