import Foundation
import SpecsmithRuntime

extension SpecValidator {
    mutating func checkTypes() {
        var seenLocal: [String: SourcePosition] = [:]
        for type in spec.types {
            // A nested type is always spelled after its parent (`T1.each`), where a type modifier
            // such as `each` is a plain name: only a top-level name can begin a type.
            for (index, component) in type.name.split(separator: ".", omittingEmptySubsequences: false).enumerated() {
                checkIdentifier(
                    String(component), what: "type \"\(type.name)\"", at: type.location, isTypeName: index == 0)
            }
            if let parent = type.parentName, resolve(parent) == nil {
                reportUnknown("parent type", parent, among: typeNames, at: type.location)
            }
            let reserved =
                type.parentName == nil
                ? GeneratedNames.reservedTypeNames(withOTPs: spec.otps != nil, features: features)
                : GeneratedNames.reservedNestedTypeNames(features: features)
            if reserved.contains(type.localName) {
                diagnostics.error(
                    "the name \"\(type.localName)\" is taken by generated code", at: type.location,
                    note: "rename the type, for example to \"\(spec.service.name)\(type.localName)\"")
            }
            if let variant = spec.otps?.variants.first(where: { $0.name == type.name }) {
                diagnostics.error(
                    "duplicate name \"\(type.name)\": an OTP variant has it too", at: type.location,
                    note: "the variant is declared at \(variant.location)")
            }
            if type.parentName == nil {
                if let first = seenLocal[type.name] {
                    diagnostics.error(
                        "duplicate type name \"\(type.name)\"", at: type.location, note: "first at \(first)")
                }
                seenLocal[type.name] = type.location
            }
            let errorsBefore = diagnostics.all.filter { $0.severity == .error }.count
            switch type.kind {
            case let .structure(decl): checkStruct(decl, in: type)
            case let .enumeration(decl): checkEnum(decl, in: type)
            case let .union(decl): checkUnion(decl, in: type)
            case let .value(decl): checkValue(decl, in: type)
            }
            if diagnostics.all.filter({ $0.severity == .error }).count > errorsBefore {
                defectiveTypes.insert(type.name)
            }
        }
    }

    private mutating func checkStruct(_ decl: StructDecl, in type: TypeDecl) {
        var wireNames: [String: SourcePosition] = [:]
        // Only a struct with something sensitive gets the redacting descriptions and mirror.
        let isRedacted = decl.fields.contains { $0.sensitive || spec.isSensitive($0.type) }
        if isRedacted {
            // A type nested here would share its name with the redacting members as well.
            for nested in spec.types where nested.parentName == type.name {
                let name = nested.localName
                guard GeneratedNames.reservedFieldNames.contains(name) else { continue }
                diagnostics.error(
                    "the type name \"\(name)\" in \"\(type.name)\" is taken by generated code", at: nested.location,
                    note: "\"\(type.name)\" has sensitive fields, so it declares \"\(name)\" to redact them")
            }
        }
        for field in decl.fields {
            checkIdentifier(field.name, what: "field \"\(field.name)\" of \"\(type.name)\"", at: field.location)
            if isRedacted, GeneratedNames.reservedFieldNames.contains(field.name) {
                diagnostics.error(
                    "the field name \"\(field.name)\" of \"\(type.name)\" is taken by generated code",
                    at: field.location, note: "rename the field and keep its wire name with \"wire\"")
            }
            checkTypeRef(field.type, at: field.typeLocation)
            if let first = wireNames[field.wireName] {
                diagnostics.error(
                    "duplicate wire name \"\(field.wireName)\" in \"\(type.name)\"", at: field.location,
                    note: "first used at \(first)")
            }
            wireNames[field.wireName] = field.location
            if let defaultValue = field.defaultValue, let problem = defaultProblem(defaultValue, for: field.type) {
                diagnostics.error("the default of \"\(field.name)\" \(problem)", at: defaultValue.location)
            }
            if let at = field.nullableLocation { checkNullable(field, of: type, at: at) }
        }
    }

