import Foundation

#if canImport(COpenSSL)
    typealias KeyBackend = EVPKey
#elseif canImport(Security)
    typealias KeyBackend = SecKeyBackend
#endif

/// An RSA public key (2048 bits or more): what a client encrypts card data with and verifies
/// signatures against. Read from PEM (SubjectPublicKeyInfo), DER or a JWK.
public struct RSAPublicKey: Sendable, CustomStringConvertible {
    let backend: KeyBackend
    /// The key's identifier (`kid`), carried into JWE headers.
    public let keyID: String?

    init(backend: KeyBackend, keyID: String?) {
        self.backend = backend
        self.keyID = keyID
    }

    /// Reads `-----BEGIN PUBLIC KEY-----` PEM text.
    public init(pem: String, keyID: String? = nil) throws(CryptoFailure) {
        self.init(backend: try KeyBackend.publicKey(pem: Data(pem.utf8)), keyID: keyID)
    }

    /// Reads a DER-encoded SubjectPublicKeyInfo.
    public init(der: Data, keyID: String? = nil) throws(CryptoFailure) {
        self.init(backend: try KeyBackend.publicKey(der: der), keyID: keyID)
    }

    /// Reads a JWK (RFC 7517/7518): `{"kty": "RSA", "n": …, "e": …, "kid": …}`.
    public init(jwk: Data) throws(CryptoFailure) {
        guard let object = try? JSONSerialization.jsonObject(with: jwk) as? [String: Any] else {
            throw .invalidKey("a JWK must be a JSON object")
        }
        guard object["kty"] as? String == "RSA" else { throw .invalidKey("the JWK's kty is not RSA") }
        guard let n = object["n"] as? String, let e = object["e"] as? String else {
            throw .invalidKey("an RSA JWK needs n and e")
        }
        let modulus = try Base64URL.decode(n)
        let exponent = try Base64URL.decode(e)
        self.init(
            backend: try KeyBackend.publicKey(modulus: modulus, exponent: exponent), keyID: object["kid"] as? String)
    }

    /// The key size in bits.
    public var bits: Int { backend.bits }

    /// The key as `-----BEGIN PUBLIC KEY-----` PEM text.
    public func pem() throws(CryptoFailure) -> String {
        String(decoding: try backend.publicPEM(), as: UTF8.self)
    }

    /// The key as a DER SubjectPublicKeyInfo.
    public func der() throws(CryptoFailure) -> Data {
        try backend.publicDER()
    }

    /// The key as a JWK with `kty`, `n`, `e` and, when it has one, `kid`.
    public func jwk() throws(CryptoFailure) -> Data {
        var object = [
            "kty": "RSA", "n": Base64URL.encode(try backend.parameter("n")),
            "e": Base64URL.encode(try backend.parameter("e")),
        ]
        if let keyID { object["kid"] = keyID }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// RSA-OAEP encryption; SHA-256 unless a legacy backend needs SHA-1.
    /// - Throws: ``CryptoFailure/malformed(_:)`` when the plaintext is too long for the key.
    public func encrypt(_ plaintext: Data, digest: RSAOAEPDigest = .sha256) throws(CryptoFailure) -> Data {
        try backend.encryptOAEP(plaintext, digest: digest)
    }

    /// Whether `signature` is a valid RSA-SHA256 (PKCS#1 v1.5) signature of `message` by this key.
    public func isValidSignature(_ signature: Data, for message: Data) throws(CryptoFailure) -> Bool {
        try backend.verifySHA256(signature, for: message)
    }

    public var description: String { "RSAPublicKey(\(bits) bits\(keyID.map { ", kid: \($0)" } ?? ""))" }
}
