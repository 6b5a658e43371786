#if !canImport(COpenSSL) && canImport(Security)
    import Foundation
    import Security

    /// The Apple-platform key backend: Security.framework's `SecKey`, which speaks PKCS#1.
    // @unchecked: a SecKey is immutable once made, and Security.framework documents it as safe to use
    // from several threads.
    final class SecKeyBackend: @unchecked Sendable {
        let key: SecKey
        let isPrivate: Bool

        init(_ key: SecKey, isPrivate: Bool) throws(CryptoFailure) {
            self.key = key
            self.isPrivate = isPrivate
            try KeyStrength.check(bits: bits, exponent: try parameter("e"))
        }

        var bits: Int { SecKeyGetBlockSize(key) * 8 }

        private static func make(_ pkcs1: Data, isPrivate: Bool) throws(CryptoFailure) -> SecKeyBackend {
            let attributes: [CFString: Any] = [
                kSecAttrKeyType: kSecAttrKeyTypeRSA,
                kSecAttrKeyClass: isPrivate ? kSecAttrKeyClassPrivate : kSecAttrKeyClassPublic,
            ]
            // Security's out-parameter; the error it may hold is not read, so nothing is retained.
            var error: Unmanaged<CFError>?
            guard let key = SecKeyCreateWithData(pkcs1 as CFData, attributes as CFDictionary, &error) else {
                throw .invalidKey("Security.framework refused the key")
            }
            return try SecKeyBackend(key, isPrivate: isPrivate)
        }

        static func publicKey(pem: Data) throws(CryptoFailure) -> SecKeyBackend {
            let (label, der) = try DER.der(fromPEM: pem)
            guard label == "PUBLIC KEY" else { throw .invalidKey("not a PEM SubjectPublicKeyInfo (BEGIN PUBLIC KEY)") }
            return try publicKey(der: der)
        }

        static func publicKey(der: Data) throws(CryptoFailure) -> SecKeyBackend {
            try make(DER.pkcs1(fromSPKI: der), isPrivate: false)
        }

        static func publicKey(modulus: Data, exponent: Data) throws(CryptoFailure) -> SecKeyBackend {
            try make(Data(DER.element(0x30, DER.integer(modulus) + DER.integer(exponent))), isPrivate: false)
        }

        static func privateKey(pem: Data) throws(CryptoFailure) -> SecKeyBackend {
            let (label, der) = try DER.der(fromPEM: pem)
            switch label {
            case "PRIVATE KEY": return try make(DER.pkcs1(fromPKCS8: der), isPrivate: true)
            case "RSA PRIVATE KEY": return try make(der, isPrivate: true)
            default: throw .invalidKey("not a PEM private key (BEGIN PRIVATE KEY or BEGIN RSA PRIVATE KEY)")
            }
        }

        static func generate(bits: Int) throws(CryptoFailure) -> SecKeyBackend {
            let attributes: [CFString: Any] = [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits: bits]
            // Security's out-parameter; the error it may hold is not read, so nothing is retained.
            var error: Unmanaged<CFError>?
            guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
                throw .library("SecKeyCreateRandomKey failed")
            }
            return try SecKeyBackend(key, isPrivate: true)
        }

        private var publicSecKey: SecKey {
            get throws(CryptoFailure) {
                guard let key = isPrivate ? SecKeyCopyPublicKey(key) : key else { throw .invalidKey("no public key") }
                return key
            }
        }

        private static func external(_ key: SecKey) throws(CryptoFailure) -> Data {
            // Security's out-parameter; the error it may hold is not read, so nothing is retained.
            var error: Unmanaged<CFError>?
            guard let data = SecKeyCopyExternalRepresentation(key, &error) as Data? else {
                throw .library("SecKeyCopyExternalRepresentation failed")
            }
            return data
        }

        func publicDER() throws(CryptoFailure) -> Data { DER.spki(fromPKCS1: try Self.external(try publicSecKey)) }
        func publicPEM() throws(CryptoFailure) -> Data { DER.pem(try publicDER(), label: "PUBLIC KEY") }
        func privatePEM() throws(CryptoFailure) -> Data {
            DER.pem(DER.pkcs8(fromPKCS1: try Self.external(key)), label: "PRIVATE KEY")
        }

        func parameter(_ name: String) throws(CryptoFailure) -> Data {
            let (modulus, exponent) = try DER.modulusAndExponent(ofPKCS1: try Self.external(try publicSecKey))
            return name == "n" ? modulus : exponent
        }

        private static func oaep(_ digest: RSAOAEPDigest) -> SecKeyAlgorithm {
            digest == .sha256 ? .rsaEncryptionOAEPSHA256 : .rsaEncryptionOAEPSHA1
        }

        func encryptOAEP(_ plaintext: Data, digest: RSAOAEPDigest) throws(CryptoFailure) -> Data {
            // Security's out-parameter; the error it may hold is not read, so nothing is retained.
            var error: Unmanaged<CFError>?
            guard let data = SecKeyCreateEncryptedData(try publicSecKey, Self.oaep(digest), plaintext as CFData, &error)
            else {
                throw .malformed("the plaintext is too long for RSA-OAEP with this key")
            }
            return data as Data
        }

        func decryptOAEP(_ ciphertext: Data, digest: RSAOAEPDigest) throws(CryptoFailure) -> Data {
            // Security's out-parameter; the error it may hold is not read, so nothing is retained.
            var error: Unmanaged<CFError>?
            guard isPrivate, let data = SecKeyCreateDecryptedData(key, Self.oaep(digest), ciphertext as CFData, &error)
            else {
                throw .decryptionFailed
            }
            return data as Data
        }

        func signSHA256(_ message: Data) throws(CryptoFailure) -> Data {
            // Security's out-parameter; the error it may hold is not read, so nothing is retained.
            var error: Unmanaged<CFError>?
            guard isPrivate,
                let data = SecKeyCreateSignature(key, .rsaSignatureMessagePKCS1v15SHA256, message as CFData, &error)
            else {
                throw .library("SecKeyCreateSignature failed")
            }
            return data as Data
        }

        func verifySHA256(_ signature: Data, for message: Data) throws(CryptoFailure) -> Bool {
            // Security's out-parameter; the error it may hold is not read, so nothing is retained.
            var error: Unmanaged<CFError>?
            return SecKeyVerifySignature(
                try publicSecKey, .rsaSignatureMessagePKCS1v15SHA256, message as CFData, signature as CFData, &error)
        }
    }
#endif
