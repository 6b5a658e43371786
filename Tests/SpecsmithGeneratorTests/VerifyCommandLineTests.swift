import Foundation
import SpecsmithTesting
import Testing

/// `specsmith verify` tells a server that cannot be reached and a command line it cannot run from a
/// server that answers wrongly: both exit 2, and neither prints a credential. (`.ci/verify.sh` runs
/// it against the three mocks and a server that answers another shape.)
@Suite struct VerifyCommandLineTests {
    func verify(_ arguments: [String]) async throws -> CommandLineTests.Run {
        try await blocking { try CommandLineTests.runBlocking(["verify"] + arguments, in: repositoryRoot) }
    }

    /// A loopback port nothing listens on: one the system just handed out, closed again.
    func closedPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func aClosedPortIsUnreachableNotAMismatch() async throws {
        let port = try closedPort()
        let result = try await verify([
            "Spec/paymentkit.json", "--base-url", "http://127.0.0.1:\(port)", "--key", "merchantKey=mk_secret_1",
        ])
        #expect(result.status == 2)
        #expect(result.errors == "specsmith: cannot reach http://127.0.0.1:\(port): connection refused\n")
        #expect(!(result.output + result.errors).contains("mk_secret_1"))
    }

    @Test func withoutABaseURLItIsAUsageError() async throws {
        let result = try await verify(["Spec/paymentkit.json"])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("specsmith: verify needs --base-url\n"))
    }

    /// A `basic` scheme's key is `<user-id>:<password>`: anything else is a usage error that
    /// quotes nothing, and a well-formed one goes on to the server.
    @Test func aBasicKeyIsAUserIdAndPasswordAndNeverShown() async throws {
        let port = try closedPort()
        let base = ["Tests/REST/ledger.json", "--base-url", "http://127.0.0.1:\(port)"]
        for key in ["acct_secret_3", "acct\u{7}x:pw_secret_3"] {
            let refused = try await verify(base + ["--key", "account=\(key)"])
            #expect(refused.status == 2)
            #expect(
                refused.errors
                    == "specsmith: --key account: HTTP Basic takes <user-id>:<password>, the user-id without a colon or control character\n"
            )
            #expect(!refused.errors.contains("secret_3"))
        }
        let sent = try await verify(base + ["--key", "account=acct_1:pw_secret_3"])
        #expect(sent.status == 2)
        #expect(sent.errors == "specsmith: cannot reach http://127.0.0.1:\(port): connection refused\n")
        #expect(!(sent.output + sent.errors).contains("secret_3"))
    }

    @Test func aKeyForASchemeTheSpecLacksIsRefusedWithoutShowingIt() async throws {
        let result = try await verify([
            "Spec/paymentkit.json", "--base-url", "http://127.0.0.1:9", "--key", "serverKey=sk_secret_2",
        ])
        #expect(result.status == 2)
        #expect(
            result.errors
                == "specsmith: --key serverKey: the spec has no app-key scheme \"serverKey\" (it has: merchantKey)\n")
        #expect(!result.errors.contains("sk_secret_2"))
    }
}
