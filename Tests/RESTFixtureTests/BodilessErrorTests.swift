import Foundation
import IssueTrackerKit
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// Many REST servers answer an error with no body at all, or with a line of text (the Petstore docs
/// declare their 400, 404 and 405 with no content). Over a real socket, the status alone still
/// names the error the spec lists for it.
@Suite struct BodilessErrorTests {
    func failure(status: Int, contentType: String?, body: String) async throws -> IssueTracker.Failure? {
        let headers = contentType.map { ["Content-Type": $0] } ?? [:]
        let responder: MockHTTPServer.Responder = { _ in
            MockResponse(status: status, headers: headers, body: Data(body.utf8))
        }
        return try await withMockServer(.init(port: 0), responder: responder) { server in
            let client = IssueTracker.Client(
                environment: .custom(server.baseURL), appKey: "t", retry: RetryPolicy(maxAttempts: 1))
            do throws(IssueTracker.Failure) {
                _ = try await client.getIssue(owner: "octo", repo: "tea", number: 1)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test(arguments: [(nil, ""), ("text/plain", "Not Found"), ("text/html", "<h1>404</h1>")] as [(String?, String)])
    func aNotFoundWithoutAJSONBodyIsTheDeclaredError(contentType: String?, body: String) async throws {
        let error = try #require(try await failure(status: 404, contentType: contentType, body: body))
        #expect(error.code == .notFound)
        #expect(error.kind == .server(code: 404))
        #expect(error.status == 404)
    }

    /// The issue tracker knows every error by its status, so it has no error codes: a body's own
    /// `code` member (the Petstore's `{"code": 1, "type": "error", …}`) does not hide the status.
    @Test func aCodeMemberOfAServiceThatHasNoCodesDoesNotHideTheStatus() async throws {
        let body = #"{"code": 1, "type": "error", "message": "Issue not found"}"#
        let error = try #require(try await failure(status: 404, contentType: "application/json", body: body))
        #expect(error.code == .notFound && error.kind == .server(code: 404))
        #expect(error.message == "Issue not found")
    }

    /// A status the spec declares no error for stays an answer it does not describe.
    @Test func anUndeclaredStatusWithoutABodyIsAnInvalidResponse() async throws {
        let error = try #require(try await failure(status: 418, contentType: nil, body: ""))
        #expect(error.kind == .invalidResponse && error.code == nil && error.status == 418)
    }

    /// An endpoint that declares no answer ignores the text a server sends with its success, as the
    /// Petstore's logout does ("User logged out").
    @Test func aSuccessWithTextWhereTheSpecDeclaresNoAnswerIsASuccess() async throws {
        let responder: MockHTTPServer.Responder = { _ in
            MockResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data("Unlocked".utf8))
        }
        try await withMockServer(.init(port: 0), responder: responder) { server in
            let client = IssueTracker.Client(
                environment: .custom(server.baseURL), appKey: "t", retry: RetryPolicy(maxAttempts: 1))
            try await client.unlockIssue(owner: "octo", repo: "tea", number: 1)
        }
    }
}
