import SpecsmithCore
import Testing

@Suite struct EndpointDiagnosticsTests {
    @Test func pathParameterInTheTemplateMustBeDeclared() {
        SpecFixture(endpoints: #""card": {"method": "GET", "path": »"/cards/{id}"}"#).expect(
            "the path uses {id}, but no path parameter \"id\" is declared", note: "\"in\": \"path\"")
    }

    @Test func declaredPathParameterMustBeUsed() {
        SpecFixture(
            endpoints:
                #""card": {"method": "GET", "path": "/cards", "parameters": {»"id": {"in": "path", "type": "string"}}}"#
        ).expect("path parameter \"id\" is not used in the path \"/cards\"", note: "add {id} to the path")
    }

    /// What would not compile is refused where it is written: a parameter is one value, and a query
    /// parameter may be a list of them.
    @Test(arguments: [
        ("header", "[string]?", "cannot be a list ([string]?)"), ("query", "[string: int]", "cannot be a map"),
        ("query", "[[string]]", "cannot be a list ([[string]])"), ("query", "[Card]?", "cannot be the struct \"Card\""),
        ("path", "Card", "cannot be the struct \"Card\""), ("path", "[int64]", "cannot be a list ([int64])"),
        ("path", "Pick", "cannot be the union \"Pick\""), ("header", "bytes", "cannot be bytes"),
        ("query", "json?", "cannot be free-form JSON"),
    ])
    func aParameterIsOneValue(place: String, type: String, message: String) {
        let path = place == "path" ? "/cards/{id}" : "/cards"
        SpecFixture(
            types: #""Card": {"kind": "struct", "fields": {"number": "string"}}, "#
                + #""Pick": {"kind": "union", "discriminator": "kind", "cases": {"a": {"wire": "A"}}}"#,
            endpoints: """
                "cards": {"method": "GET", "path": "\(path)", "parameters": {"id": {"in": "\(place)", "type": »"\(type)"}}}
                """
        ).expect("\(place) parameter \"id\" \(message)", note: "in the body")
    }

    @Test func enumsValuesAndOptionalPrimitivesAreParameters() {
        let fixture = SpecFixture(
            types: #""Kind": {"kind": "enum", "cases": {"a": "A"}}, "Code": {"kind": "value", "base": "string"}"#,
            endpoints: """
                "cards": {"method": "GET", "path": "/cards/{code}", "parameters": {
                  "code": {"in": "path", "type": "Code"}, "kind": {"in": "query", "type": "Kind?"},
                  "at": {"in": "query", "type": "date?"}, "trace": {"in": "header", "type": "uuid?"}}}
                """)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }

    @Test func unknownHostSuggestsTheClosest() {
        SpecFixture(endpoints: #""card": {"method": "GET", "host": »"apu", "path": "/cards"}"#).expect(
            "unknown host \"apu\"", note: "did you mean \"api\"?")
    }

    @Test func unknownHTTPMethod() {
        SpecFixture(endpoints: #""card": {"method": »"FETCH", "path": "/cards"}"#).expect(
            "unknown HTTP method \"FETCH\"", note: "GET, POST")
    }

    @Test func missingRequiredKey() {
        SpecFixture(endpoints: #""card": »{"path": "/cards"}"#).expect(
            "endpoint \"card\" is missing the required key \"method\"")
    }

    @Test func getCannotHaveABody() {
        SpecFixture(
            types: #""Query": {"kind": "struct", "fields": {}}"#,
            endpoints: #""card": {"method": "GET", "path": "/cards", "request": »"Query"}"#
        ).expect("GET endpoint \"card\" cannot have a request body")
    }

    @Test func endpointErrorMustExist() {
        SpecFixture(
            endpoints: #""card": {"method": "GET", "path": "/cards", "errors": [»"CARD_NOT_FUND"]}"#,
            errors: #""CARD_NOT_FOUND": {"code": 1, "message": "No card."}"#
        ).expect("unknown error \"CARD_NOT_FUND\"", note: "did you mean \"CARD_NOT_FOUND\"?")
    }

    @Test func aStringCodeIsACodeAndTwoAlikeAreDuplicates() {
        SpecFixture(
            errors: """
                "card_declined": {"code": "card_declined", "status": 402, "message": "Declined."},
                "expired_card": {"code": "expired_card", "status": 402, "message": "Expired."},
                »"declined": {"code": "card_declined", "message": "Declined again."}
                """
        ).expect("duplicate error code card_declined: \"card_declined\" has it too")
    }

