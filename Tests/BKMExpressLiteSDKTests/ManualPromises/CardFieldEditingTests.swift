import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithTesting
import Testing

/// Manual section 7.2: the card-number field handles keystrokes itself, over the headless input, so
/// the raw number never leaves the SDK. These are the edits a text field reports.
/// Expectations compare through Booleans, so a failure never prints a number.
@Suite struct CardFieldEditingTests {
    static let digits = BKMExpressTestData.salaryCard  // 16 digits

    static func grouped(_ digits: String) -> String {
        stride(from: 0, to: digits.count, by: 4).map {
            String(Array(digits)[$0..<min($0 + 4, digits.count)])
        }.joined(separator: " ")
    }

    @Test func typingDigitByDigitGroupsTheNumberAndKeepsTheCaretAtItsEnd() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let input = BKMExpress.CardNumberInput(api: api)
            let received = Recorder(0)
            input.onValidCardNumber { _ in received.update { $0 += 1 } }
            var caret = 0
            for (typed, digit) in Self.digits.enumerated() {
                caret = input.replaceCharacters(in: caret..<caret, with: String(digit))
                let prefix = String(Self.digits.prefix(typed + 1))
                let shown = input.displayText == Self.grouped(prefix)
                #expect(shown, "after \(typed + 1) digits")
                #expect(caret == Self.grouped(prefix).count, "after \(typed + 1) digits")
            }
            #expect(received.value == 1)
            #expect(input.isValid)
        }
    }

    @Test func anAmericanExpressNumberIsGroupedFourSixFiveAsItIsTyped() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let input = BKMExpress.CardNumberInput(api: api)
            var caret = 0
            for digit in "378282246310005" { caret = input.replaceCharacters(in: caret..<caret, with: String(digit)) }
            #expect(input.brand == .americanExpress)
            let shown = input.displayText.split(separator: " ").map(\.count) == [4, 6, 5]
            #expect(shown)
            #expect(caret == 17)
            #expect(input.maskedText.split(separator: " ").map(\.count) == [4, 6, 5])
        }
    }

    @Test func backspaceOverAGroupSeparatorDeletesTheDigitBeforeIt() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let input = BKMExpress.CardNumberInput(api: api)
            input.replaceText(String(Self.digits.prefix(5)))
            #expect(input.displayText.count == 6)  // "dddd d"
            let caret = input.replaceCharacters(in: 4..<5, with: "")
            let shown = input.displayText == String(Self.digits.prefix(3)) + String(Self.digits.dropFirst(4).prefix(1))
            #expect(shown)
            #expect(caret == 3)
        }
    }

    @Test func aPasteWithAnySeparatorsAndLettersKeepsOnlyTheDigits() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let input = BKMExpress.CardNumberInput(api: api)
            let chunks = stride(from: 0, to: 16, by: 4).map { String(Array(Self.digits)[$0..<$0 + 4]) }
            let pasted = chunks.joined(separator: " / x")
            let caret = input.replaceCharacters(in: 0..<0, with: pasted)
            let shown = input.displayText == Self.grouped(Self.digits)
            #expect(shown)
            #expect(caret == 19)
            // Letters alone change nothing, and the caret stays.
            #expect(input.replaceCharacters(in: 19..<19, with: "abc") == 19)
            #expect(input.count == 16)
        }
    }

    @Test func typingOverASelectionReplacesOnlyTheDigitsInIt() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let input = BKMExpress.CardNumberInput(api: api)
            input.replaceText(Self.digits)
            // Select "dddd d" across the first separator (characters 2..<6) and type one digit.
            let caret = input.replaceCharacters(in: 2..<6, with: "9")
            let expected = String(Self.digits.prefix(2)) + "9" + String(Self.digits.dropFirst(5))
            let shown = input.displayText == Self.grouped(expected)
            #expect(shown)
            #expect(caret == 3)
            #expect(input.count == 14)
            #expect(!input.isValid)
        }
    }

    @Test func anEditPastTheEndOfTheTextIsClampedInsteadOfTrapping() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let input = BKMExpress.CardNumberInput(api: api)
            #expect(input.replaceCharacters(in: 40..<90, with: "45") == 2)
            #expect(input.replaceCharacters(in: -3..<1, with: "") == 0)
            #expect(input.count == 1)
        }
    }

    @Test func theMaskedTextShowsNoDigitUntilTheNumberIsComplete() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let input = BKMExpress.CardNumberInput(api: api)
            var caret = 0
            var digitsSeen = 0
            for digit in Self.digits {
                caret = input.replaceCharacters(in: caret..<caret, with: String(digit))
                if !input.isComplete { digitsSeen += input.maskedText.filter(\.isNumber).count }
            }
            #expect(digitsSeen == 0, "an app reading maskedText after each keystroke saw digits")
            #expect(input.maskedText.filter(\.isNumber).count == 4)
        }
    }

    @Test func aLetterTypedOverAGroupSeparatorChangesNothing() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let input = BKMExpress.CardNumberInput(api: api)
            input.replaceText(String(Self.digits.prefix(6)))
            let before = input.displayText
            _ = input.replaceCharacters(in: 4..<5, with: "a")
            let same = input.displayText == before
            #expect(same)
        }
    }

    @Test func typingIntoAFullNumberKeepsItsLastDigits() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let input = BKMExpress.CardNumberInput(api: api)
            input.replaceText("5406675406675403")  // Mastercard: 16 digits at most
            let before = input.displayText
            let caret = input.replaceCharacters(in: 2..<2, with: "9")
            let same = input.displayText == before
            #expect(same)
            #expect(caret == 2)
            #expect(input.isValid)
        }
    }

    /// The edit menu of the SDK's field offers Paste alone: every other command acts on the selected
    /// digits and would hand them to the pasteboard, another app or a system service.
    @Test(arguments: [
        "copy:", "cut:", "select:", "selectAll:", "delete:", "_share:", "_define:", "_lookup:", "_translate:",
        "_accessibilitySpeak:", "replace:", "_promptForReplace:", "captureTextFromCamera:", "",
    ])
    func theEditMenuOffersNothingButPaste(selector: String) {
        #expect(!BKMExpress.CardFieldEditMenu.allows(selector))
    }

    @Test func pasteStaysInTheEditMenu() {
        #expect(BKMExpress.CardFieldEditMenu.allows("paste:"))
    }

    /// The SDK's field draws the digits only while the user edits them in an active app: a field
    /// the user left, and the app switcher's snapshot taken as the app resigns active, show at most
    /// the last four.
    @Test func theDigitsAreShownOnlyWhileEditingInAnActiveApp() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
            let input = BKMExpress.CardNumberInput(api: api)
            input.replaceText(Self.digits)
            #expect(input.shownText(editing: true, appIsActive: true) == input.displayText)
            for (editing, active) in [(false, true), (true, false), (false, false)] {
                let shown = input.shownText(editing: editing, appIsActive: active)
                #expect(shown == input.maskedText)
                #expect(shown.filter(\.isNumber).count <= 4)
            }
        }
    }
}
