import SpecsmithCore
import Testing

/// The one set of wire-value rules lint applies to examples and verify to answers; they differ only
/// in whether an object may carry members its type does not declare.
@Suite struct WireValueCheckTests {
    @Test func lintRefusesAnUndeclaredMemberAndVerifyAcceptsIt() throws {
        let spec = try VerifyFixture.resolved().spec
        let node = try JSONParser.parse(#"{"id": "c1", "number": "4", "brand": "VISA"}"#)
        let strict = WireValueCheck(spec: spec).problem(with: node, as: .named("Card"))
        #expect(strict?.message == #""Card" has no field "brand" on the wire"#)
        #expect(strict?.location == SourcePosition(line: 1, column: 29))
        #expect(
            WireValueCheck(spec: spec, acceptsUndeclaredMembers: true).problem(with: node, as: .named("Card")) == nil)
    }

    @Test func anUnjudgedTypeTakesAnyValue() throws {
        let spec = try VerifyFixture.resolved().spec
        let node = try JSONParser.parse("[1]")
        #expect(WireValueCheck(spec: spec, unjudgedTypes: ["Card"]).problem(with: node, as: .named("Card")) == nil)
        #expect(
            WireValueCheck(spec: spec).problem(with: node, as: .named("Card"))?.message
                == "$ is an array, not an object")
    }
}
