import Foundation
import IssueTrackerKit
import IssueTrackerKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime

/// An issue tracker in memory, behind the generated handler protocol: what a team would write to
/// test against the spec's mock. It answers as the service's docs say: 201 with `Location`, ETags
/// (the mock answers its conditional GETs' 304s by itself), 204s, 404 and 422 bodies with field errors, and a rate limit with `Retry-After`.
final class TrackerHandler: IssueTrackerHandler {
    static let token = "ghp_fixture"
    private struct State {
        var issues: [IssueTracker.Issue] = []
        var versions: [Int: Int] = [:]
        var createsLeft: Int
    }
    private let state: Locked<State>
    private let clock = Date(timeIntervalSince1970: 1_764_579_600)
    private let user = IssueTracker.User(login: "octo", id: 1, htmlURL: URL(string: "https://issues.example.com/octo")!)
    private let milestone = IssueTracker.Milestone(id: 7_000_000_001, number: 1, title: "v1", state: .open)

    /// - Parameter creates: How many issues may be opened before the rate limit answers 429.
    init(creates: Int = 100) {
        state = Locked(State(createsLeft: creates))
    }

    func listIssues(
        owner: String, repo: String, state filter: IssueTracker.StateFilter?, labels: [String]?, since: Date?,
        perPage: Int?, page: Int?, context: MockRequest
    ) async throws(MockFailure) -> Reply<[IssueTracker.Issue], IssueTracker.ListIssuesHeaders> {
        let issues = state.withLock { $0.issues }.reversed()
        let listed = issues.filter { issue in
            switch filter ?? .open {
            case .all: true
            case .open: issue.state == .open
            case .closed: issue.state == .closed
            }
        }
        return Reply(listed, headers: .init(rateLimitRemaining: 4998))
    }

    func getIssue(
        owner: String, repo: String, number: Int, ifNoneMatch: String?, ifModifiedSince: Date?, context: MockRequest
    ) async throws(MockFailure) -> Reply<IssueTracker.Issue, IssueTracker.GetIssueHeaders> {
        let (issue, version) = try find(number)
        let etag = "\"\(number)-\(version)\""
        // The mock answers 304 by itself when the request's validators match these headers.
        return Reply(issue, headers: .init(etag: etag, lastModified: issue.updatedAt, rateLimitRemaining: 4999))
    }

    func createIssue(owner: String, repo: String, _ request: IssueTracker.NewIssue, context: MockRequest)
        async throws(MockFailure) -> Reply<IssueTracker.Issue, IssueTracker.CreateIssueHeaders>
    {
        guard context.header("authorization") == "Bearer \(Self.token)" else {
            throw MockFailure(
                status: 401, payload: IssueTracker.APIError(message: "Requires authentication"), message: "401")
        }
        let allowed = state.withLock { state in
            state.createsLeft -= 1
            return state.createsLeft >= 0
        }
        guard allowed else {
            // The first refusal is the primary limit (a 403 with no requests remaining), every
            // later one the secondary limit (a 429 with Retry-After).
            if state.withLock({ $0.createsLeft }) == -1 {
                var failure = IssueTracker.ErrorCode.rateLimitExceeded.mockFailure
                failure.headers = ["X-RateLimit-Reset": "1713456000"]
                throw failure
            }
            throw MockFailure(
                status: 429, payload: IssueTracker.APIError(message: "API rate limit exceeded"), message: "429",
                headers: ["Retry-After": "30", "X-RateLimit-Remaining": "0", "X-RateLimit-Limit": "5000"])
        }
        guard !request.title.trimmingCharacters(in: .whitespaces).isEmpty else {
            let problem = IssueTracker.FieldError(resource: "Issue", field: "title", code: .missingField)
            throw MockFailure(
                status: 422,
                payload: IssueTracker.APIError(
                    message: "Validation Failed",
                    documentationURL: URL(string: "https://docs.example.com/issues#create"),
                    errors: [problem]),
                message: "422")
        }
        let issue = state.withLock { state -> IssueTracker.Issue in
            let number = state.issues.count + 1
            let issue = IssueTracker.Issue(
                id: 9_000_000_000 + Int64(number), nodeID: "I_\(number)", number: number, title: request.title,
                body: request.body, state: .open, locked: false, user: user,
                labels: (request.labels ?? []).enumerated().map { index, input in
                    switch input {
                    case let .named(name):
                        IssueTracker.Label(id: Int64(index + 1), name: name, color: "ededed", description: nil)
                    case let .new(label):
                        IssueTracker.Label(
                            id: Int64(index + 1), name: label.name, color: label.color ?? "ededed",
                            description: label.description)
                    }
                }, assignees: [],
                milestone: request.milestone == 1 ? milestone : nil, comments: 0, createdAt: clock, updatedAt: clock,
                htmlURL: URL(string: "https://issues.example.com/\(owner)/\(repo)/issues/\(number)")!)
            state.issues.append(issue)
            state.versions[number] = 1
            return issue
        }
        let location = URL(string: "https://api.issues.example.com/repos/\(owner)/\(repo)/issues/\(issue.number)")!
        return Reply(issue, headers: .init(location: location))
    }

