#if canImport(COpenSSL)
    internal import COpenSSL
    import Foundation

    extension EVPKey {
        /// Runs `body` with an OAEP context of this key, ready for `operation`, taken from the key's pool
        /// (setting one up costs about as much as a public-key operation) and returned after.
        private func withOAEPContext<T>(
            _ operation: OAEPOperation, _ digest: RSAOAEPDigest, _ body: (OpaquePointer) throws(CryptoFailure) -> T
        ) throws(CryptoFailure) -> T {
            let slot = OAEPSlot(operation: operation, digest: digest)
            let context: OpaquePointer
            if let pooled = contexts.take(slot) {
                context = pooled.pointer
            } else {
                guard let fresh = EVP_PKEY_CTX_new(pointer, nil) else { throw LibCrypto.lastError("EVP_PKEY_CTX_new") }
                let initialised = operation == .encrypt ? EVP_PKEY_encrypt_init(fresh) : EVP_PKEY_decrypt_init(fresh)
                guard initialised == 1, EVP_PKEY_CTX_set_rsa_padding(fresh, RSA_PKCS1_OAEP_PADDING) > 0,
                    EVP_PKEY_CTX_set_rsa_oaep_md(fresh, LibCrypto.digest(digest)) > 0,
                    EVP_PKEY_CTX_set_rsa_mgf1_md(fresh, LibCrypto.digest(digest)) > 0
                else {
                    EVP_PKEY_CTX_free(fresh)
                    throw LibCrypto.lastError("OAEP parameters")
                }
                context = fresh
            }
            let returned = PooledContext(pointer: context)
            defer { contexts.give(returned, to: slot) }
            return try body(context)
        }

        func encryptOAEP(_ plaintext: Data, digest: RSAOAEPDigest) throws(CryptoFailure) -> Data {
            try withOAEPContext(.encrypt, digest) { context throws(CryptoFailure) in
                var input = [UInt8](plaintext)
                defer { LibCrypto.wipe(&input) }
                var length = outputSize
                var output = [UInt8](repeating: 0, count: length)
                guard EVP_PKEY_encrypt(context, &output, &length, input, input.count) == 1 else {
                    ERR_clear_error()
                    throw .malformed("the plaintext is too long for RSA-OAEP with this key")
                }
                return Data(output.prefix(length))
            }
        }

        func decryptOAEP(_ ciphertext: Data, digest: RSAOAEPDigest) throws(CryptoFailure) -> Data {
            try withOAEPContext(.decrypt, digest) { context throws(CryptoFailure) in
                let input = [UInt8](ciphertext)
                var length = outputSize
                var output = [UInt8](repeating: 0, count: length)
                defer { LibCrypto.wipe(&output) }
                guard EVP_PKEY_decrypt(context, &output, &length, input, input.count) == 1 else {
                    ERR_clear_error()
                    throw .decryptionFailed
                }
                return Data(output.prefix(length))
            }
        }

        /// RSASSA-PKCS1-v1_5 with SHA-256 (JOSE's RS256).
        func signSHA256(_ message: Data) throws(CryptoFailure) -> Data {
            guard let context = EVP_MD_CTX_new() else { throw LibCrypto.lastError("EVP_MD_CTX_new") }
            defer { EVP_MD_CTX_free(context) }
            try LibCrypto.check(EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pointer), "EVP_DigestSignInit")
            var input = [UInt8](message)
            defer { LibCrypto.wipe(&input) }
            var length = 0
            try LibCrypto.check(EVP_DigestSign(context, nil, &length, input, input.count), "EVP_DigestSign")
            var signature = [UInt8](repeating: 0, count: length)
            try LibCrypto.check(EVP_DigestSign(context, &signature, &length, input, input.count), "EVP_DigestSign")
            return Data(signature.prefix(length))
        }

        func verifySHA256(_ signature: Data, for message: Data) throws(CryptoFailure) -> Bool {
            guard let context = EVP_MD_CTX_new() else { throw LibCrypto.lastError("EVP_MD_CTX_new") }
            defer { EVP_MD_CTX_free(context) }
            try LibCrypto.check(EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, pointer), "EVP_DigestVerifyInit")
            let result = EVP_DigestVerify(context, [UInt8](signature), signature.count, [UInt8](message), message.count)
            ERR_clear_error()
            return result == 1
        }
    }

    /// AES-256-GCM through libcrypto's EVP cipher interface.
    enum OpenSSLAESGCM {
        /// The cipher fetched once from the default provider; the legacy `EVP_aes_256_gcm()` would be
        /// fetched again on every initialisation.
        private struct Cipher: @unchecked Sendable {
            // @unchecked: a fetched EVP_CIPHER is immutable and reference-counted, safe to share.
            let pointer: OpaquePointer?
        }

        private static let cipher = Cipher(pointer: EVP_CIPHER_fetch(nil, "AES-256-GCM", nil) ?? EVP_aes_256_gcm())

        static func seal(_ plaintext: Data, key: Data, iv: Data, aad: Data) throws(CryptoFailure) -> (Data, Data) {
            guard let context = EVP_CIPHER_CTX_new() else { throw LibCrypto.lastError("EVP_CIPHER_CTX_new") }
            defer { EVP_CIPHER_CTX_free(context) }
            var keyBytes = [UInt8](key)
            var input = [UInt8](plaintext)
            defer {
                LibCrypto.wipe(&keyBytes)
                LibCrypto.wipe(&input)
            }
            try LibCrypto.check(EVP_EncryptInit_ex(context, cipher.pointer, nil, nil, nil), "EVP_EncryptInit_ex")
            try LibCrypto.check(EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(iv.count), nil), "IV length")
            try LibCrypto.check(EVP_EncryptInit_ex(context, nil, nil, keyBytes, [UInt8](iv)), "EVP_EncryptInit_ex")
            var length: Int32 = 0
            if !aad.isEmpty {
                try LibCrypto.check(EVP_EncryptUpdate(context, nil, &length, [UInt8](aad), Int32(aad.count)), "AAD")
            }
            var output = [UInt8](repeating: 0, count: plaintext.count + 16)
            var total: Int32 = 0
            if !plaintext.isEmpty {
                try LibCrypto.check(
                    EVP_EncryptUpdate(context, &output, &length, input, Int32(input.count)),
                    "EVP_EncryptUpdate")
                total = length
            }
            try output.withUnsafeMutableBufferPointer { buffer throws(CryptoFailure) in
                try LibCrypto.check(
                    EVP_EncryptFinal_ex(context, buffer.baseAddress! + Int(total), &length), "EVP_EncryptFinal_ex")
            }
            total += length
            var tag = [UInt8](repeating: 0, count: 16)
            try LibCrypto.check(EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, &tag), "GCM tag")
            return (Data(output.prefix(Int(total))), Data(tag))
        }

        static func open(_ ciphertext: Data, tag: Data, key: Data, iv: Data, aad: Data) throws(CryptoFailure) -> Data {
            guard let context = EVP_CIPHER_CTX_new() else { throw LibCrypto.lastError("EVP_CIPHER_CTX_new") }
            defer { EVP_CIPHER_CTX_free(context) }
            var keyBytes = [UInt8](key)
            defer { LibCrypto.wipe(&keyBytes) }
            try LibCrypto.check(EVP_DecryptInit_ex(context, cipher.pointer, nil, nil, nil), "EVP_DecryptInit_ex")
            try LibCrypto.check(EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(iv.count), nil), "IV length")
            try LibCrypto.check(EVP_DecryptInit_ex(context, nil, nil, keyBytes, [UInt8](iv)), "EVP_DecryptInit_ex")
            var length: Int32 = 0
            if !aad.isEmpty {
                try LibCrypto.check(EVP_DecryptUpdate(context, nil, &length, [UInt8](aad), Int32(aad.count)), "AAD")
            }
            var output = [UInt8](repeating: 0, count: ciphertext.count + 16)
            defer { LibCrypto.wipe(&output) }
            var total: Int32 = 0
            if !ciphertext.isEmpty {
                try LibCrypto.check(
                    EVP_DecryptUpdate(context, &output, &length, [UInt8](ciphertext), Int32(ciphertext.count)),
                    "EVP_DecryptUpdate")
                total = length
            }
            var tagBytes = [UInt8](tag)
            try LibCrypto.check(
                EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tagBytes.count), &tagBytes), "GCM tag")
            let final = output.withUnsafeMutableBufferPointer { buffer in
                EVP_DecryptFinal_ex(context, buffer.baseAddress! + Int(total), &length)
            }
            guard final > 0 else {
                ERR_clear_error()
                throw .decryptionFailed
            }
            total += length
            return Data(output.prefix(Int(total)))
        }
    }
#endif