    @Test func aCodeIsANumberOrAStringWithText() {
        SpecFixture(errors: #""DECLINED": {"code": »true, "message": "Declined."}"#).expect(
            "\"code\" in error \"DECLINED\" must be a whole number or a string, not a boolean")
        SpecFixture(errors: #""DECLINED": {"code": »"", "message": "Declined."}"#).expect(
            "\"code\" in error \"DECLINED\" must not be empty or hold control characters")
    }

    @Test func notModifiedNeedsAConditionalGetOfABody() {
        let validator = #""etag": {"in": "header", "wire": "If-None-Match", "type": "string?"}"#
        SpecFixture(
            types: #""Card": {"kind": "struct", "fields": {}}"#,
            endpoints: #""card": {"method": "GET", "path": "/c", "response": "Card", "notModified": »true}"#
        ).expect(
            "\"notModified\" of \"card\" needs a header parameter that makes the GET conditional",
            note: #"such as "ifNoneMatch": {"in": "header", "wire": "If-None-Match", "type": "string?"}"#)
        SpecFixture(
            types: #""Card": {"kind": "struct", "fields": {}}"#,
            endpoints: """
                "card": {"method": "DELETE", "path": "/c", "response": "Card", "parameters": {\(validator)},
                         "notModified": »true}
                """
        ).expect(
            "\"notModified\" of \"card\" needs a GET: only a conditional GET answers 304 Not Modified",
            note: "a conditional write fails with 412 instead; declare that as an error")
        SpecFixture(
            endpoints: #""card": {"method": "GET", "path": "/c", "parameters": {\#(validator)}, "notModified": »true}"#
        ).expect("\"notModified\" of \"card\" needs a response: a 304 says the copy the caller holds is current")
    }

    @Test func errorsOfOneStatusAreToldApartByTheirConditions() {
        let limit =
            #""LIMIT": {"status": 403, "when": {"header": "X-RateLimit-Remaining", "equals": "0"}, "message": "Limit."}"#
        let clean = SpecFixture(errors: #""FORBIDDEN": {"status": 403, "message": "No."}, "# + limit)
        #expect(clean.diagnostics.filter { $0.severity == .error }.isEmpty, "\(clean.diagnostics)")
        SpecFixture(
            errors: #""LIMIT": {"status": 403, "when": »{"header": "X-Limit"}, "message": "Limit."}"#
        ).expect("the \"when\" of error \"LIMIT\" is missing the required key \"equals\"")
        SpecFixture(
            errors: #""LIMIT": {"status": 403, "when": »{"equals": "0"}, "message": "Limit."}"#
        ).expect(
            "the \"when\" of error \"LIMIT\" needs one of \"header\" or \"field\"",
            note: "the header or the body member whose value names this error")
        SpecFixture(
            errors: #""LIMIT": {"code": 7, "status": 403, "when": »{"field": "type", "equals": "x"}, "message": "L."}"#
        ).expect(
            "error \"LIMIT\" has a code, which tells it apart already",
            note: "\"when\" is for errors without a code that share a status; remove one of them")
        SpecFixture(
            errors: limit
                + #", "LIMIT2": {"status": 403, "when": »{"header": "X-RateLimit-Remaining", "equals": "0"}, "message": "L."}"#
        ).expect(
            "error \"LIMIT2\" has the condition of \"LIMIT\" (header X-RateLimit-Remaining: 0)",
            note: "two errors of status 403 need conditions that tell them apart")
    }

    @Test func duplicateErrorCodes() {
        SpecFixture(
            errors: """
                "CARD_NOT_FOUND": {"code": 7, "message": "No card."},
                »"PAYMENT_NOT_FOUND": {"code": 7, "message": "No payment."}
                """
        ).expect("duplicate error code 7: \"CARD_NOT_FOUND\" has it too")
    }

    @Test func anErrorKnownByItsStatusCannotShareItWithAnotherErrorsCode() {
        SpecFixture(
            errors: """
                "ITEM_404": {"code": 404, "message": "No item."},
                »"NOT_FOUND": {"status": 404, "message": "Not found."}
                """
        ).expect("\"NOT_FOUND\" is known by its status, as it has no code, 404, which \"ITEM_404\" is known by too")
    }

    @Test func anErrorNeedsACodeOrAStatus() {
        SpecFixture(errors: #""GONE": »{"message": "Gone."}"#).expect("needs a \"code\", or a \"status\"")
    }

    @Test func anErrorKnownByItsStatusAloneLintsClean() {
        let fixture = SpecFixture(
            errors: #""NOT_FOUND": {"status": 404, "message": "Not found."}, "BAD": {"code": 1, "message": "Bad."}"#)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics.map(\.message))")
    }

    @Test func theErrorBodyMustNameAStruct() {
        SpecFixture(
            types: #""Flavor": {"kind": "enum", "cases": {"a": "A"}}"#,
            serviceExtra: #", "envelope": {"error": {"body": »"Flavor"}}"#
        ).expect("the error body \"Flavor\" must be a struct (it is declared with kind \"enum\")")
        SpecFixture(serviceExtra: #", "envelope": {"error": {"body": »"Problem"}}"#).expect("unknown type \"Problem\"")
    }

    @Test func errorHeadersMustBeHeaderNames() {
        let fixture = SpecFixture(
            serviceExtra: #", "envelope": {"error": {"headers": ["Retry-After", "Rate Limit"]}}"#)
        #expect(
            fixture.diagnostics.map(\.message) == [
                "\"rate limit\" in the error envelope's headers is not an HTTP header name"
            ])
    }

    @Test func duplicateErrorSwiftNames() {
        SpecFixture(
            errors: """
                "NOT_FOUND": {"code": 1, "message": "Missing."},
                »"MISSING": {"code": 2, "swiftName": "notFound", "message": "Missing too."}
                """
        ).expect("duplicate error name \"notFound\"", note: "swiftName")
    }

    @Test func otpNamingAMissingEndpoint() {
        SpecFixture(
            types: """
                "OTPInfo": {"kind": "struct", "fields": {"id": "string"}},
                "Check": {"kind": "struct", "fields": {"otpID": "string", "code": "string"}},
                "Again": {"kind": "struct", "fields": {"otpID": "string"}}
                """,
            endpoints: """
                "verifyLinkOTP": {"method": "POST", "path": "/v", "request": "Check", "response": "OTPInfo"},
                "resendLinkOTP": {"method": "POST", "path": "/r", "request": "Again", "response": "OTPInfo"}
                """,
            otps:
                #"{"info": "OTPInfo", "variants": {"LinkOTP": {"verify": »"verifyLinkOtp", "resend": "resendLinkOTP"}}}"#
        ).expect("OTP variant \"LinkOTP\" names the missing verify endpoint \"verifyLinkOtp\"", note: "verifyLinkOTP")
    }

    /// Verify and resend send the OTP's `id` back: the info type must have one, of the request's type.
    @Test func otpInfoWithoutAnIDIsRefused() {
        SpecFixture(
            types: """
                "OTPInfo": {"kind": "struct", "fields": {"length": "int"}},
                "Check": {"kind": "struct", "fields": {"otpID": "string", "code": "string"}},
                "Again": {"kind": "struct", "fields": {"otpID": "string"}}
                """,
            endpoints: """
                "verifyLinkOTP": {"method": "POST", "path": "/v", "request": "Check", "response": "OTPInfo"},
                "resendLinkOTP": {"method": "POST", "path": "/r", "request": "Again", "response": "OTPInfo"}
                """,
            otps:
                #"{"info": »"OTPInfo", "variants": {"LinkOTP": {"verify": "verifyLinkOTP", "resend": "resendLinkOTP"}}}"#
        ).expect("the OTP info type \"OTPInfo\" needs a field \"id\"", note: "otpID")
    }

    @Test func otpIDOfAnotherTypeThanTheRequestsIsRefused() {
        SpecFixture(
            types: """
                "OTPInfo": {"kind": "struct", "fields": {"id": "int"}},
                "Check": {"kind": "struct", "fields": {"otpID": »"string", "code": "string"}},
                "Again": {"kind": "struct", "fields": {"otpID": "int"}}
                """,
            endpoints: """
                "verifyLinkOTP": {"method": "POST", "path": "/v", "request": "Check", "response": "OTPInfo"},
                "resendLinkOTP": {"method": "POST", "path": "/r", "request": "Again", "response": "OTPInfo"}
                """,
            otps:
                #"{"info": "OTPInfo", "variants": {"LinkOTP": {"verify": "verifyLinkOTP", "resend": "resendLinkOTP"}}}"#
        ).expect("the request field \"otpID\" of \"verifyLinkOTP\" is string, but \"OTPInfo.id\" is int")
    }

    /// The OTP section every placement test shares: a LinkOTP with its verify and resend endpoints.
    private func otpFixture(types: String) -> SpecFixture {
        SpecFixture(
            types: """
                "OTPInfo": {"kind": "struct", "fields": {"id": "string"}},
                "Check": {"kind": "struct", "fields": {"otpID": "string", "code": "string"}},
                "Again": {"kind": "struct", "fields": {"otpID": "string"}},
                \(types)
                """,
            endpoints: """
                "verifyLinkOTP": {"method": "POST", "path": "/v", "request": "Check", "response": "OTPInfo"},
                "resendLinkOTP": {"method": "POST", "path": "/r", "request": "Again", "response": "OTPInfo"}
                """,
            otps:
                #"{"info": "OTPInfo", "variants": {"LinkOTP": {"verify": "verifyLinkOTP", "resend": "resendLinkOTP"}}}"#
        )
    }

    @Test func otpInsideAnArrayIsRefused() {
        otpFixture(types: #""Batch": {"kind": "struct", "fields": {"otps": »"[LinkOTP]"}}"#)
            .expect("an OTP variant in \"Batch\" is inside an array or a map", note: "bind")
    }

    @Test func typeCarryingAnOTPCannotBeNested() {
        otpFixture(
            types: """
                "Step": {"kind": "struct", "fields": {"otp": "LinkOTP"}},
                "Flow": {"kind": "struct", "fields": {"step": »"Step"}}
                """
        ).expect("\"Step\" carries an OTP, so it can only be an endpoint's response, not part of \"Flow\"")
    }

    @Test func otpAsAFieldOrPayloadIsAccepted() {
        let fixture = otpFixture(
            types: """
                "Step": {"kind": "struct", "fields": {"otp": "LinkOTP?"}},
                "Answer": {"kind": "union", "discriminator": "status", "cases": {"verify": {"payload": "LinkOTP"}}}
                """)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics.map(\.message))")
    }

    @Test func aSecondAppKeySchemeMustNotTakeAParameterTheClientHas() {
        SpecFixture(
            serviceExtra:
                #", "auth": {"appKey": {"kind": "appKey", "header": "X-App-Key"}, »"timeout": {"kind": "appKey", "header": "X-Timeout-Key"}}"#
        ).expect("the app-key scheme \"timeout\" would name a parameter the client already has", note: "timeoutKey")
    }

    /// A user-id and password always go by their scheme's name, even as the only key.
    @Test func aBasicSchemeMustNotTakeAParameterTheClientHas() {
        SpecFixture(serviceExtra: #", "auth": {»"retry": {"kind": "basic"}}"#)
            .expect("the app-key scheme \"retry\" would name a parameter the client already has", note: "retryKey")
    }

    /// A bearer token and HTTP Basic both travel in `Authorization`: one client cannot hold both.
    @Test func twoKeySchemesCannotShareAHeader() {
        SpecFixture(
            serviceExtra:
                #", "auth": {"token": {"kind": "appKey", "header": "Authorization", "prefix": "Bearer "}, »"account": {"kind": "basic"}}"#
        ).expect("the app-key schemes \"token\" and \"account\" both travel in Authorization")
    }

    /// A key only the app holds and one only its backend holds never meet in one client.
    @Test func anAppKeyAndABackendKeyMayShareAHeader() {
        let fixture = SpecFixture(
            endpoints: #"""
                "card": {"method": "GET", "path": "/cards", "auth": ["token"]},
                "refund": {"method": "POST", "path": "/refunds", "auth": ["account"], "backendOnly": true}
                """#,
            serviceExtra:
                #", "backendModule": "ShopBackend", "auth": {"token": {"kind": "appKey", "header": "Authorization", "prefix": "Bearer "}, "account": {"kind": "basic"}}"#
        )
        #expect(!fixture.diagnostics.contains { $0.message.contains("both travel in") })
    }

    /// One request cannot carry a session and a key in the same header.
    @Test func anEndpointCannotSendASessionAndAKeyInOneHeader() {
        let fixture = SpecFixture(
            types: #""Session": {"kind": "struct", "fields": {"token": "string"}}"#,
            endpoints: #"""
                "signIn": {"method": "POST", "path": "/sessions", "response": "Session", "auth": []},
                "card": {"method": "GET", "path": "/cards", "auth": ["session", "account"]}
                """#,
            serviceExtra:
                #", "auth": {"session": {"kind": "sessionToken", "header": "Authorization", "prefix": "Bearer ", "issuedBy": "signIn", "tokenField": "token"}, "account": {"kind": "basic"}}"#
        )
        #expect(
            fixture.diagnostics.contains {
                $0.message == #""card" sends both "session" and "account" in Authorization"#
            })
    }

    /// HTTP Basic always travels in `Authorization` after `Basic `: a spec names neither.
    @Test func aBasicSchemeNamesNoHeaderOrPrefix() {
        SpecFixture(serviceExtra: #", "auth": {"account": {"kind": "basic", »"header": "X-Account"}}"#)
            .expect("unknown key \"header\" in auth scheme \"account\"")
    }

    /// A header the auth scheme sends would go out twice if a parameter sent it too.
    @Test func aHeaderParameterIsNotACredentialsHeader() {
        SpecFixture(
            endpoints: #"""
                "card": {"method": "GET", "path": "/cards", "auth": ["appKey"],
                  "parameters": {»"key": {"in": "header", "wire": "x-app-key", "type": "string"}}}
                """#,
            serviceExtra: #", "auth": {"appKey": {"kind": "appKey", "header": "X-App-Key"}}"#
        ).expect(
            "the header parameter \"key\" of \"card\" is the header X-App-Key that the auth scheme \"appKey\" sends")
    }

    @Test func environmentNamingAnUnknownHost() {
        SpecFixture(environments: #""production": {"urls": {"api": "https://a.example", »"cdn": "https://c.example"}}"#)
            .expect("unknown host \"cdn\"")
    }

    @Test func environmentMustGiveEveryHostAURL() {
        SpecFixture(
            environments: #"»"production": {"urls": {"api": "https://a.example"}}"#,
            hosts: #""api": {}, "keys": {}"#
        ).expect("environment \"production\" gives no URL for host \"keys\"")
    }

    @Test func environmentURLMustBeAbsolute() {
        SpecFixture(environments: #""production": {"urls": {»"api": "shop.example"}}"#).expect(
            "\"shop.example\" is not an absolute http or https URL")
    }

    /// A scheme of a kind the format has no name for (OAuth 2's flows) is one diagnostic, for its
    /// kind: not also a missing header, nor an unknown scheme wherever it is named.
    @Test func anAuthSchemeOfAnUnknownKindIsReportedOnce() {
        let fixture = SpecFixture(
            endpoints: #"""
                "card": {"method": "GET", "path": "/cards", "auth": ["petstoreAuth"]}
                """#,
            serviceExtra: #", "auth": {"petstoreAuth": {"kind": »"oauth2"}}, "defaultAuth": ["petstoreAuth"]"#)
        fixture.expect("unknown auth kind \"oauth2\"", note: "appKey")
        #expect(fixture.diagnostics.count == 1, "\(fixture.diagnostics.map(\.message))")
    }

    /// Slack's shape puts `"ok": true` among the payload's members, which a list has none of.
    @Test func aBarePayloadUnderASuccessMarkerIsAStruct() {
        SpecFixture(
            endpoints: #"""
                "cards": {"method": "GET", "path": "/cards", "response": »"[string]"}
                """#,
            serviceExtra:
                #", "envelope": {"success": {"marker": {"ok": true}}, "error": {"code": "error", "marker": {"ok": false}}}"#
        ).expect("the response of \"cards\" is no struct, so it cannot carry the success marker \"ok\"")
    }

    /// A type name from OpenAPI or JSON Schema gets the primitive it means as its suggestion.
    @Test func aTypeNamedAsOpenAPINamesItSuggestsThePrimitive() {
        SpecFixture(types: #""Pet": {"kind": "struct", "fields": {"id": »"int32?"}}"#)
            .expect("unknown type \"int32\"", note: "did you mean \"int\"?")
    }

    @Test func unknownAuthSchemeOnAnEndpoint() {
        SpecFixture(endpoints: #""card": {"method": "GET", "path": "/cards", "auth": [»"sesion"]}"#).expect(
            "unknown auth scheme \"sesion\"")
    }

    @Test func everyProblemOfOneRunIsReported() {
        let fixture = SpecFixture(
            types: #""Card": {"kind": "struct", "fields": {"a": "Nope", "b": {"type": "string", "wat": 1}}}"#,
            endpoints: #""card": {"method": "GET", "host": "nowhere", "path": "/cards/{id}"}"#)
        let messages = fixture.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("unknown type \"Nope\"") })
        #expect(messages.contains { $0.contains("unknown key \"wat\"") })
        #expect(messages.contains { $0.contains("unknown host \"nowhere\"") })
        #expect(messages.contains { $0.contains("{id}") })
        #expect(fixture.diagnostics.count >= 4)
    }
}
