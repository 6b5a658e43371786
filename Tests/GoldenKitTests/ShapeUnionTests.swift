import Foundation
import GoldenKit
@_spi(Generated) import GoldenKitMock
@_spi(Generated) import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import Testing

/// A union without a discriminator (`Recipient`): the value's shape picks the case, objects by the
/// one marker key they hold, and anything no case takes is an error that says what came.
@Suite struct ShapeUnionTests {
    func decode(_ json: String) throws -> Golden.Recipient {
        try WireCoding.decode(Golden.Recipient.self, from: Data(json.utf8))
    }

    func encoded(_ recipient: Golden.Recipient) throws -> String {
        String(decoding: try WireCoding.encode(recipient), as: UTF8.self)
    }

    @Test func eachShapeDecodesAsItsCase() throws {
        #expect(try decode(#""ada@example.com""#) == .email("ada@example.com"))
        #expect(try decode("12") == .table(12))
        #expect(try decode(#"["a@x.example", "b@x.example"]"#) == .several(["a@x.example", "b@x.example"]))
        #expect(try decode(#"{"customerId": "c7", "name": "Ada"}"#) == .customer(.init(customerId: "c7", name: "Ada")))
        #expect(
            try decode(#"{"street": "1 Main St", "city": "Vilnius"}"#)
                == .address(.init(street: "1 Main St", city: "Vilnius")))
        #expect(try decode(#"{"name": "whoever"}"#) == .anonymous(.init(name: "whoever")))
        #expect(try decode("{}") == .anonymous(.init()))
    }

    @Test func aCaseEncodesAsItsPayloadAlone() throws {
        #expect(try encoded(.email("ada@example.com")) == #""ada@example.com""#)
        #expect(try encoded(.table(4)) == "4")
        #expect(try encoded(.customer(.init(customerId: "c7"))) == #"{"customerId":"c7"}"#)
        #expect(try encoded(.several([])) == "[]")
        for recipient: Golden.Recipient in [
            .email("e"), .table(-1), .customer(.init(customerId: "c", name: "n")),
            .address(.init(street: "s", city: "c")), .anonymous(.init(name: "n")), .several(["x"]),
        ] {
            #expect(try decode(encoded(recipient)) == recipient)
        }
    }

    @Test func aShapeNoCaseTakesSaysWhatCame() {
        for (json, found) in [
            ("true", "a boolean is no case of Recipient"), ("null", "null is no case of Recipient"),
        ] {
            #expect {
                try decode(json)
            } throws: { error in
                guard case let .dataCorrupted(context) = error as? DecodingError else { return false }
                return context.debugDescription == found
            }
        }
    }

    @Test func anObjectWithTwoMarkersIsNeverGuessed() {
        #expect {
            try decode(#"{"customerId": "c7", "street": "1 Main St", "city": "Vilnius"}"#)
        } throws: { error in
            guard case let .dataCorrupted(context) = error as? DecodingError else { return false }
            return context.debugDescription.contains("customerId and street")
        }
    }

    @Test func aPayloadThatDoesNotFitItsCaseFailsInsideIt() {
        // Marked as an address, but without the city an address requires.
        #expect {
            try decode(#"{"street": "1 Main St"}"#)
        } throws: { error in
            guard case let .keyNotFound(key, _) = error as? DecodingError else { return false }
            return key.stringValue == "city"
        }
        #expect(throws: DecodingError.self) { try decode("2.5") }
    }

    @Test func theMockChecksTheCaseTheShapePicks() {
        func problems(_ giftTo: String) -> [String] {
            Golden.PlaceOrderRequest.wireSchema.problems(in: Data(#"{"items": [], "giftTo": \#(giftTo)}"#.utf8))
        }
        #expect(problems(#""a@b.example""#) == [])
        #expect(problems(#"{"customerId": "c1"}"#) == [])
        #expect(problems(#"{"street": "s", "city": "c"}"#) == [])
        #expect(problems(#"{"name": "n"}"#) == [])
        #expect(problems("[1]") == ["giftTo[0]: expected a string, found a number"])
        #expect(problems(#"{"street": "s"}"#) == ["giftTo.city: missing required field"])
        #expect(problems(#"{"nickname": "n"}"#) == ["giftTo.nickname: unknown field"])
        #expect(problems(#"{"customerId": "c", "street": "s"}"#).first?.contains("more than one of the keys") == true)
        #expect(
            problems("true")
                == [
                    #"giftTo: expected a string or a number or an object with "customerId" or an object with "street" or an object or an array, found a boolean"#
                ])
    }

    @Test func aShapeUnionCrossesLoopbackBothWays() async throws {
        try await withGoldenMock(appKey: "app") { client, _, _ in
            client.restoreSession("t-a@b.example")
            for recipient: Golden.Recipient in [
                .email("ada@example.com"), .table(3), .customer(.init(customerId: "c7")),
                .address(.init(street: "1 Main St", city: "Kaunas", name: "Ada")), .anonymous(.init()),
                .several(["x@y"]),
            ] {
                let answer = try await client.placeOrder(Golden.PlaceOrderRequest(items: [], giftTo: recipient))
                guard case let .placed(order) = answer else {
                    Issue.record("expected a placed order, got \(answer)")
                    continue
                }
                #expect(order.giftTo == recipient)
            }
        }
    }
}
