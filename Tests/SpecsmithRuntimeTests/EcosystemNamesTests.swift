import Foundation
import SpecsmithTesting
import Testing

/// An app or a backend imports the runtime beside the HTTP packages of the Swift ecosystem, often in
/// the same file, and must name both without qualifying either. The ecosystem's top-level names
/// below are transcribed from each package's documentation; stand-in modules declare them, and the
/// checks are that no public top-level name of the runtime or the mock is among them, and that one
/// file importing every stand-in with the runtime and the mock compiles while naming, unqualified,
/// both the ecosystem's types and ours.
@Suite struct EcosystemNamesTests {
    /// Module → its public top-level types that an app is likely to name.
    static let ecosystem: [(module: String, declarations: [String])] = [
        (
            "HTTPTypes",
            [
                "public struct HTTPRequest {}", "public struct HTTPResponse {}", "public struct HTTPField {}",
                "public struct HTTPFields {}",
            ]
        ),
        (
            "OpenAPIRuntime",
            [
                "public protocol ClientTransport {}", "public protocol ClientMiddleware {}",
                "public protocol ServerTransport {}", "public protocol ServerMiddleware {}",
                "public final class HTTPBody {}", "public struct Configuration {}",
                "public struct ClientError: Error {}", "public struct ServerError: Error {}",
                "public struct UndocumentedPayload {}", "public struct OpenAPIValueContainer {}",
                "public struct OpenAPIObjectContainer {}", "public struct Base64EncodedData {}",
            ]
        ),
        ("OpenAPIURLSession", ["public struct URLSessionTransport {}"]),
        (
            "NIOHTTP1",
            [
                "public enum HTTPMethod { case GET }", "public struct HTTPHeaders {}", "public struct HTTPVersion {}",
                "public enum HTTPResponseStatus { case ok }", "public struct HTTPRequestHead {}",
                "public struct HTTPResponseHead {}",
            ]
        ),
        (
            "AsyncHTTPClient",
            [
                "public final class HTTPClient {}", "public struct HTTPClientRequest {}",
                "public struct HTTPClientResponse {}", "public struct HTTPClientError: Error {}",
            ]
        ),
        (
            "Hummingbird",
            [
                "public struct Application {}", "public final class Router {}", "public struct Request {}",
                "public struct Response {}", "public struct HTTPError: Error {}",
                "public protocol HTTPResponseError {}",
                "public protocol RequestContext {}", "public protocol MiddlewareProtocol {}",
                "public protocol RouterMiddleware {}", "public struct Environment {}", "public struct MediaType {}",
                "public struct ResponseBody {}", "public struct RequestBody {}",
            ]
        ),
    ]

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The public top-level type names declared in a module's sources.
    static func publicNames(of module: String) throws -> Set<String> {
        let folder = root.appendingPathComponent("Sources/\(module)")
        let pattern = try NSRegularExpression(
            pattern:
                #"^(?:@[A-Za-z_]+(?:\([^)]*\))? )*public (?:final )?(?:struct|enum|class|protocol|actor|typealias) ([A-Za-z_][A-Za-z0-9_]*)"#,
            options: .anchorsMatchLines)
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
            }
        }
        return names
    }

    static func name(of declaration: String) -> String {
        let words = declaration.split(separator: " ")
        let keyword = words.firstIndex { ["struct", "enum", "class", "protocol"].contains($0) }!
        return String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber })
    }

    @Test func noPublicTypeOfTheRuntimeOrTheMockSharesANameWithTheEcosystems() throws {
        let ours = try Self.publicNames(of: "SpecsmithRuntime").union(Self.publicNames(of: "SpecsmithMock"))
        #expect(ours.contains("TransportRequest"), "the scan found the runtime's names")
        for (module, declarations) in Self.ecosystem {
            let clashes = ours.intersection(declarations.map(Self.name(of:)))
            #expect(clashes.isEmpty, "\(module): \(clashes.sorted())")
        }
    }

    @Test func oneFileNamesTheEcosystemsTypesAndOursUnqualified() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ecosystem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (module, declarations) in Self.ecosystem {
            let source = folder.appendingPathComponent("\(module).swift")
            try declarations.joined(separator: "\n").write(to: source, atomically: true, encoding: .utf8)
            let built = try Subprocess.run(
                "/usr/bin/env",
                [
                    "swiftc", "-emit-module", "-parse-as-library", "-module-name", module, source.path, "-o",
                    folder.appendingPathComponent("\(module).swiftmodule").path,
                ])
            #expect(built.status == 0, "\(String(decoding: built.errors, as: UTF8.self))")
        }
        let mentions = Self.ecosystem.flatMap { _, declarations in
            declarations.map { declaration in
                let name = Self.name(of: declaration)
                return declaration.contains("protocol") ? "(any \(name)).self" : "\(name).self"
            }
        }
        let app = """
            import Foundation
            \(Self.ecosystem.map { "import \($0.module)" }.joined(separator: "\n"))
            import SpecsmithMock
            import SpecsmithRuntime

            func send(_ request: TransportRequest, through transport: any HTTPTransport) async throws -> TransportResponse {
                try await transport.send(request)
            }
            let ours: [Any.Type] = [
                TransportRequest.self, TransportResponse.self, RequestMethod.self, URLSessionHTTPTransport.self,
                (any TransportMiddleware).self, (any HTTPTransport).self, HTTPStatus.self, RetryPolicy.self,
                MockRequest.self, MockResponse.self, MockHTTPServer.self,
            ]
            let theirs: [Any.Type] = [\(mentions.joined(separator: ", "))]
            let method: RequestMethod = .get

            """
        let appFile = folder.appendingPathComponent("App.swift")
        try app.write(to: appFile, atomically: true, encoding: .utf8)
        let checked = try Subprocess.run(
            "/usr/bin/env",
            [
                "swiftc", "-typecheck", "-module-name", "App", "-swift-version", "6", "-I", folder.path, "-I",
                builtProgram("Modules").path, appFile.path,
            ])
        #expect(checked.status == 0, "\(String(decoding: checked.errors, as: UTF8.self))")
    }
}
