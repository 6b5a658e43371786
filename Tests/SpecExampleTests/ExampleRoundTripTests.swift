@_spi(Generated) import BKMExpressLiteMock
import Foundation
@_spi(Generated) import GoldenKitMock
@_spi(Generated) import OpenNotificationMock
@_spi(Generated) import PaymentKitMock
import SpecsmithCore
@_spi(Generated) import SpecsmithMock
import Testing

/// Every example of every spec decodes through the generated types and encodes back to the same
/// JSON (compared semantically), so examples, spec and generated code cannot disagree.
@Suite struct ExampleRoundTripTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each spec with the codecs its mock module generated.
    static let specs: [(path: String, codecs: [String: WireCodec])] = [
        ("Spec/bkm-express-lite.json", BKMExpressCodecs.byOperation),
        ("Spec/paymentkit.json", PaymentKitAPICodecs.byOperation),
        ("Spec/opennotification.json", OpenNotificationCodecs.byOperation),
        ("Tests/Golden/everything.json", GoldenCodecs.byOperation),
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        var spec: String
        var operation: String
        var example: String
        var isRequest: Bool
        var json: String
        var testDescription: String { "\(spec) \(operation) “\(example)” \(isRequest ? "request" : "response")" }
    }

    static let cases: [Case] = specs.flatMap { path, _ -> [Case] in
        let spec = SpecLoader.load(path: root.appendingPathComponent(path).path).validSpec
        return (spec?.endpoints ?? []).flatMap { endpoint in
            endpoint.examples.flatMap { example in
                [(example.request, true), (example.response, false)].compactMap { node, isRequest in
                    node.map {
                        Case(
                            spec: path, operation: endpoint.name, example: example.name, isRequest: isRequest,
                            json: JSONText.compact($0))
                    }
                }
            }
        }
    }

    @Test func everySpecHasExamples() {
        for (path, _) in Self.specs {
            #expect(Self.cases.contains { $0.spec == path }, "\(path) has no examples")
        }
        #expect(Self.cases.count >= 30)
    }

    @Test(arguments: cases)
    func exampleRoundTripsThroughGeneratedTypes(_ example: Case) throws {
        let codecs = try #require(Self.specs.first { $0.path == example.spec }?.codecs)
        let codec = try #require(codecs[example.operation], "no codec for \(example.operation)")
        let input = Data(example.json.utf8)
        let output = try example.isRequest ? codec.roundTripRequest(input) : codec.roundTripResponse(input)
        let original = try JSONParser.parse(example.json)
        let again = try JSONParser.parse(String(decoding: output, as: UTF8.self))
        let difference = SemanticJSON.difference(original, again)
        #expect(
            difference == nil,
            "\(difference ?? "")\nsent:     \(example.json)\nreturned: \(String(decoding: output, as: UTF8.self))")
    }

    /// What a generated type writes itself (the mock's answers, the client's requests) is byte for
    /// byte what its `Encodable` conformance gives; a union's payload, which does not write itself,
    /// is still checked through the types inside it.
    @Test(arguments: cases)
    func generatedWritingMatchesEncodable(_ example: Case) throws {
        let codecs = try #require(Self.specs.first { $0.path == example.spec }?.codecs)
        let codec = try #require(codecs[example.operation], "no codec for \(example.operation)")
        let (written, encoded, _) = try codec.encodeBothWays(Data(example.json.utf8), example.isRequest)
        #expect(
            written == encoded,
            "written: \(String(decoding: written, as: UTF8.self))\nencoded: \(String(decoding: encoded, as: UTF8.self))"
        )
    }

    /// Every spec's models write themselves: the fast path is the one the mocks take.
    @Test func everySpecsResponsesWriteThemselves() throws {
        for (path, codecs) in Self.specs {
            let structs = Self.cases.filter { $0.spec == path && !$0.isRequest }.filter { $0.json.hasPrefix("{") }
            let writing = try structs.filter { example in
                try codecs[example.operation]?.encodeBothWays(Data(example.json.utf8), false).writesItself == true
            }
            #expect(!writing.isEmpty, "no response of \(path) writes itself")
        }
    }
}
