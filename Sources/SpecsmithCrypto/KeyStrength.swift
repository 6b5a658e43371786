import Foundation

/// Why an RSA key that reads correctly is still refused: too weak to protect card data.
public enum KeyWeakness: Sendable, Hashable, CustomStringConvertible {
    /// The modulus is shorter than ``KeyStrength/minimumModulusBits``.
    case modulusTooShort(bits: Int)
    /// The public exponent is below ``KeyStrength/minimumPublicExponent`` (3 and 17 invite
    /// the low-exponent attacks on RSA).
    case publicExponentTooSmall(Int)

    public var description: String {
        switch self {
        case let .modulusTooShort(bits): "RSA keys need at least 2048 bits, this has \(bits)"
        case let .publicExponentTooSmall(exponent): "the public exponent \(exponent) is below 65537"
        }
    }
}

/// The bar every RSA key meets when it is read or made, on every backend.
enum KeyStrength {
    static let minimumModulusBits = 2048
    static let minimumPublicExponent = 65537

    /// - Parameters:
    ///   - bits: The modulus's size in bits.
    ///   - exponent: The public exponent's big-endian bytes.
    /// - Throws: ``CryptoFailure/weakKey(_:)`` naming what is too weak.
    static func check(bits: Int, exponent: Data) throws(CryptoFailure) {
        guard bits >= minimumModulusBits else { throw .weakKey(.modulusTooShort(bits: bits)) }
        let significant = exponent.drop { $0 == 0 }
        // More than three bytes is at least 2^24, well above the bar.
        guard significant.count <= 3 else { return }
        let value = significant.reduce(0) { $0 << 8 | Int($1) }
        guard value >= minimumPublicExponent else { throw .weakKey(.publicExponentTooSmall(value)) }
    }
}
