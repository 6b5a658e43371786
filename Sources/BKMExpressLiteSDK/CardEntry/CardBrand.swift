// Hand-written: which scheme a card number belongs to and how long its numbers are. The card field
// needs this on the device, while the user types, long before anything reaches the wire.
import Foundation

extension BKMExpress {
    /// The card brand a number's leading digits show; `.unknown` until there are enough of them.
    public enum CardBrand: String, Sendable, Hashable, CaseIterable {
        /// A card scheme; `unknown` until the leading digits tell, or for a scheme not listed.
        case visa, mastercard, maestro, americanExpress, troy, unknown

        /// Every length a complete number of this brand has, shortest first.
        ///
        /// The card field counts a number as complete, and hands it out, only at one of these
        /// lengths; it takes no digit past the longest. A Visa number is 16, 18 or 19 digits, so a
        /// Luhn-valid 15-digit prefix of a 16-digit Visa card is `.short`, not a number. Lengths stay
        /// within the 15 to 19 digits BKM accepts.
        public var lengths: [Int] {
            switch self {
            case .visa: [16, 18, 19]
            case .mastercard, .troy: [16]
            case .americanExpress: [15]
            case .maestro, .unknown: Array(16...19)
            }
        }

        /// How many digits the shortest complete number of this brand has.
        public var completeLength: Int { lengths.first ?? 16 }

        /// How many digits the longest complete number of this brand has; the field takes no more.
        public var maximumLength: Int { lengths.last ?? 19 }

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
