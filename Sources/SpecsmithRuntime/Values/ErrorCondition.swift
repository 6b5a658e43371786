import Foundation

/// What tells an error without a code apart from another of the same HTTP status: a response
/// header or a member of the error body with a given value, as GitHub's `403` is a rate limit when
/// `X-RateLimit-Remaining` is `0`.
public struct ErrorCondition: Sendable, Hashable, CustomStringConvertible {
    /// Where the value is read.
    public enum Source: Sendable, Hashable {
        /// A response header, by name in any case.
        case header(String)
        /// A member of the error body, by its keys from the body's root (`error.type`).
        case field([String])
    }

    /// Where the value is read.
    public var source: Source
    /// The value that names the error: the header's value, trimmed, or the member's JSON string,
    /// number or boolean as written.
    public var value: String

    /// The error whose answer carries header `name` with `value`.
    public static func header(_ name: String, equals value: String) -> ErrorCondition {
        ErrorCondition(source: .header(name), value: value)
    }

    /// The error whose body has `value` at `path`, keys joined by dots (`error.type`).
    public static func field(_ path: String, equals value: String) -> ErrorCondition {
        ErrorCondition(source: .field(path.split(separator: ".").map(String.init)), value: value)
    }

    /// Whether `response` is this error's answer.
    public func holds(in response: FailureResponse) -> Bool {
        switch source {
        case let .header(name):
            return response[header: name]?.trimmingCharacters(in: .whitespaces) == value
        case let .field(path):
            guard var node = try? JSONDecoder().decode(JSONValue.self, from: response.body) else { return false }
            for key in path {
                guard case let .object(members) = node, let member = members[key] else { return false }
                node = member
            }
            return Self.text(of: node) == value
        }
    }

    public var description: String {
        switch source {
        case let .header(name): "header \(name): \(value)"
        case let .field(path): "\(path.joined(separator: ".")) = \(value)"
        }
    }

    /// A JSON scalar as a spec writes the value it is compared with; `nil` for an object, an array
    /// or null.
    private static func text(of node: JSONValue) -> String? {
        switch node {
        case let .string(text): text
        case let .integer(whole): String(whole)
        case let .number(number): String(number)
        case let .bool(flag): flag ? "true" : "false"
        case .null, .array, .object: nil
        }
    }
}
