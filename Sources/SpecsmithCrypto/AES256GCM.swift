import Foundation

#if canImport(CryptoKit) && !canImport(COpenSSL)
    import CryptoKit
    import Security
#endif

/// AES-256 in Galois/Counter Mode: authenticated encryption with additional data.
public enum AES256GCM {
    /// A sealed message: a 96-bit nonce, the ciphertext and a 128-bit tag.
    public struct SealedBox: Sendable, Hashable {
        public var iv: Data
        public var ciphertext: Data
        public var tag: Data

        public init(iv: Data, ciphertext: Data, tag: Data) {
            self.iv = iv
            self.ciphertext = ciphertext
            self.tag = tag
        }
    }

    /// Encrypts with a 32-byte key and a fresh random 12-byte nonce unless `iv` is given.
    public static func seal(_ plaintext: Data, key: Data, iv: Data? = nil, authenticating aad: Data = Data())
        throws(CryptoFailure) -> SealedBox
    {
        guard key.count == 32 else { throw .invalidKey("AES-256 needs a 32-byte key") }
        let nonce: Data
        if let iv { nonce = iv } else { nonce = try SecureRandom.bytes(12) }
        guard nonce.count == 12 else { throw .malformed("AES-GCM needs a 12-byte IV") }
        #if canImport(COpenSSL)
            let (ciphertext, tag) = try OpenSSLAESGCM.seal(plaintext, key: key, iv: nonce, aad: aad)
            return SealedBox(iv: nonce, ciphertext: ciphertext, tag: tag)
        #else
            do {
                let box = try AES.GCM.seal(
                    plaintext, using: SymmetricKey(data: key), nonce: try AES.GCM.Nonce(data: nonce),
                    authenticating: aad)
                return SealedBox(iv: nonce, ciphertext: box.ciphertext, tag: box.tag)
            } catch {
                throw .library("AES.GCM.seal: \(error)")
            }
        #endif
    }

    /// Decrypts and authenticates.
    /// - Throws: ``CryptoFailure/decryptionFailed`` when the key is wrong or anything was altered.
    public static func open(_ box: SealedBox, key: Data, authenticating aad: Data = Data()) throws(CryptoFailure)
        -> Data
    {
        guard key.count == 32 else { throw .invalidKey("AES-256 needs a 32-byte key") }
        guard box.iv.count == 12, box.tag.count == 16 else {
            throw .malformed("AES-GCM needs a 12-byte IV and a 16-byte tag")
        }
        #if canImport(COpenSSL)
            return try OpenSSLAESGCM.open(box.ciphertext, tag: box.tag, key: key, iv: box.iv, aad: aad)
        #else
            do {
                let sealed = try AES.GCM.SealedBox(
                    nonce: AES.GCM.Nonce(data: box.iv), ciphertext: box.ciphertext, tag: box.tag)
                return try AES.GCM.open(sealed, using: SymmetricKey(data: key), authenticating: aad)
            } catch {
                throw .decryptionFailed
            }
        #endif
    }
}

/// Random bytes from the platform's CSPRNG.
public enum SecureRandom {
    public static func bytes(_ count: Int) throws(CryptoFailure) -> Data {
        guard count >= 0 else { throw .malformed("a negative byte count: \(count)") }
        #if canImport(COpenSSL)
            return try LibCrypto.randomBytes(count)
        #else
            guard count > 0 else { return Data() }
            var bytes = Data(count: count)
            let status = bytes.withUnsafeMutableBytes { SecRandomCopyBytes(kSecRandomDefault, count, $0.baseAddress!) }
            guard status == errSecSuccess else { throw .library("SecRandomCopyBytes failed: \(status)") }
            return bytes
        #endif
    }
}
