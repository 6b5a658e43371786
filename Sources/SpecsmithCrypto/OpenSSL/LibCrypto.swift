#if canImport(COpenSSL)
    internal import COpenSSL
    import Foundation

    /// Helpers around libcrypto calls: its error queue, owned pointers.
    enum LibCrypto {
        /// The oldest queued libcrypto error as text, clearing the queue.
        static func lastError(_ context: String) -> CryptoFailure {
            let code = ERR_get_error()
            ERR_clear_error()
            guard code != 0 else { return .library(context) }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .library("\(context): \(text)")
        }

        /// Fails with libcrypto's error unless `result` is 1 (libcrypto's success).
        static func check(_ result: Int32, _ context: String) throws(CryptoFailure) {
            guard result == 1 else { throw lastError(context) }
        }

        /// `count` random bytes from libcrypto's CSPRNG.
        static func randomBytes(_ count: Int) throws(CryptoFailure) -> Data {
            guard count > 0 else { return Data() }
            var bytes = Data(count: count)
            // Data's bytes are untyped storage of UInt8s; the pointer does not leave the closure.
            let result = bytes.withUnsafeMutableBytes {
                RAND_bytes($0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(count))
            }
            try check(result, "RAND_bytes")
            return bytes
        }

        /// Runs `body` with a memory BIO over `data`.
        static func withBIO<T>(_ data: Data, _ body: (OpaquePointer) throws(CryptoFailure) -> T) throws(CryptoFailure)
            -> T
        {
            // A copy of our own, so it can be wiped: the BIO only borrows it, and is freed (below) before
            // the copy is wiped and deallocated.
            let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
            defer {
                OPENSSL_cleanse(bytes.baseAddress, bytes.count)
                bytes.deallocate()
            }
            // Bound to UInt8 once, before anything reads it, and never read as another type.
            _ = data.copyBytes(to: bytes.bindMemory(to: UInt8.self))
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(data.count)) else {
                throw lastError("BIO_new_mem_buf")
            }
            defer { BIO_free(bio) }
            return try body(bio)
        }

        /// What `write` puts into a fresh memory BIO; with `secret`, the BIO's copy is wiped before
        /// it is freed.
        static func readBIO(_ write: (OpaquePointer) -> Int32, _ context: String, secret: Bool = false)
            throws(CryptoFailure) -> Data
        {
            guard let bio = BIO_new(BIO_s_mem()) else { throw lastError("BIO_new") }
            // Points into the BIO's own memory: copied into Data before the BIO is freed.
            var pointer: UnsafeMutablePointer<CChar>?
            var length = 0
            defer {
                if secret, let pointer, length > 0 { OPENSSL_cleanse(pointer, length) }
                BIO_free(bio)
            }
            try check(write(bio), context)
            length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &pointer)
            guard length > 0, let pointer else { throw lastError(context) }
            return Data(bytes: pointer, count: length)
        }

        /// Whether PEM text holds an encrypted private key (PKCS#8 or the legacy `Proc-Type` form).
        static func isEncryptedPEM(_ pem: Data) -> Bool {
            let text = String(decoding: pem, as: UTF8.self)
            return text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") || text.contains("Proc-Type: 4,ENCRYPTED")
        }

        /// Whether libcrypto's error queue for this thread holds anything; every failure path empties it.
        static var hasQueuedErrors: Bool { ERR_peek_error() != 0 }

        /// Wipes a Swift copy of secret bytes.
        static func wipe(_ bytes: inout [UInt8]) {
            bytes.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) }
        }

        static func digest(_ digest: RSAOAEPDigest) -> OpaquePointer? {
            switch digest {
            case .sha256: EVP_sha256()
            case .sha1: EVP_sha1()
            }
        }
    }
#endif
