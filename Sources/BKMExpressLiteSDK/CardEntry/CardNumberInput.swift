// Hand-written: the headless model behind the card-number field (BKMExpressCardNumberField /
// BKMExpressCardNumberView on Apple platforms). The digits live only here, inside the SDK: the app
// reads a masked display and facts about the number, never the number.
import Foundation
import SpecsmithCrypto
import SpecsmithRuntime

extension BKMExpress {
    /// What a secure card-number field binds to: it takes typed or pasted text, keeps only digits up
    /// to 19, and gives out only an encrypted ``CardNumber``.
    ///
    /// The app sees the brand, the digit count, whether the number is complete and valid, and
    /// ``maskedText`` with only the last four digits. The digits themselves are `package` access,
    /// for the SDK's own views; they are overwritten by ``clear()`` and when the input is released.
    public final class CardNumberInput: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
        CustomReflectable
    {
        /// The most digits a card number has (ISO/IEC 7812).
        public static let maximumLength = 19
        /// The fewest digits this SDK accepts.
        public static let minimumLength = 15

        // MARK: - Stored state

        private struct State {
            /// ASCII digits; overwritten with zeros before they are dropped.
            var digits: [UInt8] = []
            /// Whether the last change already delivered a `CardNumber` for the current digits.
            var delivered = false
            var onValid: (@Sendable (CardNumber) -> Void)?
        }

        private let state = Locked(State())
        private let key: RSAPublicKey

        // MARK: - Initialisers

        /// A field for the session of `api`.
        public init(api: API) {
            key = api.encryptionKey
        }

        /// A field for the most recently initialised session that the app still holds; call
        /// `BKMExpress.initialize` first, as the manual requires for the card-number view.
        public convenience init() {
            guard let api = API.current else {
                preconditionFailure("BKMExpress.initialize(context:) must succeed before a card number is entered")
            }
            self.init(api: api)
        }

        deinit {
            state.withLock { Self.wipe(&$0.digits) }
        }

        // MARK: - Editing

        /// Replaces the field's text as typing or pasting would: non-digits are dropped, and digits past
        /// the maximum length are ignored. When the number becomes valid, the ``onValidCardNumber(_:)``
        /// handler receives it once.
        public func replaceText(_ text: String) {
            var kept: [UInt8] = []
            kept.reserveCapacity(Self.maximumLength)
            for byte in text.utf8 where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                guard kept.count < Self.maximumLength else { break }
                kept.append(byte)
            }
            let delivery = state.withLock { state -> (CardNumber, @Sendable (CardNumber) -> Void)? in
                Self.wipe(&state.digits)
                state.digits = kept
                guard Self.failure(of: kept) == nil else {
                    state.delivered = false
                    return nil
                }
                guard !state.delivered, let handler = state.onValid else { return nil }
                state.delivered = true
                return (CardNumber(digits: kept, key: key), handler)
            }
            Self.wipe(&kept)
            if let (number, handler) = delivery { handler(number) }
        }

        /// Empties the field and overwrites the digits it held.
        public func clear() {
            state.withLock { state in
                Self.wipe(&state.digits)
                state.delivered = false
            }
        }

        /// Calls `handler` with the encrypted number each time the input becomes valid (the manual's
        /// `didReceiveValidCardNumber`); it replaces any earlier handler. If the input is valid
        /// already, `handler` is called at once.
        public func onValidCardNumber(_ handler: @escaping @Sendable (CardNumber) -> Void) {
            let current = state.withLock { state -> CardNumber? in
                state.onValid = handler
                guard Self.failure(of: state.digits) == nil else { return nil }
                state.delivered = true
                return CardNumber(digits: state.digits, key: key)
            }
            if let current { handler(current) }
        }

        // MARK: - What the app may read

        /// How many digits are entered.
        public var count: Int { state.withLock { $0.digits.count } }

        /// The brand the leading digits show, once there are enough of them.
        public var brand: CardBrand { state.withLock { CardBrand(leadingDigits: $0.digits) } }

