import SpecsmithCore

/// Tagged unions as generators decode them: a `oneOf` of one named schema per case, with a
/// `discriminator` whose explicit `mapping` sends each tag value to its case. Without the mapping,
/// a generator tries the cases in turn and may take the first one that fits, whatever the tag says.
extension OpenAPIExporter {
    /// The component a union case's schema is named by: the union's name, a dot, the case's name in
    /// upper camel case (`CheckStatusResponse.Linked`), with `Case` after it should a declared type
    /// already have that name.
    func caseSchemaName(_ union: TypeDecl, _ item: UnionDecl.Case) -> String {
        let name = "\(union.name).\(item.name.prefix(1).uppercased())\(item.name.dropFirst())"
        return spec.type(named: name) == nil ? name : name + "Case"
    }

    func unionSchema(_ type: TypeDecl, _ decl: UnionDecl) -> JSONNode {
        let discriminator = decl.discriminator ?? ""
        let mapping = decl.cases.map { ($0.wireValue, string(schemaPointer(caseSchemaName(type, $0)))) }
        let closed = "Closed: a `\(discriminator)` value not listed is a decoding error, never a guessed case."
        return object(
            described(
                [
                    ("oneOf", array(decl.cases.map { reference(caseSchemaName(type, $0)) })),
                    (
                        "discriminator",
                        object([("propertyName", string(discriminator)), ("mapping", object(mapping))])
                    ),
                    ("x-specsmith-open", bool(false)),
                ], appending(closed, to: type.doc)))
    }

    /// A union chosen by shape: a `oneOf` of its payloads, which lint keeps apart (one JSON kind
    /// each, objects told apart by a required key), with the case names in `x-specsmith-cases`.
    func shapeUnionSchema(_ type: TypeDecl, _ decl: UnionDecl) -> JSONNode {
        let payloads = decl.cases.compactMap { item in item.payload.map { (item.name, $0) } }
        let rule = "Chosen by shape: a value that matches no case is a decoding error, never a guessed case."
        return object(
            described(
                [
                    ("oneOf", array(payloads.map { schema($0.1) })),
                    ("x-specsmith-cases", array(payloads.map { string($0.0) })),
                ], appending(rule, to: type.doc)))
    }

    func caseSchema(_ type: TypeDecl, _ decl: UnionDecl, _ item: UnionDecl.Case) -> JSONNode {
        let discriminator = decl.discriminator ?? ""
        var properties: [(String, JSONNode)] = [(discriminator, tagSchema(item.wireValue))]
        var required = [string(discriminator)]
        if let payload = item.payload {
            properties.append((item.payloadField, schema(payload)))
            required.append(string(item.payloadField))
        }
        var members: [(String, JSONNode)] = [
            ("type", string("object")), ("properties", object(properties)), ("required", array(required)),
        ]
        // Open where only answers carry it, like a struct (see structSchema).
        if resolved.requestTypes.contains(type.name) { members.append(("additionalProperties", bool(false))) }
        // An OTP variant travels as the OTP's info; which variant it is (and so which endpoints verify
        // and resend it) is what OpenAPI has no word for.
        if case let .named(name)? = item.payload, let variant = spec.otps?.variants.first(where: { $0.name == name }) {
            members.append(("x-specsmith-otp", otpExtension(variant, role: nil)))
        }
        members.append(("x-specsmith-case", string(item.name)))
        return object(described(members, appending("The `\(item.wireValue)` case of \(type.name).", to: item.doc)))
    }

    /// What an OTP variant is: its name, its verify and resend operations, and the field of the verify
    /// answer that `verify(code:)` returns; `role` says which of the two an operation is.
    func otpExtension(_ variant: OTPVariant, role: String?) -> JSONNode {
        var members: [(String, JSONNode)] = [("variant", string(variant.name))]
        if let role { members.append(("role", string(role))) }
        members += [("verify", string(variant.verify)), ("resend", string(variant.resend))]
        if let result = variant.result { members.append(("result", string(result))) }
        if let otps = spec.otps {
            members += [
                ("idField", string(wireName(of: otps.idField))), ("codeField", string(wireName(of: otps.codeField))),
            ]
        }
        return object(members)
    }

    /// The wire name of an OTP request field, read from the verify request that carries it.
    private func wireName(of field: String) -> String {
        for endpoint in spec.endpoints {
            guard case let .named(name)? = endpoint.request, case let .structure(decl)? = spec.type(named: name)?.kind,
                let match = decl.fields.first(where: { $0.name == field })
            else { continue }
            return match.wireName
        }
        return field
    }
}
