import Foundation
import FuzzSupport
import SpecsmithCrypto

/// JWE compact parsing and decryption. The first byte picks the shape: the bytes as a compact
/// token, or a real token to the fuzzer's key with one of its five parts replaced by the fuzzed
/// bytes. Invariants: no trap; a token whose protected parts were changed never decrypts; nothing
/// decrypts with another key.
enum JWEFuzz {
    static let key = try! RSAPrivateKey.generate(bits: 2048)
    static let otherKey = try! RSAPrivateKey.generate(bits: 2048)
    static let plaintext = Data(#"{"pan":"4111111111111111","cvc":"123"}"#.utf8)
    static let token = try! JWE.encrypt(plaintext, to: key.publicKey, contentType: "application/json")

    static func check(_ input: Data) {
        guard let first = input.first else { return }
        let text = String(decoding: input.dropFirst(), as: UTF8.self)
        if first & 0x80 == 0 {
            _ = try? JWE.header(of: text)
            _ = try? JWE.decrypt(text, with: key)
            return
        }
        var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let index = Int(first & 0x7F) % parts.count
        guard parts[index] != text else { return }
        parts[index] = text
        let changed = parts.joined(separator: ".")
        precondition((try? JWE.decrypt(changed, with: otherKey)) == nil, "a token decrypted with another key")
        if let opened = try? JWE.decrypt(changed, with: key) {
            // Only the parts that are not authenticated may change: none of the five here (the header is
            // the additional data, the key, IV, ciphertext and tag are checked by RSA-OAEP and GCM),
            // unless the change is an equivalent base64url spelling of the same bytes.
            precondition(opened == plaintext, "a changed token decrypted to other bytes")
        }
    }
}

#if FUZZING
    /// The keys and the token are made before the first input: made during one, LeakSanitizer would
    /// count them as leaked (it cannot follow Swift's tagged pointers to where they are kept).
    @_cdecl("LLVMFuzzerInitialize")
    public func initialize(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> CInt {
        _ = (JWEFuzz.token, JWEFuzz.otherKey)
        return 0
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        JWEFuzz.check(Data(bytes: data, count: size))
        return 0
    }
#else
    @main struct Replay {
        static func main() { FuzzReplay.run("fuzz-jwe", JWEFuzz.check) }
    }
#endif
