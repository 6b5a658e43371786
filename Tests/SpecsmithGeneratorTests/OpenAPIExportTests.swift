import SpecsmithCore
import SpecsmithGenerator
import Testing

@Suite struct OpenAPIExportTests {
    @Test(arguments: ["Spec/bkm-express-lite.json", "Tests/Golden/everything.json"])
    func exportIsOpenAPI31WithEveryOperation(path: String) throws {
        let resolved = try loadSpec(path)
        let spec = resolved.spec
        let document = try JSONParser.parse(OpenAPIExporter(resolved).document())
        #expect(document["openapi"]?.string == "3.1.0")
        let operations = (document["paths"]?.members ?? []).flatMap { $0.value.members ?? [] }
        #expect(operations.count == spec.endpoints.count)
        #expect(Set(operations.compactMap { $0.value["operationId"]?.string }) == Set(spec.endpoints.map(\.name)))
    }

    @Test(arguments: [
        "Spec/bkm-express-lite.json", "Spec/paymentkit.json", "Spec/opennotification.json",
        "Tests/Golden/everything.json",
    ])
    func everyReferenceResolves(path: String) throws {
        let text = OpenAPIExporter(try loadSpec(path)).document()
        let document = try JSONParser.parse(text)
        let schemas = Set((document["components"]?["schemas"]?.members ?? []).map(\.key))
        var references: [String] = []
        func collect(_ node: JSONNode) {
            switch node.value {
            case let .object(members):
                for member in members {
                    if member.key == "$ref", let target = member.value.string { references.append(target) }
                    collect(member.value)
                }
            case let .array(elements): elements.forEach(collect)
            default: break
            }
        }
        collect(document)
        #expect(!references.isEmpty)
        for reference in references {
            #expect(
                schemas.contains(String(reference.dropFirst("#/components/schemas/".count))),
                "\(reference) does not resolve")
        }
    }

    @Test func successBodiesCarryTheEnvelope() throws {
        let document = try JSONParser.parse(
            OpenAPIExporter(try loadSpec("Spec/bkm-express-lite.json")).document())
        let schema = document["paths"]?["/v1/wallet/status"]?["get"]?["responses"]?["200"]?["content"]?[
            "application/json"]?["schema"]
        #expect(schema?["properties"]?["result"]?["$ref"]?.string == "#/components/schemas/Envelope.SuccessMarker")
        #expect(document["components"]?["schemas"]?["Envelope.SuccessMarker"]?["const"]?.string == "ok")
        #expect(schema?["properties"]?["data"]?["$ref"]?.string == "#/components/schemas/CheckStatusResponse")
    }

    /// swift-openapi-generator skips `{"type": "null"}` branches with a warning; an optional field is
    /// simply left out of `required`, since the wire leaves it out when unset. Only a field the spec
    /// calls nullable may be `null`.
    @Test func optionalFieldsAreNotRequiredAndNeverNull() throws {
        let document = try JSONParser.parse(OpenAPIExporter(try loadSpec("Tests/Golden/everything.json")).document())
        let schemas = try #require(document["components"]?["schemas"])
        for member in schemas.members ?? [] where member.key != "ItemPatch" {
            #expect(!JSONText.pretty(member.value).contains("\"null\""), "\(member.key) may be null")
        }
        for (type, field, expected) in [("Item", "legacy_code", "string"), ("Order", "receipt", "string")] {
            let schema = try #require(schemas[type])
            #expect(!(schema["required"]?.elements ?? []).contains { $0.string == field })
            #expect(schema["properties"]?[field]?["type"]?.string == expected)
        }
        #expect(schemas["Item"]?["properties"]?["weight"]?["$ref"]?.string == "#/components/schemas/Weight")
    }

    @Test func aNullableFieldIsItsSchemaOrNullAndStaysRequiredWhenItIs() throws {
        let document = try JSONParser.parse(OpenAPIExporter(try loadSpec("Tests/Golden/everything.json")).document())
        let patch = try #require(document["components"]?["schemas"]?["ItemPatch"])
        try expectJSON(
            #require(patch["properties"]?["size"]),
            ##"{ "anyOf": [{ "$ref": "#/components/schemas/Size" }, { "type": "null" }] }"##)
        try expectJSON(
            #require(patch["properties"]?["retiredAt"]),
            """
            { "anyOf": [{ "type": "string", "format": "date-time" }, { "type": "null" }],
              "description": "Always sent: null while the item is sold." }
            """)
        #expect(patch["required"]?.elements?.compactMap(\.string) == ["retiredAt"])
    }
}
