import Foundation
import IssueTrackerKit
import IssueTrackerKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// The code of the REST walkthrough article (`Generator/Specsmith.docc/RESTWalkthrough.md`), which
/// quotes the regions between `snippet:` markers, run as the article tells it against the issue
/// tracker's mock; and the article's spec fragments, each checked to be part of the real spec.
@Suite struct RESTWalkthroughTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theWalkthroughRunsAsTheArticleTellsIt() async throws {
        // snippet: client
        let service = MockService(router: TrackerHandler(creates: 3).router)
        let server = try MockHTTPServer { request in await service.respond(to: request) }  // 127.0.0.1, a free port
        let url = server.baseURL
        let client = IssueTracker.Client(environment: .custom(url), appKey: TrackerHandler.token)
        let anonymous = IssueTracker.Client(environment: .custom(url))
        // snippet: end
        // The server stops on every way out of the walk.
        do {
            for title in ["Crash on launch", "Typo in README", "Dark mode"] {
                _ = try await client.createIssue(owner: "octo", repo: "tea", IssueTracker.NewIssue(title: title))
            }

            // snippet: pages
            var titles: [String] = []
            for try await issue in anonymous.listIssuesPages(owner: "octo", repo: "tea", perPage: 2).items {
                titles.append(issue.title)
            }
            // titles == ["Dark mode", "Typo in README", "Crash on launch"], from two pages
            // snippet: end
            #expect(titles == ["Dark mode", "Typo in README", "Crash on launch"])
            #expect(service.journal.filter { $0.operation == "listIssues" }.count == 2)

            // snippet: conditional
            let first = try await client.getIssue(owner: "octo", repo: "tea", number: 1)
            let etag = first.value?.responseHeaders.etag
            switch try await client.getIssue(owner: "octo", repo: "tea", number: 1, ifNoneMatch: etag) {
            case .notModified:
                print("issue 1 is unchanged: keep the copy")
            case let .modified(newer):
                print("issue 1 changed: \(newer.title)")
            }
            // snippet: end
            #expect(service.journal.last { $0.operation == "getIssue" }?.status == 304)

            // snippet: errors
            do throws(IssueTracker.Failure) {
                _ = try await client.getIssue(owner: "octo", repo: "tea", number: 999)
            } catch  where error.code == .notFound {
                print("no issue 999: \(error.message)")  // "Not Found"
            } catch {
                print("\(error.kind): \(error.message)")
            }
            // snippet: end
            // snippet: rateLimit
            do throws(IssueTracker.Failure) {
                _ = try await client.createIssue(owner: "octo", repo: "tea", IssueTracker.NewIssue(title: "One more"))
            } catch {
                switch error.code {
                case .rateLimitExceeded?:  // a 403 with X-RateLimit-Remaining: 0
                    print("out of requests until \(error.response?[header: "X-RateLimit-Reset"] ?? "?")")
                case .rateLimited?:  // a 429, already retried after its Retry-After
                    print("slow down")
                default:
                    print(error.message)
                }
            }
            // snippet: end
            // The fourth issue is over the fixture's limit of three: the primary rate limit, a 403.
            #expect(service.journal.last { $0.operation == "createIssue" }?.status == 403)

            // snippet: form
            let token = try await anonymous.exchangeCode(
                IssueTracker.TokenExchange(
                    clientId: TrackerHandler.clientID, clientSecret: TrackerHandler.clientSecret,
                    code: TrackerHandler.signInCode))
            let signedIn = IssueTracker.Client(environment: .custom(url), appKey: token.accessToken)
            // snippet: end
            #expect(token.tokenType == "bearer")
            _ = try await signedIn.getIssue(owner: "octo", repo: "tea", number: 1)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// Each JSON block of the article is part of the spec it describes: every member it shows is
    /// in `Tests/REST/issue-tracker.json` with the same value, so the article cannot drift from it.
    @Test func everySpecFragmentOfTheArticleIsPartOfTheSpec() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent("Generator/Specsmith.docc/RESTWalkthrough.md"), encoding: .utf8
        )
        let spec = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.root.appendingPathComponent("Tests/REST/issue-tracker.json")))
        let blocks = article.components(separatedBy: "```json\n").dropFirst().map {
            $0.components(separatedBy: "\n```")[0]
        }
        #expect(blocks.count >= 6)
        for block in blocks {
            let fragment = try JSONSerialization.jsonObject(with: Data(block.utf8))
            #expect(Self.isPart(fragment, of: spec), "not part of the spec:\n\(block)")
        }
    }

    /// Whether every member of `fragment` is in `whole` with the same value (objects in part, anything else whole).
    static func isPart(_ fragment: Any, of whole: Any) -> Bool {
        if let fragment = fragment as? [String: Any] {
            guard let whole = whole as? [String: Any] else { return false }
            return fragment.allSatisfy { key, value in whole[key].map { isPart(value, of: $0) } ?? false }
        }
        return (fragment as? NSObject)?.isEqual(whole) ?? false
    }
}
