import Foundation
import SpecsmithTesting
import Testing

@testable import SpecsmithCrypto

/// The edges a security read found: the error queue, key sizes that are not whole bytes (libcrypto
/// rounds an odd size down, so 2050 bits stands for them), encrypted keys, bad DER.
@Suite struct CryptoEdgeTests {
    static let key = TestKeys.rsa(0)

    @Test func randomBytesOfNoneOrANegativeCountAnswerWithoutTrapping() throws {
        #expect(try SecureRandom.bytes(0) == Data())
        #expect(throws: CryptoFailure.malformed("a negative byte count: -1")) { try SecureRandom.bytes(-1) }
        #expect(try SecureRandom.bytes(1).count == 1)
    }

    #if canImport(Glibc)
        /// Synchronous, so the failure and the look at libcrypto's per-thread queue share a thread.
        @Test func everyFailureLeavesLibcryptosErrorQueueEmpty() throws {
            let failures: [() throws -> Void] = [
                { _ = try RSAPublicKey(pem: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n") },
                { _ = try RSAPublicKey(pem: "not pem at all") },
                { _ = try RSAPrivateKey(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") },
                { _ = try RSAPublicKey(der: Data([0x30, 0x03, 0x02, 0x01, 0x01])) },
                { _ = try RSAPublicKey(jwk: Data(#"{"kty": "RSA", "n": "AQ", "e": "AQAB"}"#.utf8)) },
                { _ = try Self.key.decrypt(Data(repeating: 7, count: 256)) },
                { _ = try Self.key.publicKey.encrypt(Data(repeating: 1, count: 300)) },
            ]
            for failure in failures {
                #expect(throws: CryptoFailure.self) { try failure() }
                #expect(!LibCrypto.hasQueuedErrors)
            }
        }

        @Test func aFailedPEMParseDoesNotLeakIntoALaterFailure() throws {
            _ = try? RSAPublicKey(pem: "garbage")
            let later = LibCrypto.lastError("a later call")
            #expect(later == .library("a later call"))
        }
    #endif

    /// Generation itself runs on a thread of its own, off the cooperative threads the run's mock
    /// servers need.
    @Test func aKeyOfAnOddSizeEncryptsAndDecrypts() async throws {
        let odd = try await blocking { try RSAPrivateKey.generate(bits: 2050) }
        #expect(odd.bits == 2050)
        let ciphertext = try odd.publicKey.encrypt(Data("card data".utf8))
        #expect(ciphertext.count == 257)
        #expect(try odd.decrypt(ciphertext) == Data("card data".utf8))
    }

    @Test func anEncryptedPrivateKeyFailsAtOnceWithATypedError() async throws {
        let generated = try await ExternalTool.run(
            "openssl",
            ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-aes-256-cbc", "-pass", "pass:x"])
        try #require(generated.status == 0)
        let pem = String(decoding: generated.output, as: UTF8.self)
        #expect(pem.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        #expect {
            _ = try RSAPrivateKey(pem: pem)
        } throws: { error in
            guard case let .invalidKey(reason) = error as? CryptoFailure else { return false }
            return reason.contains("encrypted")
        }
        let legacy = try await ExternalTool.run(
            "openssl", ["rsa", "-traditional", "-aes256", "-passout", "pass:x"], input: Data(try Self.key.pem().utf8))
        try #require(legacy.status == 0)
        #expect(throws: CryptoFailure.self) {
            _ = try RSAPrivateKey(pem: String(decoding: legacy.output, as: UTF8.self))
        }
    }

    @Test func anEmptyBitStringInASubjectPublicKeyInfoIsRefused() {
        let spki = Data(DER.element(0x30, DER.rsaAlgorithm + [0x03, 0x00]))
        #expect(throws: CryptoFailure.invalidKey("bad key bits")) { _ = try DER.pkcs1(fromSPKI: spki) }
    }

    @Test func truncatedDERIsRefused() {
        for length in 0..<12 {
            let spki = Data(DER.spki(fromPKCS1: Data(DER.element(0x30, DER.integer(Data([1])))))).prefix(length)
            #expect(throws: CryptoFailure.self) { _ = try DER.pkcs1(fromSPKI: spki) }
        }
    }
}
