// Hand-written: card-encryption keys, cached per checkout host and key id, per PaymentKit instance
// (never shared between merchants' configurations).
import Foundation
import SpecsmithCrypto
import SpecsmithRuntime

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

/// The JWE payload: the card, and when it was encrypted, which the gateway checks against replay.
struct CardPayload: Encodable {
    var cardholderName: String
    var cardNumber: String
    var expiryMonth: String
    var expiryYear: String
    var securityCode: String
    var generatedAt: String

    enum CodingKeys: String, CodingKey {
        case cardholderName = "cardholder_name"
        case cardNumber = "card_number"
        case expiryMonth = "expiry_month"
        case expiryYear = "expiry_year"
        case securityCode = "security_code"
        case generatedAt = "generated_at"
    }

    /// The card encrypted to `key` as JWE compact (RSA-OAEP-256, A256GCM, kid).
    /// - Throws: ``PaymentError/encryption(_:)``; never an empty string.
    static func encrypt(_ card: CardDetails, to key: RSAPublicKey, at date: Date) throws(PaymentError)
        -> PaymentKitAPI.EncryptedCard
    {
        let payload = CardPayload(
            cardholderName: card.cardholderName, cardNumber: String(decoding: card.digits, as: UTF8.self),
            expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, securityCode: card.securityCode,
            generatedAt: ISO8601DateFormatter().string(from: date))
        do {
            let compact = try JWE.encrypt(try JSONEncoder().encode(payload), to: key)
            return try PaymentKitAPI.EncryptedCard(validating: compact)
        } catch let failure as CryptoFailure {
            throw .encryption(failure.description)
        } catch {
            throw .encryption("the encrypted card is not a compact JWE")
        }
    }
}
