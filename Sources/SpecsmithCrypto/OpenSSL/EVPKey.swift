#if canImport(COpenSSL)
    internal import COpenSSL
    import Foundation

    enum OAEPOperation: Hashable {
        case encrypt, decrypt
    }

    struct OAEPSlot: Hashable {
        var operation: OAEPOperation
        var digest: RSAOAEPDigest
    }

    /// A pooled `EVP_PKEY_CTX`. `@unchecked Sendable`: a context moves between threads only through
    /// the pool's mutex, and only one operation holds it at a time.
    struct PooledContext: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Idle OAEP contexts by slot. `@unchecked Sendable`: `pools` is touched only while `lock` is held.
    final class ContextPool: @unchecked Sendable {
        private let lock = NSLock()
        private var pools: [OAEPSlot: [PooledContext]] = [:]

        func take(_ slot: OAEPSlot) -> PooledContext? {
            lock.lock()
            defer { lock.unlock() }
            return pools[slot]?.popLast()
        }

        func give(_ context: PooledContext, to slot: OAEPSlot) {
            lock.lock()
            defer { lock.unlock() }
            pools[slot, default: []].append(context)
        }

        func drain() -> [PooledContext] {
            lock.lock()
            defer { lock.unlock() }
            defer { pools = [:] }
            return Array(pools.values.joined())
        }
    }

    /// An owned libcrypto `EVP_PKEY` holding an RSA key.
    ///
    /// `@unchecked Sendable`: the key is never mutated after construction, and OpenSSL 3 allows one
    /// `EVP_PKEY` to be used from several threads at once. Operation contexts are pooled behind a
    /// mutex and each is used by one operation at a time.
    final class EVPKey: @unchecked Sendable {
        let pointer: OpaquePointer
        /// Ready OAEP contexts, reused because setting one up costs about as much as an encryption.
        let contexts = ContextPool()

        init(taking pointer: OpaquePointer) throws(CryptoFailure) {
            self.pointer = pointer
            guard EVP_PKEY_is_a(pointer, "RSA") == 1 else {
                ERR_clear_error()
                throw .invalidKey("not an RSA key")
            }
            try KeyStrength.check(bits: bits, exponent: try parameter("e"))
        }

        deinit {
            for context in contexts.drain() { EVP_PKEY_CTX_free(context.pointer) }
            EVP_PKEY_free(pointer)
        }

        var bits: Int { Int(EVP_PKEY_get_bits(pointer)) }

        /// The most bytes one RSA operation outputs: the modulus rounded up to whole bytes, so a
        /// 2049-bit key gets 257.
        var outputSize: Int { Int(EVP_PKEY_get_size(pointer)) }

        // MARK: - Reading

        static func publicKey(pem: Data) throws(CryptoFailure) -> EVPKey {
            let key = try LibCrypto.withBIO(pem) { bio throws(CryptoFailure) in
                guard let key = PEM_read_bio_PUBKEY(bio, nil, { _, _, _, _ in -1 }, nil) else {
                    ERR_clear_error()
                    throw .invalidKey("not a PEM SubjectPublicKeyInfo (BEGIN PUBLIC KEY)")
                }
                return key
            }
            ERR_clear_error()
            return try EVPKey(taking: key)
        }

        static func publicKey(der: Data) throws(CryptoFailure) -> EVPKey {
            let bytes = [UInt8](der)
            let key = bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
                // d2i_PUBKEY moves the cursor forward; it never outlives the buffer it points into.
                var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
                return d2i_PUBKEY(nil, &cursor, buffer.count)
            }
            guard let key else {
                ERR_clear_error()
                throw .invalidKey("not a DER SubjectPublicKeyInfo")
            }
            return try EVPKey(taking: key)
        }

        /// An RSA public key from its modulus and exponent (big-endian bytes), through OSSL params.
        static func publicKey(modulus: Data, exponent: Data) throws(CryptoFailure) -> EVPKey {
            guard !modulus.isEmpty, !exponent.isEmpty else { throw .invalidKey("empty modulus or exponent") }
            let n = [UInt8](modulus).withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32($0.count), nil) }
            let e = [UInt8](exponent).withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32($0.count), nil) }
            defer {
                BN_free(n)
                BN_free(e)
            }
            guard let builder = OSSL_PARAM_BLD_new() else { throw LibCrypto.lastError("OSSL_PARAM_BLD_new") }
            defer { OSSL_PARAM_BLD_free(builder) }
            // The builder keeps the name pointers until `to_param`, so they must be static strings.
            try LibCrypto.check(OSSL_PARAM_BLD_push_BN(builder, Self.cString("n"), n), "modulus")
            try LibCrypto.check(OSSL_PARAM_BLD_push_BN(builder, Self.cString("e"), e), "exponent")
            guard let parameters = OSSL_PARAM_BLD_to_param(builder) else {
                throw LibCrypto.lastError("OSSL_PARAM_BLD_to_param")
            }
            defer { OSSL_PARAM_free(parameters) }
            guard let context = EVP_PKEY_CTX_new_from_name(nil, "RSA", nil) else {
                throw LibCrypto.lastError("EVP_PKEY_CTX_new_from_name")
            }
            defer { EVP_PKEY_CTX_free(context) }
            try LibCrypto.check(EVP_PKEY_fromdata_init(context), "EVP_PKEY_fromdata_init")
            var key: OpaquePointer?
            try LibCrypto.check(
                EVP_PKEY_fromdata(context, &key, specsmith_evp_pkey_public_key, parameters), "EVP_PKEY_fromdata")
            guard let key else { throw .invalidKey("modulus and exponent do not make an RSA key") }
            return try EVPKey(taking: key)
        }

        // A StaticString's UTF-8 is static, NUL-terminated memory, and CChar has UInt8's size and alignment.
        private static func cString(_ text: StaticString) -> UnsafePointer<CChar> {
            UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
        }

        static func privateKey(pem: Data) throws(CryptoFailure) -> EVPKey {
            if LibCrypto.isEncryptedPEM(pem) {
                throw .invalidKey(
                    "the private key is encrypted with a passphrase; store it decrypted where the mock can read it")
            }
            let key = try LibCrypto.withBIO(pem) { bio throws(CryptoFailure) in
                // A callback that gives no passphrase: with none, libcrypto would ask on the terminal
                // and wait.
                guard let key = PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in -1 }, nil) else {
                    ERR_clear_error()
                    throw .invalidKey("not a PEM private key (BEGIN PRIVATE KEY or BEGIN RSA PRIVATE KEY)")
                }
                return key
            }
            ERR_clear_error()
            return try EVPKey(taking: key)
        }

        static func generate(bits: Int) throws(CryptoFailure) -> EVPKey {
            guard let context = EVP_PKEY_CTX_new_from_name(nil, "RSA", nil) else {
                throw LibCrypto.lastError("EVP_PKEY_CTX_new_from_name")
            }
            defer { EVP_PKEY_CTX_free(context) }
            try LibCrypto.check(EVP_PKEY_keygen_init(context), "EVP_PKEY_keygen_init")
            guard EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(bits)) > 0 else {
                throw LibCrypto.lastError("key size")
            }
            var key: OpaquePointer?
            try LibCrypto.check(EVP_PKEY_generate(context, &key), "EVP_PKEY_generate")
            guard let key else { throw LibCrypto.lastError("EVP_PKEY_generate") }
            return try EVPKey(taking: key)
        }

        // MARK: - Writing

        func publicPEM() throws(CryptoFailure) -> Data {
            try LibCrypto.readBIO({ PEM_write_bio_PUBKEY($0, pointer) }, "PEM_write_bio_PUBKEY")
        }

        func privatePEM() throws(CryptoFailure) -> Data {
            try LibCrypto.readBIO(
                { PEM_write_bio_PrivateKey($0, pointer, nil, nil, 0, nil, nil) }, "PEM_write_bio_PrivateKey",
                secret: true)
        }

        func publicDER() throws(CryptoFailure) -> Data {
            // libcrypto allocates the output; it is copied into Data and freed before returning.
            var output: UnsafeMutablePointer<UInt8>?
            let length = i2d_PUBKEY(pointer, &output)
            guard length > 0, let output else { throw LibCrypto.lastError("i2d_PUBKEY") }
            defer { CRYPTO_free(output, #file, #line) }
            return Data(bytes: output, count: Int(length))
        }

        /// The big-endian bytes of a BIGNUM parameter such as `n` or `e`.
        func parameter(_ name: String) throws(CryptoFailure) -> Data {
            var number: OpaquePointer?
            try LibCrypto.check(EVP_PKEY_get_bn_param(pointer, name, &number), "EVP_PKEY_get_bn_param(\(name))")
            guard let number else { throw LibCrypto.lastError(name) }
            defer { BN_free(number) }
            var bytes = [UInt8](repeating: 0, count: Int((BN_num_bits(number) + 7) / 8))
            BN_bn2bin(number, &bytes)
            return Data(bytes)
        }
    }
#endif
