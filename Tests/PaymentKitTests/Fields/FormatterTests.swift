import PaymentKit
import Testing

/// Replays keystrokes on a formatter, as a text field would forward them.
struct Typist {
    var state = TextFieldState()
    let apply: (TextEdit, TextFieldState) -> TextFieldState

    mutating func type(_ text: String) {
        for character in text { state = apply(.insert(String(character), in: state), state) }
    }

    mutating func paste(_ text: String) { state = apply(.insert(text, in: state), state) }
    mutating func backspace() { state = apply(.deleteBackward(in: state), state) }
    mutating func moveCaret(to offset: Int) { state = TextFieldState(text: state.text, selection: offset..<offset) }
}

@Suite struct CardNumberFormatterTests {
    func typist(_ text: String = "", caret: Int? = nil) -> Typist {
        let formatter = CardNumberFormatter()
        var typist = Typist(apply: { formatter.apply($0, to: $1) })
        typist.paste(text)
        if let caret { typist.moveCaret(to: caret) }
        return typist
    }

    @Test func typingGroupsByBrand() {
        var visa = typist()
        visa.type("41111111111111111111")
        #expect(visa.state == TextFieldState(text: "4111 1111 1111 1111 111", selection: 23..<23))
        var amex = typist()
        amex.type("3782822463100059")
        #expect(amex.state.text == "3782 822463 10005")
        var diners = typist()
        diners.type("36227206271667")
        #expect(diners.state.text == "3622 720627 1667")
        var mastercard = typist()
        mastercard.type("55555555555544449")
        #expect(mastercard.state.text == "5555 5555 5555 4444")
    }

    @Test func pastedSeparatorsAreDropped() {
        var field = typist()
        field.paste("4111-1111 1111-1111")
        #expect(field.state == TextFieldState(text: "4111 1111 1111 1111", selection: 19..<19))
    }

    @Test func typingInTheMiddleKeepsTheCaretAfterTheNewDigit() {
        var field = typist("4111 1111", caret: 2)
        field.type("9")
        #expect(field.state == TextFieldState(text: "4191 1111 1", selection: 3..<3))
        field.moveCaret(to: 4)
        field.type("7")
        #expect(field.state == TextFieldState(text: "4191 7111 11", selection: 6..<6))
    }

    @Test func deletingInTheMiddleKeepsTheCaret() {
        var field = typist("4111 2222 3333", caret: 7)
        field.backspace()
        #expect(field.state == TextFieldState(text: "4111 2223 333", selection: 6..<6))
        // A backspace right after a space removes the digit before it.
        field.moveCaret(to: 5)
        field.backspace()
        #expect(field.state == TextFieldState(text: "4112 2233 33", selection: 3..<3))
    }

    @Test func pastingInTheMiddleStopsAtTheBrandsLength() {
        var field = typist("3782 822463 1000", caret: 4)
        field.paste("99 99")
        #expect(field.state == TextFieldState(text: "3782 982246 31000", selection: 6..<6))
    }

    @Test func replacingASelection() {
        var field = typist("4111 1111 1111 1111")
        field.state.selection = 5..<9
        field.paste("2222")
        #expect(field.state == TextFieldState(text: "4111 2222 1111 1111", selection: 9..<9))
        #expect(CardNumberFormatter.digits(of: field.state.text) == "4111222211111111")
    }
}

@Suite struct CardExpiryFormatterTests {
    func typist() -> Typist {
        let formatter = CardExpiryFormatter()
        return Typist(apply: { formatter.apply($0, to: $1) })
    }

    @Test func theSlashComesByItself() {
        var field = typist()
        field.type("1")
        #expect(field.state == TextFieldState(text: "1", selection: 1..<1))
        field.type("2")
        #expect(field.state == TextFieldState(text: "12/", selection: 3..<3))
        field.type("305")
        #expect(field.state == TextFieldState(text: "12/30", selection: 5..<5))
        #expect(CardExpiryFormatter.month(of: field.state.text) == "12")
        #expect(CardExpiryFormatter.year(of: field.state.text) == "30")
    }

    @Test func aLeadingDigitAboveOneIsAMonth() {
        var field = typist()
        field.type("4")
        #expect(field.state.text == "04/")
    }

    @Test func deletingTheSlashDeletesTheDigitBeforeIt() {
        var field = typist()
        field.type("12")
        field.backspace()
        #expect(field.state == TextFieldState(text: "1", selection: 1..<1))
    }

    @Test func pastedMonthAndYearAreSplit() {
        var field = typist()
        field.paste("07 / 31")
        #expect(field.state.text == "07/31")
        #expect(CardExpiryFormatter.month(of: "1") == "1" && CardExpiryFormatter.year(of: "1") == "")
    }

    @Test func incompleteAndInvalidMonthsAreValidationErrors() {
        let card = CardInput()
        card.expiryMonth = CardExpiryFormatter.month(of: "1")
        card.expiryYear = CardExpiryFormatter.year(of: "1")
        #expect(card.validationError(for: .expiry) == .incompleteExpiry)
        card.expiryMonth = "00"
        card.expiryYear = "30"
        #expect(card.validationError(for: .expiry) == .invalidMonth)
    }
}

@Suite struct CardSecurityCodeFormatterTests {
    @Test func lengthFollowsTheBrand() {
        let visa = CardSecurityCodeFormatter(brand: .visa)
        var field = Typist(apply: { visa.apply($0, to: $1) })
        field.type("12345")
        #expect(field.state == TextFieldState(text: "123", selection: 3..<3))
        let amex = CardSecurityCodeFormatter(brand: .americanExpress)
        var other = Typist(apply: { amex.apply($0, to: $1) })
        other.paste("1 2-3 4 5")
        #expect(other.state.text == "1234")
        #expect(CardSecurityCodeFormatter.masked(other.state.text) == "••••")
        #expect(CardSecurityCodeFormatter().maximumLength == 4)
    }
}
