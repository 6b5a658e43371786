import SpecsmithCore
import Testing

@testable import SpecsmithGenerator

/// Each translator, fed a few lines of spec, read back as text.
@Suite struct TranslatorTests {
    static func service(_ body: String, auth: String? = nil) -> String {
        """
        {"specsmith": 1, "service": {"name": "Shop", "module": "ShopKit", "mockModule": "ShopKitMock", "hosts": {"api": {}},
          "environments": {"production": {"urls": {"api": "https://shop.example"}}}\(auth.map { ", " + $0 } ?? "")},
         \(body)}
        """
    }

    func render(_ declarations: [Declaration]) -> String { Renderer().render(declarations) }

    /// The whole output, compared line by line so a failure names the first line that differs.
    func expectSame(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = (expected + "\n").split(separator: "\n", omittingEmptySubsequences: false)
        if actualLines == expectedLines { return }
        let first =
            zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let got = actualLines.dropFirst(first).first.map { "\"\($0)\"" } ?? "the end"
        let wanted = expectedLines.dropFirst(first).first.map { "\"\($0)\"" } ?? "the end"
        Issue.record("line \(first + 1): got \(got), expected \(wanted)", sourceLocation: sourceLocation)
    }

    @Test func openEnumKeepsUnknownValues() throws {
        let spec = try spec(Self.service(#""types": {"Kind": {"kind": "enum", "cases": {"agreement": "AGREEMENT"}}}"#))
        let text = render([TranslationContext(spec).translateType(spec.spec.types[0])])
        expectSame(
            text,
            #"""
            extension Shop {
                public enum Kind: RawRepresentable, Codable, Hashable, Sendable, ParameterValue {
                    case agreement
                    /// A value this version does not know yet, kept as it was sent.
                    case unknown(String)

                    /// Maps a wire value to its case; unknown values become `.unknown`.
                    public init(rawValue: String) {
                        switch rawValue {
                        case "AGREEMENT":
                            self = .agreement
                        default:
                            self = .unknown(rawValue)
                        }
                    }

                    /// The wire value.
                    public var rawValue: String {
                        switch self {
                        case .agreement:
                            "AGREEMENT"
                        case let .unknown(rawValue):
                            rawValue
                        }
                    }
                }
            }
            """#)
    }

    @Test func closedEnumIsAPlainRawValueEnum() throws {
        let spec = try spec(
            Self.service(
                #""types": {"Kind": {"kind": "enum", "open": false, "cases": {"web": "web", "app": "mobile-app"}}}"#))
        let text = render([TranslationContext(spec).translateType(spec.spec.types[0])])
        expectSame(
            text,
            #"""
            extension Shop {
                public enum Kind: String, Codable, Hashable, Sendable, CaseIterable, ParameterValue {
                    case web
                    case app = "mobile-app"
                }
            }
            """#)
    }

    @Test func structUsesCodingKeysOnlyWhenWireNamesDiffer() throws {
        let plain = try spec(Self.service(#""types": {"A": {"kind": "struct", "fields": {"x": "int"}}}"#))
        let text = render([TranslationContext(plain).translateType(plain.spec.types[0])])
        expectSame(
            text,
            #"""
            extension Shop {
                public struct A: Codable, Hashable, Sendable {
                    public var x: Int

                    /// Creates a value with every field; optional fields default to `nil`.
                    public init(x: Int) {
                        self.x = x
                    }
                }
            }
            """#)
        let renamed = try spec(
            Self.service(#""types": {"A": {"kind": "struct", "fields": {"x": {"type": "int", "wire": "x_value"}}}}"#))
        let renamedText = render([TranslationContext(renamed).translateType(renamed.spec.types[0])])
        expectSame(
            renamedText,
            #"""
            extension Shop {
                public struct A: Codable, Hashable, Sendable {
                    public var x: Int

                    /// Creates a value with every field; optional fields default to `nil`.
                    public init(x: Int) {
                        self.x = x
                    }

                    enum CodingKeys: String, CodingKey {
                        case x = "x_value"
                    }
                }
            }
            """#)
    }

    @Test func initialiserDefaultsOptionalsAndSpecDefaults() throws {
        let spec = try spec(
            Self.service(
                #""types": {"A": {"kind": "struct", "fields": {"x": "int?", "y": {"type": "bool", "default": true}, "z": "string"}}}"#
            ))
        let text = render([TranslationContext(spec).translateType(spec.spec.types[0])])
        expectSame(
            text,
            #"""
            extension Shop {
                public struct A: Codable, Hashable, Sendable {
                    public var x: Int?
                    public var y: Bool
                    public var z: String

                    /// Creates a value with every field; optional fields default to `nil`.
                    public init(x: Int? = nil, y: Bool = true, z: String) {
                        self.x = x
                        self.y = y
                        self.z = z
                    }

                    /// Decodes a value; members the spec gives a default may be absent.
                    public init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        x = try container.decodeIfPresent(Int.self, forKey: .x)
                        y = try container.decodeIfPresent(Bool.self, forKey: .y) ?? true
                        z = try container.decode(String.self, forKey: .z)
                    }

                    enum CodingKeys: String, CodingKey {
                        case x
                        case y
                        case z
                    }
                }
            }
            """#)
    }

    @Test func sensitiveFieldsAreRedactedInDescriptionAndMirror() throws {
        let spec = try spec(
            Self.service(
                #""types": {"Card": {"kind": "struct", "fields": {"pan": {"type": "string", "sensitive": true}, "alias": "string"}}}"#
            ))
        let text = render([TranslationContext(spec).translateType(spec.spec.types[0])])
        expectSame(
            text,
            #"""
            extension Shop {
                public struct Card: Codable, Hashable, Sendable {
                    /// Sensitive: never printed, logged or journaled in clear.
                    public var pan: String
                    public var alias: String

                    /// Creates a value with every field; optional fields default to `nil`.
                    public init(pan: String, alias: String) {
                        self.pan = pan
                        self.alias = alias
                    }
                }
            }

            /// Sensitive values never appear in descriptions, `dump` or debuggers.
            extension Shop.Card: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
                /// A description with sensitive fields redacted.
                public var description: String {
                    "Card(pan: \(redacted), alias: \(String(describing: alias)))"
                }

                public var debugDescription: String {
                    description
                }

                /// Children for `dump` and debuggers, with sensitive fields redacted.
                public var customMirror: Mirror {
                    let children: KeyValuePairs<String, Any> = ["pan": redacted, "alias": alias]
                    return Mirror(self, children: children)
                }
            }
            """#)
    }

    @Test func valueTypeChecksItsRules() throws {
        let spec = try spec(
            Self.service(
                #""types": {"GSMNO": {"kind": "value", "base": "string", "pattern": "5[0-9]{9}", "constants": {"demo": "5000000001"}}}"#
            ))
        let text = render([TranslationContext(spec).translateType(spec.spec.types[0])])
        expectSame(
            text,
            #"""
            extension Shop {
                public struct GSMNO: RuleCheckedValue, Hashable, Sendable, ParameterValue {
                    /// The rules every value keeps, as the spec states them.
                    public static let rules: [ValueRule] = [.pattern("5[0-9]{9}")]
                    public let rawValue: String

                    /// Checks the spec's rules and wraps a wire value; apps use `init(validating:)`.
                    ///
                    /// - Throws: `ValueRuleFailure` naming the rule the value breaks.
                    @_spi(Generated) public init(wireValue rawValue: String) throws(ValueRuleFailure) {
                        try ValueRule.check(rawValue, Self.rules, type: "GSMNO")
                        self.rawValue = rawValue
                    }

                    /// Wraps a value the spec already checked (constants, defaults).
                    @usableFromInline init(unchecked rawValue: String) {
                        self.rawValue = rawValue
                    }

                    public static let demo = GSMNO(unchecked: "5000000001")
                }
            }
            """#)
    }

    @Test func unionThrowsOnAnUnknownDiscriminator() throws {
        let spec = try spec(
            Self.service(
                #""types": {"S": {"kind": "union", "discriminator": "status", "cases": {"on": {"wire": "ON", "payload": "[int]", "field": "values"}, "off": {"wire": "OFF"}}}}"#
            ))
        let text = render([TranslationContext(spec).translateType(spec.spec.types[0])])
        expectSame(
            text,
            #"""
            extension Shop {
                public enum S: Codable, Hashable, Sendable {
                    case on([Int])
                    case off

                    enum CodingKeys: String, CodingKey {
                        case discriminator = "status"
                        case values
                    }

                    public init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        switch try container.decode(String.self, forKey: .discriminator) {
                        case "ON":
                            self = .on(try container.decode([Int].self, forKey: .values))
                        case "OFF":
                            self = .off
                        case let other:
                            throw UnknownDiscriminator(type: "S", field: "status", value: other)
                        }
                    }

                    public func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        switch self {
                        case let .on(payload):
                            try container.encode("ON", forKey: .discriminator)
                            try container.encode(payload, forKey: .values)
                        case .off:
                            try container.encode("OFF", forKey: .discriminator)
                        }
                    }
                }
            }
            """#)
    }

    @Test func clientMethodSendsPathQueryAndBody() throws {
        let spec = try spec(
            Self.service(
                #""types": {"B": {"kind": "struct", "fields": {}}}, "endpoints": {"put": {"method": "PUT", "path": "/x/{id}", "parameters": {"id": {"in": "path", "type": "string"}, "v": {"in": "query", "type": "int?"}}, "request": "B", "response": "B"}}"#
            ))
        let text = render([TranslationContext(spec).translateClient()])
        expectSame(
            text,
            #"""
            extension Shop {
                /// The wire client of Shop: one method per endpoint of the spec.
                ///
                /// Every method throws a typed ``Shop/Failure`` that names the operation.
                public struct Client: Sendable {
                    /// The engine that sends requests and holds the session; generated code alone reaches it.
                    private let core: ClientCore

