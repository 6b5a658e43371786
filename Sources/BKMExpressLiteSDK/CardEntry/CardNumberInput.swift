// Hand-written: the headless model behind the card-number field (BKMExpressCardNumberField /
// BKMExpressCardNumberView on Apple platforms). The digits live only here, inside the SDK: the app
// reads a masked display and facts about the number, never the number.
import Foundation
import SpecsmithCrypto
import SpecsmithRuntime

extension BKMExpress {
    /// What a secure card-number field binds to: it takes typed or pasted text, keeps only digits up
    /// to the brand's longest number, and gives out only an encrypted ``CardNumber``.
    ///
    /// The app sees the brand, the digit count, whether the number is complete and valid, and
    /// ``maskedText`` with only the last four digits. The digits themselves are `package` access,
    /// for the SDK's own views. The input's own byte buffer is overwritten by ``clear()`` and when
    /// the input is released; that is all it can promise. The text a keyboard hands in (`String`),
    /// the display the SDK's field draws and the cipher's input are copies Swift does not let any
    /// code wipe, and they last until the system reuses their memory.
    ///
    /// The number is encrypted with the key of the screen's session: the session given to
    /// ``init(api:)``, or, for ``init()``, every session the app holds when the number is taken, so
    /// that whichever of them the screen sends it with can use it.
    public final class CardNumberInput: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
        CustomReflectable
    {
        /// The most digits a card number has (ISO/IEC 7812); a brand may allow fewer (``CardBrand/lengths``).
        public static let maximumLength = 19
        /// The fewest digits a complete number of any brand has (American Express's 15).
        public static let minimumLength = 15

        // MARK: - Stored state

        private struct State {
            /// ASCII digits; overwritten with zeros before they are dropped.
            var digits: [UInt8] = []
            var onValid: (@Sendable (CardNumber) -> Void)?
        }

        /// Whose key the number is encrypted with.
        private enum Sessions {
            /// The one session the field was made for.
            case one(CardKey)
            /// Every session the app still holds when a number is taken.
            case live
        }

        private let state = Locked(State())
        private let sessions: Sessions

        // MARK: - Initialisers

        /// A field for the session of `api`: its numbers are encrypted with that session's key only.
        public init(api: API) {
            sessions = .one(api.cardKey)
        }

        /// A field for a screen that did not name its session, as the manual's views do: call
        /// `BKMExpress.initialize` first. Its numbers are encrypted for every session the app holds
        /// when they are taken, so the screen's session can send them even when a newer session exists.
        ///
        /// - Throws: ``Failure`` of kind `.session` when the app holds no initialised session.
        public init() throws(Failure) {
            guard SessionRegistry.current.hasLiveSession else {
                throw Failure(
                    kind: .session, message: Failure.messages.session, operation: "CardNumberInput",
                    detail: "CardNumberInput failed: no session; BKMExpress.initialize(context:) must succeed "
                        + "before a card number is entered")
            }
            sessions = .live
        }

        deinit {
            state.withLock { Self.wipe(&$0.digits) }
        }

        // MARK: - Editing

        /// Replaces the field's text as typing or pasting would: non-digits are dropped, and digits past
        /// the brand's longest number are ignored. Each time the digits change to a complete, valid
        /// number, the ``onValidCardNumber(_:)`` handler receives it: after typing the last digit, after
        /// an edit, and after a paste over another number alike. The same digits again (reformatted
        /// text) deliver nothing new.
        public func replaceText(_ text: String) {
            var kept: [UInt8] = []
            kept.reserveCapacity(Self.maximumLength)
            for byte in text.utf8 where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                guard kept.count < Self.maximumLength else { break }
                kept.append(byte)
            }
            let limit = CardBrand(leadingDigits: kept).maximumLength
            while kept.count > limit {
                kept[kept.count - 1] = 0
                kept.removeLast()
            }
            let keys = cardKeys()
            let delivery = state.withLock { state -> (CardNumber, @Sendable (CardNumber) -> Void)? in
                guard kept != state.digits else { return nil }
                Self.wipe(&state.digits)
                state.digits = kept
                guard Self.failure(of: kept) == nil, let handler = state.onValid else { return nil }
                return (CardNumber(digits: kept, for: keys), handler)
            }
            Self.wipe(&kept)
            if let (number, handler) = delivery { handler(number) }
        }

        /// Empties the field and overwrites the digits it held.
        public func clear() {
            state.withLock { Self.wipe(&$0.digits) }
        }

        /// Calls `handler` with the encrypted number each time the input changes to a complete, valid
        /// number (the manual's `didReceiveValidCardNumber`); it replaces any earlier handler. If the
        /// input is valid already, `handler` is called at once.
        public func onValidCardNumber(_ handler: @escaping @Sendable (CardNumber) -> Void) {
            let keys = cardKeys()
            let current = state.withLock { state -> CardNumber? in
                state.onValid = handler
                guard Self.failure(of: state.digits) == nil else { return nil }
                return CardNumber(digits: state.digits, for: keys)
            }
            if let current { handler(current) }
        }

