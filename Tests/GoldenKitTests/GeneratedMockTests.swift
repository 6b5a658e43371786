import Foundation
import GoldenKit
import GoldenKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import Testing

/// A small handler for the fixture's generated protocol; its answers are what the tests expect back.
struct FixtureHandler: GoldenHandler {
    func signIn(_ request: Golden.SignInRequest, context: MockRequest) async throws(MockFailure) -> Golden.Session {
        guard request.password == "right" else { throw Golden.ErrorCode.badCredentials.mockFailure }
        return Golden.Session(token: "t-\(request.email.rawValue)", expiresAt: Date(timeIntervalSince1970: 0))
    }

    func listItems(shop: String, flavor: Golden.Flavor?, limit: Int?, locale: String?, context: MockRequest)
        async throws(MockFailure) -> [Golden.Item]
    {
        guard context.header("Authorization") == "Bearer t-a@b.example" else {
            throw Golden.ErrorCode.sessionExpired.mockFailure
        }
        let id = (try? Golden.Item.ID("\(shop)|\(flavor?.rawValue ?? "-")|\(limit ?? 0)|\(locale ?? "-")"))!
        return [Golden.Item(id: id, price: Golden.Price(rawValue: 1)!)]
    }

    /// One item per serial, which carries back what the query and the path said.
    func findItems(
        batch: UInt64, serials: [Int64], tags: [String]?, flavors: [Golden.Flavor]?, context: MockRequest
    ) async throws(MockFailure) -> [Golden.Item] {
        serials.enumerated().map { index, serial in
            Golden.Item(
                id: (try? Golden.Item.ID("item-\(index)"))!, flavor: flavors?.first ?? .vanilla,
                price: Golden.Price(rawValue: 1)!, tags: tags ?? ["<none>"], serial: serial, stock: batch,
                rating: Double(index) + 0.1,
                metadata: [
                    "serial": .integer(serial), "tags": .array((tags ?? []).map(JSONValue.string)), "none": .null,
                ])
        }
    }

    func placeOrder(_ request: Golden.PlaceOrderRequest, context: MockRequest) async throws(MockFailure)
        -> Golden.PlaceOrderResponse
    {
        // A gift is placed at once, and the order says who receives it as the request did.
        if let recipient = request.giftTo {
            return .placed(
                Golden.Order(
                    id: UUID(), items: request.items, total: 0, placedAt: Date(timeIntervalSince1970: 0),
                    channel: .web, giftTo: recipient))
        }
        if request.items.isEmpty { throw Golden.ErrorCode.nothingLeft.mockFailure }
        return .queued(request.items.count)
    }

    func confirmOrder(_ request: Golden.CodeCheck, context: MockRequest) async throws(MockFailure)
        -> Golden.Confirmation
    {
        throw Golden.ErrorCode.wrongCode.mockFailure
    }

    func resendCode(_ request: Golden.CodeResend, context: MockRequest) async throws(MockFailure) -> Golden.Code {
        Golden.Code(id: request.codeID + "+", length: 4)
    }

    func cancelOrder(id: UUID, context: MockRequest) async throws(MockFailure) {}

    func encryptionKey(context: MockRequest) async throws(MockFailure) -> String { "key" }

    func refundOrder(id: UUID, context: MockRequest) async throws(MockFailure) {
        guard context.header("X-Admin-Key") == "admin" else { throw Golden.ErrorCode.sessionExpired.mockFailure }
    }

    /// The entry's address names the item; the version says which `If-Match` came.
    func restockItem(id: Golden.Item.ID, ifMatch: String?, context: MockRequest) async throws(MockFailure)
        -> Reply<Golden.Item, Golden.RestockItemHeaders>
    {
        let headers = Golden.RestockItemHeaders(
            location: URL(string: "http://127.0.0.1/items/\(id.rawValue)/stock/1")!,
            etag: ifMatch.map { "after-\($0)" }, remaining: 41)
        return Reply(Golden.Item(id: id, price: Golden.Price(rawValue: 1)!), headers: headers)
    }

    func forgetItem(id: Golden.Item.ID, context: MockRequest) async throws(MockFailure) {}

    /// Declines every card, repeating both numbers the way a careless server words it.
    func checkCard(number: Golden.CardNumber, spare: Golden.CardNumber?, context: MockRequest)
        async throws(MockFailure)
    {
        let spareText = spare.map { ", nor \($0.rawValue)" } ?? ""
        throw MockFailure(status: 402, code: 11, message: "card \(number.rawValue) cannot be charged\(spareText)")
    }

    /// Echoes the changes; a size left out comes back as the item's size, `L`.
    func patchItem(id: Golden.Item.ID, _ request: Golden.ItemPatch, context: MockRequest) async throws(MockFailure)
        -> Golden.ItemPatch
    {
        var answer = request
        if !request.size.isPresent { answer.size = .value(try! Golden.Size(validating: "L")) }
        return answer
    }

    /// Seven items, `i0` to `i6`: the route cuts the page the request asks for.
    static let catalogue = (0..<7).map { Golden.Item(id: try! .init("i\($0)"), price: Golden.Price(rawValue: 1)!) }

    func browseItems(shop: String, page: Int?, perPage: Int?, context: MockRequest) async throws(MockFailure)
        -> [Golden.Item]
    { Self.catalogue }

    func searchItems(text: String?, after: String?, limit: Int?, context: MockRequest) async throws(MockFailure)
        -> Golden.ItemSearchPage
    { Golden.ItemSearchPage(items: Self.catalogue) }