        /// Whether as many digits are entered as the brand's numbers have (16 when the brand is unknown).
        public var isComplete: Bool {
            state.withLock { $0.digits.count >= CardBrand(leadingDigits: $0.digits).completeLength }
        }

        /// Whether ``cardNumber()`` would give a number: long enough, and passing the Luhn check.
        public var isValid: Bool { state.withLock { Self.failure(of: $0.digits) == nil } }

        /// The number as a field shows it when it does not have focus: every digit but the last four
        /// replaced by `•`, grouped like the number (`•••• •••• •••• 1111`).
        public var maskedText: String {
            state.withLock { state in
                let visibleFrom = state.digits.count - min(4, state.digits.count)
                let characters = state.digits.indices.map {
                    $0 < visibleFrom ? "•" : Character(Unicode.Scalar(state.digits[$0]))
                }
                return Self.grouped(characters)
            }
        }

        /// The digits grouped for an SDK view to draw: four by four, or 4-6-5 for 15-digit numbers.
        /// Never public: the app must not hold the number.
        package var displayText: String {
            state.withLock { state in Self.grouped(state.digits.map { Character(Unicode.Scalar($0)) }) }
        }

        /// The number, encrypted with the session's key.
        /// - Throws: `.empty`, `.short`, or `.invalidLuhn`.
        public func cardNumber() throws(CardNumberFailure) -> CardNumber {
            let outcome = state.withLock { state -> Result<CardNumber, CardNumberFailure> in
                if let failure = Self.failure(of: state.digits) { return .failure(failure) }
                return .success(CardNumber(digits: state.digits, key: key))
            }
            return try outcome.get()
        }

        public var description: String { "CardNumberInput(\(count) digits, \(maskedText))" }
        public var debugDescription: String { description }
        public var customMirror: Mirror {
            Mirror(self, children: ["count": count, "brand": brand, "maskedText": maskedText])
        }

        // MARK: - Private helpers

        private static func failure(of digits: [UInt8]) -> CardNumberFailure? {
            if digits.isEmpty { return .empty }
            if digits.count < minimumLength { return .short }
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

        private static func grouped(_ characters: [Character]) -> String {
            let groups = characters.count == 15 ? [4, 6, 5] : Array(repeating: 4, count: 5)
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

    /// The card brand a number's leading digits show; `.unknown` until there are enough of them.
    public enum CardBrand: String, Sendable, Hashable, CaseIterable {
        /// A card scheme; `unknown` until the leading digits tell, or for a scheme not listed.
        case visa, mastercard, maestro, americanExpress, troy, unknown

        /// How many digits a complete number of this brand has (the shortest common length).
        public var completeLength: Int { self == .americanExpress ? 15 : 16 }

        init(leadingDigits digits: [UInt8]) {
            let prefix = Int(String(decoding: digits.prefix(4), as: UTF8.self)) ?? -1
            let count = min(4, digits.count)
            func starts(_ range: ClosedRange<Int>, length: Int) -> Bool {
                count >= length && range.contains(Self.leading(prefix, count: count, length: length))
            }
            if starts(4...4, length: 1) {
                self = .visa
            } else if starts(34...34, length: 2) || starts(37...37, length: 2) {
                self = .americanExpress
            } else if starts(9792...9792, length: 4) {
                self = .troy
            } else if starts(51...55, length: 2) || starts(2221...2720, length: 4) {
                self = .mastercard
            } else if starts(50...50, length: 2) || starts(56...58, length: 2) || starts(63...63, length: 2)
                || starts(67...67, length: 2)
            {
                // Maestro is a brand of its own, never folded into Mastercard.
                self = .maestro
            } else {
                self = .unknown
            }
        }

        private static func leading(_ prefix: Int, count: Int, length: Int) -> Int {
            var value = prefix
            for _ in 0..<(count - length) { value /= 10 }
            return value
        }
    }
}
