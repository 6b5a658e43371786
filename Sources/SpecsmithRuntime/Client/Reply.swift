import Foundation

/// A success answer together with the response headers its endpoint declares (`Location`, `ETag`,
/// `Link`, rate limits) and its HTTP status.
///
/// The body's members read through the reply, so a call that gains headers reads as before:
/// `let issue = try await client.createIssue(request)` gives `issue.title`, `issue.body` and
/// `issue.status` as the spec writes them, and `issue.responseHeaders.location`. The reply's own
/// members are named so that no body member is hidden by them (`specsmith lint` refuses a body
/// member named `responseBody`, `responseHeaders` or `httpStatus` where a reply carries it). An
/// endpoint without a body (such as a `204`) has a `Void` body.
@dynamicMemberLookup
public struct Reply<Body: Sendable, Headers: ResponseHeaders>: Sendable {
    /// The decoded body.
    public var responseBody: Body
    /// The declared response headers, typed.
    public var responseHeaders: Headers
    /// The HTTP status the service answered with.
    public var httpStatus: Int

    /// A reply of `body` with `headers`; a mock answers with the endpoint's declared status whatever
    /// `status` says.
    public init(_ body: Body, headers: Headers, status: Int = 200) {
        self.responseBody = body
        self.responseHeaders = headers
        self.httpStatus = status
    }

    /// A member of the body, read through the reply.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Body, Value>) -> Value {
        responseBody[keyPath: keyPath]
    }
}

extension Reply where Body == Void {
    /// A reply without a body.
    public init(headers: Headers, status: Int = 200) {
        self.init((), headers: headers, status: status)
    }
}

extension Reply: Equatable where Body: Equatable, Headers: Equatable {}

extension Reply {
    /// The same reply with a `Void` body, as an endpoint without one returns it.
    @_spi(Generated) public func discardingBody() -> Reply<Void, Headers> {
        Reply<Void, Headers>((), headers: responseHeaders, status: httpStatus)
    }
}

/// The response headers one endpoint declares: generated as a struct per endpoint, read from an
/// answer by the client and written into one by the mock.
public protocol ResponseHeaders: Sendable {
    /// The headers read from an answer's fields.
    ///
    /// - Throws: ``HeaderFields/Problem`` naming the first declared header that is missing or not
    ///   of its type.
    init(from fields: HeaderFields) throws(HeaderFields.Problem)
    /// The headers as they travel, by wire name; a header without a value is left out.
    var headerFields: [String: String] { get }
}

/// The header fields of an answer, read by name whatever its case.
public struct HeaderFields: Sendable {
    private let values: [String: String]

    /// The fields `headers` holds, one value per name.
    public init(_ headers: [String: String]) {
        var values: [String: String] = [:]
        for (name, value) in headers { values[name.lowercased()] = value }
        self.values = values
    }

    /// Header `name` as a `Value`, or `nil` when the answer has none.
    ///
    /// - Throws: ``Problem`` when the header is there but is not a `Value`.
    public func value<Value: ParameterValue>(_ name: String, as type: Value.Type) throws(Problem) -> Value? {
        guard let text = values[name.lowercased()] else { return nil }
        guard let value = Value(parameterValue: text.trimmingCharacters(in: .whitespaces)) else {
            throw Problem(header: name, reason: "is not a valid \(Value.self)")
        }
        return value
    }

    /// Header `name` as a `Value`, which the endpoint declares the answer always has.
    ///
    /// - Throws: ``Problem`` when the header is missing or is not a `Value`.
    public func required<Value: ParameterValue>(_ name: String, as type: Value.Type) throws(Problem) -> Value {
        guard let value = try value(name, as: type) else { throw Problem(header: name, reason: "is missing") }
        return value
    }

    /// A declared response header that is missing or not of its type. Its value is never quoted.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The header's name, as the spec writes it.
        public var header: String
        /// What is wrong with it.
        public var reason: String

        /// A problem with `header`.
        public init(header: String, reason: String) {
            self.header = header
            self.reason = reason
        }

        public var description: String { "response header \(header) \(reason)" }
    }
}
