// Hand-written: the rule an amount keeps before it is sent. The spec says "exact, two decimal places,
// not negative"; what a `Decimal` made from a float literal means is Swift's business, not the wire's.
import Foundation
import SpecsmithRuntime

extension BKMExpress.API {
    /// The user message for an amount the SDK refuses before sending anything.
    static let invalidAmountMessage = "Tutar sıfırdan büyük olmalı ve en fazla iki ondalık basamak içermelidir."

    /// An amount as the wire carries it: greater than zero, with at most two decimal places. Nothing
    /// is rounded.
    ///
    /// A `Decimal` written as a float literal (`amount: 19.99`) reaches the SDK as the binary double's
    /// expansion (19.98999999999999488); such a value stands for the literal as written. Every other
    /// value is taken exactly, so `Decimal(string: "10.005")` and the literal `10.005` are both refused.
    static func amount(_ value: Decimal, _ operation: String) throws(BKMExpress.Failure) -> BKMExpress.Amount {
        var exact = value
        var cents = Decimal()
        NSDecimalRound(&cents, &exact, 2, .plain)
        // Either exact already, or precisely what the float literal of `cents` turns into.
        let isAsWritten = cents == value || Double("\(cents)").map { Decimal($0) == value } == true
        guard cents > 0, isAsWritten, let amount = try? BKMExpress.Amount(validating: cents) else {
            throw BKMExpress.Failure(
                kind: .invalidRequest, message: invalidAmountMessage, operation: operation,
                detail: "\(operation) failed: invalid request: the amount \(value) must be greater than zero "
                    + "with at most two decimal places; nothing was sent")
        }
        return amount
    }
}