        // MARK: - What the app may read

        /// How many digits are entered.
        public var count: Int { state.withLock { $0.digits.count } }

        /// The brand the leading digits show, once there are enough of them.
        public var brand: CardBrand { state.withLock { CardBrand(leadingDigits: $0.digits) } }

        /// Whether as many digits are entered as a number of the brand has: one of ``CardBrand/lengths``.
        public var isComplete: Bool {
            state.withLock { CardBrand(leadingDigits: $0.digits).lengths.contains($0.digits.count) }
        }

        /// Whether ``cardNumber()`` would give a number: complete for its brand, and passing the Luhn check.
        public var isValid: Bool { state.withLock { Self.failure(of: $0.digits) == nil } }

        /// The number as a field shows it when it does not have focus: every digit hidden as `•`,
        /// grouped like the number, and the last four shown only once the number is complete
        /// (`•••• •••• •••• 1111`). Before that every digit is hidden: an app that read the last four
        /// after each keystroke would otherwise see every digit go by.
        public var maskedText: String {
            state.withLock { state in
                let brand = CardBrand(leadingDigits: state.digits)
                let complete = brand.lengths.contains(state.digits.count)
                let visibleFrom = complete ? state.digits.count - min(4, state.digits.count) : state.digits.count
                let characters = state.digits.indices.map {
                    $0 < visibleFrom ? "•" : Character(Unicode.Scalar(state.digits[$0]))
                }
                return Self.grouped(characters, brand: brand)
            }
        }

        /// The digits grouped for an SDK view to draw: four by four, or 4-6-5 for American Express.
        /// Never public: the app must not hold the number.
        package var displayText: String {
            state.withLock { state in
                Self.grouped(
                    state.digits.map { Character(Unicode.Scalar($0)) }, brand: CardBrand(leadingDigits: state.digits))
            }
        }

        /// What an SDK view draws: the grouped digits only while the user is editing the number in an
        /// app that is active; otherwise ``maskedText``. A field the user left, and the snapshot iOS
        /// takes of the screen for the app switcher when the app resigns active, show at most the
        /// last four digits.
        package func shownText(editing: Bool, appIsActive: Bool) -> String {
            editing && appIsActive ? displayText : maskedText
        }

        /// The number, encrypted with the key of the screen's session.
        /// - Throws: `.empty`; `.short` when the digits are not yet as many as a number of the brand has
        ///   (a 15-digit Visa prefix, say); `.invalidLuhn` for a complete number with a wrong check digit.
        public func cardNumber() throws(CardNumberFailure) -> CardNumber {
            let keys = cardKeys()
            let outcome = state.withLock { state -> Result<CardNumber, CardNumberFailure> in
                if let failure = Self.failure(of: state.digits) { return .failure(failure) }
                return .success(CardNumber(digits: state.digits, for: keys))
            }
            return try outcome.get()
        }

        public var description: String { "CardNumberInput(\(count) digits, \(maskedText))" }
        public var debugDescription: String { description }
        public var customMirror: Mirror {
            Mirror(self, children: ["count": count, "brand": brand, "maskedText": maskedText])
        }

        // MARK: - Private helpers

        /// The keys a number taken now is sealed with.
        private func cardKeys() -> [CardKey] {
            switch sessions {
            case let .one(key): [key]
            case .live: SessionRegistry.current.liveCardKeys
            }
        }

        /// The field never holds more digits than the brand's longest number, so every incomplete
        /// length is one that more digits can complete: `.short`.
        private static func failure(of digits: [UInt8]) -> CardNumberFailure? {
            if digits.isEmpty { return .empty }
            if !CardBrand(leadingDigits: digits).lengths.contains(digits.count) { return .short }
            return passesLuhn(digits) ? nil : .invalidLuhn
        }

        /// The Luhn check on the ASCII digits themselves, so that no `String` copy of the number is made.
        private static func passesLuhn(_ digits: [UInt8]) -> Bool {
            var sum = 0
            for (position, byte) in digits.reversed().enumerated() {
                let digit = Int(byte - UInt8(ascii: "0"))
                sum += position.isMultiple(of: 2) ? digit : (digit * 2 > 9 ? digit * 2 - 9 : digit * 2)
            }
            return sum.isMultiple(of: 10)
        }

        /// Four by four, or 4-6-5 for American Express: by brand, not by length, so a Visa number does
        /// not regroup as its fifteenth digit is typed.
        private static func grouped(_ characters: [Character], brand: CardBrand) -> String {
            let groups = brand == .americanExpress ? [4, 6, 5] : Array(repeating: 4, count: 5)
            var result: [String] = []
            var rest = characters[...]
            for size in groups where !rest.isEmpty {
                result.append(String(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
            return result.joined(separator: " ")
        }

        private static func wipe(_ digits: inout [UInt8]) {
            for index in digits.indices { digits[index] = 0 }
            digits.removeAll()
        }
    }
}
