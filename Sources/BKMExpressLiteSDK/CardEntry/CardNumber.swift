// Hand-written: the card number as the app may hold it — encrypted with the session's key, never
// in clear. Nothing in a spec can say "encrypt on the device"; this is that step.
import Foundation
import SpecsmithCrypto
import SpecsmithRuntime

extension BKMExpress {
    /// A card number the app holds without seeing it: only its RSA-OAEP ciphertext under the
    /// session's key. Its description, debug description, `dump` and mirror show no digits, and no
    /// API returns the number in clear.
    public struct CardNumber: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
        CustomReflectable
    {
        /// The ciphertext, or why encryption failed (reported as `.encryption` when the number is sent).
        private let sealed: Result<Data, CryptoFailure>
        /// How many digits the number has, for display decisions only.
        public let digitCount: Int

        /// Encrypts ASCII `digits` at once; the clear bytes are not kept.
        init(digits: [UInt8], key: RSAPublicKey) {
            digitCount = digits.count
            sealed = Result { () throws(CryptoFailure) -> Data in try key.encrypt(Data(digits)) }
        }

        func encrypted(operation: String) throws(Failure) -> EncryptedCardNumber {
            switch sealed {
            case let .success(ciphertext):
                do {
                    return try EncryptedCardNumber(validating: ciphertext.base64EncodedString())
                } catch {
                    throw Self.encryptionFailure(operation, "the ciphertext is not a valid EncryptedCardNumber")
                }
            case let .failure(failure):
                throw Self.encryptionFailure(operation, failure.description)
            }
        }

        private static func encryptionFailure(_ operation: String, _ detail: String) -> Failure {
            Failure(
                kind: .encryption, message: Failure.messages.encryption, operation: operation,
                detail: "\(operation) failed: \(detail)")
        }

        public var description: String { "CardNumber(\(digitCount) digits, encrypted)" }
        public var debugDescription: String { description }
        public var customMirror: Mirror { Mirror(self, children: ["digitCount": digitCount, "number": redacted]) }

        public static func == (lhs: CardNumber, rhs: CardNumber) -> Bool {
            lhs.digitCount == rhs.digitCount && (try? lhs.sealed.get()) == (try? rhs.sealed.get())
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(digitCount)
            hasher.combine(try? sealed.get())
        }
    }

    /// Why the card-number field cannot give a `CardNumber` yet. Deliberately not localised: show
    /// your own message for each case.
    public enum CardNumberFailure: Error, Sendable, Hashable {
        /// The field holds no digits.
        case empty
        /// Fewer digits than a card number of its brand has.
        case short
        /// All the digits are there, but the Luhn check digit is wrong: a typing mistake.
        case invalidLuhn
    }
}
