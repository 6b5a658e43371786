import Foundation

/// An RSA private key: what a mock server decrypts card data with, and what a merchant backend signs
/// its login with. Its description never shows key material.
public struct RSAPrivateKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let backend: KeyBackend
    public let keyID: String?

    /// Reads `-----BEGIN PRIVATE KEY-----` (PKCS#8) or `-----BEGIN RSA PRIVATE KEY-----` (PKCS#1) PEM.
    public init(pem: String, keyID: String? = nil) throws(CryptoFailure) {
        backend = try KeyBackend.privateKey(pem: Data(pem.utf8))
        self.keyID = keyID
    }

    init(backend: KeyBackend, keyID: String?) {
        self.backend = backend
        self.keyID = keyID
    }

    /// A new random key.
    public static func generate(bits: Int = 2048, keyID: String? = nil) throws(CryptoFailure) -> RSAPrivateKey {
        guard bits >= 2048, bits <= 8192 else { throw .invalidKey("choose between 2048 and 8192 bits") }
        return RSAPrivateKey(backend: try KeyBackend.generate(bits: bits), keyID: keyID)
    }

    public var bits: Int { backend.bits }

    /// The matching public key, with the same key ID.
    public var publicKey: RSAPublicKey { RSAPublicKey(backend: backend, keyID: keyID) }

    /// The key as PKCS#8 PEM text. Handle it like the key itself.
    public func pem() throws(CryptoFailure) -> String {
        String(decoding: try backend.privatePEM(), as: UTF8.self)
    }

    /// RSA-OAEP decryption.
    /// - Throws: ``CryptoFailure/decryptionFailed`` for a wrong key or tampered ciphertext.
    public func decrypt(_ ciphertext: Data, digest: RSAOAEPDigest = .sha256) throws(CryptoFailure) -> Data {
        try backend.decryptOAEP(ciphertext, digest: digest)
    }

    /// An RSA-SHA256 (PKCS#1 v1.5) signature of `message`.
    public func sign(_ message: Data) throws(CryptoFailure) -> Data {
        try backend.signSHA256(message)
    }

    public var description: String { "RSAPrivateKey(\(bits) bits\(keyID.map { ", kid: \($0)" } ?? ""))" }
    public var debugDescription: String { description }
}
