import Foundation
import SpecsmithRuntime

extension SpecReader {
    mutating func readTypes(_ node: JSONNode) -> [TypeDecl] {
        namedObjects(node, what: "types").compactMap { name, location, value in
            readType(name: name, location: location, value)
        }
    }

    private mutating func readType(name: String, location: SourcePosition, _ node: JSONNode) -> TypeDecl? {
        let what = "type \"\(name)\""
        guard var object = ObjectReader(node, what: what, diagnostics: &diagnostics) else { return nil }
        let doc = object.string("doc", diagnostics: &diagnostics)?.0 ?? ""
        let kindName = object.requiredString("kind", diagnostics: &diagnostics)
        var kind: TypeDecl.Kind?
        switch kindName {
        case ("struct", _)?: kind = .structure(readStruct(&object, what: what))
        case ("enum", _)?: kind = .enumeration(readEnum(&object, what: what))
        case ("union", _)?: kind = readUnion(&object, what: what, at: node.location).map(TypeDecl.Kind.union)
        case ("value", _)?: kind = readValue(&object, what: what, at: node.location).map(TypeDecl.Kind.value)
        case let (other, at)?:
            let suggestion = closestMatch(to: other, in: ["struct", "enum", "union", "value"])
            diagnostics.error(
                "unknown type kind \"\(other)\" for \(what)", at: at,
                note: suggestion.map { "did you mean \"\($0)\"?" } ?? "use struct, enum, union or value")
        case nil: break
        }
        // Which keys belong depends on the kind: without one, the rest is not judged.
        guard let kind else { return nil }
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        return TypeDecl(name: name, doc: doc, kind: kind, location: location)
    }

    // MARK: - struct

    private mutating func readStruct(_ object: inout ObjectReader, what: String) -> StructDecl {
        let isClosed = object.bool("closed", diagnostics: &diagnostics) ?? false
        guard let fieldsNode = object.object("fields", diagnostics: &diagnostics) else {
            return StructDecl(fields: [], isClosed: isClosed)
        }
        let fields: [Field] = namedObjects(fieldsNode, what: "the fields of \(what)").compactMap {
            name, location, value in
            readField(name: name, location: location, value, owner: what)
        }
        return StructDecl(fields: fields, isClosed: isClosed)
    }

    private mutating func readField(name: String, location: SourcePosition, _ node: JSONNode, owner: String) -> Field? {
        if node.string != nil {
            guard let type = typeRef(node, key: name) else { return nil }
            return Field(
                name: name, wireName: wireNaming.wireName(for: name), type: type, typeLocation: node.location, doc: "",
                sensitive: false,
                deprecated: nil, defaultValue: nil, location: location)
        }
        let what = "field \"\(name)\" of \(owner)"
        guard var object = ObjectReader(node, what: what, diagnostics: &diagnostics) else { return nil }
        let typeNode = object.value("type")
        if typeNode == nil { diagnostics.error("\(what) is missing the required key \"type\"", at: node.location) }
        let type = typeNode.flatMap { typeRef($0, key: "type") }
        let wire = object.string("wire", diagnostics: &diagnostics)?.0 ?? wireNaming.wireName(for: name)
        let doc = object.string("doc", diagnostics: &diagnostics)?.0 ?? ""
        let sensitive = object.bool("sensitive", diagnostics: &diagnostics) ?? false
        let sdkOnly = object.bool("sdkOnly", diagnostics: &diagnostics) ?? false
        let deprecated = object.string("deprecated", diagnostics: &diagnostics)?.0
        let defaultValue = object.value("default")
        let nullable = object.bool("nullable", diagnostics: &diagnostics) ?? false
        let nullableLocation = nullable ? object.value("nullable")?.location : nil
        let collects = object.value("collects").flatMap { readCollects($0, what: "\"collects\" of \(what)") }
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        guard let type, let typeNode else { return nil }
        var field = Field(
            name: name, wireName: wire, type: type, typeLocation: typeNode.location, doc: doc, sensitive: sensitive,
            sdkOnly: sdkOnly, deprecated: deprecated, defaultValue: defaultValue, location: location)
        field.nullable = nullable
        field.nullableLocation = nullableLocation
        field.collects = collects
        return field
    }

    // MARK: - enum

    private mutating func readEnum(_ object: inout ObjectReader, what: String) -> EnumDecl {
        let isOpen = object.bool("open", diagnostics: &diagnostics) ?? true
        var cases: [EnumDecl.Case] = []
        if let casesNode = object.object("cases", diagnostics: &diagnostics) {
            for (name, location, value) in namedObjects(casesNode, what: "the cases of \(what)") {
                if let wire = value.string {
                    cases.append(EnumDecl.Case(name: name, wireValue: wire, doc: "", location: location))
                } else if var reader = ObjectReader(
                    value, what: "case \"\(name)\" of \(what)", diagnostics: &diagnostics)
                {
                    let wireNode = reader.string("wire", diagnostics: &diagnostics)
                    let wire = wireNode?.0 ?? name
                    let doc = reader.string("doc", diagnostics: &diagnostics)?.0 ?? ""
                    reader.finish(diagnostics: &diagnostics, keys: &keysRead)
                    cases.append(EnumDecl.Case(name: name, wireValue: wire, doc: doc, location: location))
                }
            }
        } else {
            diagnostics.error("\(what) is missing the required key \"cases\"", at: object.node.location)
        }
        return EnumDecl(cases: cases, isOpen: isOpen)
    }

    // MARK: - union

