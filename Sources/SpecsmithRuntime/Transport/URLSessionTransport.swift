import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `URLSession` (FoundationNetworking on Linux) with a per-request timeout.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = request.timeout
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else {
                throw TransportFailure(.other, detail: "the response is not HTTP")
            }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: data)
        } catch let failure as TransportFailure {
            throw failure
        } catch let error as URLError {
            throw TransportFailure(Self.kind(of: error), detail: error.localizedDescription)
        } catch is CancellationError {
            throw TransportFailure(.cancelled, detail: "the task was cancelled")
        } catch {
            throw TransportFailure(.other, detail: String(describing: error))
        }
    }

    private static func kind(of error: URLError) -> TransportFailure.Kind {
        switch error.code {
        case .timedOut: .timeout
        case .cannotConnectToHost: .connectionRefused
        case .networkConnectionLost: .connectionReset
        case .cancelled: .cancelled
        default: .other
        }
    }
}
