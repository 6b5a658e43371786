// Hand-written: the card number as the app may hold it — encrypted with the session's key, never
// in clear. Nothing in a spec can say "encrypt on the device"; this is that step.
import Foundation
import SpecsmithCrypto
@_spi(Generated) import SpecsmithRuntime

extension BKMExpress {
    /// A card number the app holds without seeing it: only its RSA-OAEP ciphertext under the key of
    /// the session it was entered for. Its description, debug description, `dump` and mirror show no
    /// digits, and no API returns the number in clear.
    ///
    /// A number goes only to the session it was sealed for: passed to another session's API, it is
    /// refused on the device with an `.encryption` failure instead of reaching BKM under a key that
    /// session's server cannot read.
    public struct CardNumber: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
        CustomReflectable
    {
        /// The ciphertext under each session's key, or why encryption failed (reported as
        /// `.encryption` when the number is sent), by session.
        private let sealed: [UInt64: Result<Data, CryptoFailure>]
        /// How many digits the number has, for display decisions only.
        public let digitCount: Int

        /// Encrypts ASCII `digits` at once under the key of each of `sessions`; the clear bytes are not kept.
        init(digits: [UInt8], for sessions: [CardKey]) {
            digitCount = digits.count
            var sealed: [UInt64: Result<Data, CryptoFailure>] = [:]
            for session in sessions {
                sealed[session.sessionID] = Result { () throws(CryptoFailure) -> Data in
                    try session.key.encrypt(Data(digits))
                }
            }
            self.sealed = sealed
        }

        func encrypted(for session: CardKey, operation: String) throws(Failure) -> EncryptedCardNumber {
            switch sealed[session.sessionID] {
            case let .success(ciphertext)?:
                do {
                    return try EncryptedCardNumber(validating: ciphertext.base64EncodedString())
                } catch {
                    throw Self.encryptionFailure(operation, "the ciphertext is not a valid EncryptedCardNumber")
                }
            case let .failure(failure)?:
                throw Self.encryptionFailure(operation, failure.description)
            case nil:
                throw Self.encryptionFailure(
                    operation,
                    "the card number was entered for another session; take it from a field of this session")
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
            lhs.digitCount == rhs.digitCount
                && lhs.sealed.mapValues { try? $0.get() } == rhs.sealed.mapValues { try? $0.get() }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(digitCount)
            hasher.combine(sealed.mapValues { try? $0.get() })
        }
    }

    /// A session's card encryption key and the session it belongs to, so that a number sealed for one
    /// session is never sent by another.
    struct CardKey: Sendable {
        let sessionID: UInt64
        let key: RSAPublicKey
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
