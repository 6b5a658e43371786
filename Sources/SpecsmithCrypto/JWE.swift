import Foundation

/// JWE compact serialization (RFC 7516) with `alg` RSA-OAEP-256 and `enc` A256GCM: a fresh AES key
/// per message, wrapped with the recipient's RSA key; the protected header is the GCM's AAD.
public enum JWE {
    /// Encrypts `plaintext` to `key`; the header carries `kid` when the key has one, and `cty` when given.
    public static func encrypt(_ plaintext: Data, to key: RSAPublicKey, contentType: String? = nil)
        throws(CryptoFailure)
        -> String
    {
        // The header is small and fixed in shape: written directly, members in sorted order.
        var members = [("alg", "RSA-OAEP-256")]
        if let contentType { members.append(("cty", contentType)) }
        members.append(("enc", "A256GCM"))
        if let keyID = key.keyID { members.append(("kid", keyID)) }
        let headerJSON = Data(
            ("{" + members.map { "\(jsonString($0)):\(jsonString($1))" }.joined(separator: ",") + "}").utf8)
        let protected = Base64URL.encode(headerJSON)
        // One draw for the content key and the IV.
        let random = try SecureRandom.bytes(44)
        let contentKey = random.prefix(32)
        let encryptedKey = try key.encrypt(contentKey, digest: .sha256)
        let box = try AES256GCM.seal(
            plaintext, key: contentKey, iv: random.suffix(12), authenticating: Data(protected.utf8))
        return [
            protected, Base64URL.encode(encryptedKey), Base64URL.encode(box.iv), Base64URL.encode(box.ciphertext),
            Base64URL.encode(box.tag),
        ]
        .joined(separator: ".")
    }

    /// `text` as a JSON string literal.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The five dot-separated parts, split on bytes (splitting by `Character` walks grapheme clusters,
    /// which costs more than the decryption's symmetric half).
    static func parts(of compact: String) throws(CryptoFailure) -> [Substring] {
        let parts = compact.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map {
            Substring($0)
        }
        guard parts.count == 5 else { throw .malformed("a compact JWE has five parts, this has \(parts.count)") }
        return parts
    }

    /// The protected header of a compact JWE, as JSON members.
    public static func header(of compact: String) throws(CryptoFailure) -> [String: String] {
        try header(encoded: try parts(of: compact)[0])
    }

    private static func header(encoded: Substring) throws(CryptoFailure) -> [String: String] {
        try headerObject(encoded: encoded).compactMapValues { $0 as? String }
    }

    private static func headerObject(encoded: Substring) throws(CryptoFailure) -> [String: Any] {
        let json = try Base64URL.decode(encoded)
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw .malformed("the protected header is not a JSON object")
        }
        return object
    }

    /// Decrypts a compact JWE made for `key`.
    /// - Throws: ``CryptoFailure/malformed(_:)`` for a wrong shape,
    ///   ``CryptoFailure/unsupported(_:)`` for another algorithm or any `crit` header,
    ///   ``CryptoFailure/decryptionFailed`` for a wrong key or any altered part.
    public static func decrypt(_ compact: String, with key: RSAPrivateKey) throws(CryptoFailure) -> Data {
        let parts = try parts(of: compact)
        let object = try headerObject(encoded: parts[0])
        // RFC 7516 §4.1.13: a recipient must refuse extensions it does not understand, and this one
        // understands none, so any `crit` at all (even an empty or malformed one) is refused.
        guard object["crit"] == nil else { throw .unsupported("a JWE with a crit header (RFC 7516 §4.1.13)") }
        let header = object.compactMapValues { $0 as? String }
        guard header["alg"] == "RSA-OAEP-256" else { throw .unsupported("alg \(header["alg"] ?? "none")") }
        guard header["enc"] == "A256GCM" else { throw .unsupported("enc \(header["enc"] ?? "none")") }
        let contentKey = try key.decrypt(try Base64URL.decode(parts[1]), digest: .sha256)
        guard contentKey.count == 32 else { throw .decryptionFailed }
        let box = AES256GCM.SealedBox(
            iv: try Base64URL.decode(parts[2]), ciphertext: try Base64URL.decode(parts[3]),
            tag: try Base64URL.decode(parts[4]))
        return try AES256GCM.open(box, key: contentKey, authenticating: Data(parts[0].utf8))
    }
}
