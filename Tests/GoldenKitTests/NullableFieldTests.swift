import Foundation
import GoldenKit
import GoldenKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// Nullable is not optional: a field that is optional and nullable is absent, `null` or a value, so
/// a PATCH can clear it; one that is nullable and required is always sent, as `null` for `nil`.
/// Client coding, the mock's validation and the mock's answers agree.
@Suite struct NullableFieldTests {
    func json(_ value: Golden.ItemPatch) throws -> String {
        String(decoding: try WireCoding.encode(value), as: UTF8.self)
    }

    func decode(_ text: String) throws -> Golden.ItemPatch {
        try WireCoding.decoder().decode(Golden.ItemPatch.self, from: Data(text.utf8))
    }

    @Test func absentIsLeftOutNullIsSentAndARequiredNullableIsAlwaysSent() throws {
        #expect(try json(Golden.ItemPatch()) == #"{"retiredAt":null}"#)
        #expect(try json(Golden.ItemPatch(note: .null)) == #"{"note":null,"retiredAt":null}"#)
        let retired = Date(timeIntervalSince1970: 1_764_579_600)
        #expect(
            try json(Golden.ItemPatch(note: .value("fragile"), size: .value(.small), retiredAt: retired))
                == #"{"note":"fragile","retiredAt":"2025-12-01T09:00:00Z","size":"S"}"#)
    }

    @Test func eachOfTheThreeDecodesBackToItself() throws {
        let cleared = try decode(#"{"note": null, "retiredAt": null}"#)
        #expect(cleared.note == .null)
        #expect(cleared.size == .absent)
        #expect(cleared.retiredAt == nil)
        let set = try decode(#"{"note": "x", "size": "M", "retiredAt": "2026-12-01T09:00:00Z"}"#)
        #expect(set.note == .value("x"))
        #expect(set.size.value?.rawValue == "M")
        #expect(set.retiredAt != nil)
        // Nullable is not optional: the required member must be there, as null or a value.
        #expect(throws: DecodingError.self) { try decode(#"{"note": "x"}"#) }
    }

    @Test func aPatchClearsAFieldThroughTheMockOverLoopback() async throws {
        try await withGoldenMock { client, service, _ in
            let answer = try await client.patchItem(id: try .init("tea"), Golden.ItemPatch(note: .null))
            #expect(answer.note == .null)  // the mock received null and sends it back
            #expect(answer.size.value?.rawValue == "L")  // left out, so the item's own
            #expect(answer.retiredAt == nil)
            let sent = try #require(service.journal.last)
            #expect(sent.body.contains(#""note":null"#))
            #expect(!sent.body.contains("size"))
        }
    }

    @Test func theMockTakesNullWhereTheSpecSaysSoAndNowhereElse() async throws {
        let router = FixtureHandler().router
        func status(_ body: String) async -> (Int, String) {
            let response = await router.respond(
                to: MockRequest(method: "PATCH", path: "/items/tea", body: Data(body.utf8)))
            return (response.status, String(decoding: response.body, as: UTF8.self))
        }
        #expect(await status(#"{"note": null, "size": null, "retiredAt": null}"#).0 == 200)
        let missing = await status(#"{"note": "x"}"#)
        #expect(missing.0 == 400)
        #expect(missing.1.contains("retiredAt: missing required field"))
    }
}
