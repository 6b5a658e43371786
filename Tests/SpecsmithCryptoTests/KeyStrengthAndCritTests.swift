import Foundation
import SpecsmithCrypto
import SpecsmithTesting
import Testing

/// Keys too weak to trust are refused when read, and a JWE asking for extensions is refused.
@Suite struct KeyStrengthAndCritTests {
    static let key = TestKeys.rsa(0)

    /// A compact JWE for `key` whose protected header is exactly `header`.
    static func jwe(header: String, for key: RSAPublicKey) throws -> String {
        let protected = Base64URL.encode(Data(header.utf8))
        let contentKey = Data((0..<32).map { UInt8($0) })
        let box = try AES256GCM.seal(Data("card data".utf8), key: contentKey, authenticating: Data(protected.utf8))
        return [
            protected, Base64URL.encode(try key.encrypt(contentKey)), Base64URL.encode(box.iv),
            Base64URL.encode(box.ciphertext), Base64URL.encode(box.tag),
        ]
        .joined(separator: ".")
    }

    @Test func aJWEWithoutCritStillDecrypts() throws {
        let compact = try Self.jwe(header: #"{"alg":"RSA-OAEP-256","enc":"A256GCM"}"#, for: Self.key.publicKey)
        #expect(try JWE.decrypt(compact, with: Self.key) == Data("card data".utf8))
    }

    @Test(arguments: [
        #"{"alg":"RSA-OAEP-256","enc":"A256GCM","crit":["exp"],"exp":1}"#,
        #"{"alg":"RSA-OAEP-256","enc":"A256GCM","crit":[]}"#,
        #"{"alg":"RSA-OAEP-256","crit":"b64","enc":"A256GCM"}"#,
    ])
    func aJWEWithACritHeaderIsRefused(header: String) throws {
        let compact = try Self.jwe(header: header, for: Self.key.publicKey)
        #expect {
            _ = try JWE.decrypt(compact, with: Self.key)
        } throws: { error in
            guard case let .unsupported(what) = error as? CryptoFailure else { return false }
            return what.contains("crit")
        }
    }

    /// A JWK with the modulus of a good key and the exponent `e` (base64url).
    static func jwk(modulus: Data, exponent: String) -> Data {
        Data(#"{"kty":"RSA","n":"\#(Base64URL.encode(modulus))","e":"\#(exponent)"}"#.utf8)
    }

    static var goodModulus: Data {
        get throws {
            let object = try JSONSerialization.jsonObject(with: try key.publicKey.jwk()) as? [String: String]
            return try Base64URL.decode(try #require(object?["n"]))
        }
    }

    @Test(arguments: [("Aw", 3), ("EQ", 17), ("__8", 65535), ("AAD__w", 65535)])
    func aPublicKeyWithASmallExponentIsRefusedWhenRead(exponent: String, value: Int) throws {
        let jwk = Self.jwk(modulus: try Self.goodModulus, exponent: exponent)
        #expect(throws: CryptoFailure.weakKey(.publicExponentTooSmall(value))) { try RSAPublicKey(jwk: jwk) }
    }

    @Test(arguments: ["AQAB", "AQAD", "AQAAAQ"])
    func aPublicKeyWithAnExponentFrom65537IsRead(exponent: String) throws {
        let key = try RSAPublicKey(jwk: Self.jwk(modulus: try Self.goodModulus, exponent: exponent))
        #expect(key.bits == 2048)
    }

    @Test func aPublicKeyUnder2048BitsIsRefusedWhenRead() throws {
        // An odd 2040-bit number: libcrypto takes any odd modulus for a public key.
        let modulus = Data([0xC5] + [UInt8](repeating: 0x5B, count: 254))
        #expect(throws: CryptoFailure.weakKey(.modulusTooShort(bits: 2040))) {
            try RSAPublicKey(jwk: Self.jwk(modulus: modulus, exponent: "AQAB"))
        }
    }

    @Test(arguments: [
        (1024, "65537", CryptoFailure.weakKey(.modulusTooShort(bits: 1024))),
        (2048, "3", CryptoFailure.weakKey(.publicExponentTooSmall(3))),
    ])
    func weakPrivateKeysAndTheirPublicHalvesAreRefusedWhenRead(
        bits: Int, exponent: String, failure: CryptoFailure
    ) async throws {
        let generated = try await ExternalTool.run(
            "openssl",
            [
                "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:\(bits)", "-pkeyopt",
                "rsa_keygen_pubexp:\(exponent)",
            ])
        try #require(generated.status == 0)
        let pem = String(decoding: generated.output, as: UTF8.self)
        #expect(throws: failure) { try RSAPrivateKey(pem: pem) }
        let publicHalf = try await ExternalTool.run("openssl", ["pkey", "-pubout"], input: generated.output)
        try #require(publicHalf.status == 0)
        #expect(throws: failure) { try RSAPublicKey(pem: String(decoding: publicHalf.output, as: UTF8.self)) }
    }
}
