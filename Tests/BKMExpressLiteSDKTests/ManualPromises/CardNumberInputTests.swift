import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithTesting
import Testing

/// Manual section 7: the app never holds the card number; it reads a masked display and facts.
@Suite struct CardNumberInputTests {
    static let digits = BKMExpressTestData.salaryCard  // 4508034508034509

    /// Every run of five or more consecutive digits of `digits` that `text` contains.
    static func leaks(in text: String, digits: String = digits) -> [String] {
        let characters = Array(digits)
        return (0...(characters.count - 5)).map { String(characters[$0..<($0 + 5)]) }.filter { text.contains($0) }
    }

    @Test func nothingPublicShowsMoreThanTheLastFourDigits() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let input = BKMExpress.CardNumberInput(api: api)
            input.replaceText(Self.digits)
            let number = try input.cardNumber()
            var dumped = ""
            dump(input, to: &dumped)
            dump(number, to: &dumped)
            let mirrored = Mirror(reflecting: input).children.map { "\($0.label ?? ""): \($0.value)" }
            let texts =
                [
                    input.maskedText, input.description, input.debugDescription, String(describing: input),
                    String(reflecting: input), "\(input)", number.description, String(reflecting: number), dumped,
                ] + mirrored
            for text in texts { #expect(Self.leaks(in: text) == [], "\(text)") }
            #expect(input.maskedText == "•••• •••• •••• 4509")
            #expect(input.description == "CardNumberInput(16 digits, •••• •••• •••• 4509)")
        }
    }

    @Test(arguments: [
        ("4508034508034509", BKMExpress.CardBrand.visa, true, true),
        ("5406675406675403", .mastercard, true, true),
        ("371449635398431", .americanExpress, true, true),
        ("6759649826438453", .maestro, true, true),
        ("9792", .troy, false, false),
        ("5", .unknown, false, false),
        ("4508034508034508", .visa, true, false),
    ])
    func brandCountCompletenessAndValidityAreReadable(
        digits: String, brand: BKMExpress.CardBrand, complete: Bool, valid: Bool
    ) async throws {
        try await MockFixture.with { fixture in
            let input = BKMExpress.CardNumberInput(api: try await fixture.session(gsm: BKMExpressTestData.linkedGSM))
            input.replaceText(digits)
            #expect(input.brand == brand)
            #expect(input.count == digits.count)
            #expect(input.isComplete == complete)
            #expect(input.isValid == valid)
        }
    }

    @Test func theValidNumberIsDeliveredOnceWhenTheInputBecomesValid() async throws {
        try await MockFixture.with { fixture in
            let input = BKMExpress.CardNumberInput(api: try await fixture.session(gsm: BKMExpressTestData.linkedGSM))
            let delivered = Recorder<[BKMExpress.CardNumber]>([])
            input.onValidCardNumber { number in delivered.update { $0.append(number) } }
            input.replaceText("4508 0345 0803 450")
            #expect(delivered.value.isEmpty)
            input.replaceText("4508 0345 0803 4509")
            input.replaceText("4508-0345-0803-4509")  // the same valid number again: no second delivery
            #expect(delivered.value.count == 1)
            #expect(delivered.value.first?.digitCount == 16)
            input.replaceText("4508 0345 0803 450")
            input.replaceText("4508 0345 0803 4509")
            #expect(delivered.value.count == 2)
        }
    }

    @Test func clearEmptiesTheFieldAndAskingForTheNumberThenFails() async throws {
        try await MockFixture.with { fixture in
            let input = BKMExpress.CardNumberInput(api: try await fixture.session(gsm: BKMExpressTestData.linkedGSM))
            input.replaceText(Self.digits)
            input.clear()
            #expect(input.count == 0)
            #expect(input.maskedText == "")
            #expect(throws: BKMExpress.CardNumberFailure.empty) { try input.cardNumber() }
        }
    }
}
