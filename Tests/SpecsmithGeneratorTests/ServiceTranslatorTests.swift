import SpecsmithCore
import Testing

@testable import SpecsmithGenerator

/// The client, failure and mock translators, fed a few lines of spec, read back as IR: the part
/// each test is about is compared whole.
@Suite struct ServiceTranslatorTests {
    static let clientParameters = [
        "environment: Environment", "transport: any HTTPTransport = URLSessionHTTPTransport()",
        "timeout: TimeInterval = 30", "middlewares: [any TransportMiddleware] = []",
        "retry: RetryPolicy = RetryPolicy()",
    ]

    static func clientCoreCall(appKeys: String) -> Statement {
        .call(
            "core = ClientCore(",
            [
                "baseURLs: environment.baseURLs", "envelope: Shop.envelope", "transport: transport",
                "appKeys: \(appKeys)",
                "timeout: timeout", "middlewares: middlewares", "retry: retry",
            ])
    }

    @Test func clientMethodSendsPathQueryAndBody() throws {
        let resolved = try spec(
            shopSpec(
                #""types": {"B": {"kind": "struct", "fields": {}}}, "endpoints": {"put": {"method": "PUT", "path": "/x/{id}", "parameters": {"id": {"in": "path", "type": "string"}, "v": {"in": "query", "type": "int?"}}, "request": "B", "response": "B"}}"#
            ))
        let client = TranslationContext(resolved).translateClient()
        #expect(
            [client].function("public func put")
                == .function(
                    doc: Doc("`PUT /x/{id}`"),
                    signature: Signature.function(
                        .public, "put", ["id: String", "v: Int? = nil", "_ request: B"],
                        " async throws(Failure) -> B"),
                    body: [
                        .call(
                            "try await core.send(",
                            [
                                "Operations.put", #"path: ["id": id.parameterValue]"#, #"query: [("v", v)]"#,
                                "body: request", "as: Failure.self",
                            ])
                    ]))
        let initialiser = try #require([client].function("public init")?.functionParts)
        #expect(initialiser.signature == Signature.initializer(.public, Self.clientParameters))
        #expect(initialiser.body == [Self.clientCoreCall(appKeys: "[:]")])
    }

    @Test func everyAppKeySchemeHasAParameterAndItsOwnHeader() throws {
        let resolved = try spec(
            shopSpec(
                #""types": {}"#,
                auth:
                    #""auth": {"appKey": {"kind": "appKey", "header": "X-App-Key", "doc": "The app's key."}, "serverKey": {"kind": "appKey", "header": "X-Api-Key", "doc": "The server's key."}}"#
            ))
        let client = TranslationContext(resolved).translateClient()
        let initialiser = try #require([client].function("public init")?.functionParts)
        var parameters = Self.clientParameters
        parameters.insert(contentsOf: ["appKey: String? = nil", "serverKey: String? = nil"], at: 2)
        #expect(initialiser.signature == Signature.initializer(.public, parameters))
        #expect(
            initialiser.body == [
                Self.clientCoreCall(appKeys: #"["X-App-Key": appKey, "X-Api-Key": serverKey].compactMapValues { $0 }"#)
            ])
        let documented = initialiser.doc.paragraphs.filter { $0.hasPrefix("  - ") && $0.contains("Key: ") }
        #expect(documented == ["  - appKey: The app's key.", "  - serverKey: The server's key."])
    }

    @Test func failuresNameEveryErrorCode() throws {
        let resolved = try spec(
            shopSpec(#""errors": {"INVALID_CURRENCY": {"code": 1049, "message": "Geçersiz para birimi."}}"#))
        let failures = TranslationContext(resolved).translateFailures()
        #expect(
            failures.container(ContainerHeader(.public, .struct, "ErrorCode"))
                == Declaration.Container(
                    doc: Doc(
                        "The error codes of the spec, by name; `ServiceErrorCode` looks them up in the catalogue."),
                    header: ContainerHeader(.public, .struct, "ErrorCode"), conformances: ["ServiceErrorCode"],
                    members: [
                        .stored(StoredProperty(.public, .let, "rawValue", type: "ErrorCodeValue")),
                        .function(
                            doc: Doc(), signature: Signature.initializer(.public, ["rawValue: ErrorCodeValue"]),
                            body: [.line("self.rawValue = rawValue")]),
                        .stored(
                            StoredProperty(
                                .public, isStatic: true, .let, "invalidCurrency",
                                value: .inline("ErrorCode(rawValue: 1049)")),
                            doc: Doc("`INVALID_CURRENCY` (1049): Geçersiz para birimi.")),
                        .stored(
                            StoredProperty(
                                .public, isStatic: true, .let, "catalog", type: "[ErrorCodeValue: ErrorCodeInfo]",
                                value: .laidOut(
                                    .collection(
                                        head: "[",
                                        elements: [
                                            .packedCall(
                                                head: "1049: ErrorCodeInfo(",
                                                arguments: [
                                                    #"name: "INVALID_CURRENCY""#, #"message: "Geçersiz para birimi.""#,
                                                ],
                                                tail: ")")
                                        ], tail: "]"))),
                            doc: Doc("What the spec says about each code: wire name, user message, category.")),
                        .function(
                            doc: Doc(
                                "Lets `code == .invalidCurrency`-style comparisons read naturally on a failure kind's code."
                            ),
                            signature: Signature.function(
                                .public, "==", ["lhs: ErrorCodeValue", "rhs: ErrorCode"], " -> Bool", isStatic: true),
                            body: [.line("lhs == rhs.rawValue")]),
                    ]))
    }

    @Test func mockHandlerHasOneRequirementPerEndpoint() throws {
        let resolved = try spec(
            shopSpec(
                #""endpoints": {"ping": {"method": "GET", "path": "/ping"}, "pong": {"method": "POST", "path": "/pong"}}"#
            ))
        let handler = TranslationContext(resolved).translateMockHandler()
        #expect(
            handler.container(ContainerHeader(.public, .protocol, "ShopHandler"))
                == Declaration.Container(
                    doc: Doc([
                        "What a Shop mock implements: one method per endpoint, typed request in, typed answer out.",
                        "Throw a `MockFailure` (see `Shop.ErrorCode.mockFailure`) to answer with an error envelope.",
                    ]),
                    header: ContainerHeader(.public, .protocol, "ShopHandler"), conformances: ["Sendable"],
                    members: ["ping", "pong"].map { name in
                        .requirement(
                            doc: Doc("`\(name == "ping" ? "GET" : "POST") /\(name)`"),
                            signature: Signature.function(
                                nil, name, ["context: MockRequest"], " async throws(MockFailure)")
                        )
                    }))
        let route = { (name: String) -> Statement in
            .closure(
                "MockRoute(Shop.Operations.\(name)) { request throws(MockFailure) in",
                [.call("try await self.\(name)(", ["context: request"]), .line("return NoContent()")])
        }
        #expect(
            handler.function("public var routes: [MockRoute]")
                == .function(
                    doc: Doc("A route for every endpoint, each calling this handler."),
                    signature: .property(.public, "routes", type: "[MockRoute]"),
                    body: [.collection(head: "[", elements: [route("ping"), route("pong")], tail: "]")]))
    }
}
