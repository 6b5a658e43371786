import Foundation
import IssueTrackerKit
import IssueTrackerKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// An answer in a form, as OAuth's token endpoint gives one by default (`access_token=…&scope=…`):
/// the client asks for the form whatever Accept the service pins, reads it into the declared
/// struct, and the mock writes it from the same struct.
@Suite struct FormAnswerTests {
    @Test func aSignInCodeIsTradedForATokenInAForm() async throws {
        try await IssueTrackerScenarioTests().withTracker { client, service in
            let exchange = IssueTracker.TokenExchange(
                clientId: TrackerHandler.clientID, clientSecret: TrackerHandler.clientSecret,
                code: TrackerHandler.signInCode, redirectUri: URL(string: "myapp://signed-in"))
            let token = try await client(nil).exchangeCode(exchange)
            #expect(token.accessToken == TrackerHandler.token && token.scope == "repo,gist")
            #expect(token.tokenType == "bearer" && token.expiresIn == 28800)
            let entry = try #require(service.journal.last { $0.operation == "exchangeCode" })
            // The pinned Accept (application/vnd.github+json) gives way to the form this operation answers.
            #expect(entry.headers["accept"] == "application/x-www-form-urlencoded")
            #expect(entry.headers["content-type"] == "application/x-www-form-urlencoded")
            // Neither the secret nor the code is in the journal: a form body is only counted.
            #expect(!entry.body.contains("secret_fixture") && !entry.body.contains("code-from-redirect"))
        }
    }

    @Test func aWrongCodeIsTheDeclaredErrorInJSON() async throws {
        try await IssueTrackerScenarioTests().withTracker { client, _ in
            let exchange = IssueTracker.TokenExchange(
                clientId: TrackerHandler.clientID, clientSecret: TrackerHandler.clientSecret, code: "stale")
            do throws(IssueTracker.Failure) {
                _ = try await client(nil).exchangeCode(exchange)
                Issue.record("a stale code was traded")
            } catch {
                #expect(error.code == .unauthorized && error.message == "The code is wrong or expired.")
            }
        }
    }

    @Test func theMockWritesTheFormAndAStrangerReadsIt() async throws {
        try await withMockService(MockService(router: TrackerHandler().router)) { url in
            let port = UInt16(url.port ?? 0)
            let body = "client_id=Iv1.fixture&client_secret=secret_fixture&code=code-from-redirect"
            let answer = try await MockObeysSpecTests().exchange(
                "POST", "/login/oauth/access_token",
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "*/*"], body: body,
                port: port)
            #expect(answer.status == 200 && answer.headers["content-type"] == "application/x-www-form-urlencoded")
            let pairs = try #require(FormEncoding.pairs(of: answer.body))
            #expect(
                pairs.map { "\($0.name)=\($0.value)" } == [
                    "access_token=ghp_fixture", "expires_in=28800", "scope=repo,gist", "token_type=bearer",
                ])
            // An Accept that refuses forms is answered 406, as the spec's media type says.
            let refused = try await MockObeysSpecTests().exchange(
                "POST", "/login/oauth/access_token",
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
                body: body, port: port)
            #expect(refused.status == 406)
        }
    }

    struct Reading: Decodable, Equatable {
        struct Line: Decodable, Equatable {
            var sku: String
            var price: Decimal
        }
        var count: Int
        var ratio: Double
        var flag: Bool
        var at: Date
        var tags: [String]
        var lines: [Line]
        var meta: [String: String]
        var missing: String?
        var empty: Int?
    }

    @Test func theFormReaderGivesEachTextTheTypeAskedFor() throws {
        let form =
            "count=3&ratio=0.5&flag=true&at=2026-12-06T10%3A00%3A00Z&tags[]=a+b&tags[]=%C3%A7"
            + "&lines[1][sku]=y&lines[1][price]=0.10&lines[0][sku]=x&lines[0][price]=12.50&meta[k]=v&empty="
        let reading = try FormDecoding.decode(Reading.self, from: Data(form.utf8))
        #expect(
            reading
                == Reading(
                    count: 3, ratio: 0.5, flag: true, at: Date(timeIntervalSince1970: 1_796_551_200),
                    tags: ["a b", "ç"],
                    lines: [
                        .init(sku: "x", price: Decimal(string: "12.50")!),
                        .init(sku: "y", price: Decimal(string: "0.10")!),
                    ],
                    meta: ["k": "v"], missing: nil, empty: nil))
        for broken in ["count=three&ratio=0&flag=true", "count=3&ratio=0&flag=yes", "a=%ZZ", "ratio=1"] {
            #expect(throws: DecodingError.self, "\(broken)") {
                try FormDecoding.decode(Reading.self, from: Data(broken.utf8))
            }
        }
    }
}
