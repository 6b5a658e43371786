import Foundation
import GoldenKit
@_spi(Generated) import SpecsmithRuntime
import Testing

/// The generated models behave as the spec says: open enums, unions, value rules, redaction.
@Suite struct GeneratedModelTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try WireCoding.decode(type, from: Data(json.utf8))
    }

    @Test func unknownEnumValueDecodesAsUnknownCase() throws {
        #expect(try decode([Golden.Flavor].self, #"["VANILLA", "MATCHA"]"#) == [.vanilla, .unknown("MATCHA")])
        #expect(Golden.Flavor.unknown("MATCHA").rawValue == "MATCHA")
    }

    @Test func closedEnumRejectsUnknownValues() {
        #expect(throws: DecodingError.self) { try decode(Golden.Channel.self, #""fax""#) }
        #expect(Golden.Channel.app.rawValue == "mobile-app")
    }

    @Test func unknownDiscriminatorIsItsOwnError() {
        #expect(throws: UnknownDiscriminator(type: "PlaceOrderResponse", field: "outcome", value: "LOST")) {
            try decode(Golden.PlaceOrderResponse.self, #"{"outcome": "LOST"}"#)
        }
    }

    @Test func unionCasesCarryTheirPayloads() throws {
        #expect(try decode(Golden.PlaceOrderResponse.self, #"{"outcome": "QUEUED", "position": 3}"#) == .queued(3))
        #expect(try decode(Golden.PlaceOrderResponse.self, #"{"outcome": "SOLD_OUT"}"#) == .soldOut)
        let encoded = try WireCoding.encode(Golden.PlaceOrderResponse.queued(7))
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"outcome":"QUEUED","position":7}"#)
    }

    @Test func missingPayloadNamesTheField() {
        #expect {
            try decode(Golden.PlaceOrderResponse.self, #"{"outcome": "QUEUED"}"#)
        } throws: { error in
            guard case let .keyNotFound(key, _) = error as? DecodingError else { return false }
            return key.stringValue == "position"
        }
    }

    @Test func valueRulesAreCheckedOnCreationAndDecoding() throws {
        #expect(throws: ValueRuleFailure.self) { try Golden.Email("no-at-sign") }
        #expect(try Golden.Email("a@b.example").rawValue == "a@b.example")
        #expect(Golden.Quantity(rawValue: 0) == nil)
        #expect(Golden.Quantity(rawValue: 100) == nil)
        #expect(Golden.Quantity.dozen.rawValue == 12)
        #expect(Golden.Size(rawValue: "XL") == nil)
        #expect(Golden.Size.small.rawValue == "S")
        #expect(throws: DecodingError.self) { try decode(Golden.Quantity.self, "0") }
        #expect(throws: ValueRuleFailure.self) { try Golden.Price(Decimal(string: "-0.01")!) }
    }

    @Test func luhnRuleRejectsMistypedCardNumbers() throws {
        #expect(throws: ValueRuleFailure.self) { try Golden.CardNumber("4111111111111112") }
        #expect(try Golden.CardNumber("4111111111111111").rawValue.count == 16)
    }

    @Test func sensitiveValuesNeverPrint() throws {
        let number = try Golden.CardNumber("4111111111111111")
        let card = Golden.PaymentCard(number: number, securityCode: "123", holder: "Ada")
        var dumped = ""
        dump(card, to: &dumped)
        for text in [String(describing: card), String(reflecting: card), "\(card)", dumped, String(describing: number)]
        {
            #expect(!text.contains("4111111111111111"))
            #expect(!text.contains("123"))
        }
        #expect(String(describing: card).contains("Ada"))
        do {
            _ = try Golden.CardNumber("4111111111111112")
        } catch {
            #expect(!error.description.contains("4111"))
        }
    }

    @Test func decimalsStayExact() throws {
        let item = try decode(Golden.Item.self, #"{"id": "i", "price": 0.1, "tags": [], "attributes": {}}"#)
        let doubled = item.price.rawValue + item.price.rawValue + item.price.rawValue
        #expect(doubled == Decimal(string: "0.3"))
        let order = Golden.Order(
            id: UUID(), items: [], total: Decimal(string: "0.1")! + Decimal(string: "0.2")!,
            placedAt: Date(timeIntervalSince1970: 0),
            channel: .web)
        let json = String(decoding: try WireCoding.encode(order), as: UTF8.self)
        #expect(json.contains(#""total":0.3"#))
        #expect(json.contains(#""placed_at":"1970-01-01T00:00:00Z""#))
    }

    @Test func defaultsFromTheSpecFillTheInitialiser() throws {
        let item = Golden.Item(id: try Golden.Item.ID("i"), price: try Golden.Price(1))
        #expect(item.flavor == .vanilla)
        #expect(item.quantity == .one)
        #expect(item.tags.isEmpty)
    }
}
