import Foundation
import Testing

@testable @_spi(Generated) import SpecsmithRuntime

/// Free-form JSON reads one way whatever the spelling of a number, so it writes back the same.
@Suite struct JSONValueTests {
    @Test func aNumberThatIsWholeOnceReadIsAnIntegerAndRoundTrips() throws {
        // Found by fuzz-wire: the fraction is past a Double's precision, so the value read is whole;
        // it was kept as a number, written as 1.844674407330955e+16, and read back as an integer.
        let read = try WireCoding.decoder().decode(JSONValue.self, from: Data("18446744073309550.5".utf8))
        #expect(read == .integer(18_446_744_073_309_550))
        let written = try WireCoding.encode(read)
        #expect(try WireCoding.decoder().decode(JSONValue.self, from: written) == read)
        #expect(try WireCoding.decoder().decode(JSONValue.self, from: Data("2.5".utf8)) == .number(2.5))
        #expect(try WireCoding.decoder().decode(JSONValue.self, from: Data("1e300".utf8)) == .number(1e300))
        #expect(try WireCoding.decoder().decode(JSONValue.self, from: Data("-7".utf8)) == .integer(-7))
    }
}
