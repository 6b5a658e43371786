import Foundation
import Testing

@testable import SpecsmithMock

@Suite struct MoneyTextTests {
    @Test(arguments: [
        ("12.5", "EUR", "12.50 EUR"),
        ("10.5", "TRY", "10.50 TRY"),
        ("9.99", "EUR", "9.99 EUR"),
        ("0.05", "USD", "0.05 USD"),
        ("1000", "TRY", "1000.00 TRY"),
        ("1500", "JPY", "1500 JPY"),
        ("1499.5", "JPY", "1500 JPY"),
        ("1.005", "EUR", "1.01 EUR"),
        ("2.675", "EUR", "2.68 EUR"),
        ("1234.5678", "KWD", "1234.568 KWD"),
        ("-3.5", "EUR", "-3.50 EUR"),
        ("12.5", "eur", "12.50 EUR"),
        ("12.5", "XYZ", "12.50 XYZ"),
        ("123456789012345678.9", "EUR", "123456789012345678.90 EUR"),
    ])
    func anAmountHasItsCurrencysMinorUnitDigits(_ amount: String, _ currency: String, _ expected: String) throws {
        let value = try #require(Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")))
        #expect(MoneyText.format(value, currency: currency) == expected)
    }

    @Test func theMinorUnitTableKnowsZeroTwoAndThreeDigitCurrencies() {
        #expect(MoneyText.digits(of: "JPY") == 0 && MoneyText.digits(of: "KRW") == 0)
        #expect(MoneyText.digits(of: "EUR") == 2 && MoneyText.digits(of: "TRY") == 2)
        #expect(MoneyText.digits(of: "BHD") == 3 && MoneyText.digits(of: "kwd") == 3)
    }
}
