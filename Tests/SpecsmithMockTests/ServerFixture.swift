import Foundation
@_spi(Generated) import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting

struct Echo: Codable, Sendable, Equatable {
    var text: String
    var secret: String?
}

/// A tiny service for server tests: echo, a path parameter, and a route that waits for a gate.
struct ServerFixture {
    static let envelope = WireEnvelope(
        dataField: "data", successMarker: .init(field: "result", value: "ok"), codeField: "code",
        messageField: "message", errorMarker: .init(field: "result", value: "fail"))

    let entered = Gate()
    let release = Gate()

    var router: MockRouter {
        let entered = entered
        let release = release
        return MockRouter(
            routes: [
                MockRoute(
                    WireOperation(
                        name: "echo", method: "POST", host: "api", path: "/echo", sensitiveRequestFields: ["secret"])
                ) {
                    request throws(MockFailure) in
                    try request.decodeBody(Echo.self)
                },
                MockRoute(WireOperation(name: "item", method: "GET", host: "api", path: "/items/{id}")) {
                    request throws(MockFailure) in
                    Echo(text: try request.requiredParameter("id", in: .path, as: String.self))
                },
                MockRoute(WireOperation(name: "slow", method: "GET", host: "api", path: "/slow")) {
                    _ throws(MockFailure) in
                    entered.open()
                    await release.wait()
                    return Echo(text: "done")
                },
            ], envelope: Self.envelope)
    }
}
