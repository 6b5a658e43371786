import Foundation
@_spi(Generated) import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime

/// The small JSON answer both servers give: the mock through its router and envelope, nginx from a file.
struct Greeting: Codable, Sendable {
    var message: String
    var count: Int
}

/// Written as the generator writes a model's conformance, so the route takes the path a generated
/// endpoint takes.
@_spi(Generated) extension Greeting: WireJSONWritable {
    func writeJSON(to json: inout WireJSONWriter) throws {
        json.beginObject()
        try json.member("count", count)
        try json.member("message", message)
        json.endObject()
    }
}

/// Serves `GET /hello` through a router until stdin closes.
func serve(port: UInt16) async throws {
    let router = MockRouter(
        routes: [
            MockRoute(WireOperation(name: "hello", method: "GET", host: "api", path: "/hello")) {
                _ throws(MockFailure) in
                Greeting(message: "hello", count: 1)
            }
        ],
        envelope: WireEnvelope(dataField: "data", successMarker: .init(field: "result", value: "ok")))
    let server = try MockHTTPServer(configuration: .init(port: port)) { await router.respond(to: $0) }
    FileHandle.standardOutput.write(Data("listening on \(server.port)\n".utf8))
    // Serve until whoever started us closes our standard input.
    _ = await withCheckedContinuation { continuation in
        Thread {
            while readLine() != nil {}
            continuation.resume(returning: ())
        }.start()
    }
    await server.stop()
}
