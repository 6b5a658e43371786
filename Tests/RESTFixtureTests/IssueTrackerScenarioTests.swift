import Foundation
import IssueTrackerKit
import IssueTrackerKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A conventional REST API, written from its public docs, with no glue: its generated client
/// against its generated mock over loopback, the way a team would test an app against it.
@Suite struct IssueTrackerScenarioTests {
    func withTracker(
        _ handler: TrackerHandler = TrackerHandler(),
        _ body: (_ client: (String?) -> IssueTracker.Client, _ service: MockService) async throws -> Void
    ) async throws {
        let service = MockService(router: handler.router)
        try await withMockService(service) { url in
            try await body(
                { token in
                    IssueTracker.Client(
                        environment: .custom(url), appKey: token, timeout: 60, retry: RetryPolicy(maxAttempts: 1))
                }, service)
        }
    }

    @Test func labelsGoByNameOrInFullInOneList() async throws {
        try await withTracker { client, service in
            // Each element of the list is chosen by its shape: a string, or an object.
            let labelled = try await client(TrackerHandler.token).createIssue(
                owner: "octo", repo: "tea",
                IssueTracker.NewIssue(
                    title: "Labelled", labels: [.named("bug"), .new(.init(name: "p1", color: "b60205"))]))
            #expect(labelled.labels.map(\.name) == ["bug", "p1"])
            #expect(labelled.labels.map(\.color) == ["ededed", "b60205"])
            let sent = try #require(service.journal.last { $0.operation == "createIssue" }?.body)
            #expect(sent.contains(#""labels":["bug",{"color":"b60205","name":"p1"}]"#), "\(sent)")
        }
    }

    @Test func createListAcrossPagesReadConditionallyLockAndClearAField() async throws {
        try await withTracker { client, service in
            let signedIn = client(TrackerHandler.token)
            // Create: 201, the body, and the new issue's address.
            var numbers: [Int] = []
            for index in 1...7 {
                let created = try await signedIn.createIssue(
                    owner: "octo", repo: "tea",
                    IssueTracker.NewIssue(title: "Issue \(index)", body: "Steps \(index)", milestone: 1))
                #expect(created.httpStatus == 201)
                #expect(created.responseHeaders.location.path == "/repos/octo/tea/issues/\(created.number)")
                numbers.append(created.number)
            }
            // List across pages, anonymously: a public repository needs no token.
            let anonymous = client(nil)
            let titles = try await anonymous.listIssuesPages(owner: "octo", repo: "tea", perPage: 3).items
                .map(\.title).collected()
            #expect(titles == (1...7).reversed().map { "Issue \($0)" })
            let lists = service.journal.filter { $0.operation == "listIssues" }
            #expect(lists.count == 3)
            #expect(lists.allSatisfy { $0.headers["authorization"] == nil })
            // Each page is a reply: its items, and the rate limit its answer carried.
            var remaining: [Int?] = []
            for try await page in anonymous.listIssuesPages(owner: "octo", repo: "tea", perPage: 5) {
                remaining.append(page.responseHeaders.rateLimitRemaining)
                #expect(page.httpStatus == 200 && !page.responseBody.isEmpty)
            }
            #expect(remaining == [4998, 4998])
            let one = try await anonymous.listIssues(owner: "octo", repo: "tea", perPage: 2)
            #expect(one.responseBody.count == 2 && one.responseHeaders.rateLimitRemaining == 4998)
            #expect(service.journal.first { $0.operation == "createIssue" }?.headers["authorization"] == "<redacted>")

            // A conditional GET: the ETag, then 304 while nothing changed, an outcome and no failure.
            let first = try #require(try await signedIn.getIssue(owner: "octo", repo: "tea", number: 3).value)
            let etag = try #require(first.responseHeaders.etag)
            #expect(first.responseHeaders.rateLimitRemaining == 4999)
            // The issue's own members read through the reply as written: its `body` is its text.
            #expect(first.body == "Steps 3" && first.state == .open)
            let again = try await signedIn.getIssue(owner: "octo", repo: "tea", number: 3, ifNoneMatch: etag)
            #expect(again.isNotModified)
            #expect(service.journal.last { $0.operation == "getIssue" }?.status == 304)
            // A weak tag and a list name the same issue; another tag does not.
            let weak = try await signedIn.getIssue(
                owner: "octo", repo: "tea", number: 3, ifNoneMatch: "\"x\", W/\(etag)")
            #expect(weak == .notModified)
            #expect(try await signedIn.getIssue(owner: "octo", repo: "tea", number: 3, ifNoneMatch: "*").isNotModified)
            let other = try await signedIn.getIssue(owner: "octo", repo: "tea", number: 3, ifNoneMatch: "\"x\"")
            #expect(other.value?.title == "Issue 3")

            // A PATCH that clears a field: null removes the milestone, and nothing else changes.
            #expect(first.milestone?.number == 1)
            let cleared = try await signedIn.updateIssue(
                owner: "octo", repo: "tea", number: 3, IssueTracker.IssueChange(milestone: .null))
            #expect(cleared.milestone == nil && cleared.title == "Issue 3")
            let patch = try #require(service.journal.last { $0.operation == "updateIssue" })
            #expect(patch.body == #"{"milestone":null}"#)

            // A 204: Void, and the change shows.
            try await signedIn.lockIssue(
                owner: "octo", repo: "tea", number: 3, IssueTracker.LockRequest(lockReason: .tooHeated))
            let locked = try await signedIn.getIssue(owner: "octo", repo: "tea", number: 3, ifNoneMatch: etag)
            #expect(locked.value?.locked == true && locked.value?.activeLockReason == .tooHeated)
            #expect(service.journal.last { $0.operation == "lockIssue" }?.body == #"{"lock_reason":"too heated"}"#)
            try await signedIn.unlockIssue(owner: "octo", repo: "tea", number: 3)
        }
    }

