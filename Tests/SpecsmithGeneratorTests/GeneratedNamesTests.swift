import Foundation
import SpecsmithCore
import SpecsmithGenerator
@_spi(Generated) import SpecsmithMock
import Testing

/// The names table is complete: every type the generator declares in a namespace, beyond the spec's
/// own types and OTP variants, is in `GeneratedNames.namespaceTypes`, so the validator reserves it.
@Suite struct GeneratedNamesTests {
    @Test(arguments: ["Spec/bkm-express-lite.json", "Tests/Golden/everything.json"])
    func everyNameDeclaredInTheNamespaceIsInTheTable(path: String) throws {
        let resolved = try loadSpec(path)
        let spec = resolved.spec
        let files = SpecsmithGenerator().generate(resolved, specPath: path).filter { $0.module == .sdk }
        // A type per endpoint that declares response headers is named from the spec too.
        let headers = spec.endpoints.filter { !$0.responseHeaders.isEmpty }.map(\.responseHeadersTypeName)
        let fromSpec = Set(spec.types.map(\.name) + (spec.otps?.variants.map(\.name) ?? []) + headers)
        var declared: Set<String> = []
        let keywords = ["struct", "enum", "final class", "class", "protocol", "typealias"]
        for file in files {
            var inNamespace = false
            for line in file.contents.split(separator: "\n") {
                if !line.hasPrefix(" "), !line.hasPrefix("}") {
                    inNamespace = line == "extension \(spec.service.name) {"
                }
                guard inNamespace, line.hasPrefix("    public ") else { continue }
                let rest = line.dropFirst("    public ".count)
                guard let keyword = keywords.first(where: { rest.hasPrefix($0 + " ") }) else { continue }
                let name = rest.dropFirst(keyword.count + 1).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                declared.insert(String(name))
            }
        }
        let generated = declared.subtracting(fromSpec)
        #expect(!generated.isEmpty)
        #expect(
            generated.isSubset(of: Set(GeneratedNames.namespaceTypes + GeneratedNames.otpTypes)),
            "not in the table: \(generated.sorted())")
    }

    /// The mock's names are spelled in the table, as the generator does not link the mock: each
    /// must be the name of the mock's type that generated mock code means by it.
    @Test func theMocksNamesAreItsTypesNames() {
        func name(of type: Any.Type) -> String {
            String(String(reflecting: type).split(separator: ".").last ?? "")
        }
        let expected: [(String, String)] = [
            (GeneratedNames.mockRoute, name(of: MockRoute.self)),
            (GeneratedNames.mockRouter, name(of: MockRouter.self)),
            (GeneratedNames.mockFailure, name(of: MockFailure.self)),
            (GeneratedNames.mockErrorBody, name(of: MockErrorBody.self)),
            (GeneratedNames.mockIdempotency, name(of: MockIdempotency.self)),
            (GeneratedNames.wireCodec, name(of: WireCodec.self)),
            (GeneratedNames.wireSchema, name(of: WireSchema.self)),
            (GeneratedNames.wireValidated, name(of: (any WireValidated).self)),
            (GeneratedNames.mockRequest, name(of: MockRequest.self)),
            (GeneratedNames.mockHeadedAnswer, name(of: MockHeadedAnswer.self)),
            (GeneratedNames.mockModule, String(String(reflecting: MockRouter.self).split(separator: ".").first ?? "")),
        ]
        for (table, type) in expected { #expect(table == type) }
    }

    /// The mock's idempotency defaults are the spec reader's: a spec that gives none writes no rules
    /// into the mock, and the mock keeps its own, which must be the same.
    @Test func theIdempotencyDefaultsAreTheMocks() {
        let spec = Service.IdempotencyRules()
        let mock = MockIdempotency()
        #expect(spec.scope.rawValue == mock.scope.rawValue)
        #expect(spec.replayedHeader == mock.replayedHeader)
        #expect(spec.keyLifetime == mock.keyLifetime)
        for scope in [Service.IdempotencyRules.Scope.service, .operation] {
            #expect(MockIdempotency.Scope(rawValue: scope.rawValue) != nil)
        }
    }

    /// The client initialiser declares exactly the labels the validator keeps key schemes away from,
    /// and the key schemes' own.
    @Test(arguments: ["Spec/bkm-express-lite.json", "Spec/opennotification.json", "Tests/Golden/everything.json"])
    func theClientInitialiserTakesTheTablesLabels(path: String) throws {
        let resolved = try loadSpec(path)
        let client = try #require(
            SpecsmithGenerator().generate(resolved, specPath: path).first {
                $0.module == .sdk && $0.name == "Client.swift"
            })
        let lines = client.contents.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(lines.firstIndex { $0.hasPrefix("public init(") })
        let end = try #require(lines[start...].firstIndex { $0.hasPrefix(")") })
        let labels = lines[(start + 1)..<end].map { String($0.prefix { $0 != ":" }) }
        typealias Label = GeneratedNames.ClientParameter
        let keyLabels = resolved.keyParameters.map(\.label)
        #expect(
            labels == [Label.environment, Label.transport] + keyLabels + [
                Label.timeout, Label.middlewares, Label.retry,
            ])
        #expect(keyLabels.dropFirst().allSatisfy { !Label.taken.contains($0) })
    }
}