    func numberedItems(
        pageNumber: Int?, next: String?, number: Int?, continuation: String?, context: MockRequest
    ) async throws(MockFailure) -> [Golden.Item] {
        Array(Self.catalogue.prefix(5))
    }

    func offsetItems(start: Int?, limit: Int?, context: MockRequest) async throws(MockFailure) -> [Golden.Item] {
        Self.catalogue
    }

    func touchItem(id: Golden.Item.ID, context: MockRequest) async throws(MockFailure)
        -> Reply<Void, Golden.TouchItemHeaders>
    {
        Reply(headers: Golden.TouchItemHeaders(etag: "\"seen-\(id.rawValue)\""))
    }
}

/// The generated client against the generated mock stubs, in process: every route decodes its
/// request, calls the handler and answers in the spec's envelope.
@Suite struct GeneratedMockTests {
    let router = FixtureHandler().router
    var client: Golden.Client {
        let loopback = URL(string: "http://127.0.0.1")!
        return Golden.Client(
            environment: .custom(api: loopback, keys: loopback), transport: InProcessTransport(router: router),
            appKey: "app")
    }

    @Test func clientAndMockAgreeOnEveryParameter() async throws {
        let client = client
        _ = try await client.signIn(Golden.SignInRequest(email: try .init("a@b.example"), password: "right"))
        let items = try await client.listItems(shop: "a b", flavor: .chocolate, limit: 3, locale: "tr")
        #expect(items.first?.id.rawValue == "a b|CHOCOLATE|3|tr")
        #expect(try await client.encryptionKey() == "key")
    }

    // Deprecated itself so that calling the deprecated endpoint, on purpose, raises no warning.
    @available(*, deprecated, message: "exercises a deprecated endpoint")
    @Test func endpointWithoutResponseAnswersNoContent() async throws {
        let client = client
        client.restoreSession("t")
        try await client.cancelOrder(id: UUID())
    }

    @Test func handlerFailuresArriveAsTypedFailures() async throws {
        let client = client
        await #expect(throws: Golden.Failure.self) {
            try await client.signIn(Golden.SignInRequest(email: try .init("a@b.example"), password: "wrong"))
        }
        client.restoreSession("t-a@b.example")
        do {
            _ = try await client.placeOrder(Golden.PlaceOrderRequest(items: []))
            Issue.record("expected SOLD_OUT")
        } catch {
            #expect(error.kind == .server(code: 10))
            #expect(error.message == "Sold out.")
        }
        let queued = try await client.placeOrder(
            Golden.PlaceOrderRequest(items: [Golden.Item(id: try .init("i"), price: try .init(2))]))
        #expect(queued == .queued(1))
    }

    @Test func unknownPathIs404AndWrongMethodIs405InTheEnvelope() async throws {
        let missing = await router.respond(to: MockRequest(method: "GET", path: "/nowhere"))
        #expect(missing.status == 404)
        #expect(
            String(decoding: missing.body, as: UTF8.self)
                == #"{"error":{"code":404,"message":"no route for \/nowhere"}}"#.replacingOccurrences(
                    of: "\\/", with: "/"))
        let wrongMethod = await router.respond(to: MockRequest(method: "PUT", path: "/orders"))
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "POST")
    }

    @Test func malformedBodiesAre400NamingTheProblem() async throws {
        let response = await router.respond(
            to: MockRequest(
                method: "POST", path: "/orders", headers: signedIn, body: Data(#"{"items": [{"id": "i"}]}"#.utf8)))
        #expect(response.status == 400)
        #expect(
            String(decoding: response.body, as: UTF8.self).contains(
                "invalid request: items[0].price: missing required field"))
        let badID = await router.respond(
            to: MockRequest(method: "DELETE", path: "/orders/not-a-uuid", headers: signedIn))
        #expect(badID.status == 400)
        #expect(String(decoding: badID.body, as: UTF8.self).contains("path parameter id"))
    }
}

/// The mock checks request bodies against the spec's schema and lists every problem by field path.
@Suite struct RequestValidationTests {
    let router = FixtureHandler().router

    func problems(_ path: String, _ body: String) async -> String {
        let response = await router.respond(
            to: MockRequest(method: "POST", path: path, headers: signedIn, body: Data(body.utf8)))
        #expect(response.status == 400)
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test func everyProblemIsListedByFieldPath() async {
        let text = await problems(
            "/orders",
            #"{"items": [{"id": "", "flavor": 7, "quantity": 100, "price": 1.005, "tags": "x", "extra": true}], "card": {"number": "4111111111111112", "holder": null}}"#
        )
        for expected in [
            "items[0].id: it is shorter than 1 characters",
            "items[0].flavor: expected a string, found a number",
            "items[0].quantity: it is greater than 99",
            "items[0].price: it has more than 2 digits after the decimal point",
            "items[0].tags: expected an array, found a string",
            "items[0].extra: unknown field",
            "card.number: the value breaks a rule",
            "card.securityCode: missing required field",
            "card.holder: null is not allowed",
        ] {
            #expect(text.contains(expected), "missing \(expected) in \(text)")
        }
        #expect(!text.contains("4111111111111112"))
    }

    @Test func wrongTopLevelShapeAndInvalidJSON() async {
        #expect(await problems("/orders", "[1, 2]").contains("the body: expected an object, found an array"))
        #expect(await problems("/orders", "{").contains("the body is not valid JSON"))
        #expect(
            await problems("/sessions", #"{"email": "no-at", "password": "x"}"#).contains("email: it does not match"))
    }
}

/// The credentials the fixture's operations require (its default auth is an app key and a
/// session), so a request reaches validation; the mock refuses a request without them first.
let signedIn = ["X-App-Key": "app-key", "Authorization": "Bearer session-token"]
