import SpecsmithCore
import Testing

@testable import SpecsmithGenerator

/// Each translator, fed a few lines of spec, read back as text.
@Suite struct TranslatorTests {
    static func service(_ body: String) -> String {
        """
        {"specsmith": 1, "service": {"name": "Shop", "module": "ShopKit", "mockModule": "ShopKitMock", "hosts": {"api": {}},
          "environments": {"production": {"urls": {"api": "https://shop.example"}}}},
         \(body)}
        """
    }

    func render(_ declarations: [Declaration]) -> String { Renderer().render(declarations) }

    @Test func openEnumKeepsUnknownValues() throws {
        let spec = try spec(Self.service(#""types": {"Kind": {"kind": "enum", "cases": {"agreement": "AGREEMENT"}}}"#))
        let text = render([TranslationContext(spec: spec).translateType(spec.types[0])])
        #expect(text.contains("case unknown(String)"))
        #expect(text.contains("default:\n                self = .unknown(rawValue)"))
        #expect(text.contains("case \"AGREEMENT\":\n                self = .agreement"))
    }

    @Test func closedEnumIsAPlainRawValueEnum() throws {
        let spec = try spec(
            Self.service(
                #""types": {"Kind": {"kind": "enum", "open": false, "cases": {"web": "web", "app": "mobile-app"}}}"#))
        let text = render([TranslationContext(spec: spec).translateType(spec.types[0])])
        #expect(text.contains("public enum Kind: String, Codable, Hashable, Sendable, CaseIterable, ParameterValue {"))
        #expect(text.contains("case web\n"))
        #expect(text.contains("case app = \"mobile-app\""))
        #expect(!text.contains("unknown"))
    }

    @Test func structUsesCodingKeysOnlyWhenWireNamesDiffer() throws {
        let plain = try spec(Self.service(#""types": {"A": {"kind": "struct", "fields": {"x": "int"}}}"#))
        #expect(!render([TranslationContext(spec: plain).translateType(plain.types[0])]).contains("CodingKeys"))
        let renamed = try spec(
            Self.service(#""types": {"A": {"kind": "struct", "fields": {"x": {"type": "int", "wire": "x_value"}}}}"#))
        #expect(
            render([TranslationContext(spec: renamed).translateType(renamed.types[0])]).contains("case x = \"x_value\"")
        )
    }

    @Test func initialiserDefaultsOptionalsAndSpecDefaults() throws {
        let spec = try spec(
            Self.service(
                #""types": {"A": {"kind": "struct", "fields": {"x": "int?", "y": {"type": "bool", "default": true}, "z": "string"}}}"#
            ))
        let text = render([TranslationContext(spec: spec).translateType(spec.types[0])])
        #expect(text.contains("public init(x: Int? = nil, y: Bool = true, z: String) {"))
    }

    @Test func sensitiveFieldsAreRedactedInDescriptionAndMirror() throws {
        let spec = try spec(
            Self.service(
                #""types": {"Card": {"kind": "struct", "fields": {"pan": {"type": "string", "sensitive": true}, "alias": "string"}}}"#
            ))
        let text = render([TranslationContext(spec: spec).translateType(spec.types[0])])
        #expect(text.contains("\"Card(pan: \\(redacted), alias: \\(String(describing: alias)))\""))
        #expect(text.contains("\"pan\": redacted,"))
        #expect(!text.contains("\"pan\": pan"))
    }

    @Test func valueTypeChecksItsRules() throws {
        let spec = try spec(
            Self.service(
                #""types": {"GSMNO": {"kind": "value", "base": "string", "pattern": "5[0-9]{9}", "constants": {"demo": "5000000001"}}}"#
            ))
        let text = render([TranslationContext(spec: spec).translateType(spec.types[0])])
        #expect(text.contains("public static let rules: [ValueRule] = [.pattern(\"5[0-9]{9}\")]"))
        #expect(text.contains("try ValueRule.check(rawValue, Self.rules, type: \"GSMNO\")"))
        #expect(text.contains("public static let demo = GSMNO(unchecked: \"5000000001\")"))
    }

    @Test func unionThrowsOnAnUnknownDiscriminator() throws {
        let spec = try spec(
            Self.service(
                #""types": {"S": {"kind": "union", "discriminator": "status", "cases": {"on": {"wire": "ON", "payload": "[int]", "field": "values"}, "off": {"wire": "OFF"}}}}"#
            ))
        let text = render([TranslationContext(spec: spec).translateType(spec.types[0])])
        #expect(text.contains("case on([Int])"))
        #expect(text.contains("self = .on(try container.decode([Int].self, forKey: .values))"))
        #expect(text.contains("throw UnknownDiscriminator(type: \"S\", field: \"status\", value: other)"))
    }

    @Test func clientMethodSendsPathQueryAndBody() throws {
        let spec = try spec(
            Self.service(
                #""types": {"B": {"kind": "struct", "fields": {}}}, "endpoints": {"put": {"method": "PUT", "path": "/x/{id}", "parameters": {"id": {"in": "path", "type": "string"}, "v": {"in": "query", "type": "int?"}}, "request": "B", "response": "B"}}"#
            ))
        let text = render([TranslationContext(spec: spec).translateClient()])
        #expect(text.contains("public func put(id: String, v: Int? = nil, _ request: B) async throws(Failure) -> B {"))
        #expect(text.contains("path: [\"id\": id.parameterValue]"))
        #expect(text.contains("query: [(\"v\", v)]"))
    }

    @Test func failuresNameEveryErrorCode() throws {
        let spec = try spec(
            Self.service(#""errors": {"INVALID_CURRENCY": {"code": 1049, "message": "Geçersiz para birimi."}}"#))
        let text = render(TranslationContext(spec: spec).translateFailures())
        #expect(text.contains("public static let invalidCurrency = ErrorCode(rawValue: 1049)"))
        #expect(
            text.contains(#"1049: ErrorCodeInfo(name: "INVALID_CURRENCY", message: "Geçersiz para birimi."),"#),
            "only what differs from a non-retryable 422 server error is written")
    }

    @Test func mockHandlerHasOneRequirementPerEndpoint() throws {
        let spec = try spec(
            Self.service(
                #""endpoints": {"ping": {"method": "GET", "path": "/ping"}, "pong": {"method": "POST", "path": "/pong"}}"#
            ))
        let text = render(TranslationContext(spec: spec).translateMockHandler())
        #expect(text.contains("func ping(context: MockRequest) async throws(MockFailure)\n"))
        #expect(text.contains("func pong(context: MockRequest) async throws(MockFailure)\n"))
        #expect(text.contains("MockRoute(Shop.Operations.ping) { request throws(MockFailure) in"))
    }
}