    func updateIssue(
        owner: String, repo: String, number: Int, _ request: IssueTracker.IssueChange, context: MockRequest
    ) async throws(MockFailure) -> IssueTracker.Issue {
        _ = try find(number)
        return state.withLock { state in
            var issue = state.issues[number - 1]
            if let title = request.title { issue.title = title }
            if let body = request.body { issue.body = body }
            if let change = request.state {
                issue.state = change
                issue.closedAt = change == .closed ? clock : nil
            }
            switch request.milestone {
            case .absent: break
            case .null: issue.milestone = nil
            case .value: issue.milestone = milestone
            }
            state.issues[number - 1] = issue
            state.versions[number, default: 1] += 1
            return issue
        }
    }

    func lockIssue(
        owner: String, repo: String, number: Int, _ request: IssueTracker.LockRequest, context: MockRequest
    ) async throws(MockFailure) {
        _ = try find(number)
        state.withLock { state in
            state.issues[number - 1].locked = true
            state.issues[number - 1].activeLockReason = request.lockReason
            state.versions[number, default: 1] += 1
        }
    }

    func unlockIssue(owner: String, repo: String, number: Int, context: MockRequest) async throws(MockFailure) {
        _ = try find(number)
        state.withLock { state in
            state.issues[number - 1].locked = false
            state.issues[number - 1].activeLockReason = nil
        }
    }

    static let clientID = "Iv1.fixture"
    static let clientSecret = "secret_fixture"
    static let signInCode = "code-from-redirect"

    func exchangeCode(_ request: IssueTracker.TokenExchange, context: MockRequest) async throws(MockFailure)
        -> IssueTracker.AccessToken
    {
        guard request.clientId == Self.clientID, request.clientSecret == Self.clientSecret,
            request.code == Self.signInCode
        else {
            throw MockFailure(
                status: 401, payload: IssueTracker.APIError(message: "The code is wrong or expired."), message: "401")
        }
        return IssueTracker.AccessToken(
            accessToken: Self.token, scope: "repo,gist", tokenType: "bearer", expiresIn: 28800)
    }

    private func find(_ number: Int) throws(MockFailure) -> (IssueTracker.Issue, Int) {
        let found = state.withLock { state in
            state.issues.indices.contains(number - 1) ? (state.issues[number - 1], state.versions[number] ?? 1) : nil
        }
        guard let found else {
            throw MockFailure(
                status: 404,
                payload: IssueTracker.APIError(
                    message: "Not Found", documentationURL: URL(string: "https://docs.example.com/issues#get")),
                message: "404")
        }
        return found
    }
}