                    /// Creates a client for `environment`.
                    ///
                    /// - Parameters:
                    ///   - environment: Where the service runs; `.custom` for a mock server or your own deployment.
                    ///   - transport: How requests travel; `URLSessionTransport` unless you bring another.
                    ///   - timeout: The limit for each request, in seconds.
                    ///   - middlewares: What every request passes through, such as logging with redaction.
                    ///   - retry: When idempotent operations are repeated.
                    public init(
                        environment: Environment,
                        transport: any HTTPTransport = URLSessionTransport(),
                        timeout: TimeInterval = 30,
                        middlewares: [any ClientMiddleware] = [],
                        retry: RetryPolicy = RetryPolicy()
                    ) {
                        core = ClientCore(
                            baseURLs: environment.baseURLs,
                            envelope: Shop.envelope,
                            transport: transport,
                            appKeys: [:],
                            timeout: timeout,
                            middlewares: middlewares,
                            retry: retry
                        )
                    }

                    /// `PUT /x/{id}`
                    public func put(id: String, v: Int? = nil, _ request: B) async throws(Failure) -> B {
                        try await core.send(
                            Operations.put,
                            path: ["id": id.parameterValue],
                            query: [("v", v)],
                            body: request,
                            as: Failure.self
                        )
                    }
                }
            }
            """#)
    }

    @Test func everyAppKeySchemeHasAParameterAndItsOwnHeader() throws {
        let spec = try spec(
            Self.service(
                #""types": {}"#,
                auth:
                    #""auth": {"appKey": {"kind": "appKey", "header": "X-App-Key", "doc": "The app's key."}, "serverKey": {"kind": "appKey", "header": "X-Api-Key", "doc": "The server's key."}}"#
            ))
        let text = render([TranslationContext(spec).translateClient()])
        expectSame(
            text,
            #"""
            extension Shop {
                /// The wire client of Shop: one method per endpoint of the spec.
                ///
                /// Every method throws a typed ``Shop/Failure`` that names the operation.
                public struct Client: Sendable {
                    /// The engine that sends requests and holds the session; generated code alone reaches it.
                    private let core: ClientCore

