import Foundation
import PaymentKit
import Testing

@Suite struct CardValidationTests {
    /// 15 June 2026, noon UTC: far from a month boundary in every time zone.
    static let now = Date(timeIntervalSince1970: 1_781_524_800)

    static func card(
        name: String = "Ona Petraitė", number: String = "4111 1111 1111 1111", month: String = "12",
        year: String = "30", code: String = "123"
    ) -> CardInput {
        let card = CardInput()
        card.cardholderName = name
        card.cardNumber = number
        card.expiryMonth = month
        card.expiryYear = year
        card.securityCode = code
        return card
    }

    @Test func aGoodCardIsValid() {
        let card = Self.card()
        for field in CardInput.Field.allCases { #expect(card.validationError(for: field, at: Self.now) == nil) }
        #expect(card.isValid)
    }

    @Test func everyFieldMustBePresent() {
        let card = CardInput()
        #expect(card.validationError(for: .cardholderName) == .missing(.cardholderName))
        #expect(card.validationError(for: .cardNumber) == .missing(.cardNumber))
        #expect(card.validationError(for: .expiry) == .missing(.expiry))
        #expect(card.validationError(for: .securityCode) == .missing(.securityCode))
        #expect(Self.card(name: "   ").validationError(for: .cardholderName) == .missing(.cardholderName))
        #expect(!card.isValid)
    }

    @Test func numberRules() {
        #expect(Self.card(number: "4111-1111-1111-1111").validationError(for: .cardNumber) == nil)
        #expect(Self.card(number: "4111 1111 1111 1112").validationError(for: .cardNumber) == .failedLuhnCheck)
        #expect(
            Self.card(number: "4111 1111 1111 11a1").validationError(for: .cardNumber)
                == .invalidCharacters(.cardNumber))
        #expect(Self.card(number: "4111111111111").validationError(for: .cardNumber) == .invalidLength(brand: .visa))
        #expect(
            Self.card(number: "37828224631000").validationError(for: .cardNumber)
                == .invalidLength(brand: .americanExpress))
        // UnionPay needs no check digit.
        #expect(Self.card(number: "6200000000000006").validationError(for: .cardNumber) == nil)
    }

    @Test(arguments: 10...20)
    func unknownBrandsTake12To19Digits(_ length: Int) {
        let number = luhnComplete("1" + String(repeating: "0", count: length - 2))
        let error = Self.card(number: number).validationError(for: .cardNumber)
        #expect(error == ((12...19).contains(length) ? nil : .invalidLength(brand: nil)))
    }

    @Test func expiryRules() {
        #expect(Self.card(month: "00").validationError(for: .expiry, at: Self.now) == .invalidMonth)
        #expect(Self.card(month: "13").validationError(for: .expiry, at: Self.now) == .invalidMonth)
        #expect(Self.card(month: "1", year: "").validationError(for: .expiry, at: Self.now) == .incompleteExpiry)
        #expect(Self.card(month: "06", year: "26").validationError(for: .expiry, at: Self.now) == nil)
        #expect(Self.card(month: "05", year: "26").validationError(for: .expiry, at: Self.now) == .expired)
        #expect(Self.card(month: "12", year: "25").validationError(for: .expiry, at: Self.now) == .expired)
        #expect(Self.card(month: "01", year: "27").validationError(for: .expiry, at: Self.now) == nil)
        #expect(
            Self.card(month: "0a", year: "27").validationError(for: .expiry, at: Self.now)
                == .invalidCharacters(.expiry))
    }

    @Test func yearRollsOverTheCentury() throws {
        let december2099 = try #require(
            Calendar(identifier: .gregorian).date(from: DateComponents(year: 2099, month: 12, day: 15, hour: 12)))
        #expect(Self.card(month: "12", year: "99").validationError(for: .expiry, at: december2099) == nil)
        #expect(Self.card(month: "01", year: "00").validationError(for: .expiry, at: december2099) == nil)
        #expect(Self.card(month: "11", year: "99").validationError(for: .expiry, at: december2099) == .expired)
    }

    @Test func securityCodeFollowsTheBrand() {
        #expect(
            Self.card(code: "1234").validationError(for: .securityCode) == .invalidSecurityCodeLength(expected: 3...3))
        #expect(Self.card(number: "378282246310005", code: "1234").validationError(for: .securityCode) == nil)
        #expect(
            Self.card(number: "378282246310005", code: "123").validationError(for: .securityCode)
                == .invalidSecurityCodeLength(expected: 4...4))
        #expect(Self.card(number: "", code: "1234").validationError(for: .securityCode) == nil)
        #expect(
            Self.card(number: "", code: "12").validationError(for: .securityCode)
                == .invalidSecurityCodeLength(expected: 3...4))
        #expect(Self.card(code: "12a").validationError(for: .securityCode) == .invalidCharacters(.securityCode))
    }

    @Test func errorsReadWellAndNeverRepeatTheCard() {
        let card = Self.card(number: "4111 1111 1111 1112", code: "987")
        let error = card.validationError(for: .cardNumber)
        #expect(error?.localizedDescription == "The card number is not valid. Check it for typing mistakes.")
        var dumped = ""
        dump(card, to: &dumped)
        for text in [card.description, card.debugDescription, dumped, String(describing: card), "\(error!)"] {
            #expect(!text.contains("4111") && !text.contains("987"), "\(text)")
        }
    }
}

/// `prefix` with the Luhn check digit appended.
func luhnComplete(_ prefix: String) -> String {
    for check in 0...9 where luhnValid(prefix + String(check)) { return prefix + String(check) }
    return prefix
}

func luhnValid(_ number: String) -> Bool {
    let digits = number.compactMap(\.wholeNumberValue)
    let sum = digits.reversed().enumerated().reduce(0) { sum, pair in
        let doubled = pair.offset % 2 == 1 ? pair.element * 2 : pair.element
        return sum + (doubled > 9 ? doubled - 9 : doubled)
    }
    return sum % 10 == 0
}
