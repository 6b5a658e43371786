import Foundation

/// An HTTP request as the runtime hands it to a transport.
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: [(name: String, value: String)]
    public var body: Data?
    public var timeout: TimeInterval

    public init(
        method: HTTPMethod, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil,
        timeout: TimeInterval = 30
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The first value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.timeout == rhs.timeout
            && lhs.headers.map { [$0.name, $0.value] } == rhs.headers.map { [$0.name, $0.value] }
    }
}

/// An HTTP response as a transport returns it.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why a request did not produce a response.
public struct TransportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case timeout, connectionRefused, connectionReset, cancelled, other
    }

    public var kind: Kind
    public var detail: String

    public init(_ kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var description: String { "\(kind.rawValue): \(detail)" }
}

/// Sends HTTP requests. `URLSessionTransport` is the default; any client (AsyncHTTPClient, a test
/// double) plugs in by conforming.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse
}
