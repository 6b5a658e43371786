import SpecsmithCore
import SpecsmithGenerator
import Testing

/// What each operation of the export says beyond its bodies: errors per status, credentials, examples
/// and the `x-specsmith-*` facts OpenAPI has no keyword for.
@Suite struct OpenAPIOperationExportTests {
    @Test func eachDocumentedErrorStatusIsItsOwnResponseNamingItsErrors() throws {
        let paths = try #require(try exportedDocument("Spec/bkm-express-lite.json")["paths"])
        let status = try #require(paths["/v1/wallet/status"]?["get"]?["responses"])
        #expect(status.members?.map(\.key) == ["200", "401", "default"])
        let unauthorised = try #require(status["401"])
        #expect(
            unauthorised["x-specsmith-errors"]?.elements?.compactMap { $0["name"]?.string } == [
                "INVALID_SESSION", "SESSION_EXPIRED",
            ])
        let media = try #require(unauthorised["content"]?["application/json"])
        #expect(media["schema"]?["$ref"]?.string == "#/components/schemas/Envelope.Error")
        try expectJSON(
            #require(media["examples"]?["INVALID_SESSION"]?["value"]),
            #"{ "result": "fail", "code": 1001, "message": "Oturum geçersiz. Lütfen işleme yeniden başlayın." }"#)
        let link = try #require(paths["/v1/wallet/link"]?["post"]?["responses"])
        #expect(link.members?.map(\.key) == ["200", "401", "404", "default"])
        try expectJSON(
            #require(link["404"]?["x-specsmith-errors"]),
            """
            [{ "name": "WALLET_NOT_FOUND", "code": 1206, "status": 404, "swiftName": "walletNotFound", "category": "server",
               "retryable": false, "message": "BKM Express hesabınız bulunamadı. Lütfen önce kayıt olun." }]
            """)
    }

    @Test func theDeclaredSuccessStatusAndResponseHeadersAreTheSuccessResponse() throws {
        let paths = try #require(try exportedDocument("Tests/Golden/everything.json")["paths"])
        let restock = try #require(paths["/items/{id}/stock"]?["put"]?["responses"])
        #expect(restock.members?.map(\.key) == ["201", "default"])
        try expectJSON(
            #require(restock["201"]?["headers"]),
            """
            { "Location": { "required": true, "schema": { "type": "string", "format": "uri" },
                            "description": "Where the stock entry lives." },
              "ETag": { "required": false, "schema": { "type": "string" } },
              "X-RateLimit-Remaining": { "required": false, "schema": { "type": "integer" },
                                         "description": "Calls left in this window." } }
            """)
        let forget = try #require(paths["/items/{id}"]?["delete"]?["responses"]?["204"])
        #expect(forget["content"] == nil)
        let touch = try #require(paths["/items/{id}/touch"]?["post"]?["responses"]?["204"])
        try expectJSON(#require(touch["headers"]), #"{ "ETag": { "required": true, "schema": { "type": "string" } } }"#)
    }

    @Test func aBearerKeyIsHTTPBearerAndAnOptionalOneAlsoTakesAnonymousCalls() throws {
        let document = try exportedDocument("Tests/REST/issue-tracker.json")
        try expectJSON(
            #require(document["components"]?["securitySchemes"]?["token"]),
            #"{ "type": "http", "scheme": "bearer", "description": "A personal access token; public repositories can be read without one." }"#
        )
        let paths = try #require(document["paths"])
        try expectJSON(#require(paths["/repos/{owner}/{repo}/issues"]?["get"]?["security"]), #"[{}, { "token": [] }]"#)
        try expectJSON(#require(paths["/repos/{owner}/{repo}/issues"]?["post"]?["security"]), #"[{ "token": [] }]"#)
        #expect(paths["/repos/{owner}/{repo}/issues"]?["post"]?["responses"]?["201"]?["headers"]?["Location"] != nil)
    }

    @Test func anIdempotencyKeyIsAnOptionalHeaderParameterAndAnExtension() throws {
        let operation = try #require(
            try exportedDocument("Spec/paymentkit.json")["paths"]?["/v1/card-sessions"]?["post"])
        let key = try #require(operation["parameters"]?.elements?.first { $0["name"]?.string == "Idempotency-Key" })
        #expect(key["in"]?.string == "header")
        #expect(key["schema"]?["type"]?.string == "string")
        #expect(operation["x-specsmith-idempotency-key"]?.string == "Idempotency-Key")
    }

    @Test func specExamplesTravelInTheEnvelopeAndErrorExamplesStayOffTheRequest() throws {
        let operation = try #require(
            try exportedDocument("Spec/bkm-express-lite.json")["paths"]?["/v1/sessions"]?["post"])
        let requests = try #require(operation["requestBody"]?["content"]?["application/json"]?["examples"])
        #expect(requests.members?.map(\.key) == ["test-token"])
        #expect(requests["test-token"]?["value"]?["gsmNo"]?.string == "5000000004")
        let success = try #require(
            operation["responses"]?["200"]?["content"]?["application/json"]?["examples"]?["test-token"])
        #expect(success["value"]?["result"]?.string == "ok")
        #expect(success["value"]?["data"]?["connectionToken"]?.string == "bexc_7f3a9d")
        let refused = try #require(operation["responses"]?["422"]?["content"]?["application/json"]?["examples"])
        #expect(refused.members?.map(\.key) == ["INVALID_CURRENCY", "unsupported-currency"])
        #expect(refused["unsupported-currency"]?["value"]?["code"]?.number == "1049")
    }