    /// `Last-Modified` and `If-Modified-Since` are HTTP-dates both ways: read as a `Date`, sent back
    /// as IMF-fixdate, and the mock's handler compares dates, not text.
    @Test func aConditionalGetByDateTravelsAsHTTPDates() async throws {
        try await withTracker { client, service in
            let signedIn = client(TrackerHandler.token)
            _ = try await signedIn.createIssue(owner: "octo", repo: "tea", IssueTracker.NewIssue(title: "Dated"))
            let first = try #require(try await signedIn.getIssue(owner: "octo", repo: "tea", number: 1).value)
            let modified = try #require(first.responseHeaders.lastModified)
            #expect(modified == Date(timeIntervalSince1970: 1_764_579_600))
            let unchanged = try await signedIn.getIssue(
                owner: "octo", repo: "tea", number: 1, ifModifiedSince: modified)
            #expect(unchanged == .notModified)
            let sent = try #require(service.journal.last { $0.operation == "getIssue" }?.headers)
            #expect(sent["if-modified-since"] == "Mon, 01 Dec 2025 09:00:00 GMT")
            // The service's pinned headers go on every call, its Accept in place of the default one.
            #expect(sent["x-github-api-version"] == "2022-11-28")
            #expect(sent["accept"] == "application/vnd.github+json")
            let earlier = try await signedIn.getIssue(
                owner: "octo", repo: "tea", number: 1, ifModifiedSince: modified.addingTimeInterval(-1))
            #expect(earlier.value?.title == "Dated")
        }
    }

    @Test func aValidationFailureIsA422WithItsFieldErrorsTyped() async throws {
        try await withTracker { client, _ in
            do throws(IssueTracker.Failure) {
                _ = try await client(TrackerHandler.token).createIssue(
                    owner: "octo", repo: "tea", IssueTracker.NewIssue(title: " "))
                Issue.record("an issue without a title was opened")
            } catch {
                #expect(error.code == .validationFailed)
                #expect(error.status == 422)
                #expect(error.message == "Validation Failed")
                let problem = try #require(error.payload?.errors?.first)
                #expect(problem.field == "title" && problem.code == .missingField && problem.resource == "Issue")
                #expect(error.payload?.documentationURL?.host == "docs.example.com")
            }
        }
    }

    @Test func theRateLimitIsA403WithNoneRemainingThenA429WithItsRetryAfter() async throws {
        try await withTracker(TrackerHandler(creates: 0)) { client, _ in
            // One status, two errors: a 403 with X-RateLimit-Remaining 0 is the rate limit, not FORBIDDEN.
            do throws(IssueTracker.Failure) {
                _ = try await client(TrackerHandler.token).createIssue(
                    owner: "octo", repo: "tea", IssueTracker.NewIssue(title: "One more"))
                Issue.record("the rate limit let a call through")
            } catch {
                #expect(error.code == .rateLimitExceeded && error.status == 403)
                #expect(error.code?.rawValue == "RATE_LIMIT_EXCEEDED")
                #expect(error.response?[header: "X-RateLimit-Reset"] == "1713456000")
            }
            do throws(IssueTracker.Failure) {
                _ = try await client(TrackerHandler.token).createIssue(
                    owner: "octo", repo: "tea", IssueTracker.NewIssue(title: "One more"))
                Issue.record("the rate limit let a call through")
            } catch {
                #expect(error.code == .rateLimited)
                #expect(error.response?[header: "Retry-After"] == "30")
                #expect(error.response?[header: "x-ratelimit-remaining"] == "0")
                #expect(error.message == "API rate limit exceeded")
            }
        }
    }

    @Test func notFoundAndAWrongTokenAreTheirOwnFailures() async throws {
        try await withTracker { client, _ in
            do throws(IssueTracker.Failure) {
                _ = try await client(nil).getIssue(owner: "octo", repo: "tea", number: 99)
                Issue.record("a missing issue was found")
            } catch {
                #expect(error.code == .notFound && error.message == "Not Found")
            }
            do throws(IssueTracker.Failure) {
                _ = try await client("wrong").createIssue(owner: "octo", repo: "tea", IssueTracker.NewIssue(title: "x"))
                Issue.record("a wrong token was let in")
            } catch {
                #expect(error.code == .unauthorized)
                #expect(error.kind == .session)
                #expect(!String(describing: error).contains("wrong"))
            }
        }
    }

    @Test func theTokenTravelsAsABearerCredentialAndOnlyThere() async throws {
        let transport = ScriptedTransport()
        transport.queue([.success(TransportResponse(status: 200, body: Data("[]".utf8)))])
        let client = IssueTracker.Client(
            environment: .custom(URL(string: "http://127.0.0.1:9")!), transport: transport, appKey: "ghp_secret")
        _ = try await client.listIssues(owner: "o", repo: "r", labels: ["bug", "ui"])
        let request = try #require(transport.requests.first)
        #expect(request.headers.contains { $0.name == "Authorization" && $0.value == "Bearer ghp_secret" })
        #expect(request.url.query == "labels=bug,ui")
        #expect(!String(describing: client).contains("ghp_secret"))
    }
}
