import Foundation
import SpecsmithTesting
import Testing

@testable @_spi(Generated) import SpecsmithRuntime

/// The wire encoder writes what `WireCoding.encoder()` (a configured `JSONEncoder`) writes, byte for
/// byte, for every shape `Codable` can produce; only scaled decimals differ, on purpose.
@Suite struct WireJSONEncoderTests {
    enum Kind: String, Codable {
        case plain
        case fancy = "FANCY"
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case label(String, size: Int?)
        case none
    }

    struct Inner: Codable, Equatable {
        var name: String
        var tags: [String]
        var score: Double?
        var at: Date
    }

    struct Everything: Codable, Equatable {
        var text: String
        var flag: Bool
        var small: Int8
        var big: Int64
        var huge: UInt64
        var ratio: Double
        var single: Float
        var kind: Kind
        var inner: Inner
        var list: [Inner]
        var nested: [[Int]]
        var byName: [String: Int]
        var byNumber: [Int: String]
        var optional: String?
        var optionals: [String?]
        var shapes: [Shape]
        var blob: Data
        var link: URL
        var amount: Decimal
    }

    class Base: Codable {
        var id = 7
    }

    final class Derived: Base {
        var extra = "x"
        enum CodingKeys: String, CodingKey { case extra }
        override init() { super.init() }
        required init(from decoder: any Decoder) throws { try super.init(from: decoder) }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(extra, forKey: .extra)
            try super.encode(to: container.superEncoder())
        }
    }

    /// Writes the same key twice, as a hand-written `encode(to:)` may.
    struct Twice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(1, forKey: AnyCodingKey("b"))
            try container.encode(2, forKey: AnyCodingKey("a"))
            try container.encode(3, forKey: AnyCodingKey("b"))
        }
    }

    static func reference<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try WireCoding.encoder().encode(value), as: UTF8.self)
    }

    static func wire<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try WireCoding.encode(value), as: UTF8.self)
    }

    static let sample = Everything(
        text: "quote \" backslash \\ slash / tab \t newline \n bell \u{7} del \u{7F} é 漢 🙂 \u{2028}",
        flag: true, small: -128, big: .min, huge: .max, ratio: 1e-5, single: 0.1, kind: .fancy,
        inner: Inner(name: "in", tags: [], score: nil, at: Date(timeIntervalSince1970: 1_796_032_800.25)),
        list: [
            Inner(name: "a", tags: ["x", "y"], score: 1.0, at: Date(timeIntervalSince1970: 0)),
            Inner(name: "b", tags: [""], score: -0.0, at: Date(timeIntervalSince1970: -1.5)),
        ],
        nested: [[], [1, 2], [3]], byName: ["b": 2, "B": 1, "a": 3, "é": 4, "_x": 5, "a10": 6, "a2": 7],
        byNumber: [10: "ten", 2: "two"],
        optional: nil, optionals: ["a", nil], shapes: [.circle(radius: 2.5), .label("l", size: nil), .none],
        blob: Data([0, 1, 2, 250, 255]), link: URL(string: "https://example.com/a/b?c=d")!,
        amount: Decimal(string: "100.50")!)

    @Test func writesWhatJSONEncoderWritesForEveryShape() throws {
        #expect(try Self.wire(Self.sample) == Self.reference(Self.sample))
    }

    @Test(arguments: [
        1.0, 0.1, 1e-5, 1e21, 123_456_789.125, -0.0, .leastNonzeroMagnitude, 1.7976931348623157e308, 100, -42.5,
    ])
    func writesDoublesAsJSONEncoderDoes(number: Double) throws {
        #expect(try Self.wire([number]) == Self.reference([number]))
    }

    @Test func aSuperclassIsEncodedUnderSuper() throws {
        #expect(try Self.wire(Derived()) == Self.reference(Derived()))
        #expect(try Self.wire(Derived()) == #"{"extra":"x","super":{"id":7}}"#)
    }

    @Test func theLaterOfTwoMembersWithOneKeyWins() throws {
        #expect(try Self.wire(Twice()) == Self.reference(Twice()))
        #expect(try Self.wire(Twice()) == #"{"a":2,"b":3}"#)
    }

    @Test func topLevelScalarsAndEmptyContainers() throws {
        #expect(try Self.wire("x") == Self.reference("x"))
        #expect(try Self.wire(3) == Self.reference(3))
        #expect(try Self.wire([String]()) == "[]")
        #expect(try Self.wire([String: Int]()) == "{}")
        #expect(try Self.wire(NoContent()) == Self.reference(NoContent()))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNumberJSONCannotHoldIsATypedError(number: Double) throws {
        let error = try #require(throws: EncodingError.self) { try WireCoding.encode(["ratio": number]) }
        let context = try requireCase(error, "invalidValue") {
            if case let .invalidValue(_, context) = $0 { context } else { nil }
        }
        #expect(context.codingPath.map(\.stringValue) == ["ratio"])
    }

    /// Random values of the sample's shape, from a fixed seed, each compared with `JSONEncoder`.
    @Test func randomValuesMatchJSONEncoder() throws {
        var random = SplitMix(state: 2026)
        for _ in 0..<300 {
            var value = Self.sample
            value.text = random.text()
            value.ratio = random.double()
            value.single = Float(Int32(truncatingIfNeeded: random.next())) / 1000
            value.big = Int64(bitPattern: random.next())
            value.byName = Dictionary(
                (0..<random.below(5)).map { _ in (random.text(), Int(random.below(1000))) }, uniquingKeysWith: { $1 })
            value.inner.tags = (0..<random.below(4)).map { _ in random.text() }
            value.inner.at = Date(timeIntervalSince1970: Double(Int64(random.below(4_000_000_000_000))) / 1000)
            #expect(try Self.wire(value) == Self.reference(value))
        }
    }

    @Test func scaledDecimalsKeepTheirDigits() throws {
        struct Price: Encodable {
            var amount: Decimal
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encode(Scaled(value: amount), forKey: AnyCodingKey("amount"))
            }
        }
        struct Scaled: Encodable {
            var value: Decimal
            func encode(to encoder: any Encoder) throws { try WireCoding.encodeDecimal(value, scale: 2, to: encoder) }
        }
        #expect(try Self.wire(Price(amount: 100)) == #"{"amount":100.00}"#)
        #expect(try Self.wire(Price(amount: Decimal(string: "12.5")!)) == #"{"amount":12.50}"#)
        #expect(try Self.reference(Price(amount: 100)) == #"{"amount":100}"#)
    }

    /// The integer date formatting agrees with Foundation's ISO-8601 style from 1583, the first
    /// whole Gregorian year (before it, Foundation's calendar is Julian, while RFC 3339, and our
    /// parser, count in the proleptic Gregorian calendar), and every date survives a round trip.
    @Test func datesMatchFoundationsISO8601Style() {
        var random = SplitMix(state: 9)
        let earliest: Int64 = -62_135_596_800_000
        let gregorian: Int64 = -12_212_553_600_000
        let span = UInt64(253_402_300_799_000 - earliest)
        for _ in 0..<2000 {
            let milliseconds = earliest + Int64(random.below(span))
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = WireCoding.formatDate(date)
            #expect(WireCoding.parseDate(text).map { WireCoding.formatDate($0) } == text, "\(milliseconds)")
            guard milliseconds >= gregorian else { continue }
            let seconds = (Double(milliseconds) / 1000).rounded(.down)
            let expected = Date(timeIntervalSince1970: seconds).formatted(Date.ISO8601FormatStyle())
            #expect(text.hasPrefix(String(expected.dropLast())), "\(milliseconds)")
            #expect(text.hasSuffix("Z"))
        }
        #expect(WireCoding.formatDate(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(WireCoding.formatDate(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    }

    /// The writer writes a date with no string between, and what it writes is the formatted text
    /// quoted, inside and outside the years the fast path covers.
    @Test(arguments: [
        0, -0.001, 951_782_400, 1_780_000_000.123, -62_135_596_799, 253_402_300_799.999, -62_135_596_801,
        253_402_300_800, 1e15,
    ])
    func aWrittenDateIsTheFormattedText(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        var json = WireJSONWriter(capacity: 16)
        json.beginArray()
        json.date(date)
        json.date(date)
        json.endArray()
        let text = WireCoding.formatDate(date)
        #expect(String(decoding: json.takeData(), as: UTF8.self) == "[\"\(text)\",\"\(text)\"]")
        #expect(try WireCoding.encode([date]) == WireJSONEncoder.encodeThroughTree([date]))
    }
}

