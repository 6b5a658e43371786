@_spi(Generated) import SpecsmithRuntime

/// The body of an error answer as the spec declares it, with the places its status, code and
/// message go: the envelope's error (`{"error": {"code": …, "message": …}}`), or the spec's error
/// `body` type drawn by ``SampleValues`` (required members only). The OpenAPI export fills it for
/// its examples and the mock for the answers it writes by itself (a missing credential, an invalid
/// request, no route), so both say what the client decodes.
///
/// In a body type, an integer member named `status` carries the HTTP status (RFC 9457), even an
/// optional one, and every other required string member beside the message carries the status's
/// reason phrase (a problem's `title`).
public struct ErrorBodyShape: Sendable {
    /// The body with an empty message, status 0 and no code.
    public var template: JSONNode
    /// The keys leading to the message.
    public var messagePath: [String]
    /// The keys leading to the code; `nil` when the body has no place for one.
    public var codePath: [String]?
    /// The keys leading to the HTTP status, when the body repeats it.
    public var statusPath: [String]?
    /// The keys leading to each member that carries the status's reason phrase.
    public var reasonPaths: [[String]]

    /// The shape of `spec`'s error bodies; `nil` when its error `body` type has a required member
    /// no valid value can be drawn for.
    public init?(spec: Spec) {
        let envelope = spec.service.envelope
        let container = envelope.errorContainer.map { [$0] } ?? []
        messagePath = container + [envelope.messageField]
        guard let body = spec.service.errorBody else {
            let inner = [
                JSONNode.Member(key: envelope.codeField, keyLocation: Self.origin, value: Self.node(.number("0"))),
                JSONNode.Member(key: envelope.messageField, keyLocation: Self.origin, value: Self.node(.string(""))),
            ]
            var members: [JSONNode.Member] = []
            if let marker = envelope.errorMarker {
                members.append(
                    .init(key: marker.field, keyLocation: Self.origin, value: Self.node(marker.value.jsonValue)))
            }
            if let name = envelope.errorContainer {
                members.append(.init(key: name, keyLocation: Self.origin, value: Self.node(.object(inner))))
            } else {
                members += inner
            }
            template = Self.node(.object(members))
            codePath = container + [envelope.codeField]
            statusPath = nil
            reasonPaths = []
            return
        }
        let samples = SampleValues(spec: spec)
        guard var drawn = samples.sample(of: .named(body.name)) else { return nil }
        codePath = nil
        statusPath = nil
        reasonPaths = []
        let fields = Self.structFields(of: .named(body.name), in: spec)
        // The message goes in even where the type makes it optional: it is what the answer says.
        guard Self.set(&drawn, at: messagePath, to: Self.node(.string("")), creating: true) else { return nil }
        if let codeField = fields.first(where: { $0.wireName == envelope.codeField }),
            [.primitive(.int), .primitive(.int64)].contains(codeField.type.unwrapped)
        {
            codePath = container + [envelope.codeField]
        }
        for field in fields where [field.wireName] != messagePath {
            if field.wireName == "status", [.primitive(.int), .primitive(.int64)].contains(field.type.unwrapped) {
                statusPath = [field.wireName]
            } else if field.type == .primitive(.string), !field.nullable {
                reasonPaths.append([field.wireName])
            }
        }
        template = drawn
    }

    /// The body of an answer with `status`, `code` (left out when `nil`) and `message`.
    public func filled(status: Int, code: ErrorCodeValue?, message: String) -> JSONNode {
        var body = template
        _ = Self.set(&body, at: messagePath, to: Self.node(.string(message)), creating: true)
        if let codePath {
            switch code {
            case let .number(number)?:
                _ = Self.set(&body, at: codePath, to: Self.node(.number(String(number))), creating: true)
            case let .text(text)?: _ = Self.set(&body, at: codePath, to: Self.node(.string(text)), creating: true)
            case nil: Self.remove(&body, at: codePath)
            }
        }
        if let statusPath {
            _ = Self.set(&body, at: statusPath, to: Self.node(.number(String(status))), creating: true)
        }
        let reason = HTTPStatus(rawValue: status).reasonPhrase
        for path in reasonPaths { _ = Self.set(&body, at: path, to: Self.node(.string(reason)), creating: false) }
        return body
    }

    // MARK: - Paths in a JSON tree

    private static let origin = SourcePosition(line: 0, column: 0)

    private static func node(_ value: JSONNode.Value) -> JSONNode {
        JSONNode(value, at: origin)
    }

    private static func structFields(of ref: TypeRef, in spec: Spec) -> [Field] {
        guard case let .named(name) = ref.unwrapped, case let .structure(decl)? = spec.type(named: name)?.kind else {
            return []
        }
        return decl.fields
    }

    /// Sets the member at `path`, adding missing objects on the way when `creating`; `false` when
    /// something on the way is not an object.
    private static func set(_ node: inout JSONNode, at path: [String], to value: JSONNode, creating: Bool) -> Bool {
        guard let key = path.first, case var .object(members) = node.value else { return path.isEmpty }
        if let index = members.firstIndex(where: { $0.key == key }) {
            if path.count == 1 {
                members[index].value = value
            } else if !set(&members[index].value, at: Array(path.dropFirst()), to: value, creating: creating) {
                return false
            }
        } else {
            guard creating else { return true }
            var child = path.count == 1 ? value : Self.node(.object([]))
            if path.count > 1, !set(&child, at: Array(path.dropFirst()), to: value, creating: true) { return false }
            members.append(.init(key: key, keyLocation: origin, value: child))
        }
        node.value = .object(members)
        return true
    }

    private static func remove(_ node: inout JSONNode, at path: [String]) {
        guard let key = path.first, case var .object(members) = node.value else { return }
        guard let index = members.firstIndex(where: { $0.key == key }) else { return }
        if path.count == 1 {
            members.remove(at: index)
        } else {
            remove(&members[index].value, at: Array(path.dropFirst()))
        }
        node.value = .object(members)
    }
}

extension WireEnvelope.Marker.Value {
    /// The constant as a parsed JSON value.
    package var jsonValue: JSONNode.Value {
        switch self {
        case let .text(text): .string(text)
        case let .flag(flag): .bool(flag)
        }
    }
}