                    /// Creates a client for `environment`.
                    ///
                    /// - Parameters:
                    ///   - environment: Where the service runs; `.custom` for a mock server or your own deployment.
                    ///   - transport: How requests travel; `URLSessionTransport` unless you bring another.
                    ///   - appKey: The app's key.
                    ///   - serverKey: The server's key.
                    ///   - timeout: The limit for each request, in seconds.
                    ///   - middlewares: What every request passes through, such as logging with redaction.
                    ///   - retry: When idempotent operations are repeated.
                    public init(
                        environment: Environment,
                        transport: any HTTPTransport = URLSessionTransport(),
                        appKey: String? = nil,
                        serverKey: String? = nil,
                        timeout: TimeInterval = 30,
                        middlewares: [any ClientMiddleware] = [],
                        retry: RetryPolicy = RetryPolicy()
                    ) {
                        core = ClientCore(
                            baseURLs: environment.baseURLs,
                            envelope: Shop.envelope,
                            transport: transport,
                            appKeys: ["X-App-Key": appKey, "X-Api-Key": serverKey].compactMapValues { $0 },
                            timeout: timeout,
                            middlewares: middlewares,
                            retry: retry
                        )
                    }
                }
            }
            """#)
    }

    @Test func failuresNameEveryErrorCode() throws {
        let spec = try spec(
            Self.service(#""errors": {"INVALID_CURRENCY": {"code": 1049, "message": "Geçersiz para birimi."}}"#))
        let text = render(TranslationContext(spec).translateFailures())
        expectSame(
            text,
            #"""
            extension Shop {
                /// A failed call: a kind to react to, a message to show users, and the operation it came from.
                ///
                /// `description` is for developers and logs; it never holds sensitive values. How a runtime failure is classified
                /// and described comes from `ClassifiedFailure`.
                public struct Failure: ClassifiedFailure {
                    /// What went wrong, for code that reacts to it.
                    public typealias Kind = FailureKind

