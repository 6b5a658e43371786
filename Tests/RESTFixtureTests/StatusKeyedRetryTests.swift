import Foundation
import IssueTrackerKit
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// The issue tracker knows every error by its status and marks `429` retryable. Its retry rules
/// read an answer by its status, as its failures do: a body's own `code` member neither repeats a
/// refusal nor stops a repetition.
@Suite struct StatusKeyedRetryTests {
    /// How many requests `getIssue` sends when the server answers `status` with `body` once, and
    /// then the issue; the policy's statuses are empty, so only the spec's rules can repeat it.
    func attempts(status: Int, body: String) async throws -> Int {
        let count = Locked(0)
        let responder: MockHTTPServer.Responder = { _ in
            let first = count.withLock { count in
                count += 1
                return count == 1
            }
            let json =
                first ? body : #"{"number": 1, "title": "Tea", "state": "open", "labels": [], "comments": 0}"#
            return MockResponse(
                status: first ? status : 200, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
        }
        try await withMockServer(.init(port: 0), responder: responder) { server in
            let client = IssueTracker.Client(
                environment: .custom(server.baseURL), appKey: "t",
                retry: RetryPolicy(maxAttempts: 2, baseDelay: 0, maxDelay: 0, retryableStatuses: []))
            _ = try? await client.getIssue(owner: "octo", repo: "tea", number: 1)
        }
        return count.withLock { $0 }
    }

    @Test func aRateLimitWhoseBodyHasItsOwnCodeIsRepeated() async throws {
        #expect(try await attempts(status: 429, body: #"{"code": 1, "message": "slow down"}"#) == 2)
    }

    @Test func aRefusalWhoseCodeMemberLooksLikeARetryableStatusIsNotRepeated() async throws {
        #expect(try await attempts(status: 400, body: #"{"code": 429, "message": "bad request"}"#) == 1)
    }
}