    /// A nullable field says what `null` means beside absence: not with a default (which fills an
    /// absent member), not for free-form JSON (already any value, `null` included), and not for an
    /// OTP, which the client binds to itself and cannot bind to a `null`.
    private mutating func checkNullable(_ field: Field, of type: TypeDecl, at location: SourcePosition) {
        let what = "field \"\(field.name)\" of \"\(type.name)\""
        if field.defaultValue != nil {
            diagnostics.error(
                "\(what) is nullable and has a default", at: location,
                note: "a default fills an absent member; make the field optional and nullable to tell absent from null")
        }
        if field.type.unwrapped == .primitive(.json) {
            diagnostics.error(
                "\(what) is free-form JSON, which is null already when the service sends null", at: location,
                note: "remove \"nullable\"")
        }
        if let name = field.type.namedTypes.first, spec.otps?.variants.contains(where: { $0.name == name }) == true {
            diagnostics.error(
                "\(what) is the OTP \"\(name)\", which cannot be nullable", at: location,
                note: "make it optional: an OTP the answer does not carry is nil")
        }
    }

    /// Why a default literal cannot initialise a field of `type`, or `nil` when it can.
    private func defaultProblem(_ node: JSONNode, for type: TypeRef) -> String? {
        // An unknown or unreadable type is reported where it stands.
        if isUnresolved(type) { return nil }
        switch (type.unwrapped, node.value) {
        case (.primitive(.json), _): return nil
        case (_, .null): return type.isOptional ? nil : "is null, but the field is not optional"
        case (.primitive(.string), .string), (.primitive(.bool), .bool), (.primitive(.decimal), .number),
            (.primitive(.double), .number), (.array, .array), (.map, .object):
            return nil
        case let (.primitive(.int), .number(text)), let (.primitive(.int64), .number(text)):
            return Int64(text) == nil ? "must be a whole number" : nil
        case let (.primitive(.uint64), .number(text)):
            return UInt64(text) == nil ? "must be a whole number that is not negative" : nil
        case let (.primitive(.unixSeconds), .number(text)), let (.primitive(.unixMilliseconds), .number(text)):
            return Double(text)?.isFinite == true ? nil : "must be a number of units since 1970"
        case let (.primitive(.httpDate), .string(text)):
            return WireTime<HTTPDate>(parameterValue: text) == nil ? "is not an HTTP-date" : nil
        case let (.named(name), .string(text)):
            switch resolve(name)?.kind {
            case let .enumeration(decl)?:
                return decl.cases.contains { $0.name == text } ? nil : "names no case of \"\(name)\""
            case let .value(decl)? where decl.base == .string:
                return nil
            default:
                return "cannot be written as a literal for \"\(name)\""
            }
        case let (.named(name), .number):
            if case let .value(decl)? = resolve(name)?.kind, [.int, .decimal, .double].contains(decl.base) {
                return nil
            }
            return "cannot be written as a literal for \"\(name)\""
        default:
            return "is \(node.kindName), which does not fit the type \(type)"
        }
    }

    private mutating func checkEnum(_ decl: EnumDecl, in type: TypeDecl) {
        var wires: [String: SourcePosition] = [:]
        if decl.cases.isEmpty { diagnostics.error("enum \"\(type.name)\" has no cases", at: type.location) }
        for item in decl.cases {
            // Swift takes `Type` and `Protocol` as cases of a raw-value enum, but not beside an open
            // enum's `unknown(String)`, a case with a payload.
            checkIdentifier(
                item.name, what: "case \"\(item.name)\" of \"\(type.name)\"", at: item.location,
                allowingMetatypeNames: !decl.isOpen)
            if decl.isOpen, item.name == "unknown" {
                diagnostics.error(
                    "\"unknown\" is the generated case for unknown wire values of an open enum", at: item.location,
                    note: "rename the case, or set \"open\": false")
            }
            if let first = wires[item.wireValue] {
                diagnostics.error(
                    "duplicate wire value \"\(item.wireValue)\" in enum \"\(type.name)\"", at: item.location,
                    note: "first used at \(first)")
            }
            wires[item.wireValue] = item.location
        }
    }

