import Foundation
import SpecsmithCrypto
import SpecsmithTesting
import Testing

@Suite struct AESGCMTests {
    static func hex(_ text: String) -> Data {
        Data(stride(from: 0, to: text.count, by: 2).map { UInt8(text.dropFirst($0).prefix(2), radix: 16)! })
    }

    /// Test case 16 of the GCM specification (McGrew & Viega): AES-256, 96-bit IV, with AAD.
    @Test func knownAnswer() throws {
        let key = Self.hex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
        let plaintext = Self.hex(
            "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
        )
        let aad = Self.hex("feedfacedeadbeeffeedfacedeadbeefabaddad2")
        let box = try AES256GCM.seal(plaintext, key: key, iv: Self.hex("cafebabefacedbaddecaf888"), authenticating: aad)
        #expect(
            box.ciphertext
                == Self.hex(
                    "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"
                ))
        #expect(box.tag == Self.hex("76fc6ece0f4e1768cddf8853bb2d551b"))
        #expect(try AES256GCM.open(box, key: key, authenticating: aad) == plaintext)
    }

    @Test func anyChangeFailsAuthentication() throws {
        let key = try SecureRandom.bytes(32)
        let box = try AES256GCM.seal(Data("payload".utf8), key: key, authenticating: Data("aad".utf8))
        var ciphertext = box
        ciphertext.ciphertext[0] ^= 1
        var tag = box
        tag.tag[15] ^= 1
        for altered in [ciphertext, tag] {
            #expect(throws: CryptoFailure.decryptionFailed) {
                try AES256GCM.open(altered, key: key, authenticating: Data("aad".utf8))
            }
        }
        #expect(throws: CryptoFailure.decryptionFailed) {
            try AES256GCM.open(box, key: key, authenticating: Data("AAD".utf8))
        }
        #expect(throws: CryptoFailure.self) { try AES256GCM.seal(Data(), key: Data(count: 16)) }
    }
}

@Suite struct JWETests {
    static let key = TestKeys.rsa(0, keyID: "card-key-7")

    @Test func roundTripsWithKidInTheProtectedHeader() throws {
        let compact = try JWE.encrypt(
            Data(#"{"cvc":"123"}"#.utf8), to: Self.key.publicKey, contentType: "application/json")
        #expect(compact.split(separator: ".").count == 5)
        #expect(
            try JWE.header(of: compact) == [
                "alg": "RSA-OAEP-256", "enc": "A256GCM", "kid": "card-key-7", "cty": "application/json",
            ])
        #expect(try JWE.decrypt(compact, with: Self.key) == Data(#"{"cvc":"123"}"#.utf8))
    }

    @Test func everyTamperedPartFails() throws {
        let compact = try JWE.encrypt(Data("data".utf8), to: Self.key.publicKey)
        var parts = compact.split(separator: ".").map(String.init)
        for index in 0..<5 {
            var altered = parts
            var bytes = Array(try Base64URL.decode(altered[index]))
            bytes[bytes.count / 2] ^= 0x04
            altered[index] = Base64URL.encode(Data(bytes))
            #expect(throws: CryptoFailure.self, "part \(index)") {
                try JWE.decrypt(altered.joined(separator: "."), with: Self.key)
            }
        }
        parts.removeLast()
        #expect(throws: CryptoFailure.malformed("a compact JWE has five parts, this has 4")) {
            try JWE.decrypt(parts.joined(separator: "."), with: Self.key)
        }
        #expect(throws: CryptoFailure.decryptionFailed) { try JWE.decrypt(compact, with: TestKeys.rsa(1)) }
    }
}
