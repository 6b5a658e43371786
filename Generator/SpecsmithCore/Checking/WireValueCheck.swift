import Foundation
import SpecsmithRuntime

/// Judges whether a JSON value is a wire value of a spec type, as the generated code decodes it.
///
/// Lint runs it over the spec's examples, strictly: an example that names a member its type lacks is
/// a typo in the spec. `specsmith verify` runs it over a server's answers with
/// ``acceptsUndeclaredMembers`` set, since a generated decoder skips members the spec does not list
/// and a service may add one without breaking any client.
public struct WireValueCheck: Sendable {
    /// Why a value is not a wire value of its type, and where the offending part stands.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, naming the part by its path from the root (`$.card.id`).
        public var message: String
        /// Where the offending part stands in the text it was read from.
        public var location: SourcePosition

        /// A problem saying `message` about the part at `location`.
        public init(_ message: String, at location: SourcePosition) {
            self.message = message
            self.location = location
        }

        public var description: String { message }
    }

    // MARK: - Stored state

    /// The spec whose types judge the values.
    public let spec: Spec
    /// Whether a struct, or a union case named by a discriminator, takes members it does not declare.
    public var acceptsUndeclaredMembers: Bool
    /// Types whose values are not judged: lint leaves out those whose own declaration is wrong, so one
    /// defect is reported once, where it stands.
    public var unjudgedTypes: Set<String>

    // MARK: - Initialisers

    /// A check against `spec`'s types.
    /// - Parameters:
    ///   - spec: The spec whose types judge the values.
    ///   - acceptsUndeclaredMembers: Whether objects may carry members their type does not declare.
    ///   - unjudgedTypes: Types whose values pass unjudged.
    public init(spec: Spec, acceptsUndeclaredMembers: Bool = false, unjudgedTypes: Set<String> = []) {
        self.spec = spec
        self.acceptsUndeclaredMembers = acceptsUndeclaredMembers
        self.unjudgedTypes = unjudgedTypes
    }

    // MARK: - API

    /// Why `node` is not a wire value of `ref`, and where; `nil` when it is one.
    /// - Parameters:
    ///   - node: The value, as read with its positions.
    ///   - ref: The type it should be a wire value of.
    ///   - path: How messages name the value itself (`$` for a whole body).
    /// - Returns: The first problem found, depth first in the value's order, or `nil`.
    public func problem(with node: JSONNode, as ref: TypeRef, at path: String = "$") -> Problem? {
        let mismatch = { (expected: String) in
            Problem("\(path) is \(node.kindName), not \(expected)", at: node.location)
        }
        if case .null = node.value {
            return ref.isOptional || ref == .primitive(.json)
                ? nil : Problem("\(path) is null, but \(ref) is not optional", at: node.location)
        }
        switch ref.unwrapped {
        case let .array(element):
            guard let items = node.elements else { return mismatch("a list") }
            for (index, item) in items.enumerated() {
                if let problem = problem(with: item, as: element, at: "\(path)[\(index)]") { return problem }
            }
            return nil
        case let .map(value):
            guard let members = node.members else { return mismatch("a map") }
            for member in members {
                if let problem = problem(with: member.value, as: value, at: "\(path).\(member.key)") { return problem }
            }
            return nil
        case let .primitive(primitive):
            return primitiveProblem(node, primitive, at: path)
        case let .named(name):
            if unjudgedTypes.contains(name) { return nil }
            return namedProblem(node, name, at: path)
        case .optional:
            return nil
        }
    }

    /// Whether `text` is a date as the runtime reads it: RFC 3339, with or without fractions of a second.
    public static func parsesAsDate(_ text: String) -> Bool {
        let formatter = ISO8601DateFormatter()
        if formatter.date(from: text) != nil { return true }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) != nil
    }

    // MARK: - Primitives

    private func primitiveProblem(_ node: JSONNode, _ primitive: TypeRef.Primitive, at path: String) -> Problem? {
        let fits: Bool
        switch (primitive, node.value) {
        case (.string, .string), (.bool, .bool), (.decimal, .number), (.double, .number), (.json, _): fits = true
        case let (.int, .number(text)): fits = Int(text) != nil
        case let (.int64, .number(text)): fits = Int64(text) != nil
        case let (.uint64, .number(text)): fits = UInt64(text) != nil
        case let (.date, .string(text)): fits = Self.parsesAsDate(text)
        case let (.unixSeconds, .number(text)), let (.unixMilliseconds, .number(text)):
            fits = Double(text)?.isFinite == true
        case let (.httpDate, .string(text)): fits = WireTime<HTTPDate>(parameterValue: text) != nil
        case let (.url, .string(text)): fits = URL(string: text) != nil
        case let (.uuid, .string(text)): fits = UUID(uuidString: text) != nil
        case let (.bytes, .string(text)): fits = Data(base64Encoded: text) != nil
        case let (.file, .object(members)):
            // A file in an example: its name, and its bytes in base64.
            let data = members.first { $0.key == "data" }?.value.value
            let name = members.first { $0.key == "fileName" }?.value.value
            if case let .string(base64)? = data, case .string? = name {
                fits = Data(base64Encoded: base64) != nil
            } else {
                fits = false
            }
        default: fits = false
        }
        guard !fits else { return nil }
        let expected =
            switch primitive {
            case .int, .int64: "a whole number"
            case .uint64: "a whole number that is not negative"
            case .decimal, .double: "a number"
            case .bool: "a boolean"
            case .string: "a string"
            case .date: "an ISO-8601 date string"
            case .unixSeconds: "a number of seconds since 1970"
            case .unixMilliseconds: "a number of milliseconds since 1970"
            case .httpDate: "an HTTP-date string (Sun, 06 Nov 1994 08:49:37 GMT)"
            case .url: "a URL string"
            case .uuid: "a UUID string"
            case .bytes: "a base64 string"
            case .json: "JSON"
            case .file: "a file ({\"fileName\": …, \"data\": base64})"
            }
        let shown = node.kindName == "a string" ? JSONText.compact(node) : node.kindName
        return Problem("\(path) is \(shown), not \(expected)", at: node.location)
    }

    // MARK: - Declared types

    private func namedProblem(_ node: JSONNode, _ name: String, at path: String) -> Problem? {
        // An OTP variant travels as its info.
        if let otps = spec.otps, otps.variants.contains(where: { $0.name == name }) {
            return problem(with: node, as: .named(otps.info), at: path)
        }
        guard let type = spec.type(named: name) else { return nil }
        switch type.kind {
        case let .structure(decl):
            return structProblem(node, decl, name, at: path)
        case let .enumeration(decl):
            guard let text = node.string else {
                return Problem("\(path) is \(node.kindName), not a string", at: node.location)
            }
            if decl.isOpen || decl.cases.contains(where: { $0.wireValue == text }) { return nil }
            return Problem("\"\(text)\" is no wire value of the closed enum \"\(name)\"", at: node.location)
        case let .union(decl):
            guard decl.discriminator != nil else { return shapeProblem(node, decl, name, at: path) }
            return taggedProblem(node, decl, name, at: path)
        case let .value(decl):
            if let problem = primitiveProblem(node, decl.base, at: path) { return problem }
            if let rule = decl.violation(by: node) {
                return Problem(
                    "\(JSONText.compact(node)) breaks the rule \"\(rule)\" of \"\(name)\"", at: node.location)
            }
            return nil
        }
    }

    private func structProblem(_ node: JSONNode, _ decl: StructDecl, _ name: String, at path: String) -> Problem? {
        guard let members = node.members else {
            return Problem("\(path) is \(node.kindName), not an object", at: node.location)
        }
        for member in members {
            guard let field = decl.fields.first(where: { $0.wireName == member.key }) else {
                if acceptsUndeclaredMembers { continue }
                return Problem("\"\(name)\" has no field \"\(member.key)\" on the wire", at: member.keyLocation)
            }
            if field.nullable, case .null = member.value.value { continue }
            if let problem = problem(with: member.value, as: field.type, at: "\(path).\(member.key)") {
                return problem
            }
        }
        for field in decl.fields where !field.type.isOptional && field.defaultValue == nil {
            if !members.contains(where: { $0.key == field.wireName }) {
                return Problem("\(path) misses \"\(field.wireName)\", which \"\(name)\" requires", at: node.location)
            }
        }
        return nil
    }

    private func taggedProblem(_ node: JSONNode, _ decl: UnionDecl, _ name: String, at path: String) -> Problem? {
        guard let discriminator = decl.discriminator else { return nil }
        guard let members = node.members else {
            return Problem("\(path) is \(node.kindName), not an object", at: node.location)
        }
        guard let tag = members.first(where: { $0.key == discriminator }) else {
            return Problem("\(path) misses the discriminator \"\(discriminator)\" of \"\(name)\"", at: node.location)
        }
        guard let item = decl.cases.first(where: { $0.wireValue == tag.value.string }) else {
            return Problem("\(JSONText.compact(tag.value)) selects no case of \"\(name)\"", at: tag.value.location)
        }
        for member in members where member.key != discriminator {
            guard let payload = item.payload, member.key == item.payloadField else {
                if acceptsUndeclaredMembers { continue }
                return Problem(
                    "case \"\(item.name)\" of \"\(name)\" has no member \"\(member.key)\"", at: member.keyLocation)
            }
            if let problem = problem(with: member.value, as: payload, at: "\(path).\(member.key)") {
                return problem
            }
        }
        if let payload = item.payload, !payload.isOptional, !members.contains(where: { $0.key == item.payloadField }) {
            return Problem(
                "\(path) misses \"\(item.payloadField)\", the payload of case \"\(item.name)\"", at: node.location)
        }
        return nil
    }

    /// A value of a union chosen by shape is its case's payload, picked as the client picks it.
    private func shapeProblem(_ node: JSONNode, _ decl: UnionDecl, _ name: String, at path: String) -> Problem? {
        let kind: JSONKind? =
            switch node.value {
            case .object: .object
            case .array: .array
            case .string: .string
            case .number: .number
            case .bool: .boolean
            case .null: nil
            }
        let keys = Set(node.members?.map(\.key) ?? [])
        guard let kind, let choice = spec.shapes(of: decl).choice(for: kind, keys: keys),
            let payload = decl.cases.first(where: { $0.name == choice.caseName })?.payload
        else {
            return Problem("\(path) is \(node.kindName), which no case of \"\(name)\" takes", at: node.location)
        }
        return problem(with: node, as: payload, at: path)
    }
}
