import PaymentKit
import Testing

@Suite struct CardBrandTests {
    /// Public test numbers of each brand (Stripe's, braintree's and the schemes' own test ranges).
    static let publicTestNumbers: [(String, CardBrand)] = [
        ("4242424242424242", .visa), ("4111111111111111", .visa), ("4000056655665556", .visa),
        ("5555555555554444", .mastercard), ("2223003122003222", .mastercard), ("5105105105105100", .mastercard),
        ("378282246310005", .americanExpress), ("371449635398431", .americanExpress),
        ("3056930009020004", .dinersClub), ("36227206271667", .dinersClub), ("38520000023237", .dinersClub),
        ("6011111111111117", .discover), ("6011000990139424", .discover), ("6445644564456445", .discover),
        ("3566002020360505", .jcb), ("3530111333300000", .jcb),
        ("6200000000000005", .unionPay), ("8171999927660000", .unionPay),
        ("6759649826438453", .maestro), ("6304000000000000", .maestro), ("5018000000000009", .maestro),
        ("4936981234567891", .maestro),
        ("9792020000000001", .troy),
        ("2200000000000004", .mir), ("2201382000000013", .mir),
    ]

    @Test(arguments: publicTestNumbers)
    func publicTestNumberHasItsBrand(_ number: String, _ brand: CardBrand) {
        #expect(CardBrand.detect(number) == brand)
    }

    @Test func conflictsResolveToTheLongestPrefix() {
        #expect(CardBrand.detect("6011") == .discover)
        #expect(CardBrand.detect("601") == nil)
        #expect(CardBrand.possibleBrands("601") == [.discover, .maestro])
        #expect(CardBrand.detect("2200") == .mir)
        #expect(CardBrand.detect("2221") == .mastercard)
        #expect(CardBrand.detect("504175") == nil)
        #expect(CardBrand.detect("504176") == .maestro)
        #expect(CardBrand.detect("65") == .discover)
        #expect(CardBrand.detect("62") == .unionPay)
    }

    @Test func aFourFiveOrSixPrefixIsNeverACoBadgeGuess() {
        #expect(CardBrand.detect("4") == .visa)
        #expect(CardBrand.detect("5") == nil)
        #expect(CardBrand.possibleBrands("5") == [.mastercard, .maestro])
        #expect(CardBrand.detect("6") == nil)
        #expect(CardBrand.possibleBrands("6") == [.discover, .unionPay, .maestro])
        #expect(CardBrand.detect("60") == nil)
        #expect(CardBrand.detect("6012") == .maestro)
    }

    @Test func shortPrefixesListEveryCandidate() {
        #expect(CardBrand.possibleBrands("") == CardBrand.allCases)
        #expect(CardBrand.possibleBrands("3") == [.americanExpress, .dinersClub, .jcb])
        #expect(CardBrand.possibleBrands("35") == [.jcb])
        #expect(CardBrand.possibleBrands("2") == [.mastercard, .mir])
        #expect(CardBrand.possibleBrands("1").isEmpty)
        #expect(CardBrand.detect("3") == nil)
    }

    @Test func lengthsCodesAndGroupingComeFromTheTable() {
        #expect(CardBrand.visa.lengths == [16, 18, 19])
        #expect(CardBrand.americanExpress.securityCodeLength == 4)
        #expect(CardBrand.americanExpress.grouping(forLength: 15) == [4, 6, 5])
        #expect(CardBrand.dinersClub.grouping(forLength: 14) == [4, 6, 4])
        #expect(CardBrand.dinersClub.grouping(forLength: 16) == [4, 4, 4, 4, 3])
        #expect(CardBrand.maestro.lengths == Array(12...19))
        #expect(!CardBrand.unionPay.requiresLuhn)
    }
}
