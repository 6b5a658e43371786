import Foundation
import SpecsmithCrypto
import SpecsmithTesting
import Testing

@Suite struct RSATests {
    static let key = TestKeys.rsa(0, keyID: "test-1")

    @Test(arguments: [RSAOAEPDigest.sha256, .sha1])
    func oaepRoundTrips(digest: RSAOAEPDigest) async throws {
        let ciphertext = try Self.key.publicKey.encrypt(Data("secret payload".utf8), digest: digest)
        #expect(ciphertext.count == 256)
        #expect(try Self.key.decrypt(ciphertext, digest: digest) == Data("secret payload".utf8))
    }

    @Test func oaepIsRandomized() async throws {
        let one = try Self.key.publicKey.encrypt(Data("same".utf8))
        let two = try Self.key.publicKey.encrypt(Data("same".utf8))
        #expect(one != two)
    }

    @Test func wrongDigestOrKeyOrTamperingFailsToDecrypt() async throws {
        let ciphertext = try Self.key.publicKey.encrypt(Data("x".utf8))
        #expect(throws: CryptoFailure.decryptionFailed) { try Self.key.decrypt(ciphertext, digest: .sha1) }
        #expect(throws: CryptoFailure.decryptionFailed) { try TestKeys.rsa(1).decrypt(ciphertext) }
        var tampered = ciphertext
        tampered[10] ^= 0x01
        #expect(throws: CryptoFailure.decryptionFailed) { try Self.key.decrypt(tampered) }
        #expect(throws: CryptoFailure.decryptionFailed) { try Self.key.decrypt(Data([1, 2, 3])) }
    }

    @Test func tooLongPlaintextIsATypedError() {
        #expect(throws: CryptoFailure.self) { try Self.key.publicKey.encrypt(Data(count: 300)) }
    }

    @Test func signaturesVerifyAndDetectChanges() async throws {
        let message = Data("MERCHANT_ID".utf8)
        let signature = try Self.key.sign(message)
        #expect(try Self.key.publicKey.isValidSignature(signature, for: message))
        #expect(try !Self.key.publicKey.isValidSignature(signature, for: Data("MERCHANT_IE".utf8)))
        var altered = signature
        altered[0] ^= 0x80
        #expect(try !Self.key.publicKey.isValidSignature(altered, for: message))
    }

    @Test func publicKeyRoundTripsThroughPEMDERAndJWK() async throws {
        let publicKey = Self.key.publicKey
        let pem = try publicKey.pem()
        #expect(pem.hasPrefix("-----BEGIN PUBLIC KEY-----"))
        let fromPEM = try RSAPublicKey(pem: pem)
        let fromDER = try RSAPublicKey(der: try publicKey.der())
        let fromJWK = try RSAPublicKey(jwk: try publicKey.jwk())
        #expect(fromJWK.keyID == "test-1")
        for key in [fromPEM, fromDER, fromJWK] {
            #expect(try key.der() == (try publicKey.der()))
            #expect(try Self.key.decrypt(try key.encrypt(Data("k".utf8))) == Data("k".utf8))
        }
    }

    @Test func privateKeyRoundTripsThroughPEM() async throws {
        let again = try RSAPrivateKey(pem: try Self.key.pem())
        #expect(try again.decrypt(try Self.key.publicKey.encrypt(Data("p".utf8))) == Data("p".utf8))
    }

    @Test(arguments: [
        "not a key", "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
    ])
    func malformedPublicKeysAreTypedErrors(text: String) {
        #expect {
            try RSAPublicKey(pem: text)
        } throws: { error in
            if case .invalidKey = error as? CryptoFailure { return true }
            return false
        }
    }

    @Test func malformedJWKsAreTypedErrors() {
        for jwk in [#"{"kty": "EC", "x": "AA"}"#, #"{"kty": "RSA", "n": "!!", "e": "AQAB"}"#, #"{"kty": "RSA"}"#, "[]"]
        {
            #expect(throws: CryptoFailure.self) { try RSAPublicKey(jwk: Data(jwk.utf8)) }
        }
    }

    @Test func weakAndNonRSAKeysAreRefused() async throws {
        let weak = try await ExternalTool.run(
            "openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"])
        #expect(throws: CryptoFailure.weakKey(.modulusTooShort(bits: 1024))) {
            try RSAPrivateKey(pem: String(decoding: weak.output, as: UTF8.self))
        }
        let ec = try await ExternalTool.run(
            "openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])
        #expect(throws: CryptoFailure.invalidKey("not an RSA key")) {
            try RSAPrivateKey(pem: String(decoding: ec.output, as: UTF8.self))
        }
    }

    @Test func descriptionsShowNoKeyMaterial() {
        #expect(String(describing: Self.key) == "RSAPrivateKey(2048 bits, kid: test-1)")
        #expect(String(reflecting: Self.key) == "RSAPrivateKey(2048 bits, kid: test-1)")
    }
}
