import Foundation
@_spi(Generated) import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import Testing

/// Which route a path reaches: a template with more literal segments wins, whether the path is
/// found by one lookup (every segment literal) or by comparing templates.
@Suite struct RouteMatchingTests {
    static func route(_ name: String, _ method: RequestMethod, _ path: String) -> MockRoute {
        MockRoute(WireOperation(name: name, method: method, host: "api", path: path)) { request throws(MockFailure) in
            Echo(text: "\(name) \(request.pathParameters.sorted { $0.key < $1.key })")
        }
    }

    static let router = MockRouter(
        routes: [
            route("byToken", .get, "/payments/{token}"),
            route("withNewCard", .post, "/payments/with-new-card"),
            route("withNewCardQuote", .get, "/payments/with-new-card"),
            route("cancel", .delete, "/payments/{token}"),
            route("item", .get, "/v1/{kind}/{id}"),
            route("itemDetail", .get, "/v1/items/{id}"),
            route("status", .get, "/v1/wallet/status"),
        ], envelope: ServerFixture.envelope)

    @Test(arguments: [
        ("GET", "/payments/with-new-card", "withNewCardQuote"),
        ("POST", "/payments/with-new-card", "withNewCard"),
        ("GET", "/payments/abc", "byToken"),
        ("DELETE", "/payments/abc", "cancel"),
        ("GET", "/v1/items/7", "itemDetail"),
        ("GET", "/v1/cards/7", "item"),
        ("GET", "/v1/wallet/status", "status"),
    ])
    func theMostLiteralTemplateWins(method: String, path: String, operation: String) {
        let match = Self.router.match(MockRequest(method: RequestMethod(method), path: path))
        #expect(match.operation?.name == operation)
    }

    @Test func aLiteralPathWithAnotherMethodIs405ListingOnlyItsOwnMethods() async throws {
        let response = await Self.router.respond(to: MockRequest(method: .delete, path: "/payments/with-new-card"))
        #expect(response.status == 405)
        #expect(response.headers["allow"] == "POST, GET")
    }

    @Test(arguments: ["/v1/wallet/status/", "/v1/wallet", "/V1/wallet/status", "/v1/wallet/statu%73"])
    func nearMissesOfALiteralPathAreNotIt(path: String) async {
        let match = Self.router.match(MockRequest(method: .get, path: path))
        #expect(match.operation?.name != "status")
    }

    @Test func parametersArePercentDecoded() async throws {
        let response = await Self.router.respond(to: MockRequest(method: .get, path: "/payments/a%2Fb"))
        let body = try #require(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let data = try #require(body["data"] as? [String: Any])
        #expect(data["text"] as? String == "byToken [(key: \"token\", value: \"a/b\")]")
    }
}