    @Test func aBasicSchemeIsHTTPBasic() throws {
        let document = try exportedDocument("Tests/REST/ledger.json")
        try expectJSON(
            #require(document["components"]?["securitySchemes"]?["account"]),
            #"{ "type": "http", "scheme": "basic", "description": "The account's id and its secret key, as HTTP Basic's user-id and password." }"#
        )
        try expectJSON(#require(document["paths"]?["/balance"]?["get"]?["security"]), #"[{"account": []}]"#)
    }

    /// Optional schemes are each sent when the client has them: every combination is an
    /// alternative, always with the required ones ("an API key or a token, or neither").
    @Test func optionalSchemesAreAlternativesBesideTheRequiredOnes() throws {
        let resolved = try spec(
            shopSpec(
                #"""
                "types": {}, "endpoints": {
                  "pet": {"method": "GET", "path": "/pet", "auth": ["apiKey?", "oauth?"]},
                  "order": {"method": "GET", "path": "/order", "auth": ["account", "apiKey?"]}
                }
                """#,
                auth: #"""
                    "auth": {"apiKey": {"kind": "appKey", "header": "api_key"},
                             "oauth": {"kind": "appKey", "header": "Authorization", "prefix": "Bearer "},
                             "account": {"kind": "appKey", "header": "X-Account"}}
                    """#))
        let paths = try #require(try JSONParser.parse(OpenAPIExporter(resolved).document())["paths"])
        try expectJSON(
            #require(paths["/pet"]?["get"]?["security"]),
            #"[{}, {"apiKey": []}, {"oauth": []}, {"apiKey": [], "oauth": []}]"#)
        try expectJSON(
            #require(paths["/order"]?["get"]?["security"]), #"[{"account": []}, {"account": [], "apiKey": []}]"#)
    }

    @Test func securitySchemesSayWhichCallIssuesTheSessionAndBearerTokensAreHTTPBearer() throws {
        let bkm = try exportedDocument("Spec/bkm-express-lite.json")
        try expectJSON(
            #require(bkm["components"]?["securitySchemes"]),
            """
            { "session": { "type": "apiKey", "in": "header", "name": "Bex-Connection",
                "description": "The connection token that initialize issues; every later call sends it.",
                "x-specsmith-issued-by": { "operationId": "initialize", "pointer": "/data/connectionToken" } } }
            """)
        #expect(bkm["paths"]?["/v1/sessions"]?["post"]?["security"]?.elements?.isEmpty == true)
        #expect(bkm["paths"]?["/v1/wallet/status"]?["get"]?["security"]?.elements?.first?["session"] != nil)
        let paymentKit = try exportedDocument("Spec/paymentkit.json")
        let bearer = try #require(paymentKit["components"]?["securitySchemes"]?["cardSession"])
        #expect(bearer["type"]?.string == "http")
        #expect(bearer["scheme"]?.string == "bearer")
        #expect(bearer["x-specsmith-issued-by"]?["pointer"]?.string == "/access_token")
    }

    @Test func sensitiveValuesAreWriteOnlyInRequestsAndReadOnlyWhenOnlyAnswered() throws {
        let schemas = try #require(try exportedDocument("Spec/bkm-express-lite.json")["components"]?["schemas"])
        let token = try #require(schemas["InitializeResponse"]?["properties"]?["connectionToken"])
        #expect(token["readOnly"]?.value == .bool(true))
        #expect(token["writeOnly"] == nil)
        #expect(token["x-specsmith-sdk-only"]?.value == .bool(true))
        let authToken = try #require(schemas["InitializeRequest"]?["properties"]?["authToken"])
        #expect(authToken["writeOnly"]?.value == .bool(true))
        #expect(authToken["readOnly"] == nil)
        #expect(schemas["GSMNO"]?["writeOnly"]?.value == .bool(true))
        #expect(schemas["GSMNO"]?["x-specsmith-sensitive"]?.value == .bool(true))
        #expect(schemas["CurrencyCode"]?["examples"]?.elements?.compactMap(\.string) == ["TRY", "USD", "EUR"])
    }

    @Test func operationsCarryIdempotencyHostBackendAndOTPRoles() throws {
        let paths = try #require(try exportedDocument("Spec/bkm-express-lite.json")["paths"])
        let control = try #require(paths["/v1/payments/{paymentToken}"]?["get"])
        #expect(control["x-specsmith-idempotent"]?.value == .bool(true))
        #expect(paths["/v1/payments"]?["post"]?["x-specsmith-idempotent"]?.value == .bool(false))
        let tokens = try #require(paths["/v1/tokens"]?["post"])
        #expect(tokens["x-specsmith-backend-only"]?.value == .bool(true))
        #expect(tokens["x-specsmith-host"]?.string == "merchant")
        #expect(
            tokens["servers"]?.elements?.compactMap { $0["url"]?.string } == [
                "https://test-api.bkmexpress.com.tr/merchant", "https://preprod-api.bkmexpress.com.tr/merchant",
                "https://api.bkmexpress.com.tr/merchant",
            ])
        let resend = try #require(paths["/v1/otps/payment/resend"]?["post"]?["x-specsmith-otp"])
        #expect(resend["variant"]?.string == "PaymentOTP")
        #expect(resend["role"]?.string == "resend")
        #expect(resend["verify"]?.string == "verifyPaymentOTP")
    }
}

extension JSONNode {
    /// The number's source text, if this is a number.
    fileprivate var number: String? {
        if case let .number(text) = value { text } else { nil }
    }
}
