import SpecsmithCore
import SpecsmithGenerator
import Testing

/// The export as another toolchain's generator reads it: one named schema per union case, chosen by
/// an explicit discriminator mapping, and every single-value tag typed as a one-value enum.
@Suite struct OpenAPIUnionExportTests {
    @Test func checkStatusIsADiscriminatedUnionOfOneNamedSchemaPerCase() throws {
        let schemas = try #require(try exportedDocument("Spec/bkm-express-lite.json")["components"]?["schemas"])
        try expectJSON(
            #require(schemas["CheckStatusResponse"]),
            """
            {
              "oneOf": [
                { "$ref": "#/components/schemas/CheckStatusResponse.Linked" },
                { "$ref": "#/components/schemas/CheckStatusResponse.Unlinked" },
                { "$ref": "#/components/schemas/CheckStatusResponse.Unregistered" }
              ],
              "discriminator": {
                "propertyName": "status",
                "mapping": {
                  "LINKED": "#/components/schemas/CheckStatusResponse.Linked",
                  "UNLINKED": "#/components/schemas/CheckStatusResponse.Unlinked",
                  "UNREGISTERED": "#/components/schemas/CheckStatusResponse.Unregistered"
                }
              },
              "x-specsmith-open": false,
              "description": "The user's wallet status, which decides the first screen. Closed: a `status` value not listed is a decoding error, never a guessed case."
            }
            """)
        try expectJSON(
            #require(schemas["CheckStatusResponse.Linked"]),
            """
            {
              "type": "object",
              "properties": {
                "status": { "type": "string", "enum": ["LINKED"], "const": "LINKED" },
                "cards": { "type": "array", "items": { "$ref": "#/components/schemas/Card" } }
              },
              "required": ["status", "cards"],
              "x-specsmith-case": "linked",
              "description": "Registered and linked to the merchant; here are the cards. The `LINKED` case of CheckStatusResponse."
            }
            """)
    }

    @Test(arguments: [
        "Spec/bkm-express-lite.json", "Spec/paymentkit.json", "Spec/opennotification.json",
        "Tests/Golden/everything.json",
    ])
    func everyUnionMapsEachTagToTheCaseSchemaThatRequiresIt(path: String) throws {
        let spec = try loadSpec(path).spec
        let schemas = try #require(try exportedDocument(path)["components"]?["schemas"])
        for type in spec.types {
            guard case let .union(decl) = type.kind, let discriminator = decl.discriminator else { continue }
            let union = try #require(schemas[type.name])
            #expect(union["discriminator"]?["propertyName"]?.string == discriminator)
            let mapping = try #require(union["discriminator"]?["mapping"]?.members)
            #expect(mapping.map(\.key) == decl.cases.map(\.wireValue), "\(type.name)")
            #expect(union["oneOf"]?.elements?.compactMap { $0["$ref"]?.string } == mapping.compactMap(\.value.string))
            for (entry, item) in zip(mapping, decl.cases) {
                let pointer = try #require(entry.value.string)
                let schema = try #require(schemas[String(pointer.dropFirst("#/components/schemas/".count))])
                let tag = try #require(schema["properties"]?[discriminator])
                #expect(tag["enum"]?.elements?.compactMap(\.string) == [item.wireValue], "\(pointer)")
                #expect(tag["const"]?.string == item.wireValue, "\(pointer)")
                #expect(schema["required"]?.elements?.first?.string == discriminator, "\(pointer)")
            }
        }
    }

    @Test func aUnionChosenByShapeIsAOneOfOfItsPayloads() throws {
        let schemas = try #require(try exportedDocument("Tests/Golden/everything.json")["components"]?["schemas"])
        let union = try #require(schemas["Recipient"])
        #expect(union["discriminator"] == nil)
        #expect(
            union["x-specsmith-cases"]?.elements?.compactMap(\.string)
                == ["email", "table", "customer", "address", "anonymous", "several"])
        let cases = try #require(union["oneOf"]?.elements)
        #expect(
            cases.map { $0["type"]?.string ?? $0["$ref"]?.string } == [
                "string", "integer", "#/components/schemas/GiftCustomer", "#/components/schemas/GiftAddress",
                "#/components/schemas/GiftNote", "array",
            ])
        #expect(schemas["Recipient.Email"] == nil)
    }

    @Test func anOTPPayloadNamesItsVariantAndEndpoints() throws {
        let schemas = try #require(try exportedDocument("Spec/bkm-express-lite.json")["components"]?["schemas"])
        try expectJSON(
            #require(schemas["LinkAccountResponse.VerificationRequired"]?["x-specsmith-otp"]),
            """
            {
              "variant": "LinkOTP", "verify": "verifyLinkOTP", "resend": "resendLinkOTP", "result": "status",
              "idField": "otpId", "codeField": "code"
            }
            """)
        #expect(
            schemas["LinkAccountResponse.VerificationRequired"]?["properties"]?["otp"]?["$ref"]?.string
                == "#/components/schemas/OTPInfo")
    }

    @Test func envelopeMarkersAreOneValueEnums() throws {
        let document = try exportedDocument("Spec/bkm-express-lite.json")
        let schemas = try #require(document["components"]?["schemas"])
        try expectJSON(
            #require(schemas["Envelope.SuccessMarker"]),
            """
            { "type": "string", "enum": ["ok"], "const": "ok", "description": "`result` of every success body: always `ok`." }
            """)
        try expectJSON(
            #require(schemas["Envelope.ErrorMarker"]),
            """
            { "type": "string", "enum": ["fail"], "const": "fail", "description": "`result` of every error body: always `fail`." }
            """)
        #expect(
            schemas["Envelope.Error"]?["properties"]?["result"]?["$ref"]?.string
                == "#/components/schemas/Envelope.ErrorMarker")
    }

    @Test func openEnumsSayHowUnknownValuesTravelAndClosedOnesRefuseThem() throws {
        let schemas = try #require(try exportedDocument("Spec/bkm-express-lite.json")["components"]?["schemas"])
        try expectJSON(
            #require(schemas["Agreement.Kind"]),
            """
            {
              "anyOf": [{ "type": "string", "enum": ["AGREEMENT", "INFO"] }, { "type": "string" }],
              "x-specsmith-open": true,
              "description": "How an agreement is presented. Open: a value not listed decodes as the `unknown` case carrying the wire string unchanged, and encodes back as that string."
            }
            """)
        try expectJSON(
            #require(schemas["PaymentSecurity"]),
            """
            {
              "type": "string", "enum": ["OTP", "TDS", "NONE"], "x-specsmith-open": false,
              "description": "The verification the app asks for. Only a preference: the bank may demand another, so always follow the response's case. Closed: a value not listed is refused."
            }
            """)
    }
}

/// The export of the spec at `path`, parsed back.
func exportedDocument(_ path: String) throws -> JSONNode {
    try JSONParser.parse(OpenAPIExporter(try loadSpec(path)).document())
}

/// `node` is the JSON `expected` spells, member for member and in order.
func expectJSON(_ node: JSONNode, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
{
    let want = JSONText.pretty(try JSONParser.parse(expected))
    let got = JSONText.pretty(node)
    #expect(got == want, "\(lineDiff(expected: want, actual: got))", sourceLocation: sourceLocation)
}