    private mutating func checkUnion(_ decl: UnionDecl, in type: TypeDecl) {
        var wires: [String: SourcePosition] = [:]
        if decl.cases.isEmpty { diagnostics.error("union \"\(type.name)\" has no cases", at: type.location) }
        for item in decl.cases {
            checkIdentifier(
                item.name, what: "case \"\(item.name)\" of \"\(type.name)\"", at: item.location,
                allowingMetatypeNames: true)
            if let first = wires[item.wireValue] {
                diagnostics.error(
                    "discriminator value \"\(item.wireValue)\" of union \"\(type.name)\" is already used",
                    at: item.location, note: "first used at \(first); each case needs its own value")
            }
            wires[item.wireValue] = item.location
            if let payload = item.payload {
                checkTypeRef(payload, at: item.payloadLocation)
                checkNoFormattedDate(payload, in: "the payload of case \"\(item.name)\"", at: item.payloadLocation)
                if let discriminator = decl.discriminator, item.field == discriminator {
                    diagnostics.error(
                        "the payload field of case \"\(item.name)\" is the discriminator \"\(discriminator)\"",
                        at: item.location)
                }
            } else if item.field != nil {
                diagnostics.error(
                    "case \"\(item.name)\" names a payload field but no payload type", at: item.location,
                    note: "add \"payload\", or remove \"field\"")
            }
        }
        if decl.isChosenByShape { checkShapes(decl, in: type) }
    }

    /// A union without a discriminator must tell every value's case from its shape alone: each case
    /// has a payload of its own JSON kind, and object cases carry a key no other case has.
    private mutating func checkShapes(_ decl: UnionDecl, in type: TypeDecl) {
        let shapes = spec.shapes(of: decl)
        let objectCases = shapes.choices.filter { $0.kind == .object }.count
        var kinds: [JSONKind: UnionDecl.Case] = [:]
        var unmarked: UnionDecl.Case?
        for item in decl.cases {
            guard let payload = item.payload else {
                diagnostics.error(
                    "case \"\(item.name)\" of \"\(type.name)\" has no payload, and a union without a discriminator has nothing else to tell it by",
                    at: item.location, note: "give it a payload, or give the union a \"discriminator\"")
                continue
            }
            guard let kind = spec.jsonKind(of: payload) else {
                // An unknown type is reported where the payload is checked.
                if case let .named(name) = payload, spec.type(named: name) == nil { continue }
                diagnostics.error(
                    "the payload \"\(payload)\" of case \"\(item.name)\" can take any shape, so \"\(type.name)\" cannot tell it from the other cases",
                    at: item.payloadLocation,
                    note:
                        "a union without a discriminator takes payloads of one JSON kind each: not optional, not \"json\", not another such union"
                )
                continue
            }
            if kind == .object, spec.objectKeys(of: payload) == nil,
                objectCases > 1
            {
                diagnostics.error(
                    "case \"\(item.name)\" of \"\(type.name)\" is an object with any keys, so no other case can be an object",
                    at: item.payloadLocation, note: "give the union a \"discriminator\", or keep one object case")
                continue
            }
            if kind != .object, let first = kinds[kind] {
                diagnostics.error(
                    "cases \"\(first.name)\" and \"\(item.name)\" of \"\(type.name)\" both travel as \(kind.described)",
                    at: item.payloadLocation,
                    note:
                        "a union without a discriminator tells cases apart by shape: give it a \"discriminator\", or merge the cases"
                )
            }
            kinds[kind] = kinds[kind] ?? item
            let choice = shapes.choices.first { $0.caseName == item.name }
            if kind == .object, objectCases > 1, choice?.marker == nil {
                if let first = unmarked {
                    diagnostics.error(
                        "cases \"\(first.name)\" and \"\(item.name)\" of \"\(type.name)\" are objects that no key tells apart",
                        at: item.payloadLocation,
                        note:
                            "each object case but one needs a required field that no other case has; or give the union a \"discriminator\""
                    )
                }
                unmarked = unmarked ?? item
            }
        }
    }

