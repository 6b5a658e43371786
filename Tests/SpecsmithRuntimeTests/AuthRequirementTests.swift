import Foundation
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// Credentials as real services take them: a key after a prefix, a key in the query, and an
/// optional credential that is sent when the client has it and left out when it does not.
@Suite struct AuthRequirementTests {
    func request(_ auth: [AuthRequirement], keys: [String: String] = [:], session: String? = nil) async throws
        -> TransportRequest
    {
        let transport = ScriptedTransport([.success(TransportResponse(status: 200, body: Data("{}".utf8)))])
        let core = ClientCore(
            baseURLs: ["api": URL(string: "http://127.0.0.1:9")!], envelope: WireEnvelope(), transport: transport,
            appKeys: keys)
        core.storeSession(session)
        let operation = WireOperation(name: "read", method: "GET", host: "api", path: "/things", auth: auth)
        let _: [String: String] = try await core.send(operation, query: [("q", "tea")], as: TestFailure.self)
        return try #require(transport.requests.first)
    }

    @Test func aPrefixedKeyIsSentAfterItsPrefix() async throws {
        let sent = try await request(
            [.prefixedKey(header: "Authorization", prefix: "Bearer ")], keys: ["Authorization": "ghp_1"])
        #expect(sent.headers.contains { $0.name == "Authorization" && $0.value == "Bearer ghp_1" })
    }

    @Test func aQueryKeyTravelsInTheQueryAndInNoHeader() async throws {
        let sent = try await request([.queryKey(name: "api_key")], keys: ["?api_key": "k 1"])
        #expect(sent.url.query == "q=tea&api_key=k%201")
        #expect(sent.headers.count == 1)  // Accept only
        #expect(
            WireOperation(name: "r", method: "GET", host: "api", path: "/", auth: [.queryKey(name: "api_key")])
                .credentialHeaders.isEmpty)
    }

    @Test func anOptionalCredentialIsSentWhenThereAndLeftOutWhenNot() async throws {
        let optional: [AuthRequirement] = [.optional(.prefixedKey(header: "Authorization", prefix: "Bearer "))]
        let anonymous = try await request(optional)
        #expect(!anonymous.headers.contains { $0.name == "Authorization" })
        let signedIn = try await request(optional, keys: ["Authorization": "t"])
        #expect(signedIn.headers.contains { $0.name == "Authorization" && $0.value == "Bearer t" })
        let session = try await request([.optional(.session(header: "X-Session", prefix: ""))], session: "s1")
        #expect(session.headers.contains { $0.name == "X-Session" && $0.value == "s1" })
        #expect(try await request([.optional(.session(header: "X-Session", prefix: ""))]).headers.count == 1)
    }

    @Test func aRequiredKeyTheClientLacksIsARequestThatIsNeverSent() async throws {
        await #expect(throws: TestFailure.self) {
            _ = try await request([.queryKey(name: "api_key")])
        }
    }
}
