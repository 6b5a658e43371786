import ChatKit
import ChatKitMock
import Foundation
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A chat API shaped as Slack's Web API: every answer is HTTP 200 with `"ok": true` or `"ok": false`,
/// an error is a string code in `"error"` with no message, and a rate limit is a 429 with
/// `Retry-After`. The spec says so in its envelope, and the client and the mock follow it over loopback.
@Suite struct ChatScenarioTests {
    func withChat(
        _ simulator: ChatSimulator = ChatSimulator(), token: String = ChatSimulator.token,
        _ body: (Chat.Client, URL) async throws -> Void
    ) async throws {
        let service = MockService(router: simulator.router)
        try await withMockService(service) { url in
            let client = Chat.Client(
                environment: .custom(url), appKey: token, retry: RetryPolicy(baseDelay: 0, jitter: { $0 }))
            try await body(client, url)
        }
    }

    @Test func aMessageIsPostedAndTheMockAnswersOkTrueBesideThePayload() async throws {
        try await withChat { client, url in
            let posted = try await client.postMessage(Chat.NewMessage(channel: "C1", text: "Hello"))
            #expect(posted == Chat.Posted(channel: "C1", ts: "1503435956.000247"))
            var request = URLRequest(url: url.appendingPathComponent("auth.test"))
            request.httpMethod = "POST"
            request.setValue("Bearer \(ChatSimulator.token)", forHTTPHeaderField: "Authorization")
            let (data, _) = try await URLSession.shared.data(for: request)
            let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(body["ok"] as? Bool == true && body["team_id"] as? String == "T1")
        }
    }

    /// An error comes with status 200: the `"ok": false` marker makes it one, and its code names it.
    @Test func anErrorAnsweredWithStatus200IsTheErrorItsCodeNames() async throws {
        try await withChat { client, _ in
            do throws(Chat.Failure) {
                _ = try await client.postMessage(Chat.NewMessage(channel: "C404", text: "Hello"))
                Issue.record("a message went to a channel that does not exist")
            } catch {
                #expect(error.code == .channelNotFound && error.status == 200)
                #expect(error.kind == .server(code: "channel_not_found"))
                #expect(error.message == "That channel does not exist.")
            }
        }
    }

    @Test func aTokenTheServiceRefusesIsASessionFailure() async throws {
        try await withChat(token: "xoxb-revoked") { client, _ in
            do throws(Chat.Failure) {
                _ = try await client.testAuth()
                Issue.record("a revoked token was accepted")
            } catch {
                #expect(error.code == .invalidAuth && error.kind == .session)
            }
        }
    }

    /// `ratelimited` is declared retryable: a call that may be repeated is, after Retry-After.
    @Test func aRateLimitedListIsRepeated() async throws {
        let simulator = ChatSimulator(rateLimitedCalls: 1)
        try await withChat(simulator) { client, _ in
            let list = try await client.listConversations(limit: 100)
            #expect(list.channels.map(\.name) == ["general"])
            #expect(simulator.listCalls == 2)
        }
    }

    /// The bodies exactly as Slack's documentation shows them, with no message member, from a raw
    /// server.
    @Test func theDocumentedBodiesAreReadAsTheySay() async throws {
        let responder: MockHTTPServer.Responder = { request in
            let body =
                request.path.hasSuffix("chat.postMessage")
                ? #"{"ok": false, "error": "not_in_channel"}"#
                : #"{"ok": true, "url": "https://team.chat.example.com/", "team": "Team", "user": "bot", "team_id": "T1", "user_id": "U1"}"#
            return MockResponse(status: 200, body: Data(body.utf8))
        }
        try await withMockServer(.init(port: 0), responder: responder) { server in
            let client = Chat.Client(environment: .custom(server.baseURL), appKey: ChatSimulator.token)
            let identity = try await client.testAuth()
            #expect(identity.userID == "U1")
            do throws(Chat.Failure) {
                _ = try await client.postMessage(Chat.NewMessage(channel: "C2", text: "Hello"))
                Issue.record("an error answer was read as a success")
            } catch {
                #expect(error.code == .notInChannel && error.message == "The bot is not in that channel.")
            }
        }
    }
}
