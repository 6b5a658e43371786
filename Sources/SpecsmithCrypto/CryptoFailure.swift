/// Why a cryptographic operation failed. Messages never contain key material or plaintext.
public enum CryptoFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key could not be read or is not an RSA key of a usable size.
    case invalidKey(String)
    /// The key reads as RSA but is too weak: a short modulus or a small public exponent.
    case weakKey(KeyWeakness)
    /// The input is not in the expected format (a JWE with four parts, bad base64url, …).
    case malformed(String)
    /// Decryption or authentication failed: a wrong key, or tampered data.
    case decryptionFailed
    /// A signature does not match.
    case invalidSignature
    /// An algorithm or operation this build cannot perform.
    case unsupported(String)
    /// libcrypto reported an error.
    case library(String)

    public var description: String {
        switch self {
        case let .invalidKey(reason): "invalid key: \(reason)"
        case let .weakKey(weakness): "weak key: \(weakness)"
        case let .malformed(reason): "malformed input: \(reason)"
        case .decryptionFailed: "decryption failed: wrong key or tampered data"
        case .invalidSignature: "the signature does not match"
        case let .unsupported(what): "unsupported: \(what)"
        case let .library(message): "libcrypto: \(message)"
        }
    }
}
