import SpecsmithCore
import Testing

@testable import SpecsmithGenerator

/// The types a conventional REST API needs say in the OpenAPI export what they are on the wire, so a
/// client generated elsewhere from it picks a 64-bit integer, refuses a negative count, keeps a
/// double, and sends a query list in the form the service reads.
@Suite struct WireTypesExportTests {
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
        #expect(try shape("metadata") == [], "free-form JSON is the schema that accepts anything")
    }

    @Test func sixtyFourBitIntegersAreTheirOwnSwiftTypes() {
        #expect(TranslationContext.swiftName(of: .int64) == "Int64")
        #expect(TranslationContext.swiftName(of: .uint64) == "UInt64")
        #expect(TypeRef(parsing: "[uint64]?") == .optional(.array(.primitive(.uint64))))
    }

    /// A map's colon is the one outside inner brackets, so lists of maps and maps of lists both read.
    @Test func listsOfMapsAndMapsOfListsAreReferences() {
        #expect(TypeRef(parsing: "[[string: Card]]") == .array(.map(.named("Card"))))
        #expect(TypeRef(parsing: "[string: [Card]]") == .map(.array(.named("Card"))))
        #expect(TypeRef(parsing: "[string: [string: int]]?") == .optional(.map(.map(.primitive(.int)))))
        #expect(TypeRef(parsing: "[[string: int]: int]") == nil)
    }

    @Test func queryListsExportTheirFormStyleAndExplode() throws {
        let document = try JSONParser.parse(OpenAPIExporter(try loadSpec("Tests/Golden/everything.json")).document())
        let parameters = try #require(document["paths"]?["/batches/{batch}/items"]?["get"]?["parameters"]?.elements)
        let shapes = parameters.map { parameter in
            (parameter.members ?? []).filter { !["description", "schema"].contains($0.key) }.map {
                "\($0.key)=\(JSONText.compact($0.value))"
            }.joined(separator: " ")
        }
        #expect(
            shapes == [
                #"name="batch" in="path" required=true"#,
                #"name="serials" in="query" required=false style="form" explode=false"#,
                #"name="tag" in="query" required=false style="form" explode=true"#,
                #"name="flavor" in="query" required=false style="form" explode=true"#,
            ])
        let serials = try #require(parameters[1]["schema"])
        #expect(JSONText.compact(serials) == #"{"type":"array","items":{"type":"integer","format":"int64"}}"#)
    }

    @Test func snakeCaseServiceGivesEveryFieldItsWireNameOnceInCodeAndExport() throws {
        let text = shopSpec(
            #""types": {"Order": {"kind": "struct", "fields": {"placedAt": "date", "codeID": "string?"}}}"#,
            auth: #""wireNaming": "snake_case""#)
        let resolved = try spec(text)
        let type = try #require(resolved.spec.types.first)
        #expect(
            [TranslationContext(resolved).translateType(type)].container(ContainerHeader(nil, .enum, "CodingKeys"))
                == Declaration.Container(
                    header: ContainerHeader(nil, .enum, "CodingKeys"), conformances: ["String", "CodingKey"],
                    members: [.group([.line("case placedAt = \"placed_at\""), .line("case codeID = \"code_id\"")])]))
        let document = try JSONParser.parse(OpenAPIExporter(resolved).document())
        let properties = document["components"]?["schemas"]?["Order"]?["properties"]?.members?.map(\.key)
        #expect(properties == ["placed_at", "code_id"])
    }
}
