import Foundation
import SpecsmithCore
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// For every spec of the package and of its fixtures, every sensitive value an operation can send
/// or receive (a request, a success, the declared error body) never reaches `LoggingMiddleware`'s
/// lines in clear. The bodies are built by walking the spec's types here, independently of the
/// generator's redaction paths, with a random marker in one sensitive place each.
@Suite struct SensitiveLoggingPropertyTests {
    static let specs = [
        "Spec/bkm-express-lite.json", "Spec/paymentkit.json", "Spec/opennotification.json",
        "Tests/Golden/everything.json", "Tests/REST/issue-tracker.json", "Tests/REST/ledger.json",
    ]

    @Test(arguments: specs)
    func noSensitiveValueIsLoggedInClear(path: String) async throws {
        let resolved = try loadSpec(path)
        let spec = resolved.spec
        var random = SplitMix(state: 0x5EC2_E7)
        var exchanges = 0
        for endpoint in resolved.endpoints {
            let operation = WireOperation(
                name: endpoint.endpoint.name, method: endpoint.endpoint.method, host: endpoint.host,
                path: endpoint.endpoint.path, auth: endpoint.credentials.map(\.requirement),
                sensitiveRequestFields: endpoint.sensitiveRequestPaths,
                sensitiveResponseFields: endpoint.sensitiveResponsePaths,
                sensitiveErrorFields: endpoint.sensitiveErrorPaths, sensitiveHeaders: endpoint.sensitiveHeaders,
                sensitiveParameters: endpoint.sensitiveParameters)
            let walker = SensitiveBodies(spec: spec)
            var cases: [(request: Any?, status: Int, response: Any?, marker: String)] = []
            let marker = { (random: inout SplitMix) in "marker-\(String(random.next(), radix: 36))" }
            if let request = endpoint.endpoint.request {
                let mark = marker(&random)
                for body in walker.bodies(request, marker: mark) { cases.append((body, 200, nil, mark)) }
            }
            if let response = endpoint.endpoint.response {
                let mark = marker(&random)
                for body in walker.bodies(response, marker: mark) {
                    let wrapped: Any = spec.service.envelope.dataField.map { [$0: body] } ?? body
                    cases.append((nil, endpoint.endpoint.successStatus, wrapped, mark))
                }
            }
            if let errorBody = spec.service.errorBody {
                let mark = marker(&random)
                for body in walker.bodies(.named(errorBody.name), marker: mark) { cases.append((nil, 402, body, mark)) }
            }
            let headerMark = marker(&random)
            let headers = endpoint.sensitiveHeaders.map { (name: $0, value: headerMark) }
            if !headers.isEmpty { cases.append((nil, 204, nil, headerMark)) }
            // A sensitive path or query parameter travels in the URL, and the server repeats it.
            let urlMark = marker(&random)
            let url = Self.url(of: endpoint.endpoint, marking: endpoint.sensitiveParameters, with: urlMark)
            if !endpoint.sensitiveParameters.isEmpty { cases.append((nil, 404, ["message": "no \(urlMark)"], urlMark)) }
            for item in cases {
                let lines = Recorder<[String]>([])
                let middleware = LoggingMiddleware { line in lines.update { $0.append(line) } }
                let request = TransportRequest(
                    method: operation.method, url: url, headers: headers,
                    body: try item.request.map {
                        try JSONSerialization.data(withJSONObject: $0, options: [.fragmentsAllowed])
                    })
                let responseBody =
                    try item.response.map {
                        try JSONSerialization.data(withJSONObject: $0, options: [.fragmentsAllowed])
                    } ?? Data()
                let status = item.status
                _ = try await middleware.intercept(request, operation: operation) { _ throws(TransportFailure) in
                    TransportResponse(status: status, body: responseBody)
                }
                let logged = lines.update { $0 }.joined(separator: "\n")
                #expect(logged.contains(operation.name))
                #expect(!logged.contains(item.marker), "\(path): \(operation.name) logged \(logged)")
                exchanges += 1
            }
        }
        // A spec that marks anything sensitive had it logged at least once.
        let marksSensitive = spec.types.contains { type in
            switch type.kind {
            case let .structure(decl): decl.fields.contains(where: \.sensitive)
            case let .value(decl): decl.sensitive
            default: false
            }
        }
        #expect(exchanges > 0 || !marksSensitive)
    }

    /// The endpoint's URL with `marker` as the value of each parameter named in `sensitive`.
    static func url(of endpoint: Endpoint, marking sensitive: [String], with marker: String) -> URL {
        var path = endpoint.path
        for parameter in endpoint.parameters where parameter.location == .path {
            path = path.replacingOccurrences(
                of: "{\(parameter.wireName)}", with: sensitive.contains(parameter.wireName) ? marker : "x")
        }
        var components = URLComponents(string: "http://127.0.0.1")!
        components.path = path
        let query = endpoint.parameters.filter { $0.location == .query && sensitive.contains($0.wireName) }
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.wireName, value: marker) } }
        return components.url!
    }
}

/// Bodies of a spec type that carry a marker in one sensitive place each: a field marked
/// `sensitive`, or a value of a sensitive value type, reached through structs, lists, maps and
/// union cases.
struct SensitiveBodies {
    let spec: Spec

    func bodies(_ ref: TypeRef, marker: String, visiting: Set<String> = []) -> [Any] {
        switch ref {
        case let .optional(wrapped): return bodies(wrapped, marker: marker, visiting: visiting)
        case let .array(element): return bodies(element, marker: marker, visiting: visiting).map { [$0] }
        case let .map(value): return bodies(value, marker: marker, visiting: visiting).map { ["key": $0] }
        case .primitive: return []
        case let .named(name):
            guard !visiting.contains(name), let type = spec.type(named: name) else { return [] }
            let visiting = visiting.union([name])
            switch type.kind {
            case let .structure(decl):
                return decl.fields.flatMap { field -> [Any] in
                    if field.sensitive { return [[field.wireName: marker]] }
                    return bodies(field.type, marker: marker, visiting: visiting).map { [field.wireName: $0] }
                }
            case let .union(decl):
                return decl.cases.flatMap { item -> [Any] in
                    guard let payload = item.payload else { return [] }
                    let inner = bodies(payload, marker: marker, visiting: visiting)
                    guard let discriminator = decl.discriminator else { return inner }
                    return inner.map { [discriminator: item.wireValue, item.payloadField: $0] }
                }
            case let .value(decl):
                return decl.sensitive ? [marker] : []
            case .enumeration:
                return []
            }
        }
    }
}
