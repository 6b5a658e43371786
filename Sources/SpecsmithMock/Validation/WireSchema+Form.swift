import Foundation
@_spi(Generated) import SpecsmithRuntime

/// A form body read back into the JSON it stands for, by the schema of the type it carries: the
/// brackets give the nesting, the schema gives each text its JSON kind (a number, a boolean, a
/// list), and an empty value is `null` where the member may be null. What comes out is checked
/// and decoded as any JSON body is, so a form request gets the same problems listed.
extension WireSchema {
    /// The JSON of `body`, a form; a 400 for bytes that are no form or a name whose brackets do not close.
    func json(fromForm body: Data) throws(MockFailure) -> Data {
        guard let pairs = FormEncoding.pairs(of: body) else {
            throw .badRequest("invalid request: the body is not application/x-www-form-urlencoded")
        }
        return try json(from: pairs.map { MultipartForm.Part(name: $0.name, content: .text($0.value)) })
    }

    /// The JSON of `body`, a `multipart/form-data` body whose `Content-Type` is `contentType`: text
    /// parts as a form's fields, file parts as files; a 400 for bytes that are not one.
    func json(fromMultipart body: Data, contentType: String) throws(MockFailure) -> Data {
        guard let boundary = MultipartForm.boundary(in: contentType) else {
            throw .badRequest("invalid request: the multipart/form-data Content-Type names no boundary")
        }
        guard let parts = MultipartForm.parts(of: body, boundary: boundary) else {
            throw .badRequest("invalid request: the body is not multipart/form-data with the boundary it names")
        }
        return try json(from: parts)
    }

    private func json(from parts: [MultipartForm.Part]) throws(MockFailure) -> Data {
        var root: FormTree? = nil
        for part in parts {
            guard let path = FormEncoding.path(of: part.name) else {
                throw .badRequest("invalid request: the form name \"\(Self.shown(part.name))\" is not a[b][c]")
            }
            let leaf: FormTree =
                switch part.content {
                case let .text(text): .value(text)
                case let .file(file): .file(file)
                }
            FormTree.insert(leaf, at: path[...], into: &root)
        }
        let object = coerce(root ?? .members([:]))
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed]) else {
            throw .badRequest("invalid request: the form holds no JSON value")
        }
        return data
    }

    private static func shown(_ name: String) -> String {
        String(name.prefix(64).filter { !$0.isNewline })
    }

    /// The JSON value `node` stands for where this schema is expected.
    private func coerce(_ node: FormTree) -> Any {
        switch (self, node) {
        case let (.deferred(schema), _): return schema().coerce(node)
        case let (.value(base, _, _), _): return base.coerce(node)
        case let (.object(fields), .members(members)):
            var object: [String: Any] = [:]
            for (name, child) in members {
                let field = fields.first { $0.name == name }
                if case .value("") = child, field?.isNullable == true {
                    object[name] = NSNull()
                } else {
                    object[name] = (field?.schema ?? .string).coerce(child)
                }
            }
            return object
        case let (.map(value), .members(members)):
            return members.mapValues { value.coerce($0) }
        case let (.array(element), .items(items)):
            return items.map { element.coerce($0) }
        case let (.array(element), .members(members)):
            // Indexed items (`items[0][price]`), in the order of their indices.
            let indexed = members.compactMap { key, child in Int(key).map { ($0, child) } }
            guard indexed.count == members.count else { return members.mapValues { WireSchema.string.coerce($0) } }
            return indexed.sorted { $0.0 < $1.0 }.map { element.coerce($0.1) }
        case let (_, .value(text)):
            return leaf(text)
        case let (_, .file(file)):
            return [
                "data": file.data.base64EncodedString(), "fileName": file.fileName, "contentType": file.contentType,
            ]
        case let (_, .members(members)):
            return members.mapValues { WireSchema.string.coerce($0) }
        case let (_, .items(items)):
            return items.map { WireSchema.string.coerce($0) }
        }
    }

    /// A form text as the JSON kind the schema wants; left as text when it is not one, so the
    /// schema's check names the problem.
    private func leaf(_ text: String) -> Any {
        switch self {
        case .integer, .unsignedInteger, .unixTime:
            if let whole = Int64(text) { return NSNumber(value: whole) }
            if let number = Double(text), number.isFinite { return NSNumber(value: number) }
        case .number:
            if let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !text.isEmpty {
                return NSDecimalNumber(decimal: decimal)
            }
        case .boolean:
            if text == "true" { return true }
            if text == "false" { return false }
        default:
            break
        }
        return text
    }
}
