// Hand-written: the brand table is SDK behaviour for display and formatting, not part of the wire.
// The ranges are the public facts of braintree/credit-card-type and Stripe's tables.

/// A card brand, detected from the number's first digits for display and formatting only: whether a
/// shop accepts a brand is the gateway's answer (`BRAND_NOT_ACCEPTED`).
public enum CardBrand: String, CaseIterable, Hashable, Sendable, Codable {
    /// Visa: 4; 16, 18 or 19 digits; a 3-digit code.
    case visa
    /// Mastercard: 51–55 and 2221–2720; 16 digits; a 3-digit code.
    case mastercard
    /// American Express: 34 and 37; 15 digits grouped 4-6-5; a 4-digit code.
    case americanExpress = "american_express"
    /// Diners Club: 300–305, 36, 38 and 39; 14, 16 or 19 digits.
    case dinersClub = "diners_club"
    /// Discover: 6011, 644–649 and 65; 16 or 19 digits.
    case discover
    /// JCB: 3528–3589; 16 to 19 digits.
    case jcb
    /// UnionPay: the 62 and 81 ranges; 14 to 19 digits; no Luhn check required.
    case unionPay = "unionpay"
    /// Maestro: its ranges, and 6 as the weakest match; 12 to 19 digits.
    case maestro
    /// Troy: 9792; 16 digits.
    case troy
    /// Mir: 2200–2204; 16 to 19 digits.
    case mir

    /// The brand's name as people write it.
    public var displayName: String {
        switch self {
        case .visa: "Visa"
        case .mastercard: "Mastercard"
        case .americanExpress: "American Express"
        case .dinersClub: "Diners Club"
        case .discover: "Discover"
        case .jcb: "JCB"
        case .unionPay: "UnionPay"
        case .maestro: "Maestro"
        case .troy: "Troy"
        case .mir: "Mir"
        }
    }

    /// The number lengths the brand issues.
    public var lengths: [Int] { Self.table[self]!.lengths }

    /// The longest number the brand issues.
    public var maximumLength: Int { lengths.max()! }

    /// How many digits the security code has.
    public var securityCodeLength: Int { Self.table[self]!.securityCodeLength }

    /// Whether numbers of this brand carry a Luhn check digit (UnionPay's need not).
    public var requiresLuhn: Bool { Self.table[self]!.requiresLuhn }

    /// The sizes of the digit groups a number of `length` digits is shown in.
    public func grouping(forLength length: Int) -> [Int] {
        switch self {
        case .americanExpress: [4, 6, 5]
        case .dinersClub where length == 14: [4, 6, 4]
        default: [4, 4, 4, 4, 3]
        }
    }

    /// The brand of a number: the longest matching prefix wins, and Maestro's bare `6` counts only
    /// when no other brand is still possible. `nil` when no brand, or no brand yet, matches.
    ///
    /// - Parameter number: The digits typed so far; spaces and dashes are ignored.
    public static func detect(_ number: String) -> CardBrand? {
        let digits = CardNumberText.digits(of: number)
        guard !digits.isEmpty else { return nil }
        var best: (brand: CardBrand, strength: Int)?
        for (brand, entry) in tableOrder {
            for range in entry.ranges where range.matchesFully(digits) {
                let strength = range.isWeak ? 0 : range.length
                if best == nil || strength > best!.strength { best = (brand, strength) }
            }
        }
        guard let best else { return nil }
        if best.strength == 0, candidates(digits) != [best.brand] { return nil }
        return best.brand
    }

    /// Every brand the number could still turn out to be, in table order: with too few digits to
    /// decide, all the candidates.
    public static func possibleBrands(_ number: String) -> [CardBrand] {
        candidates(CardNumberText.digits(of: number))
    }

    private static func candidates(_ digits: [UInt8]) -> [CardBrand] {
        guard !digits.isEmpty else { return tableOrder.map(\.0) }
        return tableOrder.filter { _, entry in entry.ranges.contains { $0.isPossible(digits) } }.map(\.0)
    }

    // MARK: - The table

    struct Entry {
        var ranges: [PrefixRange]
        var lengths: [Int]
        var securityCodeLength: Int = 3
        var requiresLuhn = true
    }

    /// The brands in the order `possibleBrands` lists them.
    static let tableOrder: [(CardBrand, Entry)] = [
        (.visa, Entry(ranges: [.init("4")], lengths: [16, 18, 19])),
        (.mastercard, Entry(ranges: [.init("51", "55"), .init("2221", "2720")], lengths: [16])),
        (.americanExpress, Entry(ranges: [.init("34"), .init("37")], lengths: [15], securityCodeLength: 4)),
        (
            .dinersClub,
            Entry(ranges: [.init("300", "305"), .init("36"), .init("38"), .init("39")], lengths: [14, 16, 19])
        ),
        (.discover, Entry(ranges: [.init("6011"), .init("644", "649"), .init("65")], lengths: [16, 19])),
        (.jcb, Entry(ranges: [.init("3528", "3589")], lengths: [16, 17, 18, 19])),
        (
            .unionPay,
            Entry(ranges: [.init("62"), .init("81")], lengths: Array(14...19), requiresLuhn: false)
        ),
        (
            .maestro,
            Entry(
                ranges: [
                    .init("493698"), .init("500000", "504174"), .init("504176", "506698"), .init("506779", "508999"),
                    .init("56", "59"), .init("63"), .init("67"), .init("6", weak: true),
                ],
                lengths: Array(12...19))
        ),
        (.troy, Entry(ranges: [.init("9792")], lengths: [16])),
        (.mir, Entry(ranges: [.init("2200", "2204")], lengths: [16, 17, 18, 19])),
    ]

    static let table = Dictionary(uniqueKeysWithValues: tableOrder)
}

/// An inclusive range of number prefixes of one length, such as 2221–2720.
struct PrefixRange {
    let low: [UInt8]
    let high: [UInt8]
    /// A match that loses to any other brand still possible (Maestro's `6`).
    let isWeak: Bool

    init(_ low: String, _ high: String? = nil, weak: Bool = false) {
        self.low = Array(low.utf8)
        self.high = Array((high ?? low).utf8)
        isWeak = weak
    }

    var length: Int { low.count }

    /// Whether the number starts with a prefix in the range.
    func matchesFully(_ digits: [UInt8]) -> Bool {
        guard digits.count >= length else { return false }
        let prefix = Array(digits.prefix(length))
        return prefix.lexicographicallyPrecedes(low) == false && high.lexicographicallyPrecedes(prefix) == false
    }

    /// Whether more digits could still make the number match.
    func isPossible(_ digits: [UInt8]) -> Bool {
        if digits.count >= length { return matchesFully(digits) }
        let count = digits.count
        return !digits.lexicographicallyPrecedes(low.prefix(count))
            && !high.prefix(count).lexicographicallyPrecedes(digits)
    }
}