                    /// The user messages of failures that carry no known error code.
                    public static let messages = FailureMessages(
                        transport: "The service cannot be reached. Check the connection and try again.",
                        invalidResponse: "The service answered in an unexpected way. Try again later.",
                        invalidRequest: "The request could not be sent.",
                        session: "The session is not valid. Start again.",
                        encryption: "The data could not be encrypted.",
                        server: "The service could not complete the request."
                    )

                    /// What went wrong.
                    public var kind: Kind
                    /// A message for users, in the service's language.
                    public var message: String
                    /// The operation that failed, such as `call`.
                    public var operation: String
                    /// What happened, for developers and logs.
                    public var detail: String

                    /// The error code the service answered with, whatever the kind: a `.session` failure tells an expired session
                    /// from an invalid one by it. `nil` when no answer carried a code.
                    public var code: ErrorCode?

                    /// Creates a failure from its parts.
                    public init(kind: Kind, message: String, operation: String, detail: String, code: ErrorCode? = nil) {
                        self.kind = kind
                        self.message = message
                        self.operation = operation
                        self.detail = detail
                        self.code = code
                    }
                }

                /// The error codes of the spec, by name; `ServiceErrorCode` looks them up in the catalogue.
                public struct ErrorCode: ServiceErrorCode {
                    public let rawValue: Int

                    public init(rawValue: Int) {
                        self.rawValue = rawValue
                    }

                    /// `INVALID_CURRENCY` (1049): Geçersiz para birimi.
                    public static let invalidCurrency = ErrorCode(rawValue: 1049)

                    /// What the spec says about each code: wire name, user message, category.
                    public static let catalog: [Int: ErrorCodeInfo] = [
                        1049: ErrorCodeInfo(name: "INVALID_CURRENCY", message: "Geçersiz para birimi.")
                    ]

                    /// Lets `code == .invalidCurrency`-style comparisons read naturally on a plain `Int`.
                    public static func == (lhs: Int, rhs: ErrorCode) -> Bool {
                        lhs == rhs.rawValue
                    }
                }
            }
            """#)
    }

    @Test func mockHandlerHasOneRequirementPerEndpoint() throws {
        let spec = try spec(
            Self.service(
                #""endpoints": {"ping": {"method": "GET", "path": "/ping"}, "pong": {"method": "POST", "path": "/pong"}}"#
            ))
        let text = render(TranslationContext(spec).translateMockHandler())
        expectSame(
            text,
            #"""
            /// What a Shop mock implements: one method per endpoint, typed request in, typed answer out.
            ///
            /// Throw a `MockFailure` (see `Shop.ErrorCode.mockFailure`) to answer with an error envelope.
            public protocol ShopHandler: Sendable {
                /// `GET /ping`
                func ping(context: MockRequest) async throws(MockFailure)

                /// `POST /pong`
                func pong(context: MockRequest) async throws(MockFailure)
            }

            extension ShopHandler {
                /// A route for every endpoint, each calling this handler.
                public var routes: [MockRoute] {
                    [
                        MockRoute(Shop.Operations.ping) { request throws(MockFailure) in
                            try await self.ping(context: request)
                            return NoContent()
                        },
                        MockRoute(Shop.Operations.pong) { request throws(MockFailure) in
                            try await self.pong(context: request)
                            return NoContent()
                        },
                    ]
                }

                /// A router over ``routes`` with the service's envelope.
                public var router: MockRouter {
                    MockRouter(routes: routes, envelope: Shop.envelope)
                }
            }

            extension Shop.ErrorCode {
                /// The failure a mock throws to answer with this code, its HTTP status and its default message.
                public var mockFailure: MockFailure {
                    let info = Shop.ErrorCode.catalog[rawValue]
                    return MockFailure(status: info?.status ?? 422, code: rawValue, message: info?.message ?? "")
                }
            }
            """#)
    }
}
