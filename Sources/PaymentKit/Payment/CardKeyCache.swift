// Hand-written: card-encryption keys, cached per checkout host and key id, per PaymentKit instance
// (never shared between merchants' configurations).
import Foundation
import SpecsmithCrypto
@_spi(Generated) import SpecsmithRuntime

/// The checkout hosts' current card keys.
final class CardKeyCache: Sendable {
    struct Entry: Sendable {
        var keyID: String
        var key: RSAPublicKey
    }

    private let entries = Locked<[String: Entry]>([:])

    /// The cached current key of `host`.
    func key(for host: URL) -> Entry? { entries.withLock { $0[host.absoluteString] } }

    func store(_ entry: Entry, for host: URL) { entries.withLock { $0[host.absoluteString] = entry } }

    /// Drops `host`'s key if it is still the one named `keyID` (another payment may have refetched).
    func invalidate(host: URL, keyID: String) {
        entries.withLock { entries in
            if entries[host.absoluteString]?.keyID == keyID { entries[host.absoluteString] = nil }
        }
    }
}

extension PaymentKitAPI.CardPayload {
    /// The card encrypted to `key` as JWE compact (RSA-OAEP-256, A256GCM, kid).
    /// - Throws: ``PaymentError/encryption(_:)``; never an empty string.
    static func encrypt(_ card: CardDetails, to key: RSAPublicKey, at date: Date) throws(PaymentError)
        -> PaymentKitAPI.EncryptedCard
    {
        let payload = Self(
            cardholderName: card.cardholderName, cardNumber: String(decoding: card.digits, as: UTF8.self),
            expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, securityCode: card.securityCode,
            generatedAt: date)
        do {
            let compact = try JWE.encrypt(try WireCoding.encode(payload), to: key)
            return try PaymentKitAPI.EncryptedCard(validating: compact)
        } catch let failure as CryptoFailure {
            throw .encryption(failure.description)
        } catch {
            throw .encryption("the encrypted card is not a compact JWE")
        }
    }
}
