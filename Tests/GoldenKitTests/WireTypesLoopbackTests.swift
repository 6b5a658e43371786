import Foundation
import GoldenKit
@_spi(Generated) import GoldenKitMock
@_spi(Generated) import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// The types a conventional REST API needs, through the generated client, the loopback server and
/// the generated mock: 64-bit and unsigned integers, doubles, and lists in the query in both forms.
@Suite struct WireTypesLoopbackTests {
    func withMock(_ body: (Golden.Client, MockService) async throws -> Void) async throws {
        try await withGoldenMock(appKey: "app") { client, service, _ in try await body(client, service) }
    }

    @Test func sixtyFourBitIntegersAndListsRoundTripOverLoopback() async throws {
        try await withMock { client, service in
            let items = try await client.findItems(
                batch: .max, serials: [.min, 9_007_199_254_740_993, .max], tags: ["a b", "c,d"],
                flavors: [.chocolate, .unknown("MINT")])
            #expect(items.map(\.serial) == [.min, 9_007_199_254_740_993, .max])
            #expect(items.map(\.stock) == [.max, .max, .max])
            #expect(items.map(\.rating) == [0.1, 1.1, 2.1])
            #expect(items.first?.tags == ["a b", "c,d"])
            #expect(items.first?.flavor == .chocolate)
        }
    }

    @Test func explodedListRepeatsTheNameAndJoinedListUsesCommas() async throws {
        let transport = ScriptedTransport()
        transport.answer("[]")
        let client = Golden.Client(environment: .test, transport: transport, appKey: "app")
        _ = try await client.findItems(batch: 7, serials: [1, -2], tags: ["x", "y&z"], flavors: [])
        let request = try #require(transport.requests.first)
        #expect(
            request.url.absoluteString
                == "https://api.test.golden.example/v2/batches/7/items?serials=1,-2&tag=x&tag=y%26z")
    }

    @Test func absentListsAreEmptyOrNilAsDeclared() async throws {
        try await withMock { client, _ in
            let none = try await client.findItems(batch: 1, serials: [])
            #expect(none.isEmpty)
            let one = try await client.findItems(batch: 1, serials: [5])
            #expect(one.first?.tags == ["<none>"])
        }
    }

    @Test func mockRefusesAListElementThatDoesNotConvert() async throws {
        let service = MockService(router: FixtureHandler().router)
        let response = await service.respond(
            to: MockRequest(method: .get, path: "/batches/1/items", query: ["serials": "1,x,3"], headers: signedIn))
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains("query parameter serials[1]"))
    }

    @Test func mockRefusesANegativeUnsignedInteger() {
        let body = Data(#"{"items": [{"id": "i", "price": 1, "stock": -1, "serial": 3}]}"#.utf8)
        #expect(
            Golden.PlaceOrderRequest.wireSchema.problems(in: body) == [
                "items[0].stock: expected a whole number that is not negative, found a number"
            ])
    }
}

/// A `json` field holds whatever JSON the service sends, exactly, and the mock accepts any there.
@Suite struct FreeFormJSONTests {
    @Test func freeFormJSONRoundTripsOverLoopback() async throws {
        let service = MockService(router: FixtureHandler().router)
        let responder: MockHTTPServer.Responder = { await service.respond(to: $0) }
        try await withServer(responder) { url in
            let client = Golden.Client(environment: .custom(api: url, keys: url), appKey: "app")
            let items = try await client.findItems(batch: 1, serials: [.max], tags: ["a"])
            #expect(items.first?.metadata == ["serial": .integer(.max), "tags": ["a"], "none": .null])
        }
    }

    @Test func mockAcceptsAnyJSONInAFreeFormField() {
        for extra in [#"{"a": [1, "b", null, {"c": false}]}"#, "null", "3.25", #""text""#, "[]"] {
            let body = Data(#"{"items": [{"id": "i", "price": 1, "metadata": \#(extra)}]}"#.utf8)
            #expect(Golden.PlaceOrderRequest.wireSchema.problems(in: body) == [], "\(extra)")
        }
    }

    @Test func jsonValueDecodesEveryKindAndKeepsSixtyFourBitIntegersExact() throws {
        let text = #"{"big": 9007199254740993, "half": 0.5, "no": false, "list": [null, "x"], "nested": {}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(
            value == [
                "big": .integer(9_007_199_254_740_993), "half": 0.5, "no": false, "list": [.null, "x"], "nested": [:],
            ])
        let again = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        #expect(again == value)
    }
}