/// The writer owns its buffer and moves it when it grows, which invites reading or writing the old
/// buffer after it is freed, or dropping a byte at the seam. From a capacity of one byte, texts of
/// every length up to a few kilobytes cross each doubling at a different offset; what comes out must
/// be exactly what JSONSerialization reads back.
@Suite struct WireJSONWriterGrowthTests {
    @Test func aWriterThatStartsAtOneByteKeepsEveryByteAcrossEachGrowth() throws {
        var texts: [String] = []
        var json = WireJSONWriter(capacity: 1)
        json.beginArray()
        for length in 0..<300 {
            let text = String(repeating: "ab\u{e7}\"", count: length / 4) + String(repeating: "x", count: length % 4)
            texts.append(text)
            json.string(text)
        }
        json.endArray()
        let data = json.takeData()
        let read = try #require(try JSONSerialization.jsonObject(with: data) as? [String])
        #expect(read == texts)
    }
}

/// The values the random comparisons draw, from SpecsmithTesting's seeded generator.
extension SplitMix {
    mutating func below(_ bound: UInt64) -> UInt64 { next() % bound }

    mutating func double() -> Double {
        switch below(4) {
        case 0: Double(Int64(bitPattern: next()) % 1_000_000)
        case 1: Double(bitPattern: next() & 0x7FEF_FFFF_FFFF_FFFF)
        default: Double(Int64(bitPattern: next()) % 100_000) / 1000
        }
    }

    mutating func text() -> String {
        let alphabet = Array("aZ_ 9\"\\/\n\t\u{0}\u{1F}é漢🙂\u{2028}")
        return String((0..<below(8)).map { _ in alphabet[Int(below(UInt64(alphabet.count)))] })
    }
}
