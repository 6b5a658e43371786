import Foundation
@_spi(Generated) import SpecsmithRuntime

/// The whole body of an error answer for a service whose spec declares an error `body` type: a
/// valid value of that type, generated from the spec, with the places the answer's message, code
/// and status go. Every error the mock sends without a body of its own (its own refusals, and a
/// handler's `ErrorCode.mockFailure`) is this template filled in, so the client's typed `payload`
/// decodes it.
@_spi(Generated) public struct MockErrorBody: Sendable {
    /// The body with an empty message.
    public var template: JSONValue
    /// The keys leading to the message.
    public var message: [String]
    /// The keys leading to the code, when the body has a place for one.
    public var code: [String]?
    /// The keys leading to a member that repeats the HTTP status (RFC 9457's `status`).
    public var status: [String]?
    /// The keys leading to each member that carries the status's reason phrase (RFC 9457's `title`).
    public var reason: [[String]]

    /// A body template; the generator writes one from the spec's error `body` type.
    public init(
        template: JSONValue, message: [String], code: [String]? = nil, status: [String]? = nil,
        reason: [[String]] = []
    ) {
        self.template = template
        self.message = message
        self.code = code
        self.status = status
        self.reason = reason
    }

    /// The body of an answer with `status`, `code` (left out when `nil`) and `message`.
    public func body(status: Int, code: ErrorCodeValue?, message: String) -> Data {
        var body = template
        body.set(.string(message), at: self.message[...])
        if let codePath = self.code {
            switch code {
            case let .number(number)?: body.set(.integer(Int64(number)), at: codePath[...])
            case let .text(text)?: body.set(.string(text), at: codePath[...])
            case nil: body.set(nil, at: codePath[...])
            }
        }
        if let statusPath = self.status { body.set(.integer(Int64(status)), at: statusPath[...]) }
        let phrase = HTTPStatus(rawValue: status).reasonPhrase
        for path in reason { body.set(.string(phrase), at: path[...]) }
        return (try? WireCoding.encode(body)) ?? Data("{}".utf8)
    }
}

extension JSONValue {
    /// Sets (or with `nil` removes) the member at `path`, adding objects on the way.
    mutating func set(_ value: JSONValue?, at path: ArraySlice<String>) {
        guard let key = path.first else { return }
        var members: [String: JSONValue] = [:]
        if case let .object(existing) = self { members = existing }
        if path.count == 1 {
            members[key] = value
        } else {
            var child = members[key] ?? .object([:])
            child.set(value, at: path.dropFirst())
            members[key] = child
        }
        self = .object(members)
    }
}
