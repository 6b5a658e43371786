import Foundation

/// An HTTP request as the runtime hands it to a transport.
public struct TransportRequest: Sendable, Equatable {
    /// The HTTP method.
    public var method: RequestMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The headers, in order; a name may repeat.
    public var headers: [(name: String, value: String)]
    /// The body; `nil` for none.
    public var body: Data?
    /// How long to wait for the response, in seconds.
    public var timeout: TimeInterval

    /// A request; no headers, no body and a 30-second timeout unless given.
    public init(
        method: RequestMethod, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil,
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

    public static func == (lhs: TransportRequest, rhs: TransportRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.timeout == rhs.timeout
            && lhs.headers.map { [$0.name, $0.value] } == rhs.headers.map { [$0.name, $0.value] }
    }
}

/// An HTTP response as a transport returns it.
public struct TransportResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// The headers, one value per name.
    public var headers: [String: String]
    /// The body's bytes.
    public var body: Data

    /// A response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why a request did not produce a response.
public struct TransportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The ways a request can fail to get a response. Like ``FailureKind``, it may gain cases in a
    /// minor release: a `switch` over it ends with `@unknown default`.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Kind: String, Sendable, Hashable {
        /// No answer in time, a refused or reset connection, a cancelled task, or anything else.
        case timeout, connectionRefused, connectionReset, cancelled, other
        /// Not a transport failure: a middleware would not let the request go. The client turns
        /// it into a failure of its own (``FailureKind/refused(by:)``) and never retries it.
        case refusedByMiddleware
    }

    /// Which way it failed.
    public var kind: Kind
    /// What the transport said, for logs.
    public var detail: String

    /// A failure of `kind`, with `detail` for logs.
    public init(_ kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var description: String { "\(kind.rawValue): \(detail)" }

    /// What a middleware throws when it cannot let a request go: a token it could not refresh, a
    /// signature it could not make. The call fails with ``FailureKind/refused(by:)`` naming
    /// `middleware`, is not retried, and is never read as a server that cannot be reached.
    /// `reason` is for logs, so it must hold no secret.
    public static func refused(by middleware: String, reason: String) -> TransportFailure {
        TransportFailure(.refusedByMiddleware, detail: "\(middleware): \(reason)")
    }

    /// The middleware a ``refused(by:reason:)`` failure names, and its reason.
    var refusal: (middleware: String, reason: String)? {
        guard kind == .refusedByMiddleware else { return nil }
        let parts = detail.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
    }
}

/// Sends HTTP requests. `URLSessionHTTPTransport` is the default; any client (AsyncHTTPClient, a test
/// double) plugs in by conforming.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    /// - Throws: `TransportFailure` when no response came: a timeout, a refused or reset connection, cancellation.
    func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse
}
