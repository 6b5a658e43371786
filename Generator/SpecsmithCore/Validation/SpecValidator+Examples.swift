import Foundation

extension SpecValidator {
    /// Every example fits its endpoint: a request example is a wire value of the request type, a
    /// response example one of the response type, so the docs, the mock's default answers and the
    /// round-trip tests built from examples never carry a value the SDK cannot decode.
    mutating func checkExamples() {
        for endpoint in spec.endpoints {
            for example in endpoint.examples {
                for (node, ref, role) in [
                    (example.request, endpoint.request, "request"), (example.response, endpoint.response, "response"),
                ] {
                    guard let node else { continue }
                    let what = "the \(role) of example \"\(example.name)\" of \"\(endpoint.name)\""
                    guard let ref else {
                        diagnostics.error(
                            "\(what) has nothing to fit: the endpoint declares no \(role)", at: node.location,
                            note: "remove it, or declare \"\(role)\" on the endpoint")
                        continue
                    }
                    if let (problem, location) = exampleProblem(node, as: ref, at: "$") {
                        diagnostics.error("\(what) does not fit \(ref): \(problem)", at: location)
                    }
                }
            }
        }
    }

    /// Why `node` is not a wire value of `ref`, and where; `nil` when it is one.
    private func exampleProblem(_ node: JSONNode, as ref: TypeRef, at path: String) -> (String, SourcePosition)? {
        let mismatch = { (expected: String) in ("\(path) is \(node.kindName), not \(expected)", node.location) }
        if case .null = node.value {
            return ref.isOptional || ref == .primitive(.json)
                ? nil : ("\(path) is null, but \(ref) is not optional", node.location)
        }
        switch ref.unwrapped {
        case let .array(element):
            guard let items = node.elements else { return mismatch("a list") }
            for (index, item) in items.enumerated() {
                if let problem = exampleProblem(item, as: element, at: "\(path)[\(index)]") { return problem }
            }
            return nil
        case let .map(value):
            guard let members = node.members else { return mismatch("a map") }
            for member in members {
                if let problem = exampleProblem(member.value, as: value, at: "\(path).\(member.key)") { return problem }
            }
            return nil
        case let .primitive(primitive):
            return primitiveProblem(node, primitive, at: path)
        case let .named(name):
            // A type whose declaration is wrong is reported there; its values are not judged by it.
            if defectiveTypes.contains(name) { return nil }
            return namedProblem(node, name, at: path)
        case .optional:
            return nil
        }
    }

    private func primitiveProblem(_ node: JSONNode, _ primitive: TypeRef.Primitive, at path: String) -> (
        String, SourcePosition
    )? {
        let fits: Bool
        switch (primitive, node.value) {
        case (.string, .string), (.bool, .bool), (.decimal, .number), (.double, .number), (.json, _): fits = true
        case let (.int, .number(text)): fits = Int(text) != nil
        case let (.int64, .number(text)): fits = Int64(text) != nil
        case let (.uint64, .number(text)): fits = UInt64(text) != nil
        case let (.date, .string(text)): fits = Self.parsesAsDate(text)
        case let (.url, .string(text)): fits = URL(string: text) != nil
        case let (.uuid, .string(text)): fits = UUID(uuidString: text) != nil
        case let (.bytes, .string(text)): fits = Data(base64Encoded: text) != nil
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
            case .url: "a URL string"
            case .uuid: "a UUID string"
            case .bytes: "a base64 string"
            case .json: "JSON"
            }
        return (
            "\(path) is \(node.kindName == "a string" ? "\(JSONText.compact(node))" : node.kindName), not \(expected)",
            node.location
        )
    }

    private func namedProblem(_ node: JSONNode, _ name: String, at path: String) -> (String, SourcePosition)? {
        // An OTP variant travels as its info.
        if let otps = spec.otps, otps.variants.contains(where: { $0.name == name }) {
            return exampleProblem(node, as: .named(otps.info), at: path)
        }
        guard let type = resolve(name) else { return nil }
        switch type.kind {
        case let .structure(decl):
            guard let members = node.members else {
                return ("\(path) is \(node.kindName), not an object", node.location)
            }
            for member in members {
                guard let field = decl.fields.first(where: { $0.wireName == member.key }) else {
                    return ("\"\(name)\" has no field \"\(member.key)\" on the wire", member.keyLocation)
                }
                if field.nullable, case .null = member.value.value { continue }
                if let problem = exampleProblem(member.value, as: field.type, at: "\(path).\(member.key)") {
                    return problem
                }
            }
            for field in decl.fields where !field.type.isOptional && field.defaultValue == nil {
                if !members.contains(where: { $0.key == field.wireName }) {
                    return ("\(path) misses \"\(field.wireName)\", which \"\(name)\" requires", node.location)
                }
            }
            return nil
        case let .enumeration(decl):
            guard let text = node.string else { return ("\(path) is \(node.kindName), not a string", node.location) }
            if decl.isOpen || decl.cases.contains(where: { $0.wireValue == text }) { return nil }
            return ("\"\(text)\" is no wire value of the closed enum \"\(name)\"", node.location)
        case let .union(decl):
            guard let discriminator = decl.discriminator else { return shapeProblem(node, decl, name, at: path) }
            guard let members = node.members else {
                return ("\(path) is \(node.kindName), not an object", node.location)
            }
            guard let tag = members.first(where: { $0.key == discriminator }) else {
                return ("\(path) misses the discriminator \"\(discriminator)\" of \"\(name)\"", node.location)
            }
            guard let item = decl.cases.first(where: { $0.wireValue == tag.value.string }) else {
                return ("\(JSONText.compact(tag.value)) selects no case of \"\(name)\"", tag.value.location)
            }
            for member in members where member.key != discriminator {
                guard let payload = item.payload, member.key == item.payloadField else {
                    return ("case \"\(item.name)\" of \"\(name)\" has no member \"\(member.key)\"", member.keyLocation)
                }
                if let problem = exampleProblem(member.value, as: payload, at: "\(path).\(member.key)") {
                    return problem
                }
            }
            if let payload = item.payload, !payload.isOptional,
                !members.contains(where: { $0.key == item.payloadField })
            {
                return ("\(path) misses \"\(item.payloadField)\", the payload of case \"\(item.name)\"", node.location)
            }
            return nil
        case let .value(decl):
            if let problem = primitiveProblem(node, decl.base, at: path) { return problem }
            if let rule = decl.violation(by: node) {
                return ("\(JSONText.compact(node)) breaks the rule \"\(rule)\" of \"\(name)\"", node.location)
            }
            return nil
        }
    }

    /// An example of a union chosen by shape is its case's payload, picked as the client picks it.
    private func shapeProblem(_ node: JSONNode, _ decl: UnionDecl, _ name: String, at path: String) -> (
        String, SourcePosition
    )? {
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
            return ("\(path) is \(node.kindName), which no case of \"\(name)\" takes", node.location)
        }
        return exampleProblem(node, as: payload, at: path)
    }

    /// Whether `text` is a date as the runtime reads it: RFC 3339, with or without fractions of a second.
    static func parsesAsDate(_ text: String) -> Bool {
        let formatter = ISO8601DateFormatter()
        if formatter.date(from: text) != nil { return true }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) != nil
    }
}
