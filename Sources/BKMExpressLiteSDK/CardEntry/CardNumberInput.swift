// Hand-written: the headless model behind the card-number field (BKMExpressCardNumberField /
// BKMExpressCardNumberView on Apple platforms). The digits live only here, inside the SDK.
import Foundation
import SpecsmithCrypto
import SpecsmithRuntime

extension BKMExpress {
    /// What a secure card-number field binds to: it takes typed or pasted text, keeps only digits up
    /// to 19, shows them grouped, and gives out only an encrypted ``CardNumber``.
    public final class CardNumberInput: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
        CustomReflectable
    {
        /// The most digits a card number has (ISO/IEC 7812).
        public static let maximumLength = 19
        /// The fewest digits this SDK accepts.
        public static let minimumLength = 15

        private let digits = Locked("")
        private let key: RSAPublicKey

        /// A field for the session of `api`.
        public init(api: API) {
            key = api.encryptionKey
        }

        /// A field for the most recently initialised session; call `BKMExpress.initialize` first, as
        /// the manual requires for the card-number view.
        public convenience init() {
            guard let api = API.latest.withLock({ $0 }) else {
                preconditionFailure("BKMExpress.initialize(context:) must succeed before a card number is entered")
            }
            self.init(api: api)
        }

        /// Replaces the field's text as typing or pasting would: non-digits are dropped, and digits past
        /// the maximum length are ignored.
        public func replaceText(_ text: String) {
            let kept = String(text.filter { $0.isASCII && $0.isNumber }.prefix(Self.maximumLength))
            digits.withLock { $0 = kept }
        }

        /// The digits grouped for display: four by four, or 4-6-5 for 15-digit (Amex-length) numbers.
        public var displayText: String {
            let current = digits.withLock { $0 }
            let groups = current.count == 15 ? [4, 6, 5] : Array(repeating: 4, count: 5)
            var result: [String] = []
            var rest = Substring(current)
            for size in groups where !rest.isEmpty {
                result.append(String(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
            return result.joined(separator: " ")
        }

        /// How many digits are entered.
        public var count: Int { digits.withLock { $0.count } }

        /// The number, encrypted with the session's key.
        /// - Throws: `.empty`, `.short`, or `.invalidLuhn`.
        public func cardNumber() throws(CardNumberFailure) -> CardNumber {
            let current = digits.withLock { $0 }
            if current.isEmpty { throw .empty }
            if current.count < Self.minimumLength { throw .short }
            guard Luhn.isValid(current) else { throw .invalidLuhn }
            return CardNumber(digits: current, key: key)
        }

        public var description: String { "CardNumberInput(\(count) digits)" }
        public var debugDescription: String { description }
        public var customMirror: Mirror { Mirror(self, children: ["count": count]) }
    }
}