    private mutating func readUnion(_ object: inout ObjectReader, what: String, at location: SourcePosition)
        -> UnionDecl?
    {
        // A discriminator of the wrong kind is reported here, and the union is left out rather than
        // read as one chosen by shape, whose rules would bury the one mistake under many.
        let written = object.value("discriminator") != nil
        let discriminator = object.string("discriminator", diagnostics: &diagnostics)
        var cases: [UnionDecl.Case] = []
        if let casesNode = object.object("cases", diagnostics: &diagnostics) {
            for (name, caseLocation, value) in namedObjects(casesNode, what: "the cases of \(what)") {
                guard var reader = ObjectReader(value, what: "case \"\(name)\" of \(what)", diagnostics: &diagnostics)
                else { continue }
                let wireNode = reader.string("wire", diagnostics: &diagnostics)
                let wire = wireNode?.0 ?? name
                let payloadNode = reader.value("payload")
                let payload = payloadNode.flatMap { typeRef($0, key: "payload") }
                let fieldNode = reader.string("field", diagnostics: &diagnostics)
                let field = fieldNode?.0
                if !written, let tagged = fieldNode?.1 ?? wireNode?.1 {
                    diagnostics.error(
                        "case \"\(name)\" of \(what) names a \(fieldNode != nil ? "payload field" : "wire value"), but the union has no discriminator",
                        at: tagged,
                        note:
                            "a union without \"discriminator\" is chosen by the shape of its value: add a discriminator, or remove \"wire\" and \"field\""
                    )
                }
                let doc = reader.string("doc", diagnostics: &diagnostics)?.0 ?? ""
                reader.finish(diagnostics: &diagnostics, keys: &keysRead)
                cases.append(
                    UnionDecl.Case(
                        name: name, wireValue: wire, payload: payload,
                        payloadLocation: payloadNode?.location ?? caseLocation, field: field, doc: doc,
                        location: caseLocation))
            }
        } else {
            diagnostics.error("\(what) is missing the required key \"cases\"", at: location)
        }
        if written, discriminator == nil { return nil }
        return UnionDecl(discriminator: discriminator?.0, cases: cases)
    }

    // MARK: - value

    private mutating func readValue(_ object: inout ObjectReader, what: String, at location: SourcePosition)
        -> ValueDecl?
    {
        guard let base = object.requiredString("base", diagnostics: &diagnostics) else { return nil }
        guard let primitive = TypeRef.Primitive(rawValue: base.0), !primitive.isFormattedDate else {
            let bases = TypeRef.Primitive.allCases.filter { !$0.isFormattedDate }.map(\.rawValue)
            diagnostics.error(
                TypeRef.Primitive(rawValue: base.0) == nil
                    ? "the base of \(what) must be a primitive type, not \"\(base.0)\""
                    : "the base of \(what) cannot be \"\(base.0)\": a date in that form is the type of a field, parameter or header",
                at: base.1, note: "use one of \(bases.joined(separator: ", "))")
            return nil
        }
        var rules: [ValueDecl.Rule] = []
        if let (pattern, at) = object.string("pattern", diagnostics: &diagnostics) {
            rules.append(.init(kind: .pattern(pattern), location: at))
        }
        if let (length, at) = object.int("minLength", diagnostics: &diagnostics) {
            rules.append(.init(kind: .minLength(length), location: at))
        }
        if let (length, at) = object.int("maxLength", diagnostics: &diagnostics) {
            rules.append(.init(kind: .maxLength(length), location: at))
        }
        for key in ["minimum", "maximum"] {
            guard let node = object.value(key) else { continue }
            guard case let .number(text) = node.value else {
                diagnostics.error("\"\(key)\" in \(what) must be a number, not \(node.kindName)", at: node.location)
                continue
            }
            guard let bound = Decimal(string: text) else {
                diagnostics.error("\"\(key)\" in \(what) is a number out of range", at: node.location)
                continue
            }
            rules.append(.init(kind: key == "minimum" ? .minimum(bound) : .maximum(bound), location: node.location))
        }
        if let luhnNode = object.member("luhn"), object.bool("luhn", diagnostics: &diagnostics) == true {
            rules.append(.init(kind: .luhn, location: luhnNode.value.location))
        }
        if let (scale, at) = object.int("scale", diagnostics: &diagnostics) {
            rules.append(.init(kind: .scale(scale), location: at))
        }
        if let allowedNode = object.member("allowed"), let values = object.strings("allowed", diagnostics: &diagnostics)
        {
            rules.append(.init(kind: .allowed(values.map(\.0)), location: allowedNode.value.location))
        }
        var constants: [ValueDecl.Constant] = []
        if let constantsNode = object.object("constants", diagnostics: &diagnostics) {
            for (name, constantLocation, value) in namedObjects(constantsNode, what: "the constants of \(what)") {
                if value.members != nil,
                    var reader = ObjectReader(value, what: "constant \"\(name)\" of \(what)", diagnostics: &diagnostics)
                {
                    let doc = reader.string("doc", diagnostics: &diagnostics)?.0 ?? ""
                    let constantValue = reader.value("value")
                    if constantValue == nil {
                        diagnostics.error(
                            "constant \"\(name)\" is missing the required key \"value\"", at: value.location)
                    }
                    reader.finish(diagnostics: &diagnostics, keys: &keysRead)
                    if let constantValue {
                        constants.append(.init(name: name, value: constantValue, doc: doc, location: constantLocation))
                    }
                } else {
                    constants.append(.init(name: name, value: value, doc: "", location: constantLocation))
                }
            }
        }
        let sensitive = object.bool("sensitive", diagnostics: &diagnostics) ?? false
        var decl = ValueDecl(
            base: primitive, baseLocation: base.1, rules: rules, constants: constants, sensitive: sensitive)
        decl.failable = object.bool("failable", diagnostics: &diagnostics) ?? false
        return decl
    }
}
