import Foundation
@_spi(Generated) import SpecsmithRuntime
import Testing

/// A query list reads back as the elements it was written from, in the joined form, and its two
/// forms put the same elements on the wire.
@Suite struct ParameterListTests {
    @Test func joinedFormReadsBackTheElements() throws {
        let list = ParameterList([Int64.min, 0, Int64.max], explode: false)
        #expect(list.parameterValue == "-9223372036854775808,0,9223372036854775807")
        let read = try #require(ParameterList(parameterValue: list.parameterValue))
        #expect(read.elements == ["-9223372036854775808", "0", "9223372036854775807"])
        #expect(ParameterList(parameterValue: "")?.elements == [])
    }

    @Test func sixtyFourBitIntegersAreParameterValues() {
        #expect(UInt64(parameterValue: "18446744073709551615") == .max)
        #expect(UInt64(parameterValue: "-1") == nil)
        #expect(Int64(parameterValue: "9223372036854775808") == nil)
        #expect(Int64.min.parameterValue == "-9223372036854775808")
    }
}
