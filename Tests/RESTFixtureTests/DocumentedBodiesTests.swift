import Foundation
import IssueTrackerKit
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// Answers shaped as the service's public docs show them, members the spec does not declare
/// included, replayed through a transport double: the generated client reads each as the docs mean.
@Suite struct DocumentedBodiesTests {
    func client(_ answers: [(Int, [String: String], String)]) -> (IssueTracker.Client, ScriptedTransport) {
        let transport = ScriptedTransport()
        transport.queue(answers.map { .success(TransportResponse(status: $0.0, headers: $0.1, body: Data($0.2.utf8))) })
        let client = IssueTracker.Client(
            environment: .custom(URL(string: "http://127.0.0.1:9")!), transport: transport, appKey: "t",
            retry: RetryPolicy(maxAttempts: 1))
        return (client, transport)
    }

    static let issue = """
        {
          "id": 1, "node_id": "MDU6SXNzdWUx", "url": "https://api.issues.example.com/repos/octo/tea/issues/1347",
          "repository_url": "https://api.issues.example.com/repos/octo/tea", "number": 1347, "state": "open",
          "title": "Found a bug", "body": "I'm having a problem with this.",
          "user": { "login": "octo", "id": 1, "node_id": "MDQ6VXNlcjE=", "html_url": "https://issues.example.com/octo",
                    "type": "User", "site_admin": false },
          "labels": [{ "id": 208045946, "node_id": "MDU6TGFiZWwyMDgwNDU5NDY=", "name": "bug", "description": null,
                       "color": "f29513", "default": true }],
          "assignee": null, "assignees": [], "milestone": null, "locked": true, "active_lock_reason": "too heated",
          "comments": 0, "pull_request": null, "closed_at": null, "created_at": "2011-04-22T13:33:48Z",
          "updated_at": "2011-04-22T13:33:48Z", "closed_by": null, "author_association": "COLLABORATOR",
          "html_url": "https://issues.example.com/octo/tea/issues/1347", "state_reason": null
        }
        """

    @Test func anIssueAsTheDocsShowItDecodesWithItsNullsAndItsUnknownMembers() async throws {
        let (client, _) = client([(200, ["ETag": #"W/"a1b2""#], Self.issue)])
        let issue = try #require(try await client.getIssue(owner: "octo", repo: "tea", number: 1347).value)
        #expect(issue.number == 1347 && issue.state == .open && issue.activeLockReason == .tooHeated)
        #expect(issue.milestone == nil && issue.closedAt == nil)
        #expect(issue.labels.first.map { $0.description == nil } == true)
        #expect(issue.responseHeaders.etag == #"W/"a1b2""#)
    }

    @Test func theDocumentedErrorBodiesAreTheirFailures() async throws {
        let (client, _) = client([
            (
                404, [:],
                #"{"message": "Not Found", "documentation_url": "https://docs.example.com/rest", "status": "404"}"#
            ),
            (
                422, [:],
                #"{"message": "Validation Failed", "errors": [{"resource": "Issue", "field": "title", "code": "missing_field"}], "documentation_url": "https://docs.example.com/rest/issues"}"#
            ),
            (
                403, ["Retry-After": "60", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1713456000"],
                #"{"message": "You have exceeded a secondary rate limit.", "documentation_url": "https://docs.example.com/rest"}"#
            ),
            (502, ["Content-Type": "text/html"], "<html><body>Bad gateway</body></html>"),
        ])
        let failures = await [
            failure { () async throws(IssueTracker.Failure) in
                _ = try await client.getIssue(owner: "o", repo: "r", number: 1)
            },
            failure { () async throws(IssueTracker.Failure) in
                _ = try await client.createIssue(owner: "o", repo: "r", IssueTracker.NewIssue(title: ""))
            },
            failure { () async throws(IssueTracker.Failure) in
                _ = try await client.createIssue(owner: "o", repo: "r", IssueTracker.NewIssue(title: "x"))
            },
            failure { () async throws(IssueTracker.Failure) in
                _ = try await client.getIssue(owner: "o", repo: "r", number: 1)
            },
        ]
        #expect(failures[0]?.code == .notFound && failures[0]?.payload?.status == "404")
        #expect(failures[1]?.code == .validationFailed && failures[1]?.payload?.errors?.first?.code == .missingField)
        // A 403 with no requests remaining is the rate limit, which the spec tells apart by that header.
        #expect(failures[2]?.code == .rateLimitExceeded)
        #expect(failures[2]?.response?[header: "X-RateLimit-Reset"] == "1713456000")
        #expect(failures[2]?.message == "You have exceeded a secondary rate limit.")
        // Only a body that is no JSON at all, such as a proxy's page, is an invalid response.
        #expect(failures[3]?.kind == .invalidResponse && failures[3]?.status == 502)
    }

    func failure(_ body: () async throws(IssueTracker.Failure) -> Void) async -> IssueTracker.Failure? {
        do throws(IssueTracker.Failure) {
            try await body()
            return nil
        } catch {
            return error
        }
    }
}
