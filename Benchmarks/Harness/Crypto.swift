import Foundation
import SpecsmithCrypto

/// Operations per second of our RSA-OAEP and JWE for a 2048-bit key, each run for `seconds`.
func measureCrypto(seconds: Double) throws {
    let key = try RSAPrivateKey.generate(bits: 2048, keyID: "bench")
    let publicKey = key.publicKey
    let payload = Data("4111111111111111|12/2030".utf8)
    let ciphertext = try publicKey.encrypt(payload)
    let jwe = try JWE.encrypt(payload, to: publicKey)

    func rate(_ name: String, _ body: () throws -> Void) rethrows {
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        while start.duration(to: clock.now) < .milliseconds(Int64(seconds * 1000)) {
            try body()
            count += 1
        }
        let elapsed = start.duration(to: clock.now)
        let perSecond =
            Double(count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        print(String(format: "%@ %.1f ops/s", name, perSecond))
    }
    try rate("rsa-oaep-encrypt") { _ = try publicKey.encrypt(payload) }
    try rate("rsa-oaep-decrypt") { _ = try key.decrypt(ciphertext) }
    try rate("jwe-encrypt") { _ = try JWE.encrypt(payload, to: publicKey) }
    try rate("jwe-decrypt") { _ = try JWE.decrypt(jwe, with: key) }
}
