import Foundation
import SpecsmithCrypto
import SpecsmithTesting
import Testing

/// Independent implementations accept what we make, and we accept what they make: the `openssl`
/// command for RSA-OAEP and signatures, Python's jwcrypto for JWE.
@Suite struct CrossImplementationTests {
    static let key = TestKeys.rsa(0, keyID: "cross-1")

    func writeKeys() throws -> URL {
        let folder = try ExternalTool.scratch()
        try Self.key.pem().write(to: folder.appendingPathComponent("private.pem"), atomically: true, encoding: .utf8)
        try Self.key.publicKey.pem().write(
            to: folder.appendingPathComponent("public.pem"), atomically: true, encoding: .utf8)
        return folder
    }

    static let oaepOptions = [
        "-pkeyopt", "rsa_padding_mode:oaep", "-pkeyopt", "rsa_oaep_md:sha256", "-pkeyopt", "rsa_mgf1_md:sha256",
    ]

    @Test func opensslDecryptsOurRSAOAEP() async throws {
        let folder = try writeKeys()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ciphertext = try Self.key.publicKey.encrypt(Data("interoperable".utf8))
        let result = try await ExternalTool.run(
            "openssl",
            ["pkeyutl", "-decrypt", "-inkey", folder.appendingPathComponent("private.pem").path] + Self.oaepOptions,
            input: ciphertext)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == Data("interoperable".utf8))
    }

    @Test func weDecryptOpensslsRSAOAEP() async throws {
        let folder = try writeKeys()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await ExternalTool.run(
            "openssl",
            ["pkeyutl", "-encrypt", "-pubin", "-inkey", folder.appendingPathComponent("public.pem").path]
                + Self.oaepOptions,
            input: Data("from openssl".utf8))
        #expect(result.status == 0, "\(result.errors)")
        #expect(try Self.key.decrypt(result.output) == Data("from openssl".utf8))
    }

    @Test func opensslVerifiesOurSignature() async throws {
        let folder = try writeKeys()
        defer { try? FileManager.default.removeItem(at: folder) }
        let signature = folder.appendingPathComponent("signature.bin")
        try Self.key.sign(Data("MERCHANT_ID".utf8)).write(to: signature)
        let result = try await ExternalTool.run(
            "openssl",
            [
                "dgst", "-sha256", "-verify", folder.appendingPathComponent("public.pem").path, "-signature",
                signature.path,
            ],
            input: Data("MERCHANT_ID".utf8))
        #expect(result.status == 0, "\(result.errors)")
        #expect(String(decoding: result.output, as: UTF8.self).contains("Verified OK"))
    }

    static let python = """
        import sys, json
        from jwcrypto import jwk, jwe
        mode, pem = sys.argv[1], open(sys.argv[2], 'rb').read()
        key = jwk.JWK.from_pem(pem)
        if mode == 'decrypt':
            token = jwe.JWE()
            token.deserialize(sys.stdin.read().strip(), key=key)
            sys.stdout.buffer.write(token.payload)
        else:
            token = jwe.JWE(sys.stdin.buffer.read(), json.dumps({'alg': 'RSA-OAEP-256', 'enc': 'A256GCM', 'kid': 'py-1'}))
            token.add_recipient(key)
            sys.stdout.write(token.serialize(compact=True))
        """

    @Test(.enabled(if: ExternalTool.hasJWCrypto, "needs Python's jwcrypto (.ci/run installs it)"))
    func jwcryptoDecryptsOurJWE() async throws {
        let folder = try writeKeys()
        defer { try? FileManager.default.removeItem(at: folder) }
        let compact = try JWE.encrypt(Data(#"{"pan":"encrypted-by-specsmith"}"#.utf8), to: Self.key.publicKey)
        let result = try await ExternalTool.run(
            "python3", ["-c", Self.python, "decrypt", folder.appendingPathComponent("private.pem").path],
            input: Data(compact.utf8))
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == Data(#"{"pan":"encrypted-by-specsmith"}"#.utf8))
    }

    @Test(.enabled(if: ExternalTool.hasJWCrypto, "needs Python's jwcrypto (.ci/run installs it)"))
    func weDecryptJWCryptosJWE() async throws {
        let folder = try writeKeys()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await ExternalTool.run(
            "python3", ["-c", Self.python, "encrypt", folder.appendingPathComponent("public.pem").path],
            input: Data("made by jwcrypto".utf8))
        #expect(result.status == 0, "\(result.errors)")
        let compact = String(decoding: result.output, as: UTF8.self)
        #expect(try JWE.header(of: compact)["kid"] == "py-1")
        #expect(try JWE.decrypt(compact, with: Self.key) == Data("made by jwcrypto".utf8))
    }
}
