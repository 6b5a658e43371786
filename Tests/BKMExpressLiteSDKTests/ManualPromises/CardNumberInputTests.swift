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

    /// 4242 4242 4242 4242, whose first 15 digits pass the Luhn check on their own.
    static let prefixTrap = "4242424242424242"

    @Test func typingDigitByDigitDeliversTheFullNumberNotItsLuhnValidPrefix() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM, consent: true)
            let input = BKMExpress.CardNumberInput(api: api)
            let delivered = Recorder<[BKMExpress.CardNumber]>([])
            input.onValidCardNumber { number in delivered.update { $0.append(number) } }
            var typed = ""
            for digit in Self.prefixTrap.dropLast() {
                typed.append(digit)
                input.replaceText(typed)
            }
            #expect(delivered.value.isEmpty, "a 15-digit prefix of a Visa number is not a number")
            #expect(!input.isComplete && !input.isValid)
            #expect(throws: BKMExpress.CardNumberFailure.short) { try input.cardNumber() }
            input.replaceText(Self.prefixTrap)
            let number = try #require(delivered.value.first)
            #expect(delivered.value.count == 1)
            #expect(number.digitCount == 16)
            // The delivered number is the whole card: BKM decrypts and accepts it.
            let response = try await api.storeCard(
                context: .init(number: number, expiryDate: MockFixture.expiry, alias: nil))
            guard case let .added(cards) = response else {
                Issue.record("expected .added, got \(response)")
                return
            }
            #expect(cards.contains { $0.maskedCardNumber.hasSuffix("4242") })
        }
    }

    @Test func anEditOrAPasteOverAnotherValidNumberDeliversTheNewNumber() async throws {
        try await MockFixture.with { fixture in
            let input = BKMExpress.CardNumberInput(api: try await fixture.session(gsm: BKMExpressTestData.linkedGSM))
            let delivered = Recorder<[Int]>([])
            input.onValidCardNumber { number in delivered.update { $0.append(number.digitCount) } }
            input.replaceText(BKMExpressTestData.salaryCard)
            input.replaceText(Self.prefixTrap)  // pasted over a valid number
            input.replaceText("3714 496353 98431")  // and again, with a number of another length
            #expect(delivered.value == [16, 16, 15])
            input.replaceText("3714 496353 98432")  // one digit edited to a wrong check digit
            input.replaceText("3714 496353 98431")  // and edited back
            #expect(delivered.value == [16, 16, 15, 15])
        }
    }

    @Test(arguments: [
        ("424242424242424", BKMExpress.CardNumberFailure.short),  // Luhn-valid, but Visa numbers are 16+
        ("540667540667543", .short),  // Mastercard: 16
        ("979200000000003", .short),  // Troy: 16
        ("42424242424242420", .short),  // Visa: 16, 18 or 19, never 17
        ("37144963539843", .short),  // American Express: 15
    ])
    func aNumberShorterThanItsBrandsLengthsIsShort(digits: String, failure: BKMExpress.CardNumberFailure)
        async throws
    {
        try await MockFixture.with { fixture in
            let input = BKMExpress.CardNumberInput(api: try await fixture.session(gsm: BKMExpressTestData.linkedGSM))
            input.replaceText(digits)
            #expect(!input.isValid && !input.isComplete)
            #expect(throws: failure) { try input.cardNumber() }
        }
    }

    @Test func theFieldTakesNoDigitPastItsBrandsLongestNumber() async throws {
        try await MockFixture.with { fixture in
            let input = BKMExpress.CardNumberInput(api: try await fixture.session(gsm: BKMExpressTestData.linkedGSM))
            input.replaceText("3714 496353 98431 9")
            #expect(input.brand == .americanExpress)
            #expect(input.count == 15)
            #expect(input.isValid)
            input.replaceText(Self.prefixTrap + "0000")
            #expect(input.count == 19)
            #expect(BKMExpress.CardBrand.visa.lengths == [16, 18, 19])
            #expect(BKMExpress.CardBrand.americanExpress.lengths == [15])
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
