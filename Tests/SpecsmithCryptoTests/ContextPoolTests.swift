import Foundation
import SpecsmithTesting
import Testing

@testable import SpecsmithCrypto

/// One RSA key is shared by every thread that encrypts a card, and its OAEP contexts are pooled
/// behind a mutex (`EVPKey` and `PooledContext` are `@unchecked Sendable` on that promise). The
/// mistakes that invites: a context handed to two operations at once, a context returned to the
/// wrong slot (an encryption context answering a decryption, or SHA-1 padding where SHA-256 was
/// asked), and a context left unusable by the failure it was returned after.
@Suite struct ContextPoolTests {
    static let key = TestKeys.rsa(0)
    static let threads = 8
    static let rounds = 12

    @Test func oneKeyServesEightThreadsMixingSlotsAndFailures() throws {
        let failures = Recorder<[String]>([])
        let key = Self.key
        let publicKey = key.publicKey
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for round in 0..<Self.rounds {
                let digest: RSAOAEPDigest = (thread + round).isMultiple(of: 2) ? .sha256 : .sha1
                let other: RSAOAEPDigest = digest == .sha256 ? .sha1 : .sha256
                let message = Data("thread \(thread) round \(round)".utf8)
                do {
                    let sealed = try publicKey.encrypt(message, digest: digest)
                    // The same bytes under the other digest's padding must not open.
                    if (try? key.decrypt(sealed, digest: other)) != nil {
                        failures.update { $0.append("\(thread)/\(round): opened under \(other)") }
                    }
                    if round.isMultiple(of: 3),
                        (try? key.decrypt(Data(repeating: 7, count: 256), digest: digest)) != nil
                    {
                        failures.update { $0.append("\(thread)/\(round): garbage opened") }
                    }
                    let opened = try key.decrypt(sealed, digest: digest)
                    if opened != message { failures.update { $0.append("\(thread)/\(round): other bytes") } }
                } catch {
                    failures.update { $0.append("\(thread)/\(round): \(error)") }
                }
            }
        }
        #expect(failures.value == [])
    }

    @Test func aContextReturnedAfterAFailureStillWorks() throws {
        let message = Data("after a failure".utf8)
        for digest in [RSAOAEPDigest.sha256, .sha1] {
            #expect(throws: CryptoFailure.decryptionFailed) {
                try Self.key.decrypt(Data(repeating: 9, count: 256), digest: digest)
            }
            #expect(throws: CryptoFailure.self) {
                try Self.key.publicKey.encrypt(Data(repeating: 1, count: 300), digest: digest)
            }
            let sealed = try Self.key.publicKey.encrypt(message, digest: digest)
            #expect(try Self.key.decrypt(sealed, digest: digest) == message)
        }
    }
}
