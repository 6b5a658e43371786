import SpecsmithCore
import SpecsmithGenerator
import Testing

/// `int64`, `uint64` and `double` say their width and sign in the OpenAPI export, so a client
/// generated elsewhere from it picks a 64-bit integer, refuses a negative count, and keeps a double.
@Suite struct WideNumberExportTests {
    @Test func sixtyFourBitAndUnsignedIntegersAndDoublesExportTheirFormats() throws {
        let document = try JSONParser.parse(OpenAPIExporter(try loadSpec("Tests/Golden/everything.json")).document())
        let item = try #require(document["components"]?["schemas"]?["Item"]?["properties"])
        func shape(_ name: String) throws -> [String] {
            try #require(item[name]?.members).filter { $0.key != "description" }.map {
                "\($0.key)=\(JSONText.compact($0.value))"
            }
        }
        #expect(try shape("serial") == [#"type="integer""#, #"format="int64""#])
        #expect(try shape("stock") == [#"type="integer""#, #"format="uint64""#, "minimum=0"])
        #expect(try shape("rating") == [#"type="number""#, #"format="double""#])
    }

    @Test func sixtyFourBitIntegersAreTheirOwnSwiftTypes() {
        #expect(TranslationContext.swiftName(of: .int64) == "Int64")
        #expect(TranslationContext.swiftName(of: .uint64) == "UInt64")
        #expect(TypeRef(parsing: "[uint64]?") == .optional(.array(.primitive(.uint64))))
    }
}