    private mutating func checkValue(_ decl: ValueDecl, in type: TypeDecl) {
        let isText = decl.base == .string
        let isNumber = [.int, .decimal, .double].contains(decl.base)
        if !(isText || isNumber) {
            diagnostics.error(
                "a value type must wrap string, int, decimal or double, not \(decl.base.rawValue)",
                at: decl.baseLocation)
        }
        for rule in decl.rules {
            switch rule.kind {
            case let .minLength(length), let .maxLength(length):
                if !isText {
                    diagnostics.error(
                        "the rule \"\(rule.keyName)\" applies to string values, but \"\(type.name)\" wraps \(decl.base.rawValue)",
                        at: rule.location, note: isNumber ? "use \"minimum\" and \"maximum\" for numbers" : nil)
                } else if length < 0 {
                    diagnostics.error("\"\(rule.keyName)\" cannot be negative", at: rule.location)
                }
            case .pattern, .luhn, .allowed:
                if !isText {
                    diagnostics.error(
                        "the rule \"\(rule.keyName)\" applies to string values, but \"\(type.name)\" wraps \(decl.base.rawValue)",
                        at: rule.location, note: isNumber ? "use \"minimum\" and \"maximum\" for numbers" : nil)
                }
            case let .scale(digits):
                if !(0...18).contains(digits) {
                    diagnostics.error("\"scale\" must be between 0 and 18", at: rule.location)
                }
                if decl.base != .decimal {
                    diagnostics.error(
                        "the rule \"scale\" applies to decimal values, but \"\(type.name)\" wraps \(decl.base.rawValue)",
                        at: rule.location)
                }
            case .sdk:
                // Only an SDK's hand-written code adds one; the reader never makes it.
                break
            case .minimum, .maximum:
                if !isNumber {
                    diagnostics.error(
                        "the rule \"\(rule.keyName)\" applies to numeric values, but \"\(type.name)\" wraps \(decl.base.rawValue)",
                        at: rule.location, note: isText ? "use \"minLength\" and \"maxLength\" for strings" : nil)
                }
            }
            if case let .pattern(pattern) = rule.kind {
                do {
                    _ = try NSRegularExpression(pattern: pattern)
                } catch {
                    diagnostics.error(
                        "invalid regular expression \"\(pattern)\"", at: rule.location,
                        note: "check brackets, parentheses and escapes (a backslash is written \\\\ in JSON)")
                }
            }
        }
        for constant in decl.constants {
            checkIdentifier(
                constant.name, what: "constant \"\(constant.name)\" of \"\(type.name)\"", at: constant.location)
            if GeneratedNames.valueTypeStatics.contains(constant.name) {
                diagnostics.error(
                    "the constant name \"\(constant.name)\" of \"\(type.name)\" is taken by generated code",
                    at: constant.location)
            }
            let fits: Bool =
                switch (decl.base, constant.value.value) {
                case (.string, .string): true
                case let (.int, .number(text)): Int(text) != nil
                case (.decimal, .number), (.double, .number): true
                default: false
                }
            if !fits {
                diagnostics.error(
                    "constant \"\(constant.name)\" is \(constant.value.kindName), but \"\(type.name)\" wraps \(decl.base.rawValue)",
                    at: constant.value.location)
            } else if let violated = decl.violation(by: constant.value) {
                diagnostics.error(
                    "constant \"\(constant.name)\" breaks the rule \"\(violated)\" of \"\(type.name)\"",
                    at: constant.value.location)
            }
        }
    }
}
